"""Stock Hold'em's :class:`~engine.core.protocol.Game`: its metadata, its state and bot
factories and its hooks (OpenSpiel, puzzles, hints, the guided first game), the hooks'
modules imported on first use. The package re-exports ``GAME``; the game's modules import
it from here, never from the package, so no module of the game imports the package back.
"""

from __future__ import annotations

from engine.core.protocol import Game, RandomBot
from engine.stock_holdem.bots import HeuristicBot
from engine.stock_holdem.openspiel import HOOKS as OPENSPIEL
from engine.stock_holdem.rules import StockHoldemRules
from engine.stock_holdem.search import search_bot
from engine.stock_holdem.state import StockHoldemState


def _hint(state, ask_bot):
    from engine.stock_holdem.hint import hint  # imported on first use

    return hint(state, ask_bot)


def _puzzle_choices(state, played: str):
    from engine.stock_holdem.puzzles import choices  # imported on first use

    return choices(state, played)


def _tutorial():
    from engine.stock_holdem.tutorial import GUIDE  # imported on first use

    return GUIDE


GAME = Game(
    name="stock_holdem",
    title="Stock Hold'em",
    min_players=3,
    max_players=6,
    ruleset_class=StockHoldemRules,
    new_state=StockHoldemState,
    bots={"random": RandomBot, "heuristic": HeuristicBot, "mcts": search_bot},
    description="Trade shares while placing poker-hand cards that set the companies' prices.",
    default_players=4,
    openspiel=OPENSPIEL,
    puzzle_choices=_puzzle_choices,
    hint=_hint,
    tutorial=_tutorial,
)
