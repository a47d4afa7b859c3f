"""The learner's schedule: FSRS as the library computes it, the order of questions, and
the progress file's checks."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest
from fsrs import Card, Rating, Scheduler

from dashboard.practice.progress import (
    MAX_REVIEWS,
    Progress,
    ProgressError,
    accuracy_frame,
    rule_summary,
)

T0 = datetime(2026, 3, 1, 9, 0, tzinfo=UTC)
KIND = "pig.turn_total"


def test_reviews_set_the_due_dates_fsrs_gives():
    scheduler = Scheduler(enable_fuzzing=False)
    card = Card()
    p = Progress.new(seed_base=5)
    now = T0
    for right in (True, True, False, True, True, True):
        card, _log = scheduler.review_card(card, Rating.Good if right else Rating.Again, now)
        p = p.review(KIND, p.seed_for(KIND), right, now)
        assert p.due_at(KIND) == card.due
        assert p.card(KIND).stability == pytest.approx(card.stability)
        now = card.due + timedelta(minutes=1)


def test_a_wrong_answer_brings_the_rule_back_sooner():
    p = Progress.new(seed_base=0)
    now = T0
    for _ in range(4):
        p = p.review(KIND, 0, True, now)
        now = p.due_at(KIND) + timedelta(minutes=1)
    right = p.review(KIND, 0, True, now).due_at(KIND)
    wrong = p.review(KIND, 0, False, now).due_at(KIND)
    assert wrong < right
    assert wrong - now <= timedelta(minutes=15) < right - now


def test_each_question_is_a_fresh_drill_of_its_kind():
    p = Progress.new(seed_base=100)
    seeds = []
    for _ in range(3):
        kind, seed = p.next_question("pig", T0)
        seeds.append(seed)
        p = p.review(kind, seed, True, T0)
    assert seeds == [100, 101, 102]


def test_due_rules_come_first_then_new_ones(monkeypatch):
    import dashboard.practice.progress as progress_module

    monkeypatch.setattr(progress_module, "kinds", lambda game: {"a": None, "b": None, "c": None})
    p = Progress.new(seed_base=0)
    assert p.next_question("g", T0)[0] == "g.a"  # nothing seen: the first kind
    p = p.review("g.a", 0, True, T0)
    assert p.next_question("g", T0)[0] == "g.b"  # a is not due: a new kind
    p = p.review("g.b", 0, False, T0)
    p = p.review("g.c", 0, True, T0)
    later = p.due_at("g.b") + timedelta(seconds=1)
    assert later < p.due_at("g.a")
    assert p.next_question("g", later)[0] == "g.b"  # the one answered wrongly is due
    # nothing due, nothing new: the one due soonest
    assert p.next_question("g", T0)[0] == min(("g.a", "g.b", "g.c"), key=p.due_at)


def test_progress_round_trips_and_keeps_the_newest_reviews():
    p = Progress.new(seed_base=7)
    for i in range(MAX_REVIEWS + 5):
        p = p.review(KIND, i, i % 3 != 0, T0 + timedelta(minutes=i))
    back = Progress.from_json(p.to_json())
    assert back == p
    assert len(back.reviews) == MAX_REVIEWS and back.reviews[-1].seed == MAX_REVIEWS + 4
    assert back.asked[KIND] == MAX_REVIEWS + 5


@pytest.mark.parametrize(
    ("text", "code", "words"),
    [
        ("{", "progress.not_json", "not JSON"),
        ('{"format": "tabletop-game"}', "progress.wrong_file", "not saved by the practice"),
        ('{"format": "tabletop-practice", "version": 9}', "progress.version", "version 9"),
        (
            '{"format": "tabletop-practice", "version": 1, "seed_base": -1, "cards": {}, '
            '"asked": {}, "reviews": []}',
            "progress.damaged",
            "seed_base -1",
        ),
        (
            '{"format": "tabletop-practice", "version": 1, "seed_base": 1, "cards": {}, '
            '"asked": {}, "reviews": [{"kind": "nokind", "seed": 1, "right": true, '
            '"at": "2026-01-01T00:00:00+00:00"}]}',
            "progress.damaged",
            "nokind",
        ),
        (
            '{"format": "tabletop-practice", "version": 1, "seed_base": 1, "cards": '
            '{"pig.turn_total": {"x": 1}}, "asked": {}, "reviews": []}',
            "progress.damaged",
            "damaged",
        ),
    ],
)
def test_a_bad_progress_file_is_refused_in_words(text, code, words):
    with pytest.raises(ProgressError) as caught:
        Progress.from_json(text)
    assert caught.value.code == code
    assert words in str(caught.value)


def test_accuracy_and_summary_per_rule():
    p = Progress.new(seed_base=0)
    answers = [("pig.turn_total", True), ("g.x", False), ("pig.turn_total", False)]
    for i, (kind, right) in enumerate(answers):
        p = p.review(kind, 0, right, T0 + timedelta(minutes=i))
    frame = accuracy_frame(p)
    assert frame["accuracy"].to_list() == [1.0, 0.0, 0.5]
    summary = {r["kind"]: r for r in rule_summary(p, T0).iter_rows(named=True)}
    assert summary["pig.turn_total"]["answered"] == 2 and summary["pig.turn_total"]["right"] == 1
    assert not summary["g.x"]["due_now"]
    later = rule_summary(p, T0 + timedelta(days=400))
    assert later["due_now"].all()


def test_puzzles_come_by_rating_and_a_failed_one_comes_back():
    from types import SimpleNamespace as P

    puzzles = [P(id="a", rating=(30.0, 5)), P(id="b", rating=(20.0, 5)), P(id="c", rating=(25, 5))]
    p = Progress.new(seed_base=0)
    assert p.next_puzzle("g", puzzles, T0) == 1  # a first puzzle: the easiest
    p = p.review_puzzle("g", 1, "b", True, (29.0, 7.0), T0)
    assert p.next_puzzle("g", puzzles, T0) == 0  # nearest the learner's 29
    p = p.review_puzzle("g", 0, "a", False, (27.0, 6.5), T0)
    assert p.next_puzzle("g", puzzles, T0) == 2  # nothing due yet: the unseen one
    soon = Card.from_dict(p.puzzle_cards["a"]).due + timedelta(seconds=1)
    assert p.next_puzzle("g", puzzles, soon) == 0  # the failed one is due again
    assert p.rating == (27.0, 6.5)
    assert [r.kind for r in p.reviews] == ["g.puzzles", "g.puzzles"]
    assert Progress.from_json(p.to_json()) == p
    assert Progress.new().next_puzzle("g", [], T0) is None


def test_own_puzzles_come_first_when_due_and_are_kept_in_the_file():
    """The learner's own puzzles (mistakes from their games) come before the shipped ones
    while never tried or due again, under the same FSRS schedule, counted apart."""
    from engine import simulate
    from engine.puzzles import find_puzzles, load_puzzles

    rec = simulate("stack5", seed=3, players=["heuristic", "random"])
    own = find_puzzles([rec], "stack5", seat=1)
    assert own
    shipped = load_puzzles("stack5")
    p = Progress.new(seed_base=0).with_own_puzzles(own).with_own_puzzles(own)
    assert p.own("stack5") == tuple(own) and p.own("whist") == ()
    every = [*shipped, *p.own("stack5")]
    start = len(shipped)
    assert p.next_puzzle("stack5", every, T0, own_from=start) == start  # the oldest first
    p = p.review_puzzle("stack5", start, own[0].id, False, (24.0, 8.0), T0, own=True)
    nxt = p.next_puzzle("stack5", every, T0, own_from=start)
    assert nxt == (start + 1 if len(own) > 1 else p.next_puzzle("stack5", shipped, T0))
    for i, puzzle in enumerate(own[1:], start=start + 1):
        p = p.review_puzzle("stack5", i, puzzle.id, True, (25.0, 8.0), T0, own=True)
    assert p.next_puzzle("stack5", every, T0, own_from=start) < start  # none due: shipped
    soon = Card.from_dict(p.puzzle_cards[own[0].id]).due + timedelta(seconds=1)
    assert p.next_puzzle("stack5", every, soon, own_from=start) == start  # due again: first
    assert {r.kind for r in p.reviews} == {"stack5.own_puzzles"}
    assert Progress.from_json(p.to_json()) == p
