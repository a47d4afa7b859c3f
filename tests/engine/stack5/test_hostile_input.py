"""Issue 11 hardening: action text and ruleset values from users are bounded."""

from __future__ import annotations

import dataclasses
import random
import typing

import pytest

from engine import CHANCE, ParseError, RulesetError
from engine.core.protocol import RandomBot
from engine.core.ruleset import make_ruleset
from engine.stack5 import Stack5Rules, parse_action

from .util import new, play


@pytest.mark.parametrize(
    "text",
    [
        "give ²",
        "give ٣",
        "steal ٣ row 1",
        "steal 1 row ²",
        "place R3 row ٣",
        "place R3 discard row ²",
        "give " + "9" * 5000,
        "place R3 row " + "1" * 5000,
        "steal 1 row -1",
        "give 1.0",
    ],
)
def test_hardening_action_numbers_are_ascii_digits_of_bounded_length(text):
    with pytest.raises(ParseError) as err:
        parse_action(text)
    assert len(str(err.value)) < 400  # a 5,000-digit number is not echoed back whole
    s = play(new(), "R1", "G1")
    before = list(s.history)
    with pytest.raises(ParseError):
        s.apply(text)
    assert s.history == before


def test_hardening_ascii_numbers_still_parse():
    assert str(parse_action("give 1")) == "give 1"
    assert str(parse_action("steal 001 row 2")) == "steal 1 row 2"
    assert str(parse_action("place r3 discard row 3")) == "place R3 discard row 3"


def _numeric_fields():
    hints = typing.get_type_hints(Stack5Rules)
    return [f for f in dataclasses.fields(Stack5Rules) if hints[f.name] in (int, float)]


def test_hardening_every_numeric_ruleset_field_has_min_and_max():
    fields = _numeric_fields()
    assert {f.name for f in fields} >= {
        "numbers",
        "copies",
        "draw3",
        "number_bombs",
        "colour_bombs",
        "steals",
        "jokers",
        "min_draws",
        "max_rows",
        "target",
    }
    for f in fields:
        meta = f.metadata
        assert "min" in meta and "max" in meta, f.name
        assert meta["min"] <= f.default <= meta["max"], f.name
        with pytest.raises(RulesetError, match="below"):
            make_ruleset(Stack5Rules, {f.name: meta["min"] - 1})
        with pytest.raises(RulesetError, match="above"):
            make_ruleset(Stack5Rules, {f.name: meta["max"] + 1})
    with pytest.raises(RulesetError):
        make_ruleset(Stack5Rules, {"colours": "ABEFGHIKL"})  # 9 colours: at most 8


EXTREMES = [
    {"target": 12, "max_rows": 1},
    {"target": 12, "max_rows": 1, "min_draws": 5, "jokers": 0},
    {"target": 12, "max_rows": 5, "min_draws": 5, "numbers": 9, "copies": 6,
     "colours": "RBGYPAEF"},
    {"target": 12, "max_rows": 1, "numbers": 5, "copies": 1, "colours": "RBGYPAEF",
     "number_bombs": 9, "colour_bombs": 9},
    {"target": 12, "max_rows": 5, "numbers": 9, "copies": 6, "colours": "RBGYPAEF",
     "draw3": 9, "number_bombs": 9, "colour_bombs": 9, "steals": 9, "min_draws": 1},
]  # fmt: skip


@pytest.mark.parametrize("overrides", EXTREMES, ids=range(len(EXTREMES)))
def test_hardening_extreme_rulesets_still_end_quickly(overrides):
    """The corners of the ruleset bounds still make games that end (random bots, 4
    players: measured at most about 12,000 actions, well under a second)."""
    rules = make_ruleset(Stack5Rules, overrides)
    bot = RandomBot()
    for g in range(3):
        rng = random.Random(g)
        s = new(4, **overrides)
        assert s.ruleset == rules
        steps = 0
        while not s.is_terminal():
            p = s.current_player()
            s.apply_trusted(s.sample_chance(rng) if p == CHANCE else bot.choose(s, p, rng))
            steps += 1
            assert steps < 60_000, overrides
