"""Grade every card of a four-player Whist or Bid Whist game against double-dummy par.

For each card played (the play phase of each deal) the measure is the number of books
the player's side ends the deal with when, from that point, every player plays
perfectly with all hands known (double dummy): books already won this deal (the Bid
Whist kitty book included) plus the tricks still to come, the trick in progress
included. ``value_best`` is that number before the card (par), ``value_played`` after
it; ``best`` is a card that keeps par (the card played when it does). Unit: "tricks".

Marks (tricks are whole numbers, so losses are 0, 1, 2, …):

- ``??`` blunder: the card loses 2 tricks or more, or 1 trick that changes whether the
  Bid Whist declarer makes the contract;
- ``?`` mistake: the card loses 1 trick that costs points (the deal's score difference
  between the sides: Bid Whist books over the bid, Whist books over six);
- ``?!`` inaccuracy: the card loses 1 trick that costs no points;
- ``!?`` good find: the only card that keeps par (cards of one hand adjacent in rank,
  with no other card left between them, count as one card), when there was a choice.

The bidding of each Bid Whist deal is graded too (by default, when every card is
graded; ``bidding=`` says otherwise): each bid or pass, the trump or direction call and
the kitty discard against the deal's double-dummy table and par
(:mod:`engine.whist.grading.par`, hindsight: every hand known) — see
:func:`grade_deal_bidding` for the measures (:data:`BID_MEASURE` in points,
:data:`DISCARD_MEASURE` in books) and :data:`BID_THRESHOLDS`. The six discards of a deal
are one decision, graded at the first of them (its action names the six cards).

The two-player games (``bid2``/``whist2``) are graded by :mod:`engine.whist.grading.two_hands`
(their cards, by an exact two-player search: every card within its budget with the C
search, the last tricks with the Python one); :func:`not_graded_four` says in words what
this grading may leave out (:func:`engine.whist.analysis.not_graded`, for both), and
:func:`~engine.whist.grading.left_out.left_out` what one left out.

The positions of a deal are solved by ``endplay`` (Bo Haglund's DDS) when it is
installed and :mod:`engine.doubledummy.dds_map` maps the first graded position of the deal
exactly (every classic Whist deal; a Bid Whist deal with no joker in play that DDS
cannot express, e.g. no trump after the declarer discarded the jokers), else by the own
exact solver :mod:`engine.doubledummy.four_hands` (in C,
:mod:`engine.doubledummy.four_hands_c`, when it is built; ``use_endplay=False`` forces it). Under
the default joker rule most Bid Whist deals keep a joker in play to their last tricks, so
their cards are graded by the own solver (``docs/benchmarks.md``, Whist grading).
``tricks_left`` limits the grading to cards played with at most that many tricks to
go (the solver's time grows steeply with the tricks left; see ``bench.py``).
"""

from __future__ import annotations

import gc

from engine.core.annotation import Annotation, mark_for
from engine.core.errors import EngineError, Phrase
from engine.core.records import GameRecord, states
from engine.doubledummy.four_hands_c import new_solver
from engine.whist.actions import parse_action
from engine.whist.cards import CARD_CODE, CARD_TEXT, SUITS
from engine.whist.grading.auction_bounds import BoundedAuction
from engine.whist.grading.bidding_table import BiddingSearch
from engine.whist.grading.contracts import contract_name, declared, play_books
from engine.whist.grading.par import Auction, dd_table, par
from engine.whist.grading.vocabulary import (
    BID_MEASURE,
    BID_THRESHOLDS,
    BID_UNIT,
    DISCARD_MEASURE,
    MEASURE,
    THRESHOLDS,
    UNIT,
    Position,
    deal_starts,
)
from engine.whist.scoring import bid_whist_points, books_needed, whist_points

_PLAY = "play"


def analyse_four(
    record: GameRecord,
    sts,
    *,
    tricks_left: int | None = None,
    deal: int | None = None,
    use_endplay: bool = True,
    bidding: bool = True,
) -> list[Annotation]:
    """One :class:`Annotation` per graded decision of the four-player ``record`` (``sts``:
    its states), ordered by step; the options are :func:`engine.whist.analysis.analyse`'s,
    checked there."""
    out: list[Annotation] = []
    steps: list[int] = []  # the play steps of the deal being collected
    for i in range(len(record.actions)):
        st = sts[i]
        if st.phase_name == _PLAY and (deal is None or st.deal_no == deal):
            if steps and sts[steps[-1]].deal_no != st.deal_no:
                out += _grade_deal(record, sts, steps, tricks_left, use_endplay)
                steps = []
            steps.append(i)
    if steps:
        out += _grade_deal(record, sts, steps, tricks_left, use_endplay)
    if bidding and sts[0].bidw:  # after the cards: their first lead is the discard's measure
        out += grade_bidding(
            record, sts, deal, use_endplay=use_endplay, first_leads=_first_leads(sts, out)
        )
    out.sort(key=lambda a: a.step)
    return out


