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

from engine.core.errors import Phrase, Quoted, RulesetError, Word, quote_choices, word

INT_BOUND = 10**6  # |n| for any integer whose field has no min/max
MAX_STR = 1000  # characters in one string value
MAX_ITEMS = 1000  # items in one tuple value
MAX_DEPTH = 8  # nesting of lists in a value
MAX_TOML_BYTES = 1024 * 1024  # a ruleset file
_SURROGATE = re.compile("[\ud800-\udfff]")


def option(default, doc: str, *, assumption: bool = False, choices=None, min=None, max=None):
    """A ruleset field in one line: its default, what it means, whether RULES.md marks it
    [A], and its allowed values (``choices``, or ``min``/``max`` for a number).

    >>> @dataclass(frozen=True)
    ... class R:
    ...     target: int = option(5, "points to win", min=1, max=9)
    >>> dataclasses.fields(R)[0].metadata["max"], make_ruleset(R, {"target": 7})
    (9, R(target=7))
    """
    meta: dict[str, Any] = {"doc": doc, "assumption": assumption}
    if choices is not None:
        meta["choices"] = tuple(choices)
    if min is not None:
        meta["min"] = min
    if max is not None:
        meta["max"] = max
    return dataclasses.field(default=default, metadata=meta)


#: how many items of a list a message shows
SHORT_ITEMS = 6


def short(value, limit: int = 60, depth: int = 0) -> str | Quoted | Phrase:
    """``value`` cut short for a message about hostile input (a record's or a rules file's
    value), in words a player reads: text quoted as written (the app quotes it as the
    page's language does, :class:`engine.core.errors.Quoted`), a number as written, and
    no Python value: ``null`` and ``true``/``false`` read as words, a list by its first
    items, a table by its size (each a coded phrase the app words).

    >>> v = short("tall")
    >>> v, v.text
    ("'tall'", 'tall')
    >>> short(None), short(True), short(7), short(["R", 2]), short({"a": 1})
    ('an empty value (null)', 'yes (true)', '7', "the list 'R', 2", 'a table of 1 names and values')
    >>> short(list(range(9))), short([[1, 2], []])
    ('the list 0, 1, 2, 3, 4, 5, … (9 in all)', 'the list a list of length 2, a list of length 0')
    """
    if value is None:
        return Phrase.coded("value.none", "an empty value (null)")
    if isinstance(value, bool):
        if value:
            return Phrase.coded("value.true", "yes (true)")
        return Phrase.coded("value.false", "no (false)")
    if isinstance(value, int) and value.bit_length() > 64:
        return Phrase.coded(
            "value.huge_int",
            "an integer of about {digits} digits",
            digits=int(value.bit_length() * 0.30103),
        )
    if isinstance(value, (list, tuple)):
        if depth or not value:  # a list inside a list: its length only
            return Phrase.coded("value.list_size", "a list of length {count}", count=len(value))
        items = Phrase.joined([short(v, 20, depth + 1) for v in value[:SHORT_ITEMS]], ", ")
        if len(value) > SHORT_ITEMS:
            return Phrase.coded(
                "value.list_more",
                "the list {items}, … ({count} in all)",
                items=items,
                count=len(value),
            )
        return Phrase.coded("value.list", "the list {items}", items=items)
    if isinstance(value, dict):
        return Phrase.coded("value.table", "a table of {count} names and values", count=len(value))
    try:
        text = repr(value)
    except (ValueError, RecursionError):  # a huge integer or deep nesting inside
        return Phrase.coded(
            "value.too_large", "a {kind} too large to show", kind=type(value).__name__
        )
    shown = text if len(text) <= limit else text[: limit - 1] + "…"
    if not isinstance(value, str):  # a number: as written, unquoted
        return shown
    out = Quoted(shown)
    out.text, out.cut = value[: limit - 1], len(value) > limit - 1
    return out


@dataclass(frozen=True)
class FieldInfo:
    name: str
    default: Any
    doc: str
    assumption: bool
    choices: tuple | None


_TYPE_NAMES = {
    int: word("an integer"),
    float: word("a number"),
    str: word("a string"),
    bool: word("true or false"),
}


#: each loaded game's ruleset class → the game's title (:func:`name_ruleset`)
_TITLES: dict[type, str] = {}


def name_ruleset(cls: type, title: str) -> None:
    """Say that ``cls`` is the ruleset of the game titled ``title`` (the registry does, as
    it loads a game), so an error about one of its fields names the game."""
    _TITLES[cls] = title


def _title(cls) -> str | Word:
    """The game whose ruleset ``cls`` is, by its title (a word the app translates: a player
    reads "Stack 5", not the class's name), among the games already loaded; the class's
    name for any other class (a ruleset being made while its game loads)."""
    title = _TITLES.get(cls)
    return Word(title) if title is not None else cls.__name__


def _coerce(cls, name: str, value, hint, meta, depth: int = 0):
    origin = typing.get_origin(hint)
    where = Phrase.coded(
        "ruleset.field_of", "ruleset field {name!r} of {ruleset}", name=name, ruleset=_title(cls)
    )
    if depth > MAX_DEPTH:
        raise _too_deep(where)
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
                raise RulesetError.coded(
                    "ruleset.not_finite",
                    "{where}: {value!r} is not a finite number",
                    where=where,
                    value=value,
                )
            return _bounded(where, value, meta)
    elif hint is str:
        if isinstance(value, str):
            return _checked_str(where, value)
    elif origin is tuple:
        if isinstance(value, (list, tuple)):
            if len(value) > MAX_ITEMS:
                raise _too_many(where, value)
            args = typing.get_args(hint)
            inner = args[0] if args else Any
            if inner is Any or inner is Ellipsis:
                return _freeze(where, value, depth)
            return tuple(_coerce(cls, name, v, inner, meta, depth + 1) for v in value)
    else:
        return _freeze(where, value, depth)
    raise RulesetError.coded(
        "ruleset.wrong_type",
        "{where}: {value} is not {kind}",
        where=where,
        value=short(value),
        kind=_TYPE_NAMES.get(hint, getattr(hint, "__name__", str(hint))),
    )


