"""Bots: legal choices in every phase, and the heuristic side beats random (fixed seeds;
the 500-game figures are in the report: ``python -m engine.whist.bench 500``)."""

import random

import pytest

from engine.whist.bench import win_rate
from engine.whist.bots import HeuristicBot, best_contract, estimate_books
from engine.whist.cards import parse_card
from tests.whist.helpers import GAME, players


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
