"""Stock Hold'em micro-benchmarks for ``python -m engine bench stock_holdem``.

Each callable is one unit of work. ``price_distribution`` is timed with 0-5 unknown slots
(the other slots known, nothing else seen), with 5 unknown slots and two seen cards of two
symbols (the worst case of the older enumeration, which had a shortcut for interchangeable
symbols only), plus a typical mid-round view (2 face-up cards, 1 back, 2 unknown, 10 cards seen
elsewhere).
"""

from __future__ import annotations

import itertools
import random

from engine.core.simulate import play_out
from engine.stock_holdem.distribution import price_distribution
from engine.stock_holdem.pricing import price

_KNOWN = ["3A", "5F", "9S", "1W", "BULL"]


def _distribution(unknown: int):
    slots = _KNOWN[: 5 - unknown] + ["?"] * unknown

    def run():
        price_distribution(slots)

    return run


def _typical():
    seen = "1A 2F 9W 10S 4A 6A 8F 3W 5W BEAR"
    price_distribution(["3A", "5F", "7?", "?", "?"], seen=seen)


_SEEDS = itertools.count(1)  # each timed game its own seed


def _heuristic_game():
    from engine import get_game

    game = get_game("stock_holdem")
    seed = next(_SEEDS)
    state = game.new_initial_state(4)
    bots = [game.make_bot(b) for b in ("heuristic", "random", "random", "random")]
    play_out(state, bots, random.Random(seed), random.Random(-seed))


BENCHMARKS = [
    ("price of 5 cards", lambda: price("6S 6W 6A 2F 2S", stock_up=True)),
    *[(f"price_distribution, {k} unknown slots", _distribution(k)) for k in range(6)],
    (
        "price_distribution, 5 unknown slots, seen 1A 2F",
        lambda: price_distribution(["?"] * 5, seen="1A 2F"),
    ),
    ("price_distribution, mid-round view", _typical),
    ("heuristic + 3 random 4-player games", _heuristic_game),
]
