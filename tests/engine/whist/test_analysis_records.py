"""``analyse`` grades every non-chance decision of the shipped Whist records (all four
variants) or names what it leaves out; the default suite takes the first game of the
quick files, ``-m slow`` every game of every file."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine import read_jsonl, states
from engine.doubledummy.two_hands_c import c_search
from engine.whist.analysis import analyse, not_graded
from engine.whist.grading.left_out import left_out
from engine.whist.grading.vocabulary import TRICKS, card_limit

DATA = Path(__file__).resolve().parents[3] / "data" / "whist"
FILES = ("bid4", "bid4_heuristic", "whist4", "bid2", "whist2")


def _expected_steps(record, sts, graded) -> list[int]:
    """The steps ``analyse`` must grade: every decision of a four-player game (the six
    discards of a deal are one decision, graded at the first); of each two-player deal
    the cards of the last :data:`TRICKS` tricks with the Python search, with the C one
    the cards from the first ``graded`` found (a card over the search budget is not
    graded, nor the earlier ones of its deal) as long as the last TRICKS tricks are, and
    the deal's bidding decisions all or none (none over the deal's search budget)."""
    out = []
    limit = card_limit(None)
    for i, st in enumerate(sts[:-1]):
        if st.current_player() < 0:  # chance: the dealer, the deals
            continue
        if st.num_players == 2 and st.phase_name != "play":
            # the bids, calls and discard (at the first) or the declarations of a deal:
            # all graded, or none when its searches are over the budget
            bids = {sts[j].deal_no for j in graded if sts[j].phase_name != "play"}
            if st.deal_no in bids and (st.phase_name != "discard" or not st.discards):
                out.append(i)
        elif st.num_players == 2:
            left = st.n_tricks - len(st.tricks)
            if limit is not None and left > limit:
                continue
            firsts = [j for j in graded if sts[j].deal_no == st.deal_no]
            if left <= TRICKS or (firsts and i >= firsts[0]):
                out.append(i)
        elif st.phase_name != "discard" or not st.discards:
            out.append(i)
    return out


def _not_asked(sts) -> int:
    """The decisions of a two-player game the Python search is not asked to grade: the
    bidding and the cards before the last :data:`TRICKS` tricks."""
    return sum(
        1
        for st in sts[:-1]
        if st.current_player() >= 0
        and (st.phase_name != "discard" or not st.discards)
        and (st.phase_name != "play" or st.n_tricks - len(st.tricks) > TRICKS)
    )


def check_record(record) -> None:
    sts = states(record)
    notes = analyse(record)
    graded = [a.step for a in notes]
    assert graded == _expected_steps(record, sts, graded)
    for a in notes:
        st = sts[a.step]
        assert a.seat == st.to_act and a.loss >= 0 and a.mark in ("", "!?", "?!", "?", "??")
        assert (a.loss > 0) == (a.mark in ("?!", "?", "??"))
        if st.phase_name == "discard":
            assert a.action.split()[0] == "discard" and len(a.action.split()) == 7
        else:
            assert a.action == record.actions[a.step]
    # said beforehand: only the Python two-player search leaves decisions out by design
    assert bool(not_graded(record)) == (sts[0].num_players == 2 and not c_search())
    # said afterwards: every decision not graded is named, deal by deal
    decisions = sum(
        1
        for st in sts[:-1]
        if st.current_player() >= 0 and (st.phase_name != "discard" or not st.discards)
    )
    named = sum(
        part.params["n"]
        for p in left_out(record, notes)
        for part in p.params["what"].params["parts"]
    )
    asked = 0 if c_search() or sts[0].num_players == 4 else _not_asked(sts)
    assert len(notes) + named + asked == decisions


@pytest.mark.parametrize(
    "name",
    ["whist4", *(pytest.param(n, marks=pytest.mark.slow) for n in ("bid2", "whist2"))],
)
def test_first_game_of_each_quick_file_is_graded_in_every_decision(name):
    """(the two-player games take tens of seconds with the C search, every card graded;
    tests/engine/whist/test_dd2.py grades their last tricks in the default run)"""
    check_record(read_jsonl(DATA / f"{name}.jsonl")[0])


@pytest.mark.slow
@pytest.mark.parametrize("name", ["bid4", "bid4_heuristic"])
def test_first_bid_whist_game_is_graded_in_every_decision(name):
    check_record(read_jsonl(DATA / f"{name}.jsonl")[0])


@pytest.mark.slow
@pytest.mark.parametrize("name", FILES)
def test_every_shipped_game_is_graded_in_every_decision(name):
    for record in read_jsonl(DATA / f"{name}.jsonl"):
        check_record(record)
