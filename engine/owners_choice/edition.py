"""Owner's Choice edition files: the stock track, the board and the dice of a box as TOML
(``default_ruleset.toml`` is the shipped one), read into a checked ruleset.

>>> load_ruleset('[track]\\nprices = [40, 50]')
Traceback (most recent call last):
...
engine.core.errors.RulesetError: ruleset file: missing field 'track.dividends'
"""

import re
import tomllib
from importlib import resources
from pathlib import Path

from engine.core.errors import Phrase, RulesetError, word
from engine.core.ruleset import make_ruleset
from engine.owners_choice.rules import (
    FILE_FIELDS,
    MAX_BOARD,
    MAX_FACE,
    MAX_MONEY,
    OwnersChoiceRules,
    short_value,
)


def load_ruleset(source: str | Path, **overrides) -> OwnersChoiceRules:
    """Read an edition file (TOML text or a path): ``[track]``, ``[board]``, ``[dice]``
    with every key of ``default_ruleset.toml``, plus an optional flat ``[rules]`` table of
    other ruleset fields. ``overrides`` win over the file.

    >>> text = default_ruleset_text().replace('"+3", "-1"', '"+3", "-2"')
    >>> load_ruleset(text).president_die
    ('+1', '+1', '+2', '+3', '-2', 'dividend')
    >>> load_ruleset(text.replace('"+3", "-2", ', ''))  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    engine.core.errors.RulesetError: ruleset file: president die has 4 faces [...]; a die ...
    """
    where: str = word("ruleset file")
    if isinstance(source, Path) or (
        isinstance(source, str) and "\n" not in source and source.endswith(".toml")
    ):
        where = str(source)
        try:
            source = Path(source).read_text("utf-8")
        except OSError as exc:
            raise RulesetError.coded(
                "oc.file_unreadable",
                "cannot read ruleset file {path!r}: {reason}",
                path=where,
                reason=exc.strerror,
            ) from None
    if not isinstance(source, str):
        raise RulesetError.coded("oc.file_type", "{where}: give TOML text or a path", where=where)
    if len(source) > 1_000_000:
        raise RulesetError.coded("oc.file_large", "{where}: larger than 1 MB; refused", where=where)
    try:
        data = tomllib.loads(source)
    except tomllib.TOMLDecodeError as exc:
        raise RulesetError.coded(
            "toml.invalid", "{where}: not valid TOML: {reason}", where=where, reason=str(exc)
        ) from None
    except RecursionError:
        raise RulesetError.coded(
            "oc.file_deep", "{where}: values nested too deeply", where=where
        ) from None
    except ValueError:  # an integer of thousands of digits
        raise RulesetError.within(where, _huge_number_line(source)) from None
    values = {}
    for (table, key), name in FILE_FIELDS.items():
        t, field = data.get(table), f"{table}.{key}"
        if not isinstance(t, dict) or key not in t:
            raise RulesetError.coded(
                "oc.file_missing", "{where}: missing field {field!r}", where=where, field=field
            )
        values[name] = _check_file_value(where, field, t[key])
    unknown = sorted(set(data) - {"track", "board", "dice", "rules"})
    if unknown:
        raise RulesetError.coded(
            "oc.file_table",
            "{where}: unknown table {table!r}; tables: “track”, “board”, “dice”, “rules”",
            where=where,
            table=unknown[0],
        )
    rules = data.get("rules", {})
    if not isinstance(rules, dict):
        raise RulesetError.coded(
            "oc.file_rules", "{where}: [rules] must be a table of field = value", where=where
        )
    for key, value in rules.items():
        values[key] = _check_file_value(where, f"rules.{key}", value)
    values.update(overrides)
    try:
        return make_ruleset(OwnersChoiceRules, values)
    except RulesetError as exc:
        raise RulesetError.within(where, exc) from None


_LIST_KINDS = {
    "track.prices": int,
    "track.dividends": int,
    "board.spaces": str,
    "dice.president": str,
    "dice.fund": str,
    "dice.event": str,
}


def _check_file_value(where: str, key: str, value):
    """One value of an edition file, checked before the ruleset sees it: the right kind
    (no booleans for numbers, no nested lists), bounded sizes. Errors name ``key``."""
    kind = _LIST_KINDS.get(key)
    if kind is not None:
        if not isinstance(value, list):
            raise RulesetError.coded(
                "oc.field_list",
                "{where}: field {key!r} must be a list, not {value}",
                where=where,
                key=key,
                value=short_value(value),
            )
        if len(value) > MAX_BOARD:
            raise RulesetError.coded(
                "oc.field_entries",
                "{where}: field {key!r} has {n} entries; at most {most}",
                where=where,
                key=key,
                n=len(value),
                most=MAX_BOARD,
            )
        for i, v in enumerate(value):
            _check_scalar(where, f"{key}[{i}]", v, kind)
        return value
    if key == "track.start_price":
        _check_scalar(where, key, value, int)
        return value
    if isinstance(value, (list, dict)):
        raise RulesetError.coded(
            "oc.field_single",
            "{where}: field {key!r} must be a single value, not {value}",
            where=where,
            key=key,
            value=short_value(value),
        )
    if isinstance(value, int) and not isinstance(value, bool):
        _check_scalar(where, key, value, int)
    return value


def _check_scalar(where: str, key: str, value, kind) -> None:
    if kind is int:
        if isinstance(value, bool) or not isinstance(value, int):
            raise RulesetError.coded(
                "oc.field_not_whole",
                "{where}: field {key!r}: {value} is not a whole number",
                where=where,
                key=key,
                value=short_value(value),
            )
        if not -MAX_MONEY <= value <= MAX_MONEY:
            raise RulesetError.coded(
                "oc.field_range",
                "{where}: field {key!r}: {value} is out of range (-{most} to {most})",
                where=where,
                key=key,
                value=short_value(value),
                most=MAX_MONEY,
            )
    elif not isinstance(value, str):
        raise RulesetError.coded(
            "oc.field_not_text",
            "{where}: field {key!r}: {value} is not a string",
            where=where,
            key=key,
            value=short_value(value),
        )
    elif len(value) > MAX_FACE:
        raise RulesetError.coded(
            "oc.field_long",
            "{where}: field {key!r}: {value} is {n} characters long; at most {most}",
            where=where,
            key=key,
            value=short_value(value),
            n=len(value),
            most=MAX_FACE,
        )


def _huge_number_line(text: str) -> str:
    for i, line in enumerate(text.splitlines(), start=1):
        if re.search(r"[0-9]{300}", line):
            key = line.partition("=")[0].strip() or word("a value")
            return Phrase.coded(
                "oc.huge_number_line",
                "line {i} ({key}): a number of thousands of digits",
                i=i,
                key=short_value(key),
            )
    return word("a number of thousands of digits")


def default_ruleset_text() -> str:
    """The shipped edition file, to copy and edit."""
    return resources.files(__package__).joinpath("default_ruleset.toml").read_text("utf-8")
