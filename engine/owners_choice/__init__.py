"""Owner's Choice (股市大戰, Yasutaka Ikeda, 2006): the rules of RULES.md §3.

Public API: :data:`GAME`, the calculator functions :func:`move_outlook`,
:func:`net_worth`, :func:`dividend_payout`, :func:`president_payout`,
:func:`option_values`, the position builder :func:`from_position`, and
:func:`load_ruleset` for an edition file (track, board and dice as TOML).

>>> from engine import get_game, simulate
>>> GAME.title
"Owner's Choice"
>>> rec = simulate("owners_choice", seed=1, players=["random"] * 4)
>>> rec.actions[-1].startswith("move")
True
"""

from engine.core.protocol import Game
from engine.owners_choice.actions import Action, parse_company
from engine.owners_choice.bots import OwnersChoiceHeuristicBot, OwnersChoiceRandomBot
from engine.owners_choice.edition import default_ruleset_text, load_ruleset
from engine.owners_choice.openspiel import HOOKS as OPENSPIEL
from engine.owners_choice.outlook import (
    MoveOutlook,
    dividend_payout,
    move_outlook,
    net_worth,
    option_values,
    president_payout,
    ranked_moves,
)
from engine.owners_choice.position import from_position
from engine.owners_choice.rules import (
    COMPANIES,
    COMPANY_NAMES,
    OwnersChoiceRules,
)
from engine.owners_choice.search import search_bot
from engine.owners_choice.state import OwnersChoiceState, check_invariants


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
OwnersChoiceState.game = GAME

__all__ = [
    "COMPANIES",
    "COMPANY_NAMES",
    "GAME",
    "Action",
    "MoveOutlook",
    "OwnersChoiceRules",
    "OwnersChoiceState",
    "check_invariants",
    "default_ruleset_text",
    "dividend_payout",
    "from_position",
    "load_ruleset",
    "move_outlook",
    "net_worth",
    "option_values",
    "parse_company",
    "president_payout",
    "ranked_moves",
]
