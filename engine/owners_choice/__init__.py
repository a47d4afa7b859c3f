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

from engine.owners_choice.actions import Action, parse_company
from engine.owners_choice.edition import default_ruleset_text, load_ruleset
from engine.owners_choice.game import GAME
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
from engine.owners_choice.state import OwnersChoiceState, check_invariants

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
