"""Stack 5 (RULES.md §2): draw, push your luck, build rows of five, first to 3 points.

The game (``GAME``), its actions and state, and the table calculators:

- :func:`draw_odds` — exact bust odds of the next draw and within k draws;
- :func:`legal_placements` — where a card may go among your rows;
- :func:`row_outlook` — what a row can still become.

Where each kind of code lives: ``actions`` (action types and their parser), ``state`` (the
state machine), ``rules`` (the ruleset), ``position`` (a game from what a player sees),
``cards`` / ``odds`` (the calculators), ``bots`` and ``search`` (the search bot),
``analysis`` (grading moves), ``history`` / ``stats`` (records as tables).
"""

from __future__ import annotations

from engine.stack5.actions import Deal, Decide, Give, Place, Steal, parse_action
from engine.stack5.cards import RowOutlook, row_outlook
from engine.stack5.game import GAME
from engine.stack5.odds import DrawOdds, draw_odds, draw_or_stop, unseen_cards
from engine.stack5.placing import legal_placements
from engine.stack5.position import setup_position
from engine.stack5.rules import Stack5Rules
from engine.stack5.state import Stack5State

__all__ = [
    "GAME",
    "Deal",
    "Decide",
    "DrawOdds",
    "Give",
    "Place",
    "RowOutlook",
    "Stack5Rules",
    "Stack5State",
    "Steal",
    "draw_odds",
    "draw_or_stop",
    "legal_placements",
    "parse_action",
    "row_outlook",
    "setup_position",
    "unseen_cards",
]
