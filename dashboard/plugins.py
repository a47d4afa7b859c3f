"""The registry of the games' UIs: each game's :class:`dashboard.game_ui.GameUI` by name.

A game registers with ONE line below (its name and the module whose ``UI`` it is); the
module is imported on first use, so a page for one game loads only that game's UI. The
order is the order of the game chooser on "Play against the bots".
"""

from __future__ import annotations

import importlib

from dashboard.game_ui import GameUI

#: game name → the module holding its ``UI``
REGISTRY: dict[str, str] = {
    "stack5": "dashboard.stack5.ui",
    "owners_choice": "dashboard.owners_choice.ui",
    "stock_holdem": "dashboard.stock_holdem.ui",
    "whist": "dashboard.whist.ui",
    "pig": "dashboard.pig.ui",
}


def game_ui(name: str) -> GameUI:
    """The UI of game ``name``; ``KeyError`` for a game with none."""
    ui = importlib.import_module(REGISTRY[name]).UI
    if ui.game != name:  # pragma: no cover - a registration slip
        raise ValueError(f"{REGISTRY[name]}.UI is for {ui.game!r}, not {name!r}")
    return ui


def game_uis() -> list[GameUI]:
    """Every registered game's UI, in registration order."""
    return [game_ui(name) for name in REGISTRY]


def title(name: str) -> str:
    """A game's title in the session's language (the engine's for a game with no UI)."""
    if name in REGISTRY:
        return game_ui(name).title_text()
    from engine import get_game

    return get_game(name).title


def description(name: str) -> str:
    """A game's one-line description in the session's language."""
    if name in REGISTRY:
        return game_ui(name).description_text()
    from engine import get_game

    return get_game(name).description
