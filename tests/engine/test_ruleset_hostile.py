"""Hostile ruleset overrides and files: RulesetError naming the field.

Checked for every field of every registered game: booleans are not integers, integers
stay within the field's min/max (or ±INT_BOUND without them), huge integers never reach
``int``/``str`` conversion, strings and tuples are capped, and a ruleset TOML file that is
nested, binary or holds a 5,000-digit number is refused with a clear message.
"""

from __future__ import annotations

import dataclasses
import typing

import pytest

from engine import RulesetError, game_names, get_game, make_ruleset, ruleset_from_toml
from engine.core.ruleset import INT_BOUND, MAX_ITEMS, MAX_STR, _hints

GAMES = game_names(include_demo=True)


def int_fields():
    for name in GAMES:
        cls = get_game(name).ruleset_class
        hints = _hints(cls)
        for f in dataclasses.fields(cls):
            if hints[f.name] is int:
                yield pytest.param(cls, f, id=f"{name}.{f.name}")


def tuple_int_fields():
    for name in GAMES:
        cls = get_game(name).ruleset_class
        hints = _hints(cls)
        for f in dataclasses.fields(cls):
            if typing.get_origin(hints[f.name]) is tuple and typing.get_args(hints[f.name])[:1] == (
                int,
            ):
                yield pytest.param(cls, f, id=f"{name}.{f.name}")


def str_fields():
    for name in GAMES:
        cls = get_game(name).ruleset_class
        hints = _hints(cls)
        for f in dataclasses.fields(cls):
            if hints[f.name] is str or typing.get_args(hints[f.name])[:1] == (str,):
                yield pytest.param(cls, f, hints[f.name] is str, id=f"{name}.{f.name}")


#: a boolean as a message words it (``engine.core.ruleset.short``)
WORDS = {True: r"yes \(true\)", False: r"no \(false\)"}


@pytest.mark.parametrize(("cls", "f"), list(int_fields()))
def test_every_int_field_refuses_bools_huge_ints_and_values_out_of_bounds(cls, f):
    for value in (True, False):
        with pytest.raises(RulesetError, match=rf"{f.name!r}.*{WORDS[value]} is not an integer"):
            make_ruleset(cls, {f.name: value})
    for value in (10**5000, -(10**5000), 2**64, 10**30):
        with pytest.raises(RulesetError, match=f"{f.name!r}.*out of range") as err:
            make_ruleset(cls, {f.name: value})
        assert len(str(err.value)) < 300
    low = f.metadata.get("min", -INT_BOUND)
    high = f.metadata.get("max", INT_BOUND)
    with pytest.raises(RulesetError, match=f"{f.name!r}.*below {low}"):
        make_ruleset(cls, {f.name: low - 1})
    with pytest.raises(RulesetError, match=f"{f.name!r}.*above {high}"):
        make_ruleset(cls, {f.name: high + 1})
    for value in (1.0, "1", None, [1]):
        with pytest.raises(RulesetError, match=f"{f.name!r}"):
            make_ruleset(cls, {f.name: value})


@pytest.mark.parametrize(("cls", "f"), list(tuple_int_fields()))
def test_numbers_inside_tuples_are_bounded_too(cls, f):
    default = list(getattr(cls(), f.name))
    for bad in (True, INT_BOUND + 1, 10**5000):
        with pytest.raises(RulesetError, match=f"{f.name!r}"):
            make_ruleset(cls, {f.name: [bad, *default[1:]]})
    with pytest.raises(RulesetError, match=f"{f.name!r}.*at most {MAX_ITEMS}"):
        make_ruleset(cls, {f.name: [1] * (MAX_ITEMS + 1)})
    with pytest.raises(RulesetError, match=f"{f.name!r}"):
        make_ruleset(cls, {f.name: [[[[[[[[[[1]]]]]]]]]]})


@pytest.mark.parametrize(("cls", "f", "plain"), list(str_fields()))
def test_strings_are_capped_and_must_be_text(cls, f, plain):
    def wrap(s):
        return s if plain else [s] * len(getattr(cls(), f.name))

    with pytest.raises(RulesetError, match=f"{f.name!r}.*at most {MAX_STR}"):
        make_ruleset(cls, {f.name: wrap("x" * (MAX_STR + 1))})
    with pytest.raises(RulesetError, match=f"{f.name!r}.*surrogate"):
        make_ruleset(cls, {f.name: wrap("a\ud800")})
    with pytest.raises(RulesetError, match=f"{f.name!r}"):
        make_ruleset(cls, {f.name: wrap(5)})


@pytest.mark.parametrize("name", GAMES)
def test_every_game_refuses_non_table_overrides_and_odd_keys(name):
    cls = get_game(name).ruleset_class
    for overrides in (1, [1], "target=1", True):
        with pytest.raises(RulesetError, match="must be a table"):
            make_ruleset(cls, overrides)
    for key in ("self", "num_players", 1, ("a",)):
        with pytest.raises(RulesetError, match="unknown ruleset field"):
            make_ruleset(cls, {key: 1})


@pytest.mark.parametrize("name", GAMES)
def test_every_game_defaults_pass_their_own_checks(name):
    cls = get_game(name).ruleset_class
    from engine.core.ruleset import overrides_of

    default = cls()
    everything = {
        f.name: (list(v) if isinstance(v := getattr(default, f.name), tuple) else v)
        for f in dataclasses.fields(cls)
    }
    assert make_ruleset(cls, everything) == default
    assert overrides_of(make_ruleset(cls, everything)) == {}


# --- TOML ------------------------------------------------------------------------------------

PIG = get_game("pig").ruleset_class


@pytest.mark.parametrize(
    ("text", "match"),
    [
        ("target = " + "[" * 100_000, "field 'target': values nested too deeply"),
        ("target = " + "{a = " * 50_000, "field 'target': values nested too deeply"),
        ("die_faces = 6\ntarget = " + "9" * 5000, "field 'target': a number too long"),
        ("target = -" + "9" * 5000, "field 'target': a number too long"),
        ("target = true", r"'target' of Pig \(demo\): yes \(true\) is not an integer"),
        ("target = 1e999", "'target' of Pig \\(demo\\): inf is not an integer"),
        ("target = nan", "'target' of Pig \\(demo\\): nan is not an integer"),
        ("target = 1000", "'target'.*above 100"),
        ("target = 9223372036854775807", "'target'.*above 100"),
        ("target = 40\n[extra]\nx = 1", "unknown ruleset field 'extra'"),
        ("target = 2024-01-01", "'target'.*not an integer"),
        ("target = 40\0", "not a text file"),
        (b"\xff\xfe\x00\x00", "not UTF-8 text"),
        (b"\x89PNG\r\n\x1a\n", "not UTF-8 text"),
        ("x" * (1024 * 1024 + 1), "larger than 1024 KiB"),
    ],
)
def test_hostile_ruleset_file_is_a_ruleset_error(text, match):
    with pytest.raises(RulesetError, match=match) as err:
        ruleset_from_toml(PIG, text, source="pig.toml")
    assert str(err.value).startswith("pig.toml: ")
    assert len(str(err.value)) < 400


def test_ruleset_file_as_bytes_is_read_as_utf8():
    assert ruleset_from_toml(PIG, b"target = 40\n").target == 40