def _too_deep(where) -> RulesetError:
    return RulesetError.coded(
        "ruleset.too_deep", "{where}: nested deeper than {most} levels", where=where, most=MAX_DEPTH
    )


def _too_many(where, value) -> RulesetError:
    return RulesetError.coded(
        "ruleset.too_many_items",
        "{where}: {n} items; at most {most}",
        where=where,
        n=len(value),
        most=MAX_ITEMS,
    )


def _bounded(where: str, value, meta):
    """``value`` within the field's ``min``/``max``, or within ±INT_BOUND without them."""
    low = meta.get("min", -INT_BOUND)
    high = meta.get("max", INT_BOUND)
    if isinstance(value, int) and value.bit_length() > 64:
        # Before any comparison or print: a 5,000-digit integer cannot even be printed.
        raise RulesetError.coded(
            "ruleset.out_of_range",
            "{where}: {value} is out of range; allowed: {low} to {high}",
            where=where,
            value=short(value),
            low=low,
            high=high,
        )
    if value < low:
        raise RulesetError.coded(
            "ruleset.below", "{where}: {value!r} is below {low}", where=where, value=value, low=low
        )
    if value > high:
        raise RulesetError.coded(
            "ruleset.above",
            "{where}: {value!r} is above {high}",
            where=where,
            value=value,
            high=high,
        )
    return value


def _checked_str(where: str, value: str) -> str:
    if len(value) > MAX_STR:
        raise RulesetError.coded(
            "ruleset.string_long",
            "{where}: a string of {n} characters; at most {most}",
            where=where,
            n=len(value),
            most=MAX_STR,
        )
    if _SURROGATE.search(value):
        raise RulesetError.coded(
            "ruleset.surrogate",
            "{where}: {value} holds a lone surrogate (not text)",
            where=where,
            value=short(value),
        )
    return value


def _freeze(where: str, value, depth: int = 0):
    if depth > MAX_DEPTH:
        raise _too_deep(where)
    if isinstance(value, (list, tuple)):
        if len(value) > MAX_ITEMS:
            raise _too_many(where, value)
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
        raise RulesetError.coded(
            "ruleset.not_table",
            "ruleset overrides must be a table of field = value, got {value}",
            value=short(overrides),
        )
    overrides = dict(overrides)
    fields = {f.name: f for f in dataclasses.fields(cls)}
    hints = _hints(cls)
    for name in overrides:
        if not isinstance(name, str) or name not in fields:
            raise RulesetError.coded(
                "ruleset.unknown_field",
                "unknown ruleset field {name}; fields: {fields}",
                name=short(name),
                fields=quote_choices(sorted(fields)),
            )
    values = {}
    for name, value in overrides.items():
        meta = fields[name].metadata
        value = _coerce(cls, name, value, hints[name], meta)
        choices = meta.get("choices")
        if choices is not None and value not in choices:
            raise RulesetError.coded(
                "ruleset.not_a_choice",
                "ruleset field {name!r}: {value} is not allowed; allowed: {allowed}",
                name=name,
                value=short(value),
                allowed=quote_choices(choices),
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


def toml_overrides(text: str | bytes, *, source: str = word("ruleset file")) -> dict:
    """The table of a ruleset TOML file, refusing what is not small UTF-8 TOML text.

    Nesting too deep for the parser, integers too long to convert and binary data are
    :class:`RulesetError` naming ``source``; the values are checked by :func:`make_ruleset`.
    """
    if len(text) > MAX_TOML_BYTES:
        raise RulesetError.coded(
            "toml.large",
            "{where}: larger than {kib} KiB; refused",
            where=source,
            kib=MAX_TOML_BYTES // 1024,
        )
    if isinstance(text, bytes):
        try:
            text = text.decode("utf-8")
        except UnicodeDecodeError as exc:
            raise RulesetError.coded(
                "toml.not_utf8",
                "{where}: not UTF-8 text (byte {at} is {byte:#04x})",
                where=source,
                at=exc.start,
                byte=text[exc.start],
            ) from None
    if "\0" in text or _SURROGATE.search(text):
        raise RulesetError.coded(
            "toml.binary",
            "{where}: not a text file (it holds NUL or surrogate characters)",
            where=source,
        )
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise RulesetError.coded(
            "toml.invalid", "{where}: not valid TOML: {reason}", where=source, reason=str(exc)
        ) from None
    except RecursionError:
        field = _field_of_line(text, _DEEP_LINE)
        raise RulesetError.coded(
            "toml.deep", "{where}: {field}: values nested too deeply", where=source, field=field
        ) from None
    except ValueError:  # an integer of thousands of digits
        field = _field_of_line(text, _LONG_NUMBER_LINE)
        raise RulesetError.coded(
            "toml.long_number",
            "{where}: {field}: a number too long to be a ruleset value; allowed: at most "
            "{most} unless the field says otherwise",
            where=source,
            field=field,
            most=INT_BOUND,
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
            if key:
                return Phrase.coded("toml.field", "field {key}", key=short(key))
            return word("a value")
    return word("a value")


def ruleset_from_toml(cls, text: str | bytes, *, source: str = word("ruleset file")):
    """Read overrides from TOML text (a flat table of field = value)."""
    data = toml_overrides(text, source=source)
    try:
        return make_ruleset(cls, data)
    except RulesetError as exc:
        raise RulesetError.within(source, exc) from None


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
