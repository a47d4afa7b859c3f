"""Bots: legal choices from public information, and the heuristic beats random."""

from __future__ import annotations

import random

from engine import CHANCE, simulate
from engine.stack5.actions import DRAW, STOP, Give
from engine.stack5.bots import HeuristicBot, greedy_gain

from .util import new, play, with_rows


def test_heuristic_plays_legal_moves_with_3_and_4_players():
    for players in (3, 4):
        rec = simulate("stack5", seed=players, players=["heuristic"] * players)
        assert len(rec.result["winners"]) == 1


def test_heuristic_stops_on_a_risky_hand_and_draws_on_a_safe_one():
    bot = HeuristicBot()
    s = play(new(), "R1", "B2", "draw", "G3", "draw", "Y4")
    assert bot.choose(s, 0, random.Random(0)) == STOP
    s = play(new(), "R1", "JK")
    assert bot.choose(s, 0, random.Random(0)) == DRAW


def test_heuristic_completes_a_row():
    s = with_rows(new(), {0: ["R1 R2 R3 R4", "B5"]})
    play(s, "R5", "G1", "stop")
    assert str(HeuristicBot().choose(s, 0, random.Random(0))) == "place R5 row 1"


def test_heuristic_gives_bust_cards_to_the_player_they_help_least():
    s = with_rows(new(3), {1: ["Y1 Y2 Y3 Y4"], 2: ["R1 B1", "G2 P2", "B4 Y5"]})
    play(s, "Y5", "G5")
    assert HeuristicBot().choose(s, 0, random.Random(0)) == Give(2)
    spec = s.spec
    assert greedy_gain(spec, s.rows[1], spec.codes("Y5 G5")) > 0


def test_heuristic_beats_random():
    wins = 0
    games = 100
    for i in range(games):
        me = i % 2
        players = ["heuristic", "random"] if me == 0 else ["random", "heuristic"]
        rec = simulate("stack5", seed=1000 + i, players=players)
        wins += rec.result["winners"] == [me]
    assert wins >= 70, wins


def test_bot_uses_only_public_information():
    # the same observation gives the same choice whatever the deck order
    s = play(new(), "R1", "B2")
    a = HeuristicBot().choose(s, 0, random.Random(1))
    assert a in s.legal_actions() and s.current_player() != CHANCE


def test_search_rollout_bot_chooses_as_the_heuristic_in_every_position():
    """The search's rollout policy (state counts, memoised draw decisions) makes the
    heuristic's move in every position of whole games with 2-4 players."""
    import random

    from engine.stack5 import GAME
    from engine.stack5.bots import HeuristicBot, RolloutBot

    heuristic, fast = HeuristicBot(), RolloutBot()
    checked = 0
    for seed in range(24):
        state = GAME.new_initial_state(2 + seed % 3)
        rng = random.Random(seed)
        while not state.is_terminal():
            p = state.current_player()
            if p < 0:
                state.apply(state.sample_chance(rng))
                continue
            expected = heuristic.choose(state, p, random.Random(0))
            assert fast.choose(state, p, random.Random(0)) == expected
            assert fast.choose(state, p, random.Random(0)) == expected  # memoised
            checked += 1
            state.apply(expected if seed % 2 else rng.choice(state.legal_actions()))
    assert checked > 1000
