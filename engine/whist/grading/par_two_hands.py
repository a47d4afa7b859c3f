"""The bids, calls, kitty discards and High/Low declarations of two-player Whist and Bid
Whist deals, graded against the deal played perfectly with every card known (hindsight).

The four-player grading (:func:`engine.whist.grading.four_hands.grade_deal_bidding`) works from
the deal's double-dummy table; this is its two-player twin, on the two-player search
(:mod:`engine.doubledummy.two_hands_c`, through :class:`engine.whist.grading.par_two_hands.Solvers`,
whose
solvers the card grading of the same deal then reuses):

- **Bid Whist for two** (``bid2``): the table has a row per player as declarer and a
  column per contract it could name (:data:`engine.whist.grading.par.CONTRACTS`): that player's
  books (the kitty book included) when it wins the bid, names the contract, takes the
  kitty and discards as the heuristic bot does (:func:`engine.whist.grading.par.declared`, the
  same fixed rule as for four players), and both play perfectly from the first lead.
  Only the entries the grades read are searched, as for four players
  (:class:`engine.whist.grading.bidding_table.BiddingSearch`: the calls of the contract won,
  and each player's best call per kind only as far as the grades need it,
  :mod:`engine.whist.grading.auction_bounds`, mostly by zero-window questions;
  :func:`table_two` is the whole table, 20 exact searches). Each bid or pass is graded
  by the rest of the auction played perfectly knowing the table
  (:class:`engine.whist.grading.par.Auction`; the points the player scores minus the other's),
  the call by the points of each call at the bid won, the discard by the books after it
  against the bot's discard.
- **Whist for two** (``whist2``): the declarations make one of three games — High
  declared by the non-dealer (the dealer leads), Low changed to High by the dealer (the
  non-dealer leads), or Low (the non-dealer leads; each player wants few tricks) — each
  worth the points :func:`engine.whist.scoring.two_player_whist_points` gives with
  perfect play from the first lead: three searches. A declaration is graded by the
  points (its player's minus the other's) of the best game it still leads to.

Every search has the grading's budget (the solvers' ``budget`` positions:
:data:`engine.whist.grading.vocabulary.BUDGET` on a page, more for the command), and a deal's
searches together :data:`engine.whist.grading.vocabulary.DEAL_FACTOR` times that: when one is
over, that deal's bids and declarations are not graded (nothing is guessed), and
the grading says so afterwards (:func:`engine.whist.grading.left_out.left_out`). With no budget
(None) every search runs to its end.
"""

from __future__ import annotations

from dataclasses import replace

from engine.core.annotation import Annotation
from engine.core.errors import Phrase
from engine.doubledummy.two_hands_c import TABLE_LOG2, SearchBudget, new_solver2
from engine.whist.cards import SUITS
from engine.whist.grading.auction_bounds import BoundedAuction
from engine.whist.grading.bidding_table import BiddingSearch, Entry
from engine.whist.grading.contracts import CONTRACTS, contract_name, declared
from engine.whist.grading.four_hands import bidding_notes, choice_note
from engine.whist.grading.par import DDTable
from engine.whist.grading.vocabulary import (
    BUDGET,
    DEAL_FACTOR,
    cards_left_two,
    leader_two,
    misere,
)
from engine.whist.scoring import two_player_whist_points

#: what a High/Low declaration is graded by
DECLARE_MEASURE = Phrase.coded(
    "whist.declare_measure",
    "points the player scores this deal minus the other's, when the other declaration "
    "and every card are perfect with all cards known (hindsight)",
)


class Solvers:
    """The two-player solvers of the deal being graded (its cards and its bidding), one per contract
    (trump, order, declarer, misere), made once and dropped at the next deal (their tables are
    large). A solver knows the hand cards of each player as dealt, the Bid Whist declarer's with
    the kitty (the cards it discards are simply never among the cards left), so one
    solver serves any discard. ``budget``: the positions each of their questions may take
    (None: no limit); ``log2_entries``: the size of their tables (default: by the budget,
    :func:`engine.doubledummy.two_hands_c.table_log2`)."""

    def __init__(self, budget: int | None = BUDGET, log2_entries: int | None = None):
        self.budget = budget
        self.log2_entries = log2_entries
        self.deal = None
        self.made: dict = {}

    def get(self, st):
        """The solver for the contract of ``st`` (a state before the deal's first card: its
        straw piles are the deal's)."""
        key = _contract(st)
        if key[0] != self.deal:
            self.deal, self.made = key[0], {}  # a new deal: free the old tables
        s = self.made.get(key)
        if s is None:
            hands = list(st.hands)
            if st.bidw:
                d = st.declarer
                hands[d] |= sum(1 << c for c in st.kitty) | sum(1 << c for c in st.discards)
            piles = [[(p[0], p[1]) for p in ps] for ps in st.piles]
            club = st.ruleset.jokers_follow_trump
            args = (hands, piles, st.trump, st.low, club, misere(st))
            size = self.log2_entries
            s = self.made[key] = new_solver2(*args, budget=self.budget, log2_entries=size)
        return s


