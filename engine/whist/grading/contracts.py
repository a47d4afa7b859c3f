"""The contracts of a four-player Whist or Bid Whist deal, each declared as the table
takes it and played out double dummy: what the deal's table (:mod:`engine.whist.grading.par`)
and the bid grading's entries of it (:mod:`engine.whist.grading.bidding_table`) both read.

A contract is named by its kind and call (:func:`contract_name`: ``"uptown S"``,
``"notrump low"``, ``"trump H"`` in Whist); :func:`declared` is the deal at its first lead
when a seat declares it (the heuristic bot's kitty discard); :func:`play_books` its
declaring side's books under double-dummy play, by :func:`new_solver` (a bench may swap
it for another solver) or by DDS where :mod:`engine.doubledummy.dds_map` maps the
position exactly.

>>> contract_name("notrump", "low"), len(CONTRACTS), CALLS["notrump"]
('notrump low', 10, ('high', 'low'))
"""

from __future__ import annotations

import random
from dataclasses import asdict

from engine.core.errors import EngineError
from engine.doubledummy.four_hands_c import new_solver
from engine.whist import actions as A
from engine.whist.cards import SUITS

#: the names a declarer may give its contract after winning the bid: the trump suit of an
#: uptown or downtown bid, the direction of a no trump bid
CALLS = {"uptown": tuple(SUITS), "downtown": tuple(SUITS), "notrump": ("high", "low")}
#: Bid Whist contracts, the table's columns: (kind, call)
CONTRACTS = tuple((kind, call) for kind in A.KINDS for call in CALLS[kind])


def contract_name(kind: str, call: str) -> str:
    """``"uptown S"``, ``"notrump low"``, ``"trump H"`` (Whist)."""
    return f"{kind} {call}"


def check_deal_start(st) -> None:
    """Raise when ``st`` is not a four-player state just after the deal (the table's
    input)."""
    if st.num_players != 4:
        raise EngineError("the double-dummy table is for four-player deals")
    if st.bidw and st.phase_name != "bid" or st.bidw and st.bids:
        raise EngineError("give the state just after the deal (before the first bid)")
    if not st.bidw and (st.phase_name != "play" or st.tricks or st.trick_cards):
        raise EngineError("give the state just after the deal (before the first card)")


def declared(st, seat: int, kind: str, call: str):
    """The state at the first lead when ``seat`` declares ``kind``/``call`` on this deal
    (``st``: just after the deal): the others pass, ``seat`` bids 3 of ``kind`` (the
    number changes neither the hands nor the play), names ``call``, takes the kitty and
    discards as the heuristic bot does."""
    from engine.whist.bots import HeuristicBot

    s = st.clone()
    while s.phase_name == "bid":
        s.apply(A.Bid(3, kind) if s.to_act == seat else A.PASS)
    s.apply(A.Direction(call == "low") if kind == "notrump" else A.Trump(call))
    bot, rng = HeuristicBot(), random.Random(0)
    while s.phase_name == "discard":
        s.apply(bot.choose(s, seat, rng))
    return s


def play_books(s, guess: int | None = None, use_endplay: bool = False) -> int:
    """Double-dummy books of the side of ``s.to_act`` (who leads the first trick), from
    the first lead of the state ``s`` to the end of the deal, books already won counted.
    ``guess`` (books, e.g. a like entry's) only speeds the search up. ``use_endplay``:
    solved by endplay (DDS) when it is installed and :mod:`engine.doubledummy.dds_map` maps
    the position exactly, else by the own solver."""
    seat = s.to_act
    left = s.n_tricks - len(s.tricks)
    mine = s.books[seat & 1]
    g = None if guess is None else guess - mine
    if g is not None and seat % 2:
        g = left - g
    ns = endplay_tricks(s) if use_endplay and not s.trick_cards else None
    if ns is None:
        solver = new_solver(s.hands, s.trump, s.low, s.ruleset.jokers_follow_trump)
        ns = solver.tricks(leader=seat, guess=g)
    return mine + (ns if seat % 2 == 0 else left - ns)


def endplay_tricks(s) -> int | None:
    """NS tricks from the position of ``s`` by endplay (DDS) through
    :mod:`engine.doubledummy.dds_map`, or None (not installed, or a position it does not map:
    the own solver answers it)."""
    from engine.doubledummy.dds_map import ns_tricks

    leader = s.trick_seats[0] if s.trick_seats else s.to_act
    return ns_tricks(s.hands, leader, s.trick_cards, s.trump, s.low, s.ruleset.jokers_follow_trump)


def memo_key(st) -> tuple:
    """What the table of the deal of ``st`` depends on (kept between the app's workers:
    :mod:`engine.core.memo`): the rules, the dealer, the hands, the kitty, the turned
    trump and the leader."""
    rules = sorted(asdict(st.ruleset).items())
    return ("whist.dd_table", rules, st.dealer, list(st.hands), sorted(st.kitty), st.trump,
            st.to_act)  # fmt: skip