def _first_leads(sts, cards: list[Annotation]) -> dict[int, int]:
    """Deal number -> the declaring side's books under double-dummy play from the first
    lead (the best value of the first lead's grade: the declarer leads it)."""
    return {
        st.deal_no: int(a.value_best)
        for a in cards
        if (st := sts[a.step]).phase_name == _PLAY and not st.tricks and not st.trick_cards
    }


def _grade_deal(record, sts, steps, tricks_left, use_endplay) -> list[Annotation]:
    # the solver's tables make no reference cycles, and the cycle collector would walk
    # them again and again between its searches (see Solver._run)
    collecting = gc.isenabled()
    gc.disable()
    try:
        return _grade_deal_on(record, sts, steps, tricks_left, use_endplay)
    finally:
        if collecting:
            gc.enable()


def _grade_deal_on(record, sts, steps, tricks_left, use_endplay) -> list[Annotation]:
    first = sts[steps[0]]
    pos0 = Position(first)
    solver = new_solver(pos0.hands, first.trump, first.low, first.ruleset.jokers_follow_trump)
    oracle = None
    if use_endplay:
        # DDS for the whole deal or not at all: the own solver's tables, filled by the
        # searches of the later positions (graded first), speed up the earlier ones, so
        # DDS answering only the late positions leaves the costly ones colder (measured
        # 10-20 % slower on a deal mapped from its sixth trick). Cards only leave play,
        # so when the earliest graded position maps, every later one does.
        earliest = first
        for i in steps:
            if tricks_left is None or Position(sts[i]).remaining <= tricks_left:
                earliest = sts[i]
                break
        oracle = _dds_oracle(earliest)
    after_last = sts[steps[-1] + 1]
    points = _points_function(first)
    out = []
    ns_next = None  # NS final books at the position after the current card
    for k in range(len(steps) - 1, -1, -1):  # backwards: values after a card come first
        i = steps[k]
        pos = Position(sts[i])
        if tricks_left is not None and pos.remaining > tricks_left:
            break
        if ns_next is None:
            ns_next = _ns_after_last(after_last, first.deal_no, solver, oracle)
        card = CARD_CODE[record.actions[i].split()[1].upper()]
        # engine card -> NS tricks from here, when DDS takes the position
        values = oracle(pos) if oracle is not None else None
        if values is not None:
            vs = values.values()
            ns_par = pos.books[0] + (max(vs) if pos.seat % 2 == 0 else min(vs))
        else:
            ns_par = _par(pos, ns_next, solver)
        out.append(_annotate(i, pos, card, ns_par, ns_next, solver, values, points))
        ns_next = ns_par
    out.reverse()
    return out


def _ns_after_last(st, deal_no: int, solver, oracle) -> int:
    """NS final books (par) after the last card of the deal the record holds: the deal's
    books when it is over, else (a record that stops mid-deal) the par from there."""
    if st.phase_name != _PLAY or st.deal_no != deal_no:
        return st.deal_log[-1]["books"][0]
    pos = Position(st)
    values = oracle(pos) if oracle is not None else None
    if values is not None:
        vs = values.values()
        return pos.books[0] + (max(vs) if pos.seat % 2 == 0 else min(vs))
    return pos.books[0] + solver.tricks(pos.hands, pos.leader, pos.trick)


def _par(pos, ns_played: int, solver) -> int:
    """NS par of ``pos`` (final books), knowing the NS final books after the card played
    there, ``ns_played`` (the par of the next position): the side to play reaches at least
    that, so one zero-window search at its edge usually settles the par."""
    books, args = pos.books[0], (pos.hands, pos.leader, pos.trick)
    v = ns_played
    if pos.seat & 1 == 0:  # NS to play: par >= ns_played
        while solver.at_least(v + 1 - books, *args):
            v += 1
    else:  # EW to play: par <= ns_played
        while not solver.at_least(v - books, *args):
            v -= 1
    return v


