"""Bids graded from bounds on the table (engine.whist.grading.auction_bounds): the same grades as
from the whole table, asking it less.

The first test is a property test over made-up tables (no search): every bid of many
auctions, graded with the bests narrowed only as far as the grade needs, against the
grade under the exact values. The second grades a shipped deal with the real searches
against the whole table's grades."""

from __future__ import annotations

import random
from pathlib import Path

from engine import read_jsonl, states
from engine.whist.analysis import analyse
from engine.whist.grading import par as par_module
from engine.whist.grading.auction_bounds import BoundedAuction, leaf_points
from engine.whist.grading.bidding_table import (
    MAKES_A_BID,
    UNKNOWN,
    BiddingSearch,
    BiddingTable,
    Entry,
)
from engine.whist.grading.contracts import CALLS
from engine.whist.grading.four_hands import bidding_notes, choice_note, grade_deal_bidding
from engine.whist.grading.par import Auction
from engine.whist.grading.vocabulary import BID_THRESHOLDS, deal_starts

DATA = Path(__file__).resolve().parents[3] / "data" / "whist"


class _Hidden(Entry):
    """A made-up entry: its books are ``books``; counts the questions asked."""

    asked = 0

    def __init__(self, s, books: int):
        super().__init__(s, 1, 12)  # (the kitty book won, 12 tricks left)
        self.books = books

    def _ask(self, need: int) -> bool:
        _Hidden.asked += 1
        return self.books - self.mine >= need

    def _solve(self, guess):
        _Hidden.asked += 1
        return self.books - self.mine


def _grade(st, played, values):
    return choice_note(0, st.to_act, played, values)


def test_bids_graded_from_bounds_equal_the_grades_from_the_exact_table():
    """Made-up books per seat and call; every action of random auctions graded."""
    rng = random.Random(7)
    st0 = next(s for s in states(read_jsonl(DATA / "bid4.jsonl")[0]) if s.phase_name == "bid")
    asked = whole = 0
    for _ in range(30):
        books = {
            (seat, kind, c): rng.choice([4, 6, 7, 8, 8, 9, 9, 10, 10, 11, 12, 13])
            for seat in range(4)
            for kind, calls in CALLS.items()
            for c in calls
        }
        best = {}
        for seat in range(4):
            for kind, calls in CALLS.items():
                top = max(books[(seat, kind, c)] for c in calls)
                best[(seat, kind)] = ("S", top)
        exact = BiddingTable("bid4", st0.dealer, {}, {}, best)
        _Hidden.asked = 0
        search = BiddingSearch(
            st0, entry=lambda s, seat, kind, c, books=books: _Hidden(s, books[(seat, kind, c)])
        )
        bounded, exact_auction = BoundedAuction(search), Auction(exact)
        s = st0.clone()
        while s.phase_name == "bid":
            for a in s.legal_actions():
                played = str(a)
                got = bounded.graded_values(s, played, BID_THRESHOLDS.mistake)
                want = exact_auction.graded_values(s, played, BID_THRESHOLDS.mistake)
                assert _grade(s, played, got) == _grade(s, played, want), (books, played)
            s.apply(rng.choice(s.legal_actions()))
        lazy, _Hidden.asked = _Hidden.asked, 0
        for seat in range(4):  # the whole of what the auction could read
            for kind in CALLS:
                assert search.settle(seat, kind)[1] == best[(seat, kind)][1] or (
                    best[(seat, kind)][1] < MAKES_A_BID
                )
        asked, whole = asked + lazy, whole + lazy + _Hidden.asked
    # every action of every auction graded, asking fewer questions than settling every best
    assert asked < 0.8 * whole, (asked, whole)


def test_the_bounds_of_a_leaf_follow_the_books():
    assert leaf_points(3, "uptown", UNKNOWN) == (-3, 7)
    assert leaf_points(5, "notrump", (MAKES_A_BID, 13)) == (-10, 14)
    assert leaf_points(4, "downtown", (10, 10)) == (4, 4)


def test_a_shipped_deal_graded_from_bounds_equals_its_grades_from_the_whole_table():
    rec = read_jsonl(DATA / "bid4.jsonl")[0]
    sts = states(rec)
    start, steps = deal_starts(rec, sts, 0)[0]
    got = grade_deal_bidding(rec, sts, start, steps, use_endplay=False)
    whole = par_module._dd_table(sts[start], False)
    want = bidding_notes(rec, sts, steps, whole, lambda after: par_module.play_books(after))
    assert got == want and any(a.action.startswith("bid ") or a.action == "pass" for a in got)
    # and as a whole analysis grades it: the discard measured by the cards' first lead
    steps_got = {a.step for a in got}
    whole_analysis = [a for a in analyse(rec, deal=0, use_endplay=False) if a.step in steps_got]
    assert whole_analysis == got and any(a.action.startswith("discard ") for a in got)
