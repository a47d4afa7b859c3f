"""Cards graded against double-dummy par (engine.whist.analysis)."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine import GameRecord, read_jsonl, states
from engine.core.annotation import Annotation, accuracy
from engine.core.errors import EngineError
from engine.doubledummy.four_hands import Solver
from engine.whist.analysis import UNIT, analyse
from engine.whist.cards import CARD_CODE

DATA = Path(__file__).resolve().parents[3] / "data" / "whist"

# Bid Whist, 7 no trump high by seat 1, who holds AH-4H and KS; seat 2 holds every other
# spade (AS, QS-2S); seat 3 has 3H 2H and clubs; seat 0 diamonds. Declarer runs
# eleven hearts and must then lead KS: seat 2's AS is a sure trick that sets the contract
# (12 books of 13). Seat 2 discards AS on the first heart: the contract is made.
BLUNDER = GameRecord(
    game="whist",
    players=["seat 0", "seat 1", "seat 2", "seat 3"],
    actions=[
        "dealer 0",
        "deal 0: AD KD QD JD 10D 9D 8D 7D 6D 5D 4D 3D"
        " | 1: AH KH QH JH 10H 9H 8H 7H 6H 5H 4H KS"
        " | 2: AS QS JS 10S 9S 8S 7S 6S 5S 4S 3S 2S"
        " | 3: 3H 2H AC KC QC JC 10C 9C 8C 7C 6C 5C"
        " | kitty: 4C 3C 2C 2D LJ BJ",
        "bid 7 notrump",
        "pass",
        "pass",
        "pass",
        "direction high",
        "discard 4C",
        "discard 3C",
        "discard 2C",
        "discard 2D",
        "discard LJ",
        "discard BJ",
        "play AH",
        "play AS",
        "play 3H",
        "play 3D",
    ],
)


def _annotations_by_step(record, **kw) -> dict[int, Annotation]:
    """The cards' annotations by step (the bidding's are tested in test_analysis_bidding)."""
    return {a.step: a for a in analyse(record, **kw) if a.action.startswith("play ")}


def test_discarding_a_sure_trick_that_sets_the_contract_is_a_blunder():
    got = _annotations_by_step(BLUNDER)
    assert sorted(got) == [13, 14, 15, 16]  # one per card played
    bad = got[14]
    assert (bad.seat, bad.action, bad.mark, bad.unit) == (2, "play AS", "??", UNIT)
    assert (bad.value_best, bad.value_played, bad.loss) == (1.0, 0.0, 1.0)
    assert bad.best.startswith("play ") and bad.best != "play AS"
    assert bad.best[5:] in {"QS", "JS", "10S", "9S", "8S", "7S", "6S", "5S", "4S", "3S", "2S"}
    lead = got[13]  # only a heart keeps par (leading KS gives the defenders every spade)
    assert (lead.action, lead.mark, lead.value_best, lead.value_played) == (
        "play AH",
        "!?",
        12.0,
        12.0,
    )
    assert got[15].loss == 0 and got[16].loss == 0
    assert got[15].value_best == 13.0  # after the blunder declarer takes every book
    rows = accuracy(list(got.values()), 4)
    assert rows[2]["??"] == 1 and rows[2]["total_loss"] == 1.0


def _check_record(record, annotations) -> None:
    """One annotation per card played (in the graded range); loss >= 0; value_best is
    the par of the position before the card, solved afresh; best is a legal card."""
    sts = states(record)
    for a in annotations:
        st = sts[a.step]
        assert record.actions[a.step] == a.action and a.action.startswith("play ")
        assert st.phase_name == "play" and st.to_act == a.seat
        assert a.loss >= 0 and a.unit == UNIT
        assert a.best in {str(x) for x in st.legal_actions()}
        leader = st.trick_seats[0] if st.trick_seats else st.to_act
        sol = Solver(st.hands, st.trump, st.low, st.ruleset.jokers_follow_trump)
        ns = sol.tricks(leader=leader, trick=st.trick_cards)
        remaining = st.hands[leader].bit_count() + (1 if st.trick_cards else 0)
        par = st.books[0] + ns if a.seat % 2 == 0 else st.books[1] + remaining - ns
        assert a.value_best == par, a
        if a.loss == 0:
            assert a.mark in ("", "!?")
        else:
            assert a.mark in ("?!", "?", "??")


def test_analyse_on_shipped_bid_whist_records_grades_each_late_card_against_par():
    records = read_jsonl(DATA / "bid4.jsonl")[:3]
    for record in records:
        found = analyse(record, tricks_left=3)
        deals = states(record)[-1].deal_no
        plays = [
            i
            for i, (st, text) in enumerate(zip(states(record), record.actions, strict=False))
            if text.startswith("play ") and st.hands[st.to_act].bit_count() <= 3
        ]
        assert [a.step for a in found] == plays and deals >= 1
        _check_record(record, found)


def test_analyse_on_shipped_whist_record_grades_every_card():
    record = read_jsonl(DATA / "whist4.jsonl")[0]
    found = analyse(record, tricks_left=None if _has_endplay() else 4)
    plays = [i for i, t in enumerate(record.actions) if t.startswith("play ")]
    if _has_endplay():
        assert [a.step for a in found] == plays
    _check_record(record, [a for a in found if a.step in plays[-8:]])


def _has_endplay() -> bool:
    try:
        import endplay  # noqa: F401
    except ImportError:
        return False
    return True


def test_own_solver_and_endplay_grade_whist_alike():
    pytest.importorskip("endplay")
    record = read_jsonl(DATA / "whist4.jsonl")[1]
    assert analyse(record, tricks_left=5, use_endplay=False) == analyse(record, tricks_left=5)


def test_analyse_refuses_a_negative_trick_count():
    with pytest.raises(EngineError, match="tricks_left"):
        analyse(BLUNDER, tricks_left=-1)


@pytest.mark.parametrize("deal", [-1, True, "1", 1.0])
def test_analyse_refuses_a_deal_that_is_not_a_deal_number(deal):
    with pytest.raises(EngineError, match=rf"deal {deal!r} must be a deal number"):
        analyse(BLUNDER, deal=deal)


def test_one_deal_graded_alone_in_full_is_that_deal_of_the_whole_grading():
    """What the explorer's "grade this whole deal" asks: every card of that deal, the
    same grades the quick grading gives its last tricks, nothing of the other deals."""
    record = read_jsonl(DATA / "bid4.jsonl")[2]  # two deals
    sts = states(record)
    quick = analyse(record, tricks_left=3)
    deal_of = {a.step: sts[a.step].deal_no for a in quick}
    second = analyse(record, deal=1, bidding=False)  # the cards (bids: test_analysis_bidding)
    plays = [i for i, t in enumerate(record.actions) if t.startswith("play ")]
    assert [a.step for a in second] == [i for i in plays if sts[i].deal_no == 1]
    assert len(second) == 48
    assert [a for a in quick if deal_of[a.step] == 1] == [a for a in second if a.step in deal_of]
    assert analyse(record, deal=999) == []  # a deal the record does not reach


@pytest.mark.slow
def test_analyse_grades_every_card_of_whole_bid_whist_games():
    record = read_jsonl(DATA / "bid4.jsonl")[0]
    found = [a for a in analyse(record) if a.action.startswith("play ")]
    plays = [i for i, t in enumerate(record.actions) if t.startswith("play ")]
    assert [a.step for a in found] == plays
    _check_record(record, found)


def test_blunder_card_codes_are_real_cards():
    assert all(t[5:] in CARD_CODE for t in BLUNDER.actions if t.startswith("play "))
