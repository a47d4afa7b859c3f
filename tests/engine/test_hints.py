"""Hints: whole games in which seat 0 follows every hint. Each hint is legal, suggests
the best of its own values, and the game's analysis, grading the record afterwards,
finds no loss in any hinted decision it grades (the hint and the grading value moves
the same way). Other seats are the heuristic bots."""

from __future__ import annotations

import random

import pytest

from engine import GameRecord, get_game
from engine.analysis import analyse, quick_options
from engine.hints import Hint, hint

GAMES = [("stack5", 2, 40), ("stock_holdem", 3, 200), ("owners_choice", 3, 150), ("whist", 4, 80)]


def _play(name: str, players: int, seed: int, moves: int):
    game = get_game(name)
    state = game.new_initial_state(players)
    rng = random.Random(seed)
    bot = game.make_bot("heuristic")
    hints: dict[int, Hint] = {}
    while not state.is_terminal() and len(hints) < moves:
        seat = state.current_player()
        if seat < 0:
            state.apply_trusted(state.sample_chance(rng))
        elif seat == 0:
            h = hint(game, state, 0, seed=seed)
            assert h is not None and h.seat == 0
            legal = {str(a) for a in state.legal_actions()}
            assert h.best in legal
            if h.values:
                best = max(v for _, v in h.values)
                assert dict(h.values)[h.best] == pytest.approx(best)
                assert {t for t, _ in h.values} <= legal | {"(no free action)", "(no peek)"}
                assert h.reason.code.startswith("hint.")
            else:
                assert h.reason.code == "hint.bot" and h.bot
            assert hint(game, state, 1, seed=seed) is None  # not seat 1's turn
            hints[len(state.history)] = h
            state.apply(h.best)
        else:
            state.apply(bot.choose(state.clone(), seat, rng))
    record = GameRecord(name, [f"p{i}" for i in range(players)], list(state.history), seed=seed)
    if state.is_terminal():
        from engine.core.records import result_of

        record.result = result_of(state)
    return record, hints


@pytest.mark.parametrize(("name", "players", "moves"), GAMES)
@pytest.mark.parametrize("seed", [1, 2])
def test_hints_are_legal_and_the_analysis_agrees(name, players, moves, seed):
    record, hints = _play(name, players, seed, moves)
    valued = {step for step, h in hints.items() if h.values}
    assert valued, "no decision was valued"
    notes = analyse(record, **quick_options(name))
    graded = [n for n in notes if n.step in valued and n.seat == 0]
    assert graded, "the analysis graded none of the hinted decisions"
    for note in graded:
        assert note.loss == pytest.approx(0.0, abs=1e-9), (note, hints[note.step])


def test_stack5_draw_hint_gives_the_bust_chance():
    from engine.stack5 import setup_position

    s = setup_position({0: ["R1 R2 R3 R4"]})
    for a in ["G5", "B3", "draw", "Y1", "draw", "P2"]:
        s.apply(a)
    h = hint("stack5", s, s.current_player())
    assert h is not None and h.best == "stop"  # the analysis's doctest: stop 0.48 > draw 0.189
    assert h.reason.code == "hint.stack5.draw"
    assert h.reason.params["bust"].endswith("%")
