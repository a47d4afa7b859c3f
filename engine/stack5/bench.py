"""Stack 5 micro-benchmarks for ``python -m engine bench stack5`` (one call = one unit).

- ``random_game_2p``: one full 2-player game between random bots;
- ``heuristic_vs_random``: one full heuristic-vs-random game;
- ``draw_odds_next``: the exact odds of the next draw (horizon 1), cold cache;
- ``draw_odds_k5``: the exact bust odds within 1..5 draws, cold cache;
- ``draw_odds_k5_warm``: the same with the memo already filled (the app's case).
"""

from __future__ import annotations

import itertools
import random

from engine.core.protocol import RandomBot
from engine.core.simulate import play_out
from engine.stack5 import GAME, draw_odds
from engine.stack5 import odds as _odds
from engine.stack5.bots import HeuristicBot

_seeds = itertools.count()
_HANDS = [["R3", "B1"], ["G2", "Y5", "JK"], ["P4"], ["R1", "B2", "G3"], ["Y1", "JK", "B5"]]


def _game(bots) -> None:
    i = next(_seeds)
    state = GAME.new_initial_state(len(bots))
    play_out(state, bots, random.Random(i), random.Random(-i))


def random_game_2p() -> None:
    _game([RandomBot(), RandomBot()])


def heuristic_vs_random() -> None:
    _game([HeuristicBot(), RandomBot()])


def _clear() -> None:
    for fn in (_odds._h, _odds._g):
        fn.cache_clear()


def draw_odds_next() -> None:
    _clear()
    draw_odds(_HANDS[next(_seeds) % len(_HANDS)], horizon=1)


def draw_odds_k5() -> None:
    _clear()
    draw_odds(_HANDS[next(_seeds) % len(_HANDS)])


def draw_odds_k5_warm() -> None:
    draw_odds(_HANDS[next(_seeds) % len(_HANDS)])


BENCHMARKS = [
    ("random_game_2p", random_game_2p),
    ("heuristic_vs_random", heuristic_vs_random),
    ("draw_odds_next", draw_odds_next),
    ("draw_odds_k5", draw_odds_k5),
    ("draw_odds_k5_warm", draw_odds_k5_warm),
]
