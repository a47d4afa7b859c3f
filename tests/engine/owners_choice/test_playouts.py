"""Random playouts: invariants after every action, for 2-5 players; records round-trip."""

import random

import pytest

from engine import GameRecord, get_game, replay, simulate
from engine.core.protocol import CHANCE, RandomBot
from engine.owners_choice import check_invariants

GAME = get_game("owners_choice")


def random_game(n: int, seed: int, bots=None, check=True, **rules):
    bots = bots or [GAME.make_bot("random") for _ in range(n)]
    s = GAME.new_initial_state(n, **rules)
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
    """750 games per player count (3,000 in all), invariants after every action."""
    for seed in range(750):
        s = random_game(n, seed)
        assert s.pos == s.t.goal
        assert s.winners()


@pytest.mark.parametrize("n", [2, 5])
def test_uniform_random_play_ends_thanks_to_the_trade_cap(n):
    """The core's uniform RandomBot trades ~10 times a turn; the per-turn cap ends it."""
    for seed in range(40):
        s = random_game(n, seed, bots=[RandomBot() for _ in range(n)])
        assert s.is_terminal()


def test_playouts_with_every_assumption_flipped():
    flipped = {
        "no_president": "active_player",
        "sale_tie_active_last": False,
        "bankrupt_on_overshoot": False,
        "last_player_may_leave": True,
        "max_trades_per_turn": 3,
    }
    for n in (2, 3, 4, 5):
        for seed in range(100):
            random_game(n, seed, **flipped)


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
