"""Grade the decisions of two-player Whist and Bid Whist deals (``bid2``, ``whist2``)
against double-dummy par, every card known.

In a record every card is known — the face-down straw cards are chance outcomes already
dealt — so the rest of a deal is a game of perfect information, solved exactly by the
two-player search (:func:`engine.doubledummy.two_hands_c.new_solver2`: the C search of
``two_hands.c`` when it is built, else :class:`engine.doubledummy.two_hands.Solver2` in Python; the
four-hand solver cannot play one hand twice in a trick). For each card played the measure is the
books the player ends the deal with when, from that point, both play perfectly with every card
known (books already won, the Bid Whist kitty book included, plus the tricks still to
come, the trick in progress included): ``value_best`` before the card (par),
``value_played`` after it. Unit: "tricks". Marks as for four players
(:mod:`engine.whist.grading.four_hands`): ``??`` 2 books or more, or 1 that changes whether a Bid
Whist declarer makes the contract; ``?`` 1 book that costs points; ``?!`` 1 book that
costs none; ``!?`` the only card keeping par.

With the C search every card of every deal is graded (within a budget, below); with the
Python one only the cards of the last :data:`~engine.whist.grading.vocabulary.TRICKS` tricks of each
deal (it takes seconds a position at 8 tricks to go and grows about fourfold with each trick). The C
search answers most positions in milliseconds but the first tricks of some deals take
from seconds to minutes (the Low game's most: its misere search has weak bounds),
so each question has a budget (:data:`~engine.whist.grading.vocabulary.BUDGET` positions); a card
over it is not graded, nor the earlier cards of its deal (docs/benchmarks.md, "Whist for two: the C
search", counts them). With the C search the bids, calls and kitty discards (Bid Whist) and the
High/Low declarations (Whist) are graded too, against the deal played perfectly from the
first lead for each contract open (:mod:`engine.whist.grading.par_two_hands`), unless one of those
searches is over the budget.
:func:`not_graded_two` says in words what the options leave out, and
:func:`engine.whist.grading.left_out.left_out` what a grading left out over the budget.

In a Low game (two-player Whist) each player wants few tricks: the search is misere
(seat 1 plays for seat 0's tricks) and a card's measure is the books the other player
ends with (:data:`MEASURE_LOW`), so that a loss is still a value given up.
"""

from __future__ import annotations

from engine.core.annotation import Annotation, mark_for
from engine.core.errors import Phrase
from engine.doubledummy.two_hands_c import SearchBudget, c_search
from engine.whist.cards import CARD_CODE, CARD_TEXT
from engine.whist.grading.par_two_hands import Solvers, grade_bidding_two
from engine.whist.grading.vocabulary import (
    BUDGET,
    THRESHOLDS,
    UNIT,
    card_limit,
    cards_left_two,
    check_budget,
    deal_starts,
    leader_two,
    misere,
)
from engine.whist.scoring import bid_whist_points, books_needed, two_player_whist_points

MEASURE = Phrase.coded(
    "whist.measure_two",
    "books the player ends the deal with under double-dummy play (every card known, "
    "the straw piles' hidden cards included)",
)
#: the measure of a Low game's cards, where each player wants few tricks
MEASURE_LOW = Phrase.coded(
    "whist.measure_two_low",
    "books the other player ends the Low game with under double-dummy play, each player "
    "taking as few as it can (every card known, the straw piles' hidden cards included)",
)


def not_graded_two(
    variant: str, tricks_left: int | None, bidding: bool, bids: bool = True
) -> list[Phrase]:
    """What the two-player grading leaves out by its options, in words: ``tricks_left``
    and ``bidding`` as given to :func:`analyse_two`; ``bids``: the variant bids (Bid
    Whist: bids, calls, kitty discards) rather than declares (Whist: High or Low). What a
    search over its budget leaves out is said after the grading, deal by deal
    (:mod:`engine.whist.grading.left_out`)."""
    n = card_limit(tricks_left)
    if not c_search():
        return [
            Phrase.coded(
                "whist.not_graded_two_python",
                "{variant}: only the cards of the last {n} tricks of each deal are graded, "
                "and no bid, call, kitty discard or High/Low declaration: the fast "
                "two-player search is not installed here, and the slow one takes minutes "
                "from the first lead",
                variant=variant,
                n=n,
            )
        ]
    out = []
    if n is not None:
        out.append(
            Phrase.coded(
                "whist.not_graded_early_cards",
                "{variant}: only the cards of the last {n} tricks of each deal are graded "
                "(the double-dummy search of a whole deal takes seconds)",
                variant=variant,
                n=n,
            )
        )
    if not bidding and bids:
        out.append(
            Phrase.coded(
                "whist.not_graded_bids_two_quick",
                "{variant}: the bids, trump or direction calls and kitty discards are not "
                "graded in the quick grading (each deal's hindsight table takes a search "
                "from the first lead for each of 20 contracts)",
                variant=variant,
            )
        )
    elif not bidding:
        out.append(
            Phrase.coded(
                "whist.not_graded_declarations_two_quick",
                "{variant}: the High/Low declarations are not graded in the quick grading "
                "(each takes searches from the first lead)",
                variant=variant,
            )
        )
    return out


