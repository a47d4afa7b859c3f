"""Rulesets: frozen dataclasses of the values the sources leave open.

A field's ``metadata`` documents it for the assumptions page:

- ``doc``: what the value means (required);
- ``assumption``: True when RULES.md marks the value [A];
- ``choices``: the allowed values, when it is a closed list;
- ``min`` / ``max``: bounds for numbers.

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
import tomllib
import typing
from dataclasses import dataclass
from typing import Any

from engine.core.errors import RulesetError, quote_choices


@dataclass(frozen=True)
class FieldInfo:
    name: str
    default: Any
    doc: str
    assumption: bool
    choices: tuple | None


_TYPE_NAMES = {int: "an integer", float: "a number", str: "a string", bool: "true or false"}


def _coerce(cls, name: str, value, hint):
    origin = typing.get_origin(hint)
    if hint is bool:
        if isinstance(value, bool):
            return value
    elif hint is int:
        if isinstance(value, int) and not isinstance(value, bool):
            return value
    elif hint is float:
        if isinstance(value, (int, float)) and not isinstance(value, bool):
            return float(value)
    elif hint is str:
        if isinstance(value, str):
            return value
    elif origin is tuple:
        if isinstance(value, (list, tuple)):
            args = typing.get_args(hint)
            inner = args[0] if args else Any
            if inner is Any or inner is Ellipsis:
                return _freeze(value)
            return tuple(_coerce(cls, name, v, inner) for v in value)
    else:
        return _freeze(value)
    raise RulesetError(
        f"ruleset field {name!r} of {cls.__name__}: {value!r} is not "
        f"{_TYPE_NAMES.get(hint, getattr(hint, '__name__', str(hint)))}"
    )


def _freeze(value):
    if isinstance(value, list):
        return tuple(_freeze(v) for v in value)
    if isinstance(value, dict):
        return tuple((k, _freeze(v)) for k, v in value.items())
    return value


@functools.cache
def _hints(cls) -> dict:
    # Resolving string annotations is slow; a game makes a ruleset for every new state.
    return typing.get_type_hints(cls)


def make_ruleset(cls, overrides: dict | None = None):
    """Build a ruleset from defaults plus ``overrides``, checking names, types, bounds."""
    overrides = dict(overrides or {})
    fields = {f.name: f for f in dataclasses.fields(cls)}
    hints = _hints(cls)
    for name in overrides:
        if name not in fields:
            raise RulesetError(
                f"unknown ruleset field {name!r}; fields: {quote_choices(sorted(fields))}"
            )
    values = {}
    for name, value in overrides.items():
        meta = fields[name].metadata
        value = _coerce(cls, name, value, hints[name])
        choices = meta.get("choices")
        if choices is not None and value not in choices:
            raise RulesetError(
                f"ruleset field {name!r}: {value!r} is not allowed; "
                f"allowed: {quote_choices(choices)}"
            )
        if "min" in meta and value < meta["min"]:
            raise RulesetError(f"ruleset field {name!r}: {value!r} is below {meta['min']}")
        if "max" in meta and value > meta["max"]:
            raise RulesetError(f"ruleset field {name!r}: {value!r} is above {meta['max']}")
        values[name] = value
    try:
        ruleset = cls(**values)
    except (TypeError, ValueError) as exc:
        raise RulesetError(f"{cls.__name__}: {exc}") from None
    check = getattr(ruleset, "validate", None)
    if check is not None:
        check()
    return ruleset


def ruleset_from_toml(cls, text: str, *, source: str = "ruleset file"):
    """Read overrides from TOML text (a flat table of field = value)."""
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise RulesetError(f"{source}: not valid TOML: {exc}") from None
    return make_ruleset(cls, data)


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
