"""Grade the cards of two-player Whist and Bid Whist deals (``bid2``, ``whist2``) against
double-dummy par, every card known.

In a record every card is known — the face-down straw cards are chance outcomes already
dealt — so the rest of a deal is a game of perfect information, solved exactly by
:class:`engine.whist.solver2.Solver2` (the four-hand solver cannot play one hand twice
in a trick). For each card played the measure is the books the player ends the deal
with when, from that point, both play perfectly with every card known (books already
won, the Bid Whist kitty book included, plus the tricks still to come, the trick in
progress included): ``value_best`` before the card (par), ``value_played`` after it.
Unit: "tricks". Marks as for four players (:mod:`engine.whist.analysis`): ``??`` 2 books
or more, or 1 that changes whether a Bid Whist declarer makes the contract; ``?`` 1 book
that costs points; ``?!`` 1 book that costs none; ``!?`` the only card keeping par.

Not graded (:func:`not_graded_two` says it in words): the cards played with more than
:data:`TRICKS` tricks to go, the bids, the trump or direction call, the kitty discard
and the High/Low declaration — the exact two-player search in pure Python takes seconds
a position at 8 tricks to go and grows about fourfold with each trick, minutes and more
from the first lead.
"""

from __future__ import annotations

from engine.core.annotation import Annotation, mark_for
from engine.core.errors import Phrase
from engine.whist.analysis import THRESHOLDS, UNIT
from engine.whist.cards import CARD_CODE, CARD_TEXT
from engine.whist.scoring import bid_whist_points, books_needed, two_player_whist_points
from engine.whist.solver2 import Solver2

#: two-player cards are graded this many tricks from the end of a deal at most
TRICKS = 6
MEASURE = Phrase.coded(
    "whist.measure_two",
    "books the player ends the deal with under double-dummy play (every card known, "
    "the straw piles' hidden cards included)",
)


def not_graded_two(variant: str, n: int) -> Phrase:
    """What the two-player grading leaves out, in words (``n``: the tricks graded)."""
    return Phrase.coded(
        "whist.not_graded_two",
        "{variant}: only the cards of the last {n} tricks of each deal are graded; the "
        "earlier cards, the bids, calls, kitty discards and High/Low declarations are not "
        "(the exact two-player double-dummy search takes minutes from the first lead)",
        variant=variant,
        n=n,
    )


def analyse_two(record, sts, *, tricks_left=None, deal=None, bidding=True) -> list[Annotation]:
    """The annotations of the two-player deals of ``record`` (``sts``: its states); the
    cards of the last ``min(tricks_left, TRICKS)`` tricks of each deal."""
    limit = TRICKS if tricks_left is None else min(tricks_left, TRICKS)
    out: list[Annotation] = []
    steps: list[int] = []
    for i in range(len(record.actions)):
        st = sts[i]
        if st.phase_name == "play" and (deal is None or st.deal_no == deal):
            if steps and sts[steps[-1]].deal_no != st.deal_no:
                out += _grade_deal(record, sts, steps, limit)
                steps = []
            steps.append(i)
    if steps:
        out += _grade_deal(record, sts, steps, limit)
    return out


def _left(st) -> list[int]:
    return [st.hands[s] | sum(1 << c for p in st.piles[s] for c in p) for s in (0, 1)]


def _leader(st) -> int:
    return st.trick_seats[0] if st.trick_cards else st.to_act


def _grade_deal(record, sts, steps, limit) -> list[Annotation]:
    first = sts[steps[0]]
    # the deal's piles as dealt (play has not touched them before the first card)
    piles = [[(p[0], p[1]) for p in ps] for ps in first.piles]
    solver = Solver2(first.hands, piles, first.trump, first.low, first.ruleset.jokers_follow_trump)
    after = sts[steps[-1] + 1]
    if after.phase_name != "play" or after.deal_no != first.deal_no:
        v_next = after.deal_log[-1]["books"][0]  # seat 0's final books
    elif after.n_tricks - len(after.tricks) > limit:
        return []  # the record stops before the graded tricks
    else:
        v_next = after.books[0] + solver.tricks(_left(after), _leader(after), after.trick_cards)
    points = _points(first)
    out = []
    for k in range(len(steps) - 1, -1, -1):
        i = steps[k]
        st = sts[i]
        card = CARD_CODE[record.actions[i].split()[1].upper()]
        note, par = _grade_card(i, st, card, v_next, solver, points, limit)
        if note is None:
            break
        out.append(note)
        v_next = par
    out.reverse()
    return out


def _points(st):
    """(seat, seat 0's final books) -> that seat's deal points minus the other's, with
    ``.made(books0)`` for Bid Whist (whether the declarer makes the contract)."""
    if st.bidw:
        d = st.declarer

        def books(b0: int) -> int:
            return b0 if d == 0 else 13 - b0

        def pts(seat: int, b0: int) -> int:
            p = bid_whist_points(st.bid_number, st.kind, books(b0))
            return p if seat == d else -p

        pts.made = lambda b0: books(b0) >= books_needed(st.bid_number)
        return pts
    game, declarer = st.hl_game, (st.hl_declarer if st.hl_game == "high" else None)

    def pts_whist(seat: int, b0: int) -> int:
        p = two_player_whist_points(game, (b0, 13 - b0), declarer)
        return p[seat] - p[1 - seat]

    pts_whist.made = None
    return pts_whist


def _grade_card(i, st, card, v_next, solver, points, limit):
    """(the annotation of card ``card`` played at step ``i`` from state ``st``, seat 0's
    par before it); (None, None) when more than ``limit`` tricks are left. ``v_next``:
    seat 0's final books after the card (the next position's par)."""
    left, leader, trick = _left(st), _leader(st), list(st.trick_cards)
    remaining = (left[0].bit_count() + left[1].bit_count() + len(trick)) // 4
    if remaining > limit:
        return None, None
    b0 = st.books[0]
    par = b0 + solver.tricks(left, leader, trick, guess=v_next - b0)
    seat = st.to_act
    total = st.books[0] + st.books[1] + remaining

    def mine(v0: int) -> int:
        return v0 if seat == 0 else total - v0

    def value_of(c: int) -> int:
        lf = list(left)
        lf[seat] ^= 1 << c
        return b0 + solver.tricks(lf, leader, trick + [c])

    classes = solver.move_classes(left, leader, trick)
    others = [cls for cls in classes if card not in cls]
    loss = mine(par) - mine(v_next)
    if loss <= 0:
        best = card
        only = bool(others) and all(mine(value_of(cls[0])) < mine(par) for cls in others)
        mark = "!?" if only else ""
    else:
        best = next(cls[0] for cls in others if value_of(cls[0]) == par)
        mark = mark_for(loss, THRESHOLDS)
        if loss == 1:
            if points.made is not None and points.made(par) != points.made(v_next):
                mark = "??"
            elif points(seat, par) - points(seat, v_next) <= 0:
                mark = "?!"
    note = Annotation(
        i, seat, f"play {CARD_TEXT[card]}", f"play {CARD_TEXT[best]}",
        float(mine(v_next)), float(mine(par)), UNIT, mark, MEASURE,
    )  # fmt: skip
    return note, par
