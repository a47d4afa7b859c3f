"""Random playouts checking invariants after every action, and the bots."""

from __future__ import annotations

import random

import pytest

from engine import RandomBot, get_game, parse_jsonl, simulate, write_jsonl
from engine.core.protocol import CHANCE, TERMINAL
from engine.stock_holdem.state import CLEANUP, TRADE

GAME = get_game("stock_holdem")


def check(s):
    n = s.num_players
    if s.phase in (TRADE, CLEANUP):
        on_board = [c for b in s.board for c in b]
        in_hands = [c for h in s.hands for c in h]
        dealt = on_board + in_hands
        assert len(dealt) == len(set(dealt))
        # the undealt cards are set aside; dealt + undealt = 42
        undealt = 42 - 12 - n * s.hand_size
        assert len(dealt) == 42 - undealt
        assert all(len(b) <= 5 for b in s.board)
    for co in range(6):
        held = sum(sh[co] for sh in s.shares)
        assert 0 <= held <= 11 and s.supply(co) == 11 - held
        assert all(sh[co] >= 0 for sh in s.shares)
        assert 1 <= s.prices[co] <= 57
    assert all(m >= 0 for m in s.money)
    assert all(0 <= c <= 7 for c in s.chips)
    assert s.round in (0, 1)
    assert sum(s.stock_up) <= 3 and all(x <= 1 for x in s.stock_up)


@pytest.mark.parametrize("n", [3, 4, 5, 6])
def test_random_playouts_keep_invariants(n):
    bots = [RandomBot()] * n
    for seed in range(60):
        s = GAME.new_initial_state(n)
        rng = random.Random(seed)
        rounds_seen = set()
        steps = 0
        while s.current_player() != TERMINAL:
            p = s.current_player()
            if p == CHANCE:
                s.apply_trusted(s.sample_chance(rng))
            else:
                s.apply_trusted(bots[p].choose(s, p, rng))
            check(s)
            rounds_seen.add(s.round)
            steps += 1
            assert steps < 5000
        assert rounds_seen == {0, 1} and len(s.results) == 2
        assert s.legal_actions() == []
        final = s.results[1][2]
        assert tuple(s.prices) == final


def test_clone_is_independent():
    s = GAME.new_initial_state(4)
    rng = random.Random(3)
    for _ in range(60):
        if s.current_player() == CHANCE:
            s.apply(s.sample_chance(rng))
        else:
            s.apply(rng.choice(s.legal_actions()))
    c = s.clone()
    assert c.observation(None) == s.observation(None) and c.history == s.history
    while c.current_player() != TERMINAL:
        if c.current_player() == CHANCE:
            c.apply(c.sample_chance(rng))
        else:
            c.apply(rng.choice(c.legal_actions()))
    assert s.current_player() != TERMINAL and len(s.history) == 60


def test_apply_checked_equals_trusted():
    rec = simulate("stock_holdem", seed=12, players=["random"] * 5)
    s = GAME.new_initial_state(5)
    for a in rec.actions:
        s.apply(a)  # checked: every recorded action is legal
    assert s.returns() == rec.result["scores"]


def test_bots_only_use_observation():
    """The heuristic bot's choice does not change when hidden cards with the same backs
    are swapped between two other seats' hands."""
    from engine.stock_holdem.bots import HeuristicBot
    from engine.stock_holdem.cards import backs

    back = backs("even")
    bot = HeuristicBot()
    swapped = 0
    for seed in range(20):
        rng = random.Random(seed)
        s = GAME.new_initial_state(4)
        s.apply(s.sample_chance(rng))
        while s.current_player() != 1 or s.turn_number < 2:
            s.apply(rng.choice(s.legal_actions()))
        t = s.clone()
        pairs = [(x, y) for x in t.hands[2] for y in t.hands[3] if back[x] == back[y]]
        if not pairs:
            continue
        x, y = pairs[0]
        t.hands[2][t.hands[2].index(x)] = y
        t.hands[3][t.hands[3].index(y)] = x
        assert t.observation(1) == s.observation(1)
        assert bot.choose(s, 1, random.Random(1)) == bot.choose(t, 1, random.Random(1))
        swapped += 1
    assert swapped >= 3


def test_heuristic_beats_random_in_a_few_games(tmp_path):
    wins = 0
    records = []
    for seed in range(12):
        rec = simulate(
            "stock_holdem", seed=seed, players=["heuristic", "random", "random", "random"]
        )
        records.append(rec)
        wins += 0 in rec.result["winners"]
    assert wins >= 6
    path = tmp_path / "g.jsonl"
    write_jsonl(records, path)
    assert parse_jsonl(path.read_text(), verify=True) == records


def test_observation_reveals_only_what_a_seat_may_see():
    from engine.stock_holdem.cards import BEAR, backs, card_text

    back = backs("even")
    rng = random.Random(21)
    for n in (3, 4, 6):
        s = GAME.new_initial_state(n)
        while s.current_player() != TERMINAL:
            if s.current_player() == CHANCE:
                s.apply(s.sample_chance(rng))
            else:
                s.apply(rng.choice(s.legal_actions()))
            if s.phase not in (TRADE, CLEANUP):
                continue
            for seat in range(n):
                obs = s.observation(seat)
                for co in range(6):
                    for k, c in enumerate(s.board[co]):
                        may = (
                            k < 2
                            or c == BEAR
                            or s.placer[co][k] == seat
                            or (s.known[seat] >> c) & 1
                        )
                        assert obs["board"][co][k] == (card_text(c) if may else back[c])
                for p in range(n):
                    want = [card_text(c) if p == seat else back[c] for c in s.hands[p]]
                    assert list(obs["hands"][p]) == want


def _peeks_by_full_scan(s, p):
    """The peek moves of seat ``p`` listed from scratch: every face-down card on a company
    that ``p`` did not place, does not know and that is not Bear (public back)."""
    from engine.stock_holdem.actions import PEEK_MOVES
    from engine.stock_holdem.cards import BEAR

    return [
        PEEK_MOVES[co][k]
        for co in range(6)
        for k in range(2, len(s.board[co]))
        if s.placer[co][k] != p
        and s.board[co][k] != BEAR
        and not (s.known[p] >> s.board[co][k]) & 1
    ]


@pytest.mark.parametrize("overrides", [{}, {"peek_hands": True}])
def test_peek_targets_kept_by_the_transitions_match_a_full_scan_in_whole_games(overrides):
    for seed in range(6):
        s = GAME.new_initial_state(4, **overrides)
        bots = [RandomBot()] * 4
        rng, chance = random.Random(seed), random.Random(-seed)
        while not s.is_terminal():
            p = s.current_player()
            if p == CHANCE:
                s.apply_trusted(s.sample_chance(chance))
                continue
            legal = s.legal_actions()
            if s.phase == TRADE and s.chips[p] >= s.ruleset.cost_peek:
                assert [m for m in legal if m.kind == "peek"] == _peeks_by_full_scan(s, p)
            if rng.random() < 0.05:  # a copy goes on exactly like the original
                c = s.clone()
                assert c.legal_actions() == legal
                s = c
            s.apply_trusted(bots[p].choose(s, p, rng))
