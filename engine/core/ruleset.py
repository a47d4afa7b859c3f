"""Rulesets: frozen dataclasses of the values the sources leave open.

A field's ``metadata`` documents it for the assumptions page:

- ``doc``: what the value means (required);
- ``assumption``: True when RULES.md marks the value [A];
- ``choices``: the allowed values, when it is a closed list;
- ``min`` / ``max``: bounds for numbers (for a tuple field: for each number in it).

Every value is checked strictly: booleans are not numbers, integers without bounds must
stay within :data:`INT_BOUND`, strings within :data:`MAX_STR` characters and tuples within
:data:`MAX_ITEMS` items, and nothing nests deeper than :data:`MAX_DEPTH`.

>>> from dataclasses import dataclass, field
>>> @dataclass(frozen=True)
... class R:
...     target: int = field(default=5, metadata={"doc": "points to win", "min": 1})
>>> make_ruleset(R, {"target": 7})
R(target=7)
>>> make_ruleset(R, {"goal": 7})
Traceback (most recent call last):
...
engine.core.errors.RulesetError: unknown ruleset field 'goal'; fields: 'target'
"""

from __future__ import annotations

import dataclasses
import functools
import math
import re
import tomllib
import typing
from dataclasses import dataclass
from typing import Any

from engine.core.errors import RulesetError, quote_choices

INT_BOUND = 10**6  # |n| for any integer whose field has no min/max
MAX_STR = 1000  # characters in one string value
MAX_ITEMS = 1000  # items in one tuple value
MAX_DEPTH = 8  # nesting of lists in a value
MAX_TOML_BYTES = 1024 * 1024  # a ruleset file
_SURROGATE = re.compile("[\ud800-\udfff]")


def short(value, limit: int = 60) -> str:
    """``repr(value)`` cut to ``limit`` characters, for messages about hostile input."""
    if isinstance(value, int) and value.bit_length() > 64:
        return f"an integer of about {int(value.bit_length() * 0.30103)} digits"
    try:
        text = repr(value)
    except (ValueError, RecursionError):  # a huge integer or deep nesting inside
        return f"a {type(value).__name__} too large to show"
    return text if len(text) <= limit else text[: limit - 1] + "…"


@dataclass(frozen=True)
class FieldInfo:
    name: str
    default: Any
    doc: str
    assumption: bool
    choices: tuple | None


_TYPE_NAMES = {int: "an integer", float: "a number", str: "a string", bool: "true or false"}


def _coerce(cls, name: str, value, hint, meta, depth: int = 0):
    origin = typing.get_origin(hint)
    where = f"ruleset field {name!r} of {cls.__name__}"
    if depth > MAX_DEPTH:
        raise RulesetError(f"{where}: nested deeper than {MAX_DEPTH} levels")
    if hint is bool:
        if isinstance(value, bool):
            return value
    elif hint is int:
        if isinstance(value, int) and not isinstance(value, bool):
            return _bounded(where, value, meta)
    elif hint is float:
        if isinstance(value, (int, float)) and not isinstance(value, bool):
            if isinstance(value, int):
                value = _bounded(where, value, meta)
            value = float(value)
            if not math.isfinite(value):
                raise RulesetError(f"{where}: {value!r} is not a finite number")
            return _bounded(where, value, meta)
    elif hint is str:
        if isinstance(value, str):
            return _checked_str(where, value)
    elif origin is tuple:
        if isinstance(value, (list, tuple)):
            if len(value) > MAX_ITEMS:
                raise RulesetError(f"{where}: {len(value)} items; at most {MAX_ITEMS}")
            args = typing.get_args(hint)
            inner = args[0] if args else Any
            if inner is Any or inner is Ellipsis:
                return _freeze(where, value, depth)
            return tuple(_coerce(cls, name, v, inner, meta, depth + 1) for v in value)
    else:
        return _freeze(where, value, depth)
    raise RulesetError(
        f"{where}: {short(value)} is not "
        f"{_TYPE_NAMES.get(hint, getattr(hint, '__name__', str(hint)))}"
    )


def _bounded(where: str, value, meta):
    """``value`` within the field's ``min``/``max``, or within ±INT_BOUND without them."""
    low = meta.get("min", -INT_BOUND)
    high = meta.get("max", INT_BOUND)
    if isinstance(value, int) and value.bit_length() > 64:
        # Before any comparison or print: a 5,000-digit integer cannot even be printed.
        raise RulesetError(f"{where}: {short(value)} is out of range; allowed: {low} to {high}")
    if value < low:
        raise RulesetError(f"{where}: {value!r} is below {low}")
    if value > high:
        raise RulesetError(f"{where}: {value!r} is above {high}")
    return value


def _checked_str(where: str, value: str) -> str:
    if len(value) > MAX_STR:
        raise RulesetError(f"{where}: a string of {len(value)} characters; at most {MAX_STR}")
    if _SURROGATE.search(value):
        raise RulesetError(f"{where}: {short(value)} holds a lone surrogate (not text)")
    return value


