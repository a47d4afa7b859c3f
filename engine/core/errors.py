"""The engine's error hierarchy.

Every error a user can trigger is an :class:`EngineError`; callers (the CLI, the
dashboard) catch that one class and show its message. The message always quotes the
offending input and, where it helps, says what is allowed.
"""

from __future__ import annotations


class EngineError(Exception):
    """Base class of every error the engine raises on bad input."""


class ParseError(EngineError):
    """Text that is badly written: it does not denote any action, card or value."""


class IllegalAction(EngineError):
    """A well-formed action that the rules do not allow in the current state."""


class RulesetError(EngineError):
    """A ruleset override or ruleset file that is unknown, mistyped or inconsistent."""


class RecordError(EngineError):
    """A game record that cannot be read or does not replay to its stored result."""


def quote_choices(items, limit: int = 12) -> str:
    """Format allowed values for an error message, eliding long lists.

    >>> quote_choices(["a", "b"])
    "'a', 'b'"
    >>> quote_choices([str(i) for i in range(20)], limit=3)
    "'0', '1', '2', … (20 in all)"
    """
    items = [str(i) for i in items]
    shown = ", ".join(repr(i) for i in items[:limit])
    if len(items) > limit:
        shown += f", … ({len(items)} in all)"
    return shown or "nothing"


def parse_count(word: str, what: str, max_digits: int = 6) -> int:
    """A small non-negative integer written in ASCII digits, or ``ParseError``.

    ``str.isdigit`` accepts '²' and other digits that ``int`` refuses, and ``int``
    accepts thousands of digits; user text gets neither.

    >>> parse_count("12", "a die")
    12
    >>> parse_count("²", "a die")
    Traceback (most recent call last):
    ...
    engine.core.errors.ParseError: '²': a die must be written in digits 0-9
    """
    if not (0 < len(word) <= max_digits and word.isascii() and word.isdigit()):
        if len(word) > max_digits and word.isascii() and word.isdigit():
            raise ParseError(f"{word[:20]!r}…: {what} has at most {max_digits} digits")
        raise ParseError(f"{word[:20]!r}: {what} must be written in digits 0-9")
    return int(word)
