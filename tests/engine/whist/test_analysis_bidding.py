"""Bids, passes, trump / direction calls and the kitty discard graded against the deal's
double-dummy table (engine.whist.grading.four_hands.grade_bidding), on hand-made deals where the
right choice is plain."""

from __future__ import annotations

import pytest

from engine import GameRecord
from engine.whist import analysis
from engine.whist.analysis import UNIT, analyse
from engine.whist.grading import four_hands
from engine.whist.grading.vocabulary import BID_UNIT

# dealer 0; each seat holds one whole suit but its 2 (seat 1 spades, 2 hearts, 3 diamonds,
# 0 clubs); the kitty holds the four 2s and both jokers. The declarer, whoever it is,
# draws the kitty and runs its suit: 13 books in no trump = 14 points. Seat 1 bids first:
# 7 no trump is the one bid that keeps the deal for its side (any lower bid or pass lets
# a later seat bid 7 no trump).
DEAL = (
    "deal 0: AC KC QC JC 10C 9C 8C 7C 6C 5C 4C 3C | 1: AS KS QS JS 10S 9S 8S 7S 6S 5S 4S 3S"
    " | 2: AH KH QH JH 10H 9H 8H 7H 6H 5H 4H 3H | 3: AD KD QD JD 10D 9D 8D 7D 6D 5D 4D 3D"
    " | kitty: 2S 2H 2D 2C BJ LJ"
)


# as DEAL, but seat 3 (the declarer's partner) holds only low clubs and diamonds: seat 1
# takes every book in no trump only while it keeps its spades
DEAL_ALONE = (
    "deal 0: AC KC QC JC 10C 9C AD KD QD JD 10D 9D | 1: AS KS QS JS 10S 9S 8S 7S 6S 5S 4S 3S"
    " | 2: AH KH QH JH 10H 9H 8H 7H 6H 5H 4H 3H | 3: 8C 7C 6C 5C 4C 3C 8D 7D 6D 5D 4D 3D"
    " | kitty: 2S 2H 2D 2C BJ LJ"
)


def _rec(*actions: str, deal: str = DEAL) -> GameRecord:
    return GameRecord("whist", ["a", "b", "c", "d"], ["dealer 0", deal, *actions])


def _by_step(record) -> dict:
    return {a.step: a for a in analyse(record)}


def test_passing_a_hand_that_makes_seven_no_trump_is_a_blunder():
    got = _by_step(_rec("pass", "bid 7 notrump"))
    first = got[2]
    assert (first.seat, first.action, first.best, first.unit) == (
        1,
        "pass",
        "bid 7 notrump",
        BID_UNIT,
    )
    assert (first.value_played, first.value_best, first.mark) == (-14.0, 14.0, "??")
    # seat 2 then bids 7 no trump: the best it can do
    assert (got[3].action, got[3].loss, got[3].value_best) == ("bid 7 notrump", 0.0, 14.0)


def test_the_one_bid_that_keeps_the_deal_is_a_good_find():
    got = _by_step(_rec("bid 7 notrump", "pass", "pass", "pass", "direction high"))
    bid = got[2]
    assert (bid.action, bid.best, bid.loss, bid.mark) == ("bid 7 notrump", "bid 7 notrump", 0, "!?")
    assert bid.value_best == 14.0
    # the passes after it lose nothing (nothing beats 7 no trump) and are never "!?"
    assert all(
        got[i].action == "pass" and got[i].loss == 0 and got[i].mark == "" for i in (3, 4, 5)
    )
    assert got[6].action == "direction high" and got[6].loss == 0  # low makes 13 books too


def test_a_lower_bid_gives_up_the_no_trump_double():
    got = _by_step(_rec("bid 7 uptown", "pass", "pass", "pass", "trump S"))
    # 7 uptown lets seat 2 bid 7 no trump (-14) where 7 no trump scores +14
    assert (got[2].value_played, got[2].value_best, got[2].mark) == (-14.0, 14.0, "??")


def test_the_wrong_trump_suit_is_graded_by_the_table():
    # seat 0 (dealer) must bid after three passes; with clubs trump it takes 13 books
    # (hearts too: no one but its partner holds one, so no one ruffs its clubs); with
    # spades trump seat 1 (every spade) ruffs: 3 books, the bid of 3 is set
    got = _by_step(_rec("pass", "pass", "pass", "bid 3 uptown", "trump S"))
    call = got[6]
    assert (call.seat, call.action, call.unit) == (0, "trump S", BID_UNIT)
    assert call.best in ("trump H", "trump C")
    assert (call.value_played, call.value_best, call.mark) == (-3.0, 7.0, "??")


def test_a_discard_of_the_running_suit_is_graded_against_the_bots_discard():
    acts = ["bid 7 notrump", "pass", "pass", "pass", "direction high"]
    bad = ["discard AS", "discard KS", "discard QS", "discard JS", "discard 10S", "discard 9S"]
    got = _by_step(_rec(*acts, *bad, "play 8S", deal=DEAL_ALONE))
    d = got[7]  # one annotation, at the first discard, naming the six cards
    assert (d.seat, d.action, d.unit) == (1, "discard AS KS QS JS 10S 9S", UNIT)
    # 7 spades and nothing else: 1 + 7 books, the contract is set
    assert (d.value_best, d.value_played, d.mark) == (13.0, 8.0, "??")
    assert set(d.best.split()[1:]) == {"BJ", "LJ", "2H", "2D", "2C", "2S"}
    assert not any(i in got for i in range(8, 13))  # the other five discards: no note
    good = ["discard BJ", "discard LJ", "discard 2H", "discard 2D", "discard 2C", "discard 2S"]
    ok = _by_step(_rec(*acts, *good, "play AS", deal=DEAL_ALONE))[7]
    assert (ok.loss, ok.mark, ok.action, ok.best) == (0, "", ok.action, ok.action)


def test_quick_grading_leaves_the_bidding_out_and_says_so():
    rec = _rec("bid 7 notrump", "pass", "pass", "pass", "direction high")
    assert analyse(rec, tricks_left=5) == []
    assert len(analyse(rec, tricks_left=5, bidding=True)) == 5
    why = analysis.not_graded(rec, tricks_left=5)
    assert [w.code for w in why] == ["whist.not_graded_bids", "whist.not_graded_early_cards"]
    assert analysis.not_graded(rec) == []


@pytest.mark.parametrize("deal", [0, None])
def test_deal_par_names_the_contract_and_says_hindsight(deal):
    table, par = four_hands.deal_par(_rec("pass"), 0 if deal is None else deal)
    assert par.contract == "7 notrump high" and par.declarer == 1 and par.points == (0, 14)
    assert "hindsight" in par.phrase() and table.books_of(1, "notrump high") == 13


def test_a_pass_is_valued_by_what_the_other_side_then_bids():
    # seat 2's pass leaves seat 3 (the other side) to bid 7 no trump: -14 for seat 2's side
    got = _by_step(_rec("pass", "pass", "bid 7 notrump"))
    second = got[3]
    assert (second.seat, second.action, second.best) == (2, "pass", "bid 7 notrump")
    assert (second.value_played, second.value_best, second.mark) == (-14.0, 14.0, "??")
