"""Every registered game honours the protocol: random playouts through the checked API.

For each game and player count this plays whole games with random choices and checks,
at every step: chance probabilities are exact and sum to 1; legal actions are non-empty
and their text parses back to the same action; a clone is independent and replays the
same; the record round-trips through JSON and replay.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

import pytest

from engine import CHANCE, TERMINAL, EngineError, GameRecord, game_names, get_game, replay
from engine.core.records import result_of
from engine.core.ruleset import make_ruleset

GAMES = game_names(include_demo=True)
CASES = [
    (name, n)
    for name in GAMES
    for n in get_game(name).players_for(make_ruleset(get_game(name).ruleset_class))
]


@pytest.mark.parametrize(("name", "num_players"), CASES)
def test_random_playout_through_the_checked_api(name, num_players):
    game = get_game(name)
    rng = random.Random(f"{name}-{num_players}")
    for _ in range(2):
        state = game.new_initial_state(num_players)
        steps = 0
        while not state.is_terminal():
            player = state.current_player()
            _check_legal_type(state, player)
            if player == CHANCE:
                try:
                    outcomes = state.chance_outcomes()
                except EngineError:
                    action = state.sample_chance(rng)  # a whole deal: sampled, not listed
                else:
                    assert outcomes and sum(p for _, p in outcomes) == 1
                    assert all(0 < p <= 1 for _, p in outcomes)
                    action = state.sample_chance(rng)
            else:
                legal = state.legal_actions()
                assert legal, f"no legal action at step {steps} ({state.describe_turn()})"
                for a in legal[:50]:
                    assert state.parse_action(str(a)) == a, str(a)
                action = rng.choice(legal)
            if steps % 7 == 0:
                twin = state.clone()
                state.apply(str(action))
                assert twin.history == state.history[:-1]
                twin.apply(str(action))
                assert twin.history == state.history
                assert twin.current_player() == state.current_player()
            else:
                state.apply(str(action))
            steps += 1
            assert steps < 200_000
        record = GameRecord(
            game=name,
            players=["random"] * num_players,
            actions=list(state.history),
            result=result_of(state),
        )
        _check_legal_type(state, state.current_player())
        again = GameRecord.from_json(record.to_json())
        last = None
        for step in replay(again):
            last = step.state
        assert last is not None and last.returns() == state.returns()
        assert len(state.returns()) == num_players


def _check_legal_type(state, player) -> None:
    """What the protocol promises of ``legal_actions()``: a read-only ``Sequence`` at every
    node, empty exactly at chance and terminal nodes, that indexes, slices and copies."""
    legal = state.legal_actions()
    assert isinstance(legal, Sequence), type(legal)
    assert not isinstance(legal, str | bytes)
    if player in (CHANCE, TERMINAL):
        assert len(legal) == 0 and not legal
    else:
        assert len(legal) > 0
        assert list(legal)[0] == legal[0] and list(legal[:1]) == [legal[0]]
    assert state.legal_actions() == legal  # asking twice gives the same moves


@pytest.mark.parametrize("name", GAMES)
def test_every_game_has_a_random_and_a_documented_ruleset(name):
    game = get_game(name)
    assert "random" in game.bots
    from dataclasses import fields

    for f in fields(game.ruleset_class):
        assert f.metadata.get("doc"), f"ruleset field {f.name} has no doc"
