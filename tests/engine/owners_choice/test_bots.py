"""The Owner's Choice search bot's leaf value, its rollout policy and its cut-off rollouts."""

from __future__ import annotations

import random

from engine import get_game
from engine.core.search import rank_utility
from engine.owners_choice import from_position
from engine.owners_choice.outlook import option_values
from engine.owners_choice.search import TURNS, PassiveBot, _turns_later, evaluate
from engine.owners_choice.state import CHOOSE, SETUP


def test_search_bot_values_a_leaf_by_the_share_of_rivals_it_is_ahead_of():
    s = from_position(
        prices=[100, 100, 100, 100],
        holdings=[[3, 0, 0, 0], [0, 1, 0, 0], [0, 0, 0, 0]],
        cash=[400, 500, 300],
        fund=0,
        pos=5,
    )
    u = evaluate(s)  # net worth 700, 600, 300
    assert all(0.0 < x < 1.0 for x in u)
    assert u[0] > u[1] > 0.5 > u[2]  # second place is worth more than last
    assert abs(sum(u) - 1.5) < 1e-9  # each pair shares one unit: n / 2 in all


def test_search_bot_leaf_value_at_the_end_is_the_finishing_order():
    game = get_game("owners_choice")
    s = game.new_initial_state(4)
    rng = random.Random(2)
    bot = game.make_bot("heuristic")
    while not s.is_terminal():
        p = s.current_player()
        s.apply_trusted(s.sample_chance(rng) if p < 0 else bot.choose(s, p, rng))
    assert evaluate(s) == rank_utility(s)


def test_search_rollout_policy_never_trades_and_lets_presidents_pick_the_better_option():
    game = get_game("owners_choice")
    rng = random.Random(4)
    for _ in range(3):
        s = game.new_initial_state(4)
        bot = PassiveBot()
        while not s.is_terminal():
            p = s.current_player()
            if p < 0:
                s.apply_trusted(s.sample_chance(rng))
                continue
            a = bot.choose(s, p, rng)
            assert a in s.legal_actions()
            assert a.kind not in ("buy", "sell")
            if s.phase == CHOOSE and len(s.legal_actions()) > 1:
                vals = option_values(s)
                assert vals[a][p] == max(v[p] for v in vals.values())
            s.apply(a)


def test_search_rollout_stops_after_the_set_number_of_turns():
    game = get_game("owners_choice")
    s = game.new_initial_state(4)
    rng = random.Random(3)
    bot = game.make_bot("random")
    while s.current_player() < 0 or s.phase == SETUP:
        p = s.current_player()
        s.apply_trusted(s.sample_chance(rng) if p < 0 else bot.choose(s, p, rng))
    stop = _turns_later(s)
    turns, last = 0, s.active
    while not stop(s):
        assert turns < TURNS and not s.is_terminal()
        p = s.current_player()
        s.apply_trusted(s.sample_chance(rng) if p < 0 else bot.choose(s, p, rng))
        if s.active != last:
            turns, last = turns + 1, s.active
    assert turns == TURNS


def test_search_bot_plays_whole_games_against_the_heuristic():
    from engine.ladder import run_ladder

    lad = run_ladder("owners_choice", ["heuristic", "mcts@8"], games=2, seed=1)
    assert lad.games == 2


def test_rollout_pay_gain_equals_the_exact_option_values_of_the_president():
    from engine.owners_choice.actions import FUND, PAY
    from engine.owners_choice.search import pay_gain

    game = get_game("owners_choice")
    rng = random.Random(6)
    seen = 0
    for _ in range(6):
        s = game.new_initial_state(4)
        bots = [game.make_bot("heuristic"), game.make_bot("random")] * 2
        while not s.is_terminal():
            p = s.current_player()
            if p < 0:
                s.apply_trusted(s.sample_chance(rng))
                continue
            if s.phase == CHOOSE and len(s.legal_actions()) > 1:
                vals = option_values(s)
                exact = vals[PAY][p] - vals[FUND][p]
                assert abs(pay_gain(s) - float(exact)) < 1e-6
                seen += 1
            s.apply_trusted(bots[p].choose(s, p, rng))
    assert seen >= 10
