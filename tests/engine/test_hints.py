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
            else:  # not valued: the strongest bot's move
                assert h.bot and h.reason.code in ("hint.bot", "hint.stock_holdem.place")
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


def test_stock_holdem_placement_hint_gives_the_price_change():
    """A placement is the bot's, with the change it makes to the company's expected price
    from the placer's view: a card's face known in place of an unknown one."""
    from engine.stock_holdem.state import PLACE, TRADE

    game = get_game("stock_holdem")
    state = game.new_initial_state(3)
    rng = random.Random(2)
    while not (state.phase == TRADE and state.step == PLACE and state.current_player() >= 0):
        if state.current_player() < 0:
            state.apply_trusted(state.sample_chance(rng))
        else:
            state.apply_trusted(rng.choice(state.legal_actions()))
    h = hint(game, state, state.current_player(), seed=2)
    assert h is not None and h.best.startswith("place ") and not h.values
    assert h.reason.code == "hint.stock_holdem.place"
    assert h.reason.params["change"][-1].isdigit()
