"""What the Whist grading modules share: the measures and their units, the thresholds of
the marks, the search budgets, and the few readings of a state every grade makes (the
steps of a deal, a position as the double-dummy searches take it).

Cards are graded in books (:data:`UNIT`, :data:`THRESHOLDS`): a lost trick is an
inaccuracy, a mistake when it costs points, two a blunder. Bids and calls are graded in
Bid Whist points (:data:`BID_UNIT`, :data:`BID_THRESHOLDS`). A two-player question of
the exact search may take :data:`BUDGET` positions (a page's default), a deal's bidding
:data:`DEAL_FACTOR` times that together.

>>> THRESHOLDS.blunder, BID_THRESHOLDS.blunder, UNIT, BID_UNIT
(2, 4, 'tricks', 'points')
>>> check_budget(None), check_budget(5)
(None, 5)
"""

from __future__ import annotations

from engine.core.annotation import Thresholds
from engine.core.errors import EngineError, Phrase
from engine.core.records import GameRecord
from engine.doubledummy.two_hands_c import BUDGET_TWO, c_search

# --- the cards ---------------------------------------------------------------------------
UNIT = "tricks"
MEASURE = "books the side ends the deal with under double-dummy play (all hands known)"
#: 1 trick = inaccuracy (or mistake when it costs points), 2 tricks or more = blunder
THRESHOLDS = Thresholds(inaccuracy=1, mistake=1, blunder=2)
#: what the marks follow, for a page's key: a lost trick is marked by what it costs, not
#: by the trick count alone (a page words it with ``error_text``)
MARKS_KEY = Phrase.coded(
    "whist.marks_key",
    "Marks: ?? a card that loses 2 tricks or more, or 1 trick that decides whether the "
    "contract is made; ? 1 trick that costs points; ?! 1 trick that costs no points; "
    "!? the only card that keeps par.",
)

# --- the bidding, the trump or direction call and the kitty discard (Bid Whist) ----------
BID_UNIT = "points"
BID_MEASURE = Phrase.coded(
    "whist.bid_measure",
    "points the side scores this deal when every later bid, call and card is perfect "
    "with all hands known (the double-dummy table; hindsight)",
)
DISCARD_MEASURE = Phrase.coded(
    "whist.discard_measure",
    "books the declaring side ends the deal with under double-dummy play after this "
    "discard, against the heuristic bot's discard (all hands known)",
)
#: bids and calls, in Bid Whist points: 1 point = inaccuracy, 2 = mistake, 4 = blunder
BID_THRESHOLDS = Thresholds(inaccuracy=1, mistake=2, blunder=4)

# --- the budgets of the two-player search -------------------------------------------------
#: with the Python search, two-player cards are graded this many tricks from the end of
#: a deal at most (the C search grades them all)
TRICKS = 6
#: with the C search, a card is graded when each of its questions takes at most this many
#: positions (about 3 s); else neither it nor the earlier cards of its deal are graded.
#: The default of the two-player grading (``budget``), so that a page's job never holds a
#: worker for minutes; the command gives more (:data:`engine.whist.analysis.ON_COMMAND`)
BUDGET = BUDGET_TWO
#: with the C search, the bids and calls (or High/Low declarations) of a deal are graded
#: when all of its searches from the first lead take at most this many times the budget
#: of one together (about 6 s with :data:`BUDGET`; a Bid Whist deal needs up to 20 of
#: them, :mod:`engine.whist.grading.par_two_hands`)
DEAL_FACTOR = 2


def check_budget(budget) -> int | None:
    """``budget`` (positions a question of the search may take; None: no limit) checked."""
    if budget is not None and (
        isinstance(budget, bool) or not isinstance(budget, int) or budget < 1
    ):
        raise EngineError(
            f"budget {budget!r} must be a number of positions, 1 or more (or none: no limit)"
        )
    return budget


def card_limit(tricks_left: int | None) -> int | None:
    """The most tricks to go at which a two-player card is graded (None: every card):
    ``tricks_left`` as asked, bounded by :data:`TRICKS` when the search is the Python
    one."""
    if c_search():
        return tricks_left
    return TRICKS if tricks_left is None else min(tricks_left, TRICKS)


# --- readings of a record and of a state ----------------------------------------------------
def deal_starts(record: GameRecord, sts, deal: int | None = None) -> list[tuple[int, list[int]]]:
    """(index of the state just after each deal action, the steps of that deal's decisions
    the record holds), for the deals of ``record`` (only ``deal`` when given)."""
    out = []
    n = len(record.actions)
    for i, text in enumerate(record.actions):
        if not text.startswith("deal "):
            continue
        st = sts[i + 1]
        if deal is not None and st.deal_no != deal:
            continue
        steps = []
        j = i + 1
        while j < n and sts[j].deal_no == st.deal_no and not sts[j].is_terminal():
            steps.append(j)
            j += 1
        out.append((i + 1, steps))
    return out


class Position:
    """The double-dummy view of one state in the play of a four-player deal: hands,
    leader, trick so far, the seat to play, the books won and the tricks to go."""

    __slots__ = ("hands", "leader", "trick", "seat", "books", "remaining")

    def __init__(self, st):
        self.hands = list(st.hands)
        self.trick = list(st.trick_cards)
        self.leader = st.trick_seats[0] if st.trick_seats else st.to_act
        self.seat = st.to_act
        self.books = tuple(st.books)
        self.remaining = self.hands[self.leader].bit_count() + (1 if self.trick else 0)


def misere(st) -> bool:
    """Whether each player of the deal of ``st`` wants few tricks (a two-player Whist Low
    game: a player with fewer than 7 tricks scores 7 minus its tricks)."""
    return not st.bidw and st.hl_game == "low"


def cards_left_two(st) -> list[int]:
    """Each of the two players' cards left (hand and straw piles) as a mask."""
    return [st.hands[s] | sum(1 << c for p in st.piles[s] for c in p) for s in (0, 1)]


def leader_two(st) -> int:
    """The player who led the trick in progress of a two-player deal (or leads the next)."""
    return st.trick_seats[0] if st.trick_cards else st.to_act
