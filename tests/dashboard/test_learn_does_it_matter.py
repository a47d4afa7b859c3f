"""A Learn page's assumption flags say what changing the rule did (the verdict of its
shipped report, ``data/variants``) and link to where a player can try it: the Rule
variants page preset to that rule, or the Rule assumptions page for a rule that page
cannot play (a die's faces, the board)."""

from __future__ import annotations

import html
import re
from pathlib import Path
from urllib.parse import parse_qs, urlparse

import pytest

from dashboard.i18n import language
from dashboard.variants import flag
from engine import get_game
from engine.core.ruleset import describe
from tests.apptest import open_page

ROOT = Path(__file__).resolve().parents[2]
LEARN = {
    "stack5": "views/stack5/learn.py",
    "owners_choice": "views/owners_choice/learn.py",
    "stock_holdem": "views/stock_holdem/learn.py",
    "whist": "views/whist/learn.py",
}
LEAD = {"en": "Does it matter?", "ja": "影響はある？", "zh-TW": "有影響嗎？"}


def _lines(at, lead: str) -> list[str]:
    return [e.proto.body for e in at.get("html") if lead in e.proto.body]


def _flagged_rules(game: str) -> set[str]:
    """The rules the game's Learn page passes to ``flag.assumption`` (read from its
    source: a tab of the Whist page is drawn only when chosen)."""
    source = (ROOT / "dashboard" / LEARN[game]).read_text(encoding="utf-8")
    found = set()
    for call in re.findall(r"flag\.assumption\(\s*\"\w+\",(.*?)\n\s*\)\n", source, re.S):
        found |= set(re.findall(r"^\s*\"(\w+)\",?\s*$", call, re.M))
        found |= set(re.findall(r", \"(\w+)\"", call.splitlines()[-1]))
    return found


@pytest.mark.parametrize("game", LEARN)
def test_every_measured_assumption_is_flagged_on_its_learn_page(game):
    measured = {
        f.name
        for f in describe(get_game(game).ruleset_class)
        if f.assumption and (ROOT / "data/variants" / game / f"{f.name}.json").exists()
    }
    assert measured, game
    assert measured <= _flagged_rules(game), sorted(measured - _flagged_rules(game))


@pytest.mark.parametrize("game", ["stack5", "owners_choice", "stock_holdem"])
@pytest.mark.parametrize("lang", ["en", "ja", "zh-TW"])
def test_the_flags_say_the_verdict_and_link_to_try_it(game, lang):
    with language(lang):
        at = open_page(LEARN[game], lang=lang)
    assert not at.exception
    lines = _lines(at, LEAD[lang])
    assert len(lines) >= 3, lines
    for line in lines:
        href = html.unescape(re.search(r"href='([^']+)'", line).group(1))
        url = urlparse(href)
        query = parse_qs(url.query)
        assert query["lang"] == [lang]
        if url.path.endswith("variants"):
            assert query["game"] == [game] and query["field"]
        else:
            assert url.path.endswith("assumptions"), href


def test_a_list_rule_is_said_by_what_changed_in_words():
    with language("en"):
        line = flag.verdict_html("owners_choice", ("event_die",))
    assert "Does it matter?" in line and "assumptions" in line
    assert "pay50" not in line and "all+1" not in line


def test_no_line_for_a_rule_without_a_report():
    assert flag.verdict_html("stack5", ("no_such_rule",)) == ""


def test_a_table_moved_alike_is_said_as_the_change():
    from dashboard.variants.words import value_words

    higher = tuple(d + 10 for d in get_game("owners_choice").ruleset_class().track_dividends)
    with language("en"):
        assert value_words("owners_choice", "track_dividends", higher) == "+10 on every entry"
