"""The guide's words for one game: each rule's name and its card's one to three sentences,
from the game's catalog (``dashboard/<game>/guide_words.py``: ``names()`` and ``cards()``,
each a dict from rule code to text in the session's language)."""

from __future__ import annotations

import importlib
from types import ModuleType

from dashboard.i18n import error_text
from engine.tutorial import guide


def _module(game: str) -> ModuleType | None:
    try:
        return importlib.import_module(f"dashboard.{game}.guide_words")
    except ModuleNotFoundError as exc:
        if exc.name != f"dashboard.{game}.guide_words":
            raise
        return None


def rule_name(game: str, code: str) -> str:
    """The rule's name (a rule the game's other pages name too is worded as they do)."""
    module = _module(game)
    names = module.names() if module is not None else {}
    if code in names:
        return names[code]
    return error_text(guide(game).rule_of(code).phrase)


def card_text(game: str, code: str) -> str:
    """The card's sentences: what the rule says, as it just came up ("" when none)."""
    module = _module(game)
    return module.cards().get(code, "") if module is not None else ""
