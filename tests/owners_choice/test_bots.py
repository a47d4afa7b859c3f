"""The Owner's Choice search bot's leaf value and its cut-off rollouts."""

from __future__ import annotations

import random

from engine import get_game
from engine.owners_choice import from_position
from engine.owners_choice.state import SETUP
from engine.owners_choice.world import TURNS, _turns_later, evaluate


def test_search_bot_values_a_leaf_by_the_net_worth_lead():
    s = from_position(
        prices=[100, 100, 100, 100],
        holdings=[[3, 0, 0, 0], [0, 1, 0, 0], [0, 0, 0, 0]],
        cash=[400, 500, 300],
        fund=0,
        pos=5,
    )
    u = evaluate(s)  # net worth 700, 600, 300
    assert all(0.0 < x < 1.0 for x in u)
    assert u[0] > 0.5 > u[1] > u[2]


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
