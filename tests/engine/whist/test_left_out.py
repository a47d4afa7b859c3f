"""What a Whist grading left out, deal by deal (:mod:`engine.whist.grading.left_out`): read off
the annotations it wrote, so that ``python -m engine analyse`` names every decision it
was asked to grade and did not, game by game, with the reason."""

from __future__ import annotations

import pytest

from engine import read_jsonl
from engine.analysis import left_out as left_out_of
from engine.core.annotation import Annotation
from engine.core.records import states
from engine.doubledummy.two_hands_c import c_search
from engine.whist.analysis import analyse
from engine.whist.grading.left_out import left_out

BUDGET = 2_000_000_000


def _every_step(record) -> list[Annotation]:
    """One annotation on every action of ``record`` (as if each were graded)."""
    return [
        Annotation(i, 0, a, a, 0.0, 0.0, "tricks", "", "books")
        for i, a in enumerate(record.actions)
    ]


def _counts(phrase) -> dict[str, int]:
    """The number of decisions of each kind that ``phrase`` names, from its parameters."""
    return {part.code: part.params["n"] for part in phrase.params["what"].params["parts"]}


def test_a_whole_grading_leaves_nothing_out():
    record = read_jsonl("data/whist/bid2.jsonl")[0]
    assert left_out(record, _every_step(record), budget=BUDGET) == []
    assert left_out_of(record, _every_step(record)) == []  # the game module's hook


def test_the_decisions_left_out_are_named_by_deal_kind_and_trick():
    """bid2 game 1, deal 1: two bids or passes, one trump call, six kitty discards (one
    decision), then 48 cards. Its bidding and first five cards are dropped."""
    record = read_jsonl("data/whist/bid2.jsonl")[0]
    sts = states(record)
    first_play = next(i for i, s in enumerate(sts) if s.phase_name == "play")
    notes = [n for n in _every_step(record) if n.step >= first_play + 5 or sts[n.step].deal_no]
    (said,) = left_out(record, notes, budget=BUDGET)
    assert said == (
        "Deal 1 of 2, not graded: bids and passes: 2; trump or direction calls: 1; kitty "
        "discards: 1; cards: 5 (tricks 1–2) — over the search budget (2000 million positions "
        "a search, 4000 million for the bidding or declarations of a deal together)"
    )
    assert said.code == "whist.left_out_budget" and said.params["deal"] == 1
    # one graded discard of the six grades the kitty discard
    discards = [i for i, s in enumerate(sts) if s.phase_name == "discard" and not s.deal_no]
    assert len(discards) == 6
    with_discard = sorted(
        [*notes, *_every_step(record)[discards[3] : discards[3] + 1]], key=lambda n: n.step
    )
    assert "kitty" not in left_out(record, with_discard, budget=BUDGET)[0]
    # with no budget there is no reason to give
    assert left_out(record, notes, budget=None)[0].code == "whist.left_out"


def test_only_what_the_grading_was_asked_for_is_named():
    record = read_jsonl("data/whist/bid2.jsonl")[0]
    # the quick grading (last 4 tricks, no bidding): the earlier cards are not asked for
    said = left_out(record, [], tricks_left=4, budget=BUDGET)
    assert [_counts(p) for p in said] == [{"whist.left_out_cards": 16}] * 2
    assert "tricks 9–12" in said[0]
    assert left_out(record, [], deal=1, tricks_left=1, budget=BUDGET)[0].params["deal"] == 2


@pytest.mark.skipif(
    not c_search(), reason="the two-player grading of every card needs the C search"
)
def test_a_real_grading_over_a_small_budget_names_exactly_its_ungraded_decisions():
    """whist2 game 1 with 5 million positions a search: the declarations and the first
    cards of each deal stay ungraded; the phrases count every one of them."""
    record = read_jsonl("data/whist/whist2.jsonl")[0]
    notes = analyse(record, budget=5_000_000)
    said = left_out(record, notes, budget=5_000_000)
    assert [p.params["deal"] for p in said] == [1, 2]
    sts = states(record)
    decisions = sum(1 for i in range(len(record.actions)) if not sts[i].is_chance())
    named = sum(sum(_counts(p).values()) for p in said)
    assert len(notes) + named == decisions
    assert all("over the search budget (5 million positions a search" in p for p in said)


def test_every_decision_of_a_four_player_bid_whist_game_is_graded():
    record = read_jsonl("data/whist/bid4.jsonl")[0]
    assert left_out(record, analyse(record)) == []
    assert left_out(record, []) and "kitty discards: 1" in left_out(record, [])[0]
