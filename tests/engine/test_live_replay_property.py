"""Property: a game entered move by move (as on the live page) and the record it leaves
replay to the same state at every step. For the games whose chance events are small
enough to enter one by one (Stack 5, Owner's Choice, the Pig demo)."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine import CHANCE, EngineError, GameRecord, get_game, replay
from engine.core.records import result_of

LIVE_GAMES = []
for _name in ("pig", "stack5", "owners_choice"):
    try:
        get_game(_name)
        LIVE_GAMES.append(_name)
    except EngineError:
        pass


def enter_game(name: str, seed: int, max_steps: int = 400):
    """Play like a person at the table: pick among the offered outcomes and moves."""
    rng = random.Random(seed)
    game = get_game(name)
    counts = list(game.players_for(game.ruleset_class()))
    state = game.new_initial_state(rng.choice(counts))
    seen = [repr(state.observation(None))]
    for _ in range(max_steps):
        if state.is_terminal():
            break
        if state.current_player() == CHANCE:
            options = [str(a) for a, _ in state.chance_outcomes()]
        else:
            options = [str(a) for a in state.legal_actions()]
        state.apply(rng.choice(options))
        seen.append(repr(state.observation(None)))
    record = GameRecord(
        game=name,
        players=[f"P{i}" for i in range(state.num_players)],
        actions=list(state.history),
        result=result_of(state),
    )
    return record, seen


@pytest.mark.parametrize("name", LIVE_GAMES)
@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 10**9))
def test_entered_game_replays_identically(name, seed):
    record, seen = enter_game(name, seed)
    again = GameRecord.from_json(record.to_json())
    replayed = [repr(step.state.observation(None)) for step in replay(again)]
    assert replayed == seen[1:]