def _contract(st) -> tuple:
    return (st.deal_no, st.trump, st.low, st.declarer if st.bidw else -1, misere(st))


def _left(st) -> list[int]:
    return [st.hands[s] | sum(1 << c for p in st.piles[s] for c in p) for s in (0, 1)]


def _leader(st) -> int:
    return st.trick_seats[0] if st.trick_cards else st.to_act


class Allowance:
    """The positions the searches of one deal's bidding may still take together (at most
    :data:`engine.whist.grading.vocabulary.BUDGET` each): over it, the next search raises
    :class:`engine.doubledummy.two_hands_c.SearchBudget`, so a deal whose 20 searches are each just
    under the budget cannot hold a grading job for minutes."""

    def __init__(self, positions: int):
        self.left = positions


def _budgeted(solver, allowance: Allowance | None, ask):
    """``ask()`` of ``solver`` within what is left of ``allowance`` (counted down)."""
    if allowance is None:
        return ask()
    budget, before = solver.budget, solver.nodes
    if allowance.left <= 0:
        raise SearchBudget("the deal's searches are over their budget")
    solver.budget = allowance.left if budget is None else min(budget, allowance.left)
    try:
        return ask()
    finally:
        allowance.left -= solver.nodes - before
        solver.budget = budget


def final_books0(st, solvers, allowance: Allowance | None = None, guess: int | None = None):
    """Seat 0's books at the end of the deal of ``st`` (a state at the first lead) when
    both play perfectly with every card known (``guess``: a likely value, for speed).
    Raises :class:`engine.doubledummy.two_hands_c.SearchBudget` when the search is over its
    budget (or over what is left of ``allowance``, which it then counts down)."""
    solver = solvers.get(st)
    g = None if guess is None else max(guess - st.books[0], 0)
    trick = list(st.trick_cards)
    return st.books[0] + _budgeted(
        solver, allowance, lambda: solver.tricks(cards_left_two(st), leader_two(st), trick, guess=g)
    )


def books0_at_least(st, solvers, books0: int, allowance: Allowance | None = None) -> bool:
    """Whether seat 0 ends the deal of ``st`` with at least ``books0`` books under perfect
    play (one zero-window search; budgeted as :func:`final_books0`)."""
    solver = solvers.get(st)
    need, trick = books0 - st.books[0], list(st.trick_cards)
    return _budgeted(
        solver, allowance, lambda: solver.at_least(need, cards_left_two(st), leader_two(st), trick)
    )


class _Entry2(Entry):
    """A two-player entry of the bidding table (:mod:`engine.whist.grading.bidding_table`): the
    declarer's books, from seat 0's by :func:`books0_at_least` and :func:`final_books0`."""

    def __init__(self, s, solvers, allowance: Allowance | None):
        left = 13 - s.books[0] - s.books[1]
        super().__init__(s, s.books[s.to_act], left)
        self.solvers, self.allowance = solvers, allowance

    def _ask(self, need: int) -> bool:  # the declarer takes at least ``need`` tricks
        s = self.s
        if self.seat == 0:
            return books0_at_least(s, self.solvers, s.books[0] + need, self.allowance)
        # seat 1 takes at least need <=> seat 0 takes at most left - need
        return not books0_at_least(
            s, self.solvers, s.books[0] + self.left - need + 1, self.allowance
        )

    def _solve(self, guess: int | None) -> int:
        s = self.s
        g = None if guess is None else s.books[0] + (guess if self.seat == 0 else self.left - guess)
        b0 = final_books0(s, self.solvers, self.allowance, g)
        return b0 - s.books[0] if self.seat == 0 else self.left - (b0 - s.books[0])


def _call(st) -> str:
    """The trump suit or direction named in ``st`` (after the call)."""
    return ("low" if st.low else "high") if st.kind == "notrump" else SUITS[st.trump]


