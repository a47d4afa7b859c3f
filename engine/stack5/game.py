"""Stack 5's :class:`~engine.core.protocol.Game`: its metadata, its state and bot
factories and its hooks (OpenSpiel, puzzles, hints, the guided first game), the hooks'
modules imported on first use. The package re-exports ``GAME``; the game's modules import
it from here, never from the package, so no module of the game imports the package back.
"""

from __future__ import annotations

from engine.core.protocol import Game, RandomBot
from engine.stack5.openspiel import HOOKS as OPENSPIEL
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