def _freeze(where: str, value, depth: int = 0):
    if depth > MAX_DEPTH:
        raise RulesetError(f"{where}: nested deeper than {MAX_DEPTH} levels")
    if isinstance(value, (list, tuple)):
        if len(value) > MAX_ITEMS:
            raise RulesetError(f"{where}: {len(value)} items; at most {MAX_ITEMS}")
        return tuple(_freeze(where, v, depth + 1) for v in value)
    if isinstance(value, dict):
        return tuple((k, _freeze(where, v, depth + 1)) for k, v in value.items())
    if isinstance(value, str):
        return _checked_str(where, value)
    if isinstance(value, int) and not isinstance(value, bool):
        return _bounded(where, value, {})
    return value


@functools.cache
def _hints(cls) -> dict:
    # Resolving string annotations is slow; a game makes a ruleset for every new state.
    return typing.get_type_hints(cls)


def make_ruleset(cls, overrides: dict | None = None):
    """Build a ruleset from defaults plus ``overrides``, checking names, types, bounds."""
    if overrides is None:
        overrides = {}
    if not isinstance(overrides, dict):
        raise RulesetError(
            f"ruleset overrides must be a table of field = value, got {short(overrides)}"
        )
    overrides = dict(overrides)
    fields = {f.name: f for f in dataclasses.fields(cls)}
    hints = _hints(cls)
    for name in overrides:
        if not isinstance(name, str) or name not in fields:
            raise RulesetError(
                f"unknown ruleset field {short(name)}; fields: {quote_choices(sorted(fields))}"
            )
    values = {}
    for name, value in overrides.items():
        meta = fields[name].metadata
        value = _coerce(cls, name, value, hints[name], meta)
        choices = meta.get("choices")
        if choices is not None and value not in choices:
            raise RulesetError(
                f"ruleset field {name!r}: {short(value)} is not allowed; "
                f"allowed: {quote_choices(choices)}"
            )
        values[name] = value
    try:
        ruleset = cls(**values)
    except (TypeError, ValueError) as exc:
        raise RulesetError(f"{cls.__name__}: {exc}") from None
    check = getattr(ruleset, "validate", None)
    if check is not None:
        check()
    return ruleset


def toml_overrides(text: str | bytes, *, source: str = "ruleset file") -> dict:
    """The table of a ruleset TOML file, refusing what is not small UTF-8 TOML text.

    Nesting too deep for the parser, integers too long to convert and binary data are
    :class:`RulesetError` naming ``source``; the values are checked by :func:`make_ruleset`.
    """
    if len(text) > MAX_TOML_BYTES:
        raise RulesetError(f"{source}: larger than {MAX_TOML_BYTES // 1024} KiB; refused")
    if isinstance(text, bytes):
        try:
            text = text.decode("utf-8")
        except UnicodeDecodeError as exc:
            raise RulesetError(
                f"{source}: not UTF-8 text (byte {exc.start} is {text[exc.start]:#04x})"
            ) from None
    if "\0" in text or _SURROGATE.search(text):
        raise RulesetError(f"{source}: not a text file (it holds NUL or surrogate characters)")
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise RulesetError(f"{source}: not valid TOML: {exc}") from None
    except RecursionError:
        field = _field_of_line(text, _DEEP_LINE)
        raise RulesetError(f"{source}: {field}: values nested too deeply") from None
    except ValueError:  # an integer of thousands of digits
        field = _field_of_line(text, _LONG_NUMBER_LINE)
        raise RulesetError(
            f"{source}: {field}: a number too long to be a ruleset value; allowed: at most "
            f"{INT_BOUND} unless the field says otherwise"
        ) from None


_DEEP_LINE = re.compile(r"(?:[\[{][^\]}\[{]*){50}")
_LONG_NUMBER_LINE = re.compile(r"\d{1000}")
_KEY = re.compile(r"^\s*([A-Za-z0-9_.\"'-]+)\s*=")


def _field_of_line(text: str, culprit: re.Pattern) -> str:
    """'field NAME' for the first ``key = …`` line matching ``culprit`` (for messages)."""
    key = None
    for line in text.split("\n"):
        m = _KEY.match(line)
        if m:
            key = m.group(1)
        if culprit.search(line):
            return f"field {short(key)}" if key else "a value"
    return "a value"


def ruleset_from_toml(cls, text: str | bytes, *, source: str = "ruleset file"):
    """Read overrides from TOML text (a flat table of field = value)."""
    data = toml_overrides(text, source=source)
    try:
        return make_ruleset(cls, data)
    except RulesetError as exc:
        raise RulesetError(f"{source}: {exc}") from None


def overrides_of(ruleset) -> dict:
    """The fields of ``ruleset`` that differ from the defaults, as JSON-able values."""
    default = type(ruleset)()
    out = {}
    for f in dataclasses.fields(ruleset):
        value = getattr(ruleset, f.name)
        if value != getattr(default, f.name):
            out[f.name] = _thaw(value)
    return out


def _thaw(value):
    if isinstance(value, tuple):
        return [_thaw(v) for v in value]
    return value


def describe(cls) -> list[FieldInfo]:
    """Every field of a ruleset class with its default and documentation."""
    default = cls()
    return [
        FieldInfo(
            name=f.name,
            default=_thaw(getattr(default, f.name)),
            doc=f.metadata.get("doc", ""),
            assumption=bool(f.metadata.get("assumption", False)),
            choices=f.metadata.get("choices"),
        )
        for f in dataclasses.fields(cls)
    ]
