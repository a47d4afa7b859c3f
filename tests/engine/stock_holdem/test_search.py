"""Stock Hold'em sample_world: a determinization consistent with all the seat has seen
(backs kept, peeked and own cards fixed) — its observation for that seat equals the real
one at every decision of random games, with and without hand peeks."""

import random

import pytest

from engine import get_game
from engine.stock_holdem.cards import ALL_CARDS, backs
from engine.stock_holdem.search import sample_world, seen_cards


def positions(n: int, games: int, seed: int, **rules):
    game = get_game("stock_holdem")
    rng = random.Random(seed)
    bot = game.make_bot("random")
    for _ in range(games):
        s = game.new_initial_state(n, **rules)
        while not s.is_terminal():
            p = s.current_player()
            if p >= 0:
                yield s, rng
                s.apply_trusted(bot.choose(s, p, rng))
            else:
                s.apply_trusted(s.sample_chance(rng))


def check_world(s, seat, rng):
    w = sample_world(s, seat, rng)
    assert w.observation(seat) == s.observation(seat)
    if seat == s.current_player():
        assert w.legal_actions() == s.legal_actions()
    # a full, consistent state: every card once, other seats' views still well formed
    cards = [c for b in w.board for c in b] + [c for h in w.hands for c in h]
    assert len(cards) == len(set(cards)) and set(cards) <= set(ALL_CARDS)
    back = backs(s.ruleset.card_back_parity)
    assert [back[c] for h in w.hands for c in h] == [back[c] for h in s.hands for c in h]
    for q in range(s.num_players):
        assert len(w.observation(q)["known"]) == len(s.observation(q)["known"])
    return w


@pytest.mark.parametrize("peek_hands", [False, True])
@pytest.mark.parametrize("n", [3, 4, 6])
def test_sampled_world_observation_equals_the_real_one_for_every_seat(n, peek_hands):
    for k, (s, rng) in enumerate(positions(n, 2, seed=n, peek_hands=peek_hands)):
        if k % 4 == 0:
            for seat in range(n):
                check_world(s, seat, rng)


def test_sampled_worlds_differ_in_what_the_seat_has_not_seen():
    s, rng = next((s, r) for s, r in positions(4, 1, seed=1) if s.turn_index == 4)
    hidden = [w.hands[1] for w in (sample_world(s, 0, rng) for _ in range(20))]
    assert len({tuple(h) for h in hidden}) > 1
    seen = seen_cards(s, 0)
    for w in (sample_world(s, 0, rng) for _ in range(20)):
        assert w.hands[0] == s.hands[0]
        assert seen_cards(w, 0) == seen


def test_sampled_world_does_not_carry_the_real_deal_in_its_history():
    s, rng = next(positions(4, 1, seed=2))
    assert sample_world(s, 1, rng).history == []


@pytest.mark.slow
@pytest.mark.parametrize("peek_hands", [False, True])
def test_sampled_world_observation_equals_the_real_one_over_thousands_of_positions(peek_hands):
    for s, rng in positions(4, 40, seed=9, peek_hands=peek_hands):
        for seat in range(4):
            check_world(s, seat, rng)
