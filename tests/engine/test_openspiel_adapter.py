"""The four games inside OpenSpiel (engine/adapters/openspiel.py).

OpenSpiel's own conformance test (``pyspiel.random_sim_test``) runs on every game and
Whist variant; OpenSpiel's MCTSBot plays Stack 5 and its ISMCTSBot plays Bid Whist through
the adapter to the end.
"""

from __future__ import annotations

import random

import numpy as np
import pytest

pyspiel = pytest.importorskip("pyspiel")
osa = pytest.importorskip("engine.adapters.openspiel")

VARIANTS = [
    ("stack5", {}),
    ("stack5", {"players": 4}),
    ("owners_choice", {}),
    ("owners_choice", {"players": 2}),
    ("stock_holdem", {}),
    ("stock_holdem", {"players": 6}),
    ("whist", {"variant": "bid4"}),
    ("whist", {"variant": "whist4"}),
    ("whist", {"variant": "bid2"}),
    ("whist", {"variant": "whist2"}),
]
IDS = [f"{name}-{'-'.join(f'{k}{v}' for k, v in p.items()) or 'default'}" for name, p in VARIANTS]


def load(name, params):
    return pyspiel.load_game(osa.PREFIX + name, params)


@pytest.mark.parametrize(("name", "params"), VARIANTS, ids=IDS)
def test_openspiel_conformance_random_sim_test(name, params):
    pyspiel.random_sim_test(load(name, params), num_sims=3, serialize=True, verbose=False)


@pytest.mark.slow
@pytest.mark.parametrize(("name", "params"), VARIANTS, ids=IDS)
def test_openspiel_conformance_random_sim_test_long(name, params):
    pyspiel.random_sim_test(load(name, params), num_sims=40, serialize=True, verbose=False)


