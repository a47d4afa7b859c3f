"""Whist sample_world: a determinization consistent with all the seat has seen (own hand,
cards played, voids shown, the turned-up trump, the kitty and discards the declarer saw,
the face-up straw cards) — its observation for that seat equals the real one at every
decision of random games of each variant, and each hidden hand respects the voids."""

import random

import pytest

from engine import get_game
from engine.whist.cards import parse_card
from engine.whist.position import sample_world, void_masks

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


def test_a_tight_fill_is_always_found():
    """Three cards left each, the three unseen clubs only in the one hand not void in
    clubs: random fills find that world about once in 84 tries (the search bot failed on
    it with 200); the fallback always does, and the other hands vary."""
    s = get_game("whist").new_initial_state(4)
    deal = (
        "deal 0: AS 8S AH 10D 3D AC QC JC 7C 5C 4C 3C | 1: BJ 10S 9S 9H 6H QD JD 7D 6D 4D 2D"
        " 6C | 2: QS JS 7S 2S KH 7H 3H 2H KD 9D 8D 10C | 3: 6S 5S 4S QH JH 10H 5H 4H AD KC 9C"
        " 8C | kitty: LJ KS 3S 8H 5D 2C"
    )
    plays = (
        "BJ KH QH AH LJ QS 6S 8S 6C 10C KC 5C AS 3S JS 5S AC 2C 7S 9C 3C 2D 7H 8C 4D KD AD"
        " 10D 4S 3D QD 2S 4C 7D 3H JH"
    )
    for a in ["dealer 2", deal, "pass", "bid 3 uptown", "bid 4 downtown", "pass", "trump D"]:
        s.apply(a)
    for c in ["KS", "10S", "9S", "9H", "8H", "6H"]:
        s.apply(f"discard {c}")
    for c in plays.split():
        s.apply(f"play {c}")
    clubs = sum(1 << parse_card(c) for c in ("7C", "JC", "QC"))
    seen = set()
    for k in range(30):
        w = check_world(s, 1, random.Random(k))
        assert w.hands[0] == clubs
        seen.add(w.hands[2])
    assert len(seen) > 5
