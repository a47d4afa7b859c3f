"""The shipped rule-variant reports (``data/variants``): one for every assumption of every
game (a list one, such as a die's faces, against one change a table might make), each
made by its line in ``commands.sh`` (same seed, same games), and each a report the Rule
assumptions page can read."""

from __future__ import annotations

import json
import shlex
from pathlib import Path

import pytest

from engine import get_game
from engine.core.registry import registered_names
from engine.core.ruleset import describe

FOLDER = Path(__file__).resolve().parents[2] / "data" / "variants"


def _commands() -> dict[tuple[str, str], list[str]]:
    """Each command line of commands.sh by (game, field), its variables ($N, $S…) put in."""
    names: dict[str, list[str]] = {}
    out = {}
    for line in (FOLDER / "commands.sh").read_text(encoding="utf-8").splitlines():
        head, eq, value = line.partition("=")
        if eq and head.isupper() and head.isidentifier():
            names["$" + head] = " ".join(shlex.split(value, comments=True)).split()
        elif line.startswith("$V "):
            words = [w for word in shlex.split(line) for w in names.get(word, [word])]
            out[words[1], words[words.index("--field") + 1]] = words
    return out


def _assumed() -> list[tuple[str, str]]:
    """Every assumption of every game."""
    return [
        (name, f.name)
        for name in registered_names()
        for f in describe(get_game(name).ruleset_class)
        if f.assumption
    ]


def test_every_assumption_has_its_command_and_its_report():
    commands = _commands()
    assert sorted(commands) == sorted(_assumed())
    missing = [f"{g}/{f}.json" for g, f in commands if not (FOLDER / g / f"{f}.json").is_file()]
    assert not missing, missing


@pytest.mark.parametrize(("game", "field"), sorted(_commands()))
def test_each_report_is_the_one_its_command_makes(game, field):
    words = _commands()[game, field]
    path = FOLDER / game / f"{field}.json"
    if not path.is_file():
        pytest.skip("not made yet (the test above names it)")
    report = json.loads(path.read_text(encoding="utf-8"))
    assert (report["game"], report["field"]) == (game, field)
    assert report["seed"] == int(words[words.index("--seed") + 1])
    assert report["games_per_setting"] == int(words[words.index("--games") + 1])
    rules = dict(
        r.split("=", 1) for r in (words[i + 1] for i, w in enumerate(words) if w == "--rule")
    )
    assert report["rules"] == rules
    assert report["verdict"]["code"].startswith("variants.")


@pytest.mark.parametrize("field", ["company_names", "symbol_names"])
def test_a_label_cannot_matter_and_its_report_says_so(field):
    """Names change no move: the same seeds give the same games, so every measure is the
    same under both values."""
    report = json.loads((FOLDER / "stock_holdem" / f"{field}.json").read_text(encoding="utf-8"))
    assert report["verdict"]["code"] in ("variants.none", "variants.same")
    default, other = report["settings"]
    for measure in ("seat_win_share", "mean_length"):
        assert default[measure] == other[measure], measure