def random_play(game, seed):
    """Random play; yields each non-terminal state."""
    rng = random.Random(seed)
    state = game.new_initial_state()
    while not state.is_terminal():
        yield state
        if state.is_chance_node():
            actions, probs = zip(*state.chance_outcomes())
            state.apply_action(rng.choices(actions, probs)[0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    yield state


@pytest.mark.parametrize(("name", "params"), VARIANTS, ids=IDS)
def test_one_action_id_per_action_text_and_the_engine_agrees(name, params):
    game = load(name, params)
    texts = game.texts
    assert len(set(texts)) == len(texts) == game.num_distinct_actions()
    for state in random_play(game, seed=7):
        if state.is_terminal():
            break
        engine = osa.engine_state(state)
        player = state.current_player()
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            assert abs(sum(p for _, p in outcomes) - 1) < 1e-9
            continue
        got = sorted(state.action_to_string(player, a) for a in state.legal_actions())
        assert got == sorted(str(a) for a in engine.legal_actions())


@pytest.mark.parametrize("name", ["stack5", "owners_choice"])
def test_chance_probabilities_are_the_engine_fractions(name):
    game = load(name, {})
    for state in random_play(game, seed=3):
        if state.is_chance_node():
            engine = osa.engine_state(state)
            exact = {str(a): float(p) for a, p in engine.chance_outcomes()}
            mine = {state.action_to_string(-1, a): p for a, p in state.chance_outcomes()}
            assert mine == exact


def test_whist_deal_is_dealt_card_by_card_uniformly_then_becomes_one_engine_deal():
    game = load("whist", {"variant": "bid4"})
    state = game.new_initial_state()
    state.apply_action(state.chance_outcomes()[0][0])  # the first dealer
    for k in range(54):
        assert state.is_chance_node()
        outcomes = state.chance_outcomes()
        assert len(outcomes) == 54 - k
        assert all(p == pytest.approx(1 / (54 - k)) for _, p in outcomes)
        state.apply_action(outcomes[-1][0])
    engine = osa.engine_state(state)
    assert engine.history[-1].startswith("deal ")
    assert not state.is_chance_node()


def test_stock_holdem_deal_uses_only_the_cards_it_needs():
    game = load("stock_holdem", {"players": 3})
    state = game.new_initial_state()
    dealt = 0
    while state.is_chance_node():
        assert len(state.chance_outcomes()) == 42 - dealt
        state.apply_action(state.chance_outcomes()[0][0])
        dealt += 1
    assert dealt == 12 + 3 * 6  # 2 face up per company, hands of 6


def test_serialization_round_trip_replays_the_action_ids():
    game = load("whist", {"variant": "bid2"})
    states = list(random_play(game, seed=11))
    state = states[len(states) // 2]
    back = game.deserialize_state(state.serialize())
    assert str(back) == str(state)
    assert back.history() == state.history()
    assert osa.engine_state(back).history == osa.engine_state(state).history


def test_max_moves_ends_the_game_as_a_draw():
    game = load("stack5", {"max_moves": 5})
    state = list(random_play(game, seed=1))[-1]
    assert state.is_terminal()
    assert not osa.engine_state(state).is_terminal()
    assert state.returns() == [0.5, 0.5]


def test_winner_takes_the_win_share():
    game = load("stack5", {})
    state = list(random_play(game, seed=2))[-1]
    engine = osa.engine_state(state)
    assert engine.is_terminal()
    assert state.returns() == [1.0 if s in engine.winners() else 0.0 for s in range(2)]


def test_game_parameters_are_ruleset_fields():
    game = load("stack5", {"target": 1, "players": 3})
    engine = osa.engine_state(game.new_initial_state())
    assert engine.ruleset.target == 1 and engine.num_players == 3


def test_default_max_moves_is_far_above_random_game_lengths():
    for name, params in VARIANTS:
        game = load(name, params)
        for seed in range(2):
            state = list(random_play(game, seed))[-1]
            assert osa.engine_state(state).is_terminal(), (name, params, seed)


def test_mcts_bot_plays_stack5_to_the_end():
    from open_spiel.python.algorithms import mcts

    game = load("stack5", {})
    rng = np.random.RandomState(0)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng)
    bot = mcts.MCTSBot(game, uct_c=2, max_simulations=8, evaluator=evaluator, random_state=rng)
    state = game.new_initial_state()
    chance = random.Random(0)
    while not state.is_terminal():
        if state.is_chance_node():
            actions, probs = zip(*state.chance_outcomes())
            state.apply_action(chance.choices(actions, probs)[0])
        else:
            action = bot.step(state)
            assert action in state.legal_actions()
            state.apply_action(action)
    assert sorted(state.returns()) == [0.0, 1.0]


def test_ismcts_bot_plays_bid_whist_to_the_end():
    from open_spiel.python.algorithms import ismcts, mcts

    game = load("whist", {"variant": "bid4", "bid_target": 1})
    rng = np.random.RandomState(0)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng)
    bot = ismcts.ISMCTSBot(game, evaluator, uct_c=2, max_simulations=6, random_state=rng)
    bot.set_resampler(osa.resampler(seed=0))
    state = game.new_initial_state()
    chance = random.Random(0)
    decisions = 0
    while not state.is_terminal():
        if state.is_chance_node():
            actions, probs = zip(*state.chance_outcomes())
            state.apply_action(chance.choices(actions, probs)[0])
        else:
            action = bot.step(state)
            assert action in state.legal_actions()
            state.apply_action(action)
            decisions += 1
    assert osa.engine_state(state).is_terminal()
    assert decisions >= 4 * 12
    assert sorted(state.returns()) == [0.0, 0.0, 0.5, 0.5]


def test_resampled_whist_world_has_the_same_information_state():
    game = load("whist", {"variant": "bid4"})
    resample = osa.resampler(seed=3)
    checked = redealt = 0
    for state in random_play(game, seed=5):
        if state.is_terminal() or state.is_chance_node():
            continue
        seat = state.current_player()
        world = resample(state, seat)
        assert world.information_state_string(seat) == state.information_state_string(seat)
        redealt += osa.engine_state(world).history != osa.engine_state(state).history
        checked += 1
        if checked >= 30:
            break
    assert redealt >= 20  # the unseen cards really move
