"""Whist and Bid Whist (RULES.md §4): four variants in one game, with calculators.

The variant is a ruleset field — ``bid4`` (default), ``whist4``, ``bid2``, ``whist2`` —
and fixes the number of players. A game runs deal after deal until the end condition.

>>> from engine import simulate
>>> rec = simulate("whist", seed=2, players=["random"] * 4)
>>> rec.result["winners"] in ([0, 2], [1, 3])
True
>>> trick_winner(["10H", "KH", "BJ", "2S"], trump="S"), bid_whist_points(4, "notrump", 11)
(2, 10)
"""

from __future__ import annotations

from engine.whist.game import GAME
from engine.whist.rules import WhistRules
from engine.whist.scoring import (
    bid_whist_points,
    books_needed,
    card_order,
    honours_points,
    playable_cards,
    trick_winner,
    two_player_whist_points,
    whist_points,
)

__all__ = [
    "GAME",
    "WhistRules",
    "bid_whist_points",
    "books_needed",
    "card_order",
    "honours_points",
    "playable_cards",
    "trick_winner",
    "two_player_whist_points",
    "whist_points",
]
