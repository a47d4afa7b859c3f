"""Random playouts: invariants after every action, for 2-5 players; records round-trip."""

import random

import pytest

from engine import GameRecord, get_game, replay, simulate
from engine.core.protocol import CHANCE
from engine.owners_choice import check_invariants

GAME = get_game("owners_choice")


def random_game(n: int, seed: int, bots=None, check=True):
    bots = bots or [GAME.make_bot("random") for _ in range(n)]
    s = GAME.new_initial_state(n)
    rc, rb = random.Random(seed), random.Random(seed + 10_000)
    steps = 0
    while not s.is_terminal():
        p = s.current_player()
        if p == CHANCE:
            a = s.sample_chance(rc)
            assert a in [x for x, _ in s.chance_outcomes()]
        else:
            legal = s.legal_actions()
            assert legal, s.describe_turn()
            a = bots[p].choose(s, p, rb)
            assert a in legal
            assert s.parse_action(str(a)) == a
            assert eval(repr(a), {"Action": type(a)}) == a
        s.apply_trusted(a)
        if check:
            check_invariants(s)
        steps += 1
        assert steps < 5000
    return s


@pytest.mark.parametrize("n", [2, 3, 4, 5])
def test_random_playouts_keep_invariants(n):
    for seed in range(400):
        s = random_game(n, seed)
        assert s.pos == s.t.goal
        assert s.winners()


def test_chance_outcomes_sum_to_one_and_cover_raw_faces():
    s = GAME.new_initial_state(4)
    for die, outcomes in enumerate(s.ch.outcomes):
        assert sum(p for _, p in outcomes) == 1
        assert {a for a, _ in outcomes} == set(s.ch.raw[die])


def test_sampling_matches_probabilities():
    s = GAME.new_initial_state(2)
    s.phase, s.die = 4, 0  # the R president die is rolling
    rng = random.Random(5)
    counts = {}
    for _ in range(6000):
        a = str(s.sample_chance(rng))
        counts[a] = counts.get(a, 0) + 1
    assert 1800 < counts["die R +1"] < 2200  # 2/6 of 6000
    assert 850 < counts["die R dividend"] < 1150


def test_clone_is_independent():
    s = random_game(3, 1, check=False)
    c = s.clone()
    c.cash[0] += 1
    c.hold[0] += 1
    c.history.append("x")
    assert s.cash[0] != c.cash[0] and s.hold[0] != c.hold[0] and s.history != c.history


@pytest.mark.parametrize("players", [["heuristic", "random"], ["random"] * 5])
def test_record_round_trip(players):
    rec = simulate("owners_choice", seed=3, players=players)
    again = GameRecord.from_json(rec.to_json())
    assert again == rec
    last = None
    for step in replay(again):
        last = step.state
    assert last.is_terminal() and last.returns() == rec.result["scores"]


def test_heuristic_games_keep_invariants():
    for seed in range(10):
        bots = [GAME.make_bot("heuristic"), GAME.make_bot("random")] * 2
        random_game(4, seed, bots=bots)
