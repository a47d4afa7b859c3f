"""Bots: legal choices in every phase, and the heuristic side beats random (fixed seeds;
the 500-game figures are in the report: ``python -m engine.whist.bench 500``)."""

import random

import pytest

from engine.whist.bench import win_rate
from engine.whist.bots import HeuristicBot, best_contract, estimate_books
from engine.whist.cards import parse_card
from tests.engine.whist.helpers import GAME, players


@pytest.mark.parametrize("variant", ["bid4", "whist4", "bid2", "whist2"])
def test_heuristic_wins_most_games(variant):
    wins, games = win_rate(variant, 40, seed=100)
    assert wins / games >= 0.8


@pytest.mark.parametrize("variant", ["bid4", "whist4", "bid2", "whist2"])
def test_heuristic_always_legal(variant):
    rng = random.Random(variant)
    bot = HeuristicBot()
    s = GAME.new_initial_state(players(variant), variant=variant)
    steps = 0
    while not s.is_terminal() and steps < 3000:
        p = s.current_player()
        if p < 0:
            s.apply(s.sample_chance(rng))
        else:
            a = bot.choose(s, p, rng)
            assert a in s.legal_actions()
            s.apply(a)
        steps += 1


def cards(text: str) -> list[int]:
    return [parse_card(c) for c in text.split()]


def test_estimates_rank_hands_sensibly():
    strong = cards("BJ LJ AS KS QS JS 10S AH KH AD KD AC")
    weak = cards("2S 3S 4H 5H 6D 7D 8C 9C 3D 4C 5S 6H")
    assert estimate_books(strong, 0, False) > 9 > estimate_books(weak, 0, False)
    est, kind, trump, low = best_contract(strong)
    assert kind == "uptown" and trump == 0 and not low
    # a hand of aces and deuces plays low
    low_hand = cards("AS 2S 3S 4S 5S AH 2H 3H AD 2D AC 2C")
    assert best_contract(low_hand)[1] in ("downtown", "notrump") and best_contract(low_hand)[3]


def _bid_of(bot, hand: str, before: tuple = ()):
    """The bot's bid with ``hand`` after the bids ``before`` (Bid Whist, 4 players, the
    first to speak is seat 0)."""
    from engine.whist.state import BID

    s = GAME.new_initial_state(4, first_dealer=3)
    rng = random.Random(0)
    while s.phase != BID:
        s.apply(s.sample_chance(rng))
    seat = len(before)
    mine = sum(1 << c for c in cards(hand))
    rest = iter(c for c in range(54) if not mine >> c & 1)
    s.hands = [mine if p == seat else sum(1 << next(rest) for _ in range(12)) for p in range(4)]
    s.kitty = tuple(rest)
    for b in before:
        s.apply(b)
    return str(bot.choose(s, seat, rng))


def test_extra_books_make_the_bot_bid_more_and_the_plain_heuristic_is_unchanged():
    """``bid_extra``: whether it bids at all and how high it goes."""
    hand = "AS KS 9S 5S 2S AH 7H 4H 9D 3D 8C 6C"
    est = best_contract(cards(hand))[0]
    assert 3 + 6 - 3.5 - 1 <= est < 3 + 6 - 3.5  # one book short of bidding 3
    assert _bid_of(HeuristicBot(), hand) == "pass"
    assert _bid_of(HeuristicBot(bid_extra=1.0), hand) == "bid 3 uptown"
    over = ("bid 3 uptown",)
    assert _bid_of(HeuristicBot(bid_extra=1.0), hand, over) == "pass"
    assert _bid_of(HeuristicBot(bid_extra=2.0), hand, over) == "bid 4 uptown"