def analyse_two(
    record, sts, *, tricks_left=None, deal=None, bidding=True, budget=BUDGET
) -> list[Annotation]:
    """The annotations of the two-player deals of ``record`` (``sts``: its states): the
    cards (see :func:`card_limit`; ``budget``: the positions each question may take,
    None for no limit) and, with ``bidding`` and the C search, the bids, calls and kitty
    discards or the High/Low declarations (:mod:`engine.whist.grading.par_two_hands`; a deal whose
    searches are over :data:`DEAL_FACTOR` budgets together keeps them ungraded)."""
    limit = card_limit(tricks_left)
    out: list[Annotation] = []
    solvers = Solvers(check_budget(budget))
    for start, steps in deal_starts(record, sts, deal):
        if bidding and c_search():
            out += _grade_bidding(record, sts, start, steps, solvers)
        plays = [i for i in steps if sts[i].phase_name == "play"]
        if plays:
            out += _grade_deal(record, sts, plays, limit, solvers)
    out.sort(key=lambda a: a.step)
    return out


def _grade_bidding(record, sts, start, steps, solvers) -> list[Annotation]:
    try:
        return grade_bidding_two(record, sts, start, steps, solvers)
    except SearchBudget:  # a search from the first lead is too long: none is graded
        return []


def _grade_deal(record, sts, steps, limit, solvers) -> list[Annotation]:
    first = sts[steps[0]]
    solver = solvers.get(first)
    after = sts[steps[-1] + 1]
    if after.phase_name != "play" or after.deal_no != first.deal_no:
        v_next = after.deal_log[-1]["books"][0]  # seat 0's final books
    elif limit is not None and after.n_tricks - len(after.tricks) > limit:
        return []  # the record stops before the graded tricks
    else:
        try:
            v_next = after.books[0] + solver.tricks(
                cards_left_two(after), leader_two(after), after.trick_cards
            )
        except SearchBudget:
            return []
    points = _points(first)
    out = []
    for k in range(len(steps) - 1, -1, -1):
        i = steps[k]
        st = sts[i]
        card = CARD_CODE[record.actions[i].split()[1].upper()]
        try:
            note, par = _grade_card(i, st, card, v_next, solver, points, limit)
        except SearchBudget:  # this card's searches are too long: it and the earlier ones
            break
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

        pts.made = lambda b0: books(b0) >= books_needed(st.bid_number)  # type: ignore[attr-defined]
        return pts
    game, declarer = st.hl_game, (st.hl_declarer if st.hl_game == "high" else None)

    def pts_whist(seat: int, b0: int) -> int:
        p = two_player_whist_points(game, (b0, 13 - b0), declarer)
        return p[seat] - p[1 - seat]

    pts_whist.made = None  # type: ignore[attr-defined]
    return pts_whist


def _grade_card(i, st, card, v_next, solver, points, limit):
    """(the annotation of card ``card`` played at step ``i`` from state ``st``, seat 0's
    par before it); (None, None) when more than ``limit`` tricks are left. ``v_next``:
    seat 0's final books after the card (the next position's par)."""
    left, leader, trick = cards_left_two(st), leader_two(st), list(st.trick_cards)
    remaining = (left[0].bit_count() + left[1].bit_count() + len(trick)) // 4
    if limit is not None and remaining > limit:
        return None, None
    b0 = st.books[0]
    seat = st.to_act
    low = misere(st)
    ups = (seat == 0) != low  # the player to move plays for seat 0's books
    # the player to move reaches at least what the card played reaches: one zero-window
    # search at that edge usually settles the par
    par = v_next
    if ups:
        while solver.at_least(par + 1 - b0, left, leader, trick):
            par += 1
    else:
        while not solver.at_least(par - b0, left, leader, trick):
            par -= 1
    total = st.books[0] + st.books[1] + remaining

    def mine(v0: int) -> int:
        """The measure for the player to move: its books, the other's in a Low game."""
        return v0 if ups else total - v0

    def keeps_par(cls) -> bool:
        c = cls[0]
        lf = list(left)
        lf[seat] ^= 1 << c
        if ups:
            return solver.at_least(par - b0, lf, leader, trick + [c])
        return not solver.at_least(par - b0 + 1, lf, leader, trick + [c])

    classes = solver.move_classes(left, leader, trick)
    others = [cls for cls in classes if card not in cls]
    loss = mine(par) - mine(v_next)
    if loss <= 0:
        best = card
        # a lead like the card played (same suit, near in rank) most likely keeps par
        # too, and one success settles the question
        near = others
        if not trick:
            suit, rank = card // 13, card % 13
            near = sorted(others, key=lambda cls: (cls[0] // 13 != suit, abs(cls[0] % 13 - rank)))
        only = bool(near) and not any(keeps_par(cls) for cls in near)
        mark = "!?" if only else ""
    else:
        best = next(cls[0] for cls in others if keeps_par(cls))
        mark = mark_for(loss, THRESHOLDS)
        if loss == 1:
            if points.made is not None and points.made(par) != points.made(v_next):
                mark = "??"
            elif points(seat, par) - points(seat, v_next) <= 0:
                mark = "?!"
    note = Annotation(
        i, seat, f"play {CARD_TEXT[card]}", f"play {CARD_TEXT[best]}",
        float(mine(v_next)), float(mine(par)), UNIT, mark, MEASURE_LOW if low else MEASURE,
    )  # fmt: skip
    return note, par
