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

from engine.core.protocol import Game, RandomBot
from engine.stack5.actions import Deal, Decide, Give, Place, Steal, parse_action
from engine.stack5.cards import RowOutlook, row_outlook
from engine.stack5.odds import DrawOdds, draw_odds, draw_or_stop, unseen_cards
from engine.stack5.openspiel import HOOKS as OPENSPIEL
from engine.stack5.position import legal_placements, setup_position
from engine.stack5.rules import Stack5Rules
from engine.stack5.search import search_bot
from engine.stack5.state import Stack5State


def _puzzle_choices(state, played: str):
    from engine.stack5.puzzles import choices  # imported on first use

    return choices(state, played)


def _hint(state, ask_bot):
    from engine.stack5.hint import hint  # imported on first use

    return hint(state, ask_bot)


def _tutorial():
    from engine.stack5.tutorial import GUIDE  # imported on first use

    return GUIDE


GAME = Game(
    name="stack5",
    title="Stack 5",
    min_players=2,
    max_players=4,
    ruleset_class=Stack5Rules,
    new_state=Stack5State,
    bots={"random": RandomBot, "heuristic": lambda: _heuristic(), "mcts": search_bot},
    description="Draw cards, push your luck and build rows of five; first to 3 points wins.",
    default_players=2,
    parallel_bench_games=9000,  # ~3,000 games a second on one core
    openspiel=OPENSPIEL,
    puzzle_choices=_puzzle_choices,
    hint=_hint,
    tutorial=_tutorial,
)


def _heuristic():
    from engine.stack5.bots import HeuristicBot

    return HeuristicBot()


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
