"""Whist sample_world: a determinization consistent with all the seat has seen (own hand,
cards played, voids shown, the turned-up trump, the kitty and discards the declarer saw,
the face-up straw cards) — its observation for that seat equals the real one at every
decision of random games of each variant, and each hidden hand respects the voids."""

import random

import pytest

from engine import get_game
from engine.whist.world import sample_world, void_masks

VARIANTS = ["bid4", "whist4", "bid2", "whist2"]


def decisions(variant: str, games: int, seed: int, limit: int = 400):
    game = get_game("whist")
    rng = random.Random(seed)
    bot = game.make_bot("random")
    for _ in range(games):
        s = game.new_initial_state(variant=variant)
        steps = 0
        while not s.is_terminal() and steps < limit:
            p = s.current_player()
            if p >= 0:
                yield s, rng
                s.apply_trusted(bot.choose(s, p, rng))
            else:
                s.apply_trusted(s.sample_chance(rng))
            steps += 1


def check_world(s, seat, rng):
    w = sample_world(s, seat, rng)
    assert w.observation(seat) == s.observation(seat)
    if seat == s.current_player():
        assert w.legal_actions() == s.legal_actions()
    voids = void_masks(s)
    for q in range(s.num_players):
        if q != seat:
            assert not w.hands[q] & voids[q]
    cards = [c for h in w.hands for c in range(54) if h >> c & 1]
    assert len(cards) == len(set(cards))
    assert w.history == []
    return w


@pytest.mark.parametrize("variant", VARIANTS)
def test_sampled_world_observation_equals_the_real_one_and_respects_voids(variant):
    for k, (s, rng) in enumerate(decisions(variant, 1, seed=1, limit=200)):
        if k % 3 == 0:
            for seat in range(s.num_players):
                check_world(s, seat, rng)


@pytest.mark.parametrize("variant", VARIANTS)
def test_sampled_world_plays_on_to_the_end_of_the_deal(variant):
    for k, (s, rng) in enumerate(decisions(variant, 1, seed=2, limit=120)):
        if k % 10 == 0:
            w = check_world(s, s.current_player(), rng)
            while w.current_player() >= 0:
                w.apply(rng.choice(w.legal_actions()))  # the checked apply accepts them


def test_a_player_who_did_not_follow_suit_is_void_in_it():
    s = get_game("whist").new_initial_state(variant="whist4", first_dealer=3)
    s.apply(s.sample_chance(random.Random(5)))
    rng = random.Random(0)
    while not any(void_masks(s)):
        s.apply_trusted(rng.choice(s.legal_actions()))
    seat = next(q for q, m in enumerate(void_masks(s)) if m)
    other = (seat + 1) % 4
    for _ in range(30):
        assert not sample_world(s, other, rng).hands[seat] & void_masks(s)[seat]


@pytest.mark.slow
@pytest.mark.parametrize("variant", VARIANTS)
def test_sampled_world_observation_equals_the_real_one_over_thousands_of_positions(variant):
    for s, rng in decisions(variant, 10, seed=9):
        for seat in range(s.num_players):
            check_world(s, seat, rng)
