"""Owner's Choice's :class:`~engine.core.protocol.Game`: its metadata, its state and bot
factories and its hooks (OpenSpiel, puzzles, hints, the guided first game), the hooks'
modules imported on first use. The package re-exports ``GAME``; the game's modules import
it from here, never from the package, so no module of the game imports the package back.
"""

from __future__ import annotations

from engine.core.protocol import Game
from engine.owners_choice.bots import OwnersChoiceHeuristicBot, OwnersChoiceRandomBot
from engine.owners_choice.openspiel import HOOKS as OPENSPIEL
from engine.owners_choice.rules import OwnersChoiceRules
from engine.owners_choice.search import search_bot
from engine.owners_choice.state import OwnersChoiceState


def _hint(state, ask_bot):
    from engine.owners_choice.hint import hint  # imported on first use

    return hint(state, ask_bot)


def _puzzle_choices(state, played: str):
    from engine.owners_choice.puzzles import choices  # imported on first use

    return choices(state, played)


def _tutorial():
    from engine.owners_choice.tutorial import GUIDE  # imported on first use

    return GUIDE


GAME = Game(
    name="owners_choice",
    title="Owner's Choice",
    min_players=2,
    max_players=5,
    ruleset_class=OwnersChoiceRules,
    new_state=OwnersChoiceState,
    bots={
        "random": OwnersChoiceRandomBot,
        "heuristic": OwnersChoiceHeuristicBot,
        "mcts": search_bot,
    },
    description="Trade shares of four companies and move a shared pawn; presidents "
    "choose between their company's president die and raiding the Fund.",
    default_players=4,
    openspiel=OPENSPIEL,
    puzzle_choices=_puzzle_choices,
    hint=_hint,
    tutorial=_tutorial,
)
