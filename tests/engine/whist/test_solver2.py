"""The two-player double-dummy search (engine.doubledummy.two_hands) equals plain minimax over the
engine's own states on the endings of two-player deals, straw piles included."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine import read_jsonl, simulate, states
from engine.doubledummy.two_hands import Solver2
from engine.whist.analysis import analyse, not_graded
from engine.whist.cards import CARD_TEXT
from engine.whist.grading.vocabulary import TRICKS

DATA = Path(__file__).resolve().parents[3] / "data" / "whist"


def _brute(st, misere: bool = False) -> int:
    """Seat 0's tricks from ``st`` to the end of its deal, by minimax over the engine's
    states (every legal card, the engine's trick winner and straw rules); ``misere``:
    seat 0 plays for few tricks and seat 1 for many (the Low game)."""
    deal = st.deal_no

    def value(s) -> int:
        if s.deal_no != deal or s.phase_name != "play":
            return s.deal_log[-1]["books"][0]
        vals = []
        for a in s.legal_actions():
            c = s.clone()
            c.apply(a)
            vals.append(value(c))
        return max(vals) if (s.to_act == 0) != misere else min(vals)

    return value(st) - st.books[0]


def test_low_game_endings_searched_misere_equal_brute_force():
    """Two-player Whist Low games (the shipped whist2 deals are Low games): the search
    with ``misere`` equals minimax where each player wants few tricks, and differs from
    the search for many tricks somewhere."""
    record = read_jsonl(DATA / "whist2.jsonl")[0]
    n = differ = 0
    for solver, st in _endings(record, 2):
        assert st.hl_game == "low"
        low = Solver2(solver.hand_cards, solver.piles, st.trump, st.low, misere=True)
        left = [st.hands[s] | sum(1 << c for p in st.piles[s] for c in p) for s in (0, 1)]
        leader = st.trick_seats[0] if st.trick_cards else st.to_act
        got = low.tricks(left, leader, st.trick_cards)
        assert got == _brute(st, misere=True)
        differ += got != solver.tricks(left, leader, st.trick_cards)
        n += 1
    assert n >= 8 and differ


def _endings(record, tricks: int):
    """(solver of the deal, state) for each play position with at most ``tricks`` tricks
    left (the trick in progress counted)."""
    sts = states(record)
    solver = None
    for st in sts[:-1]:
        if st.phase_name != "play":
            solver = None
            continue
        if solver is None:  # the deal's first card: hands and piles as dealt
            piles = [[(p[0], p[1]) for p in ps] for ps in st.piles]
            solver = Solver2(st.hands, piles, st.trump, st.low, st.ruleset.jokers_follow_trump)
        if st.n_tricks - len(st.tricks) <= tricks:
            yield solver, st


def _check(record, tricks: int) -> int:
    n = 0
    for solver, st in _endings(record, tricks):
        left = [st.hands[s] | sum(1 << c for p in st.piles[s] for c in p) for s in (0, 1)]
        leader = st.trick_seats[0] if st.trick_cards else st.to_act
        got = solver.tricks(left, leader, st.trick_cards)
        assert got == _brute(st), (
            st.deal_no,
            len(st.tricks),
            [CARD_TEXT[c] for c in st.trick_cards],
        )
        legal = {a.code for a in st.legal_actions()}
        classes = solver.move_classes(left, leader, st.trick_cards)
        assert sorted(c for cls in classes for c in cls) == sorted(legal)
        n += 1
    return n


@pytest.mark.parametrize("name", ["bid2", "whist2"])
def test_endings_of_shipped_two_player_deals_equal_brute_force(name):
    record = read_jsonl(DATA / f"{name}.jsonl")[0]
    assert _check(record, 2) >= 8


def test_endings_under_the_club_jokers_rule_equal_brute_force():
    for seed in (1, 2):
        record = simulate(
            "whist",
            seed=seed,
            players=["random", "random"],
            variant="bid2",
            jokers_follow_trump=True,
        )
        assert _check(record, 2) >= 8


@pytest.mark.slow
@pytest.mark.parametrize("name", ["bid2", "whist2"])
def test_longer_endings_equal_brute_force(name):
    for record in read_jsonl(DATA / f"{name}.jsonl")[1:3]:
        assert _check(record, 3) >= 12


@pytest.mark.parametrize("name", ["bid2", "whist2"])
def test_two_player_cards_of_the_last_tricks_are_graded_and_the_rest_named(name, monkeypatch):
    """With the Python search (the C one, when built, grades every card: test_dd2.py)."""
    monkeypatch.setenv("TABLETOP_PURE_SOLVER", "1")
    record = read_jsonl(DATA / f"{name}.jsonl")[0]
    notes = analyse(record)
    sts = states(record)
    want = [
        i
        for i, st in enumerate(sts[:-1])
        if st.phase_name == "play" and st.n_tricks - len(st.tricks) <= TRICKS
    ]
    assert [a.step for a in notes] == want
    for a in notes:
        assert a.loss >= 0 and a.unit == "tricks" and a.action == record.actions[a.step]
        assert a.best.startswith("play ")
        assert (a.loss > 0) == (a.mark in ("?!", "?", "??"))
    assert [w.code for w in not_graded(record)] == ["whist.not_graded_two_python"]
