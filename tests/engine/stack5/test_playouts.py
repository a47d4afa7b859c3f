"""Random playouts checking invariants, and record round trips."""

from __future__ import annotations

import json
import random

import pytest

from engine import CHANCE, GameRecord, replay, simulate
from engine.core.protocol import RandomBot
from engine.stack5.state import P_OVER

from .util import new

GAMES = {2: 500, 3: 300, 4: 200}


@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_playouts_keep_invariants(players):
    bot = RandomBot()
    for g in range(GAMES[players]):
        rng = random.Random(g * 10 + players)
        s = new(players, steal_from="last_placed") if g % 4 == 3 else new(players)
        spec = s.spec
        scores = list(s.scores)
        steps = 0
        while not s.is_terminal():
            p = s.current_player()
            if p == CHANCE:
                outcomes = s.chance_outcomes()
                assert sum(pr for _, pr in outcomes) == 1
                a = s.sample_chance(rng)
            else:
                legal = s.legal_actions()
                assert legal, s.describe_turn()
                a = bot.choose(s, p, rng)
            s.apply_trusted(a)
            steps += 1
            assert steps < 20_000
            assert s.card_count() == spec.size == 87
            assert min(s.deck) >= 0 and min(s.discard) >= 0
            for rows, stamps in zip(s.rows, s.stamps):
                assert len(rows) == 3
                for row, st in zip(rows, stamps):
                    assert len(row) < 5 and spec.viable(row)
                    assert len(st) == len(row) and list(st) == sorted(st)
            assert all(b >= a for a, b in zip(scores, s.scores))
            scores = list(s.scores)
        assert s.phase == P_OVER
        assert max(s.scores) >= 3 and s.winners() == [s.scores.index(max(s.scores))]
        assert sorted(s.scores)[-2] < 3  # nobody else reached the target


def test_checked_apply_agrees_with_trusted():
    for seed in range(20):
        rec = simulate("stack5", seed=seed, players=["random", "random", "random"])
        s = new(3)
        for text in rec.actions:
            s.apply(text)  # every recorded action passes the full check
        assert s.returns() == rec.result["scores"]


def test_record_round_trip_and_replay():
    rec = simulate("stack5", seed=5, players=["heuristic", "random"])
    back = GameRecord.from_json(rec.to_json())
    assert back == rec
    steps = list(replay(back))
    assert steps[-1].state.is_terminal()
    json.dumps(steps[len(steps) // 2].state.observation(0))


def test_clone_replays_identically():
    rng = random.Random(3)
    s = new(2)
    bot = RandomBot()
    for _ in range(60):
        if s.is_terminal():
            break
        p = s.current_player()
        s.apply_trusted(s.sample_chance(rng) if p == CHANCE else bot.choose(s, p, rng))
    c = s.clone()
    rng1, rng2 = random.Random(9), random.Random(9)
    for st, r in ((s, rng1), (c, rng2)):
        while not st.is_terminal():
            p = st.current_player()
            st.apply_trusted(st.sample_chance(r) if p == CHANCE else bot.choose(st, p, r))
    assert s.history == c.history and s.returns() == c.returns()