def table_two(
    st, solvers, played: tuple | None = None, allowance: Allowance | None = None
) -> DDTable:
    """The hindsight table of a two-player Bid Whist deal (``st``: just after the deal):
    ``books[seat][j]`` = the books of ``seat`` declaring :data:`CONTRACTS` ``[j]`` (see
    the module docstring). ``played``: (declarer, kind, call) of the contract played,
    whose search keeps its table in ``solvers`` for the rest of the deal's grading."""
    rows = []
    for seat in (0, 1):
        row = []
        for kind, call in CONTRACTS:
            s = declared(st, seat, kind, call)
            # only the contract played keeps its solver (the discard and the cards of the
            # deal are searched with it); the others get the small table
            small = Solvers(solvers.budget, TABLE_LOG2)
            mine = solvers if (seat, kind, call) == played else small
            b0 = final_books0(s, mine, allowance)
            row.append(b0 if seat == 0 else 13 - b0)
        rows.append(tuple(row))
    names = tuple(contract_name(k, c) for k, c in CONTRACTS)
    return DDTable(st.ruleset.variant, st.dealer, names, (0, 1), tuple(rows))


def grade_bidding_two(record, sts, start: int, steps: list[int], solvers) -> list[Annotation]:
    """The bids, passes, call and kitty discard (Bid Whist) or the High/Low declarations
    (Whist) of the two-player deal whose first state after the deal is ``sts[start]``
    (``steps``: that deal's decisions), graded as the module docstring says. Raises
    :class:`engine.doubledummy.two_hands_c.SearchBudget` when a search is over its budget."""
    st0 = sts[start]
    allowance = None if solvers.budget is None else Allowance(int(DEAL_FACTOR * solvers.budget))
    if st0.bidw:
        return _grade_bid_whist(record, sts, st0, steps, solvers, allowance)
    return _grade_declarations(record, sts, st0, steps, solvers, allowance)


def _grade_bid_whist(record, sts, st0, steps, solvers, allowance) -> list[Annotation]:
    # the contract the auction reached, once the record names its call (the call is
    # graded among every call of its kind, the discard by the books of the call named)
    won = next(
        (
            (st.to_act, st.kind, st.bid_number, _call(sts[j + 1]))
            for j in steps
            if (st := sts[j]).phase_name == "trump" and j + 1 < len(sts)
        ),
        None,
    )

    def entry(s, seat, kind, call):
        # only the contract played keeps its solver for the rest of the deal (the discard
        # and the cards are searched with it); the others' are kept while the bidding is
        # graded, up to 20 of them: each gets the small table whatever the budget
        played = won is not None and (seat, kind, call) == (won[0], won[1], won[3])
        return _Entry2(s, solvers if played else Solvers(solvers.budget, TABLE_LOG2), allowance)

    search = BiddingSearch(st0, won, entry=entry)

    def made(after) -> int:
        b0 = final_books0(after, solvers, allowance)
        return b0 if after.declarer == 0 else 13 - b0

    # the bids ask the table only as far as their grades need
    auction = BoundedAuction(search)
    return bidding_notes(record, sts, steps, search.table(), made, auction, search.bot_books)


def _grade_declarations(record, sts, st0, steps, solvers, allowance) -> list[Annotation]:
    leaves: dict[tuple[str, ...], int] = {}  # declarations -> seat 0's points minus seat 1's

    def value(s) -> int:
        """Seat 0's points minus seat 1's from ``s`` (in the declarations or just after),
        every later declaration and card perfect."""
        if s.phase_name != "declare":
            key = (s.hl_first, s.hl_game, str(s.hl_declarer))
            if key not in leaves:
                b0 = final_books0(s, solvers, allowance)
                declarer = s.hl_declarer if s.hl_game == "high" else None
                p = two_player_whist_points(s.hl_game, (b0, 13 - b0), declarer)
                leaves[key] = p[0] - p[1]
            return leaves[key]
        vals = [value(_after(s, a)) for a in s.legal_actions()]
        return max(vals) if s.to_act == 0 else min(vals)

    out = []
    for j in steps:
        st = sts[j]
        if st.phase_name != "declare":
            continue
        seat = st.to_act
        sign = 1 if seat == 0 else -1
        vals = [(str(a), sign * value(_after(st, a))) for a in st.legal_actions()]
        note = choice_note(j, seat, record.actions[j], vals)
        out.append(_with_measure(note, DECLARE_MEASURE))
    return out


def _after(s, action):
    c = s.clone()
    c.apply(action)
    return c


def _with_measure(note: Annotation, measure: Phrase) -> Annotation:
    return replace(note, measure=measure)