def _annotate(step, pos, card, ns_par, ns_played, solver, values, points) -> Annotation:
    seat = pos.seat
    side = seat & 1
    total = pos.books[0] + pos.books[1] + pos.remaining

    def mine(ns: int) -> int:
        return ns if side == 0 else total - ns

    classes = solver.move_classes(pos.hands, pos.leader, pos.trick)
    own = next(cls for cls in classes if card in cls)
    others = [cls for cls in classes if cls is not own]

    def keeps_par(cls) -> bool:
        c = cls[0]
        if values is not None:
            return pos.books[0] + values[c] == ns_par
        hands = list(pos.hands)
        hands[seat] ^= 1 << c
        if side == 0:
            return solver.at_least(ns_par - pos.books[0], hands, pos.leader, pos.trick + [c])
        return not solver.at_least(ns_par - pos.books[0] + 1, hands, pos.leader, pos.trick + [c])

    best_v, played_v = mine(ns_par), mine(ns_played)
    loss = best_v - played_v
    if loss <= 0:
        best = card
        # the played card keeps par: a lead like it (same suit, near in rank) most likely
        # does too, and one success settles the question (failures cost a full
        # refutation each); a follower's cards stay in the search's order
        near = others
        if not pos.trick:
            suit, rank = card // 13, card % 13
            near = sorted(others, key=lambda cls: (cls[0] // 13 != suit, abs(cls[0] % 13 - rank)))
        only = bool(near) and not any(keeps_par(cls) for cls in near)
        mark = "!?" if only else ""
    else:
        best = next((cls[-1] for cls in others if keeps_par(cls)), None)
        if best is None:  # pragma: no cover - par is reached by some card
            raise EngineError(f"no card keeps par {best_v} at step {step}")
        mark = mark_for(loss, THRESHOLDS)
        if loss == 1:
            cost = points(side, ns_par) - points(side, ns_played)
            made = points.made
            if made is not None and made(ns_par) != made(ns_played):
                mark = "??"
            elif cost <= 0:
                mark = "?!"
    return Annotation(
        step, seat, f"play {CARD_TEXT[card]}", f"play {CARD_TEXT[best]}",
        float(played_v), float(best_v), UNIT, mark, MEASURE,
    )  # fmt: skip


def _points_function(st):
    """(side, NS final books) -> that side's deal points minus the other side's; with
    ``.made(ns_books)`` for Bid Whist (whether the declarer makes the contract)."""
    total = 13
    if st.bidw:
        dside = st.declarer & 1

        def made(ns: int) -> bool:
            books = ns if dside == 0 else total - ns
            return books >= books_needed(st.bid_number)

        def pts(side: int, ns: int) -> int:
            books = ns if dside == 0 else total - ns
            p = bid_whist_points(st.bid_number, st.kind, books)
            return p if side == dside else -p

        pts.made = made  # type: ignore[attr-defined]
        return pts

    def pts_whist(side: int, ns: int) -> int:
        diff = whist_points(ns) - whist_points(total - ns)
        return diff if side == 0 else -diff

    pts_whist.made = None  # type: ignore[attr-defined]
    return pts_whist


def _dds_oracle(st):
    """A function position -> {engine card: NS tricks from here} by endplay (DDS) through
    :mod:`engine.doubledummy.dds_map` when it maps the position ``st`` of the play exactly (then
    every later position of the deal too; the function still returns None for one it
    does not map, and the own solver answers it), else None (also when endplay is not
    installed)."""
    from engine.doubledummy.dds_map import bridge_cards
    from engine.doubledummy.dds_map import oracle as dds_oracle

    club = st.ruleset.jokers_follow_trump and st.trump >= 0
    pos = Position(st)
    if bridge_cards(pos.hands, pos.trick, st.trump, st.low, club) is None:
        return None
    ask = dds_oracle(st.trump, st.low, club)
    if ask is None:
        return None

    def oracle(pos: Position) -> dict[int, int] | None:
        return ask(pos.hands, pos.leader, pos.trick)

    return oracle


# --- the bidding, the trump or direction call and the kitty discard (Bid Whist) ----------
def deal_par(record: GameRecord, deal: int = 0):
    """``(DDTable, Par)`` of four-player deal ``deal`` of ``record`` (hindsight: every
    hand known), or None when the record holds no such deal or it is a two-player one."""
    sts = states(record)
    if not sts or sts[0].num_players != 4:
        return None
    found = deal_starts(record, sts, deal)
    if not found:
        return None
    st = sts[found[0][0]]
    table = dd_table(st)
    return table, par(st, table)


def grade_bidding(
    record: GameRecord,
    sts,
    deal: int | None = None,
    *,
    use_endplay: bool = True,
    first_leads: dict[int, int] | None = None,
) -> list[Annotation]:
    """Annotations of the bids and passes, the trump or direction call and the kitty
    discard of each Bid Whist deal of ``record`` (see :func:`grade_deal_bidding`;
    ``first_leads``: deal number -> the declaring side's books from the first lead, when
    the cards' grading knows them)."""
    out: list[Annotation] = []
    for start, steps in deal_starts(record, sts, deal):
        if steps:
            lead = (first_leads or {}).get(sts[start].deal_no)
            out += grade_deal_bidding(
                record, sts, start, steps, use_endplay=use_endplay, first_lead=lead
            )
    return out


def grade_deal_bidding(
    record: GameRecord,
    sts,
    start: int,
    steps: list[int],
    *,
    use_endplay: bool = True,
    first_lead: int | None = None,
) -> list[Annotation]:
    """One deal's bidding decisions, against the deal's double-dummy table
    (:mod:`engine.whist.grading.par`, hindsight; only as far as these grades read it:
    :mod:`engine.whist.grading.auction_bounds`):

    - a bid or pass: the points its side scores when the auction goes on perfectly from
      there (every later seat bids best, the declarer names the best call and the play is
      double dummy: :class:`engine.whist.grading.par.Auction`), against the best action open to
      the seat; marks by :data:`BID_THRESHOLDS` (``!?``: the only action keeping the
      best, the next best losing a mistake's worth or more);
    - the trump suit or direction: the declaring side's points under the table for each
      call at the bid won;
    - the kitty discard (one annotation, at the first discard, naming the six cards):
      the books the declaring side ends with under double-dummy play after the discard
      made, against the heuristic bot's discard for the contract (the table's); marked
      as a card is (a lost book that changes whether the contract is made is ``??``).

    ``use_endplay``: the positions :mod:`engine.doubledummy.dds_map` maps exactly are solved
    by DDS; False: every one by the own solver. ``first_lead``: the declaring side's
    books under double-dummy play from the first lead, when the cards' grading found
    them (the discard's measure; else searched here).
    """
    st0 = sts[start]
    if st0.num_players != 4 or not st0.bidw:
        return []
    # the contract the auction reached, once the record gets there (the call is graded
    # among every call of its kind, the discard by the books of the call named)
    won = next(
        (
            (st.to_act, st.kind, st.bid_number, _call_of(sts[j + 1]))
            for j in steps
            if (st := sts[j]).phase_name == "trump" and j + 1 < len(sts)
        ),
        None,
    )

    def made(after) -> int:
        """The books after the actual discard: the cards' grading's (``first_lead``), else
        the table's entry when it is the bot's discard, else searched."""
        if first_lead is not None:
            return first_lead
        if won is None:
            raise EngineError("the record holds no contract for the kitty discard's grade")
        seat, kind, _number, call = won
        bots, e = declared(st0, seat, kind, call), search.called()
        if (bots.hands, bots.to_act, bots.books) == (after.hands, after.to_act, after.books):
            return e.exact(e.lowest)
        return play_books(after, e.exact_books or e.lowest, use_endplay=use_endplay)

    gc_on = gc.isenabled()
    gc.disable()  # (the searches make no reference cycles; see Solver._run)
    try:
        search = BiddingSearch(st0, won, use_endplay=use_endplay)
        table = search.table()  # the call's and the discard's entries, solved
        try:
            # the bids ask the table only as far as their grades need
            auction = BoundedAuction(search)
            return bidding_notes(record, sts, steps, table, made, auction, search.bot_books)
        finally:
            search.keep()  # (what was solved serves the whole table under the board)
    finally:
        if gc_on:
            gc.enable()


def bidding_notes(
    record: GameRecord, sts, steps: list[int], table, made, auction=None, bot_books=None
) -> list[Annotation]:
    """The grades of one deal's bids, passes, call and kitty discard (``steps``: the deal's
    steps of ``record`` from the state just after the deal, :func:`deal_starts`) against
    its table (:class:`engine.whist.grading.par.DDTable`, or the entries the call and the discard
    read); the bids through ``auction`` (default :class:`engine.whist.grading.par.Auction` of
    the table; :class:`engine.whist.grading.auction_bounds.BoundedAuction` asks the table only
    as far as the grades need); ``made(after)``: the books the declaring side ends with
    under double-dummy play from ``after``, the first lead after the discard;
    ``bot_books(made)``: the books after the bot's discard for the contract, exact when
    more than ``made`` (default: the table's entry)."""
    if auction is None:
        auction = Auction(table)
    st0 = sts[steps[0]] if steps else None
    out = []
    for j in steps:
        st = sts[j]
        note = bidding_note(j, st, record.actions[j], auction, table)
        if note is None and st.phase_name == "discard" and not st.discards:
            end = j + 6
            if end >= len(sts) or sts[end].phase_name != "play":
                continue  # the record stops before the discard is complete
            m = made(sts[end])
            if bot_books is not None:
                bot = bot_books(m)
            else:
                bot = table.books_of(st.to_act, contract_name(st.kind, _call_of(st)))
            note = discard_note(j, st, st0, sts[end], m, bot)
        if note is not None:
            out.append(note)
    return out


def bidding_note(j: int, st, text: str, auction, table) -> Annotation | None:
    """The grade of the bid or pass (by ``auction``) or of the trump or direction call
    (by ``table``) made at step ``j`` from state ``st``; ``None`` for another decision."""
    seat = st.to_act
    if st.phase_name == "bid":
        played = str(parse_action(text))
        return choice_note(j, seat, text, auction.graded_values(st, played, BID_THRESHOLDS.mistake))
    if st.phase_name != "trump":
        return None
    vals = []
    for a in st.legal_actions():
        call = ("low" if a.low else "high") if st.kind == "notrump" else a.suit
        vals.append((str(a), table.points(seat, st.kind, call, st.bid_number)))
    return choice_note(j, seat, text, vals)


def _call_of(st) -> str:
    """The call named in the state ``st`` just after it (a trump suit, or ``"high"`` /
    ``"low"`` in no trump), as :data:`engine.whist.grading.par.CALLS` spells it."""
    return ("low" if st.low else "high") if st.kind == "notrump" else SUITS[st.trump]


def discard_note(j: int, st, st0, after, made: int, bot: int) -> Annotation:
    """The kitty discard begun at step ``j`` (state ``st``; ``after``: the state once it is
    complete; ``st0``: just after the deal) graded at its first card: ``made``, the books
    the declarer's side ends with under double-dummy play after it, against ``bot``,
    those after the heuristic bot's discard for the contract (the table's entry; only
    whether it is more than ``made`` counts when it is not); marked as a card is (a lost
    book that changes whether the contract is made is ``??``)."""
    seat = st.to_act
    call = _call_of(st)
    action = "discard " + " ".join(CARD_TEXT[c] for c in after.discards)
    best = "discard " + " ".join(CARD_TEXT[c] for c in declared(st0, seat, st.kind, call).discards)
    loss = bot - made
    if loss <= 0:
        best, bot = action, made
    mark = ""
    if loss > 0:
        need = books_needed(st.bid_number)
        mark = mark_for(loss, THRESHOLDS)
        if loss == 1:
            if (bot >= need) != (made >= need):
                mark = "??"
            elif bid_whist_points(st.bid_number, st.kind, bot) <= bid_whist_points(
                st.bid_number, st.kind, made
            ):
                mark = "?!"
    return Annotation(j, seat, action, best, float(made), float(bot), UNIT, mark,
                      DISCARD_MEASURE)  # fmt: skip


def choice_note(step: int, seat: int, text: str, vals: list[tuple[str, int]]) -> Annotation:
    """A bid, pass or call graded among ``vals`` ((action text, points for the seat's
    side)): best = the action taken when it keeps the best value, else the first best."""
    played = str(parse_action(text))
    by_text = dict(vals)
    v_played = by_text[played]
    v_best = max(v for _, v in vals)
    best = played if v_played == v_best else next(a for a, v in vals if v == v_best)
    others = [v for a, v in vals if a != best]
    # a pass is never a "good find": it keeps the best whenever every bid would lose
    second = v_best - max(others) if others and played != "pass" else None
    mark = mark_for(v_best - v_played, BID_THRESHOLDS, second_best_loss=second)
    return Annotation(
        step, seat, text, best, float(v_played), float(v_best), BID_UNIT, mark, BID_MEASURE
    )


def not_graded_four(rules, tricks_left: int | None, bidding: bool) -> list[Phrase]:
    """What the four-player grading leaves out by its options, in words (``rules``: the
    record's ruleset; ``tricks_left`` and ``bidding`` as given to :func:`analyse_four`)."""
    out = []
    if rules.bidding and not bidding:
        out.append(
            Phrase.coded(
                "whist.not_graded_bids",
                "{variant}: the bids, trump or direction calls and kitty discards are not "
                "graded in the quick grading (each deal's double-dummy table takes forty "
                "full searches)",
                variant=rules.title,
            )
        )
    if tricks_left is not None:
        out.append(
            Phrase.coded(
                "whist.not_graded_early_cards",
                "{variant}: only the cards of the last {n} tricks of each deal are graded "
                "(the double-dummy search of a whole deal takes seconds)",
                variant=rules.title,
                n=tricks_left,
            )
        )
    return out
