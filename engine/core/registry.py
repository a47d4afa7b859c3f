"""Games by name. A game package exposes ``GAME``; it is imported on first use."""

from __future__ import annotations

import importlib

from engine.core.errors import EngineError, quote_choices
from engine.core.protocol import Game
from engine.core.ruleset import name_ruleset

_MODULES = {
    "stock_holdem": "engine.stock_holdem",
    "stack5": "engine.stack5",
    "owners_choice": "engine.owners_choice",
    "whist": "engine.whist",
    "pig": "engine.pig",
}

_cache: dict[str, Game] = {}


def registered_names() -> list[str]:
    """Every registered name, the demo included, without importing any game.

    >>> "pig" in registered_names()
    True
    """
    return list(_MODULES)


def game_names(*, include_demo: bool = False) -> list[str]:
    """The registered games that are installed, in menu order."""
    names = []
    for name in _MODULES:
        try:
            game = get_game(name)
        except EngineError:
            continue
        if game.demo and not include_demo:
            continue
        names.append(name)
    return names


def get_game(name: str) -> Game:
    """The game registered as ``name``.

    >>> get_game("pig").title
    'Pig (demo)'
    """
    if name in _cache:
        return _cache[name]
    module = _MODULES.get(name)
    if module is None:
        raise EngineError(f"unknown game {name!r}; games: {quote_choices(list(_MODULES))}")
    try:
        game = importlib.import_module(module).GAME
    except ModuleNotFoundError as exc:
        if exc.name and (exc.name == module or module.startswith(exc.name + ".")):
            raise EngineError(f"game {name!r} is not implemented yet") from None
        raise
    except AttributeError:
        raise EngineError(f"game {name!r} is not implemented yet (no GAME)") from None
    _cache[name] = game
    name_ruleset(game.ruleset_class, game.title)
    return game
