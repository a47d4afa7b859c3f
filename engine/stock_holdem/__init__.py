"""Stock Hold'em (ストックホールデム): trade shares of six companies while secretly placing
information cards on them; each round the five cards of a company are scored like a poker
hand and that score becomes its price. Rules: ``../shared/RULES.md`` §1.

The public calculator:

>>> from engine.stock_holdem import price, price_distribution
>>> price("6S 6W 6A 2F 2S", stock_up=True).price
43
>>> d = price_distribution(["10A", "10F", "10S", "10W", "?"])
>>> d.number_hands["five of a kind"]
Fraction(1, 38)

Where each kind of code lives: ``actions`` (move and deal types, their parser),
``state`` (the state machine), ``rules`` (the ruleset), ``tracker`` (a position from what
a player sees at the table), ``cards`` / ``pricing`` (the calculators), ``bots`` and
``search`` (the search bot), ``analysis`` (grading moves), ``history`` / ``stats``
(records as tables).
"""

from engine.stock_holdem.actions import Deal, Move, parse_move
from engine.stock_holdem.bots import HeuristicBot
from engine.stock_holdem.cards import (
    BEAR,
    BULL,
    COMPANIES,
    SYMBOLS,
    back_text,
    card_text,
    parse_card,
)
from engine.stock_holdem.distribution import PriceDistribution, price_distribution
from engine.stock_holdem.game import GAME
from engine.stock_holdem.pricing import (
    NUMBER_HANDS,
    SYMBOL_HANDS,
    PriceBreakdown,
    parse_slot,
    price,
)
from engine.stock_holdem.rules import StockHoldemRules
from engine.stock_holdem.state import StockHoldemState, next_start_player
from engine.stock_holdem.tracker import TableView, expected_worth, track

__all__ = [
    "BEAR",
    "BULL",
    "COMPANIES",
    "GAME",
    "NUMBER_HANDS",
    "SYMBOLS",
    "SYMBOL_HANDS",
    "Deal",
    "HeuristicBot",
    "Move",
    "PriceBreakdown",
    "PriceDistribution",
    "StockHoldemRules",
    "StockHoldemState",
    "TableView",
    "back_text",
    "card_text",
    "expected_worth",
    "next_start_player",
    "parse_card",
    "parse_move",
    "parse_slot",
    "price",
    "price_distribution",
    "track",
]
