"""Player pages use player words: no developer vocabulary in what a page shows.

Every page of the app is opened under AppTest (from ``dashboard/app.py``, then
``switch_page``) and its rendered text is searched: Markdown, captions, alerts, headings,
metrics, widget labels and the cells of its tables."""

from __future__ import annotations

import html
import re

import pytest

from dashboard import ui
from dashboard.nav import all_pages
from tests.apptest import figures, open_page, open_rules
from tests.board import step_text

# Whole words where a word could be part of another (None/Nonetheless, CLI/CLIMB).
DEVELOPER_WORDS = {
    "TOML": re.compile(r"TOML"),
    "None": re.compile(r"\bNone\b"),
    "heuristic": re.compile(r"heuristic", re.I),
    "omniscient": re.compile(r"omniscient", re.I),
    "python": re.compile(r"python", re.I),
    "CLI": re.compile(r"\bCLI\b"),
    "`": re.compile(r"`"),
    "Traceback": re.compile(r"Traceback"),
    "list index": re.compile(r"list index", re.I),
}


def _cells(frame) -> list[str]:
    """Every cell and column name of a dataframe element, as text ("None" for a null)."""
    try:
        value = frame.value
    except Exception:  # an element the test API cannot read back
        return []
    try:
        columns = [str(c) for c in value.columns]
        rows = value.astype(object).where(value.notna(), None).values.tolist()
    except AttributeError:
        return [str(value)]
    return columns + ["None" if v is None else str(v) for row in rows for v in row]


_HIDDEN = re.compile(r"<(style|script)\b.*?</\1>", re.S | re.I)
_TAG = re.compile(r"<[^>]+>")


def _visible(text: str) -> str:
    """What a reader sees of Markdown that carries HTML: no tags, styles or link targets."""
    return html.unescape(_TAG.sub(" ", _HIDDEN.sub(" ", text)))


def rendered_text(at) -> list[str]:
    """The text a player can read on the page (without widget internals)."""
    texts: list[str] = []
    for kind in ("markdown", "caption", "title", "header", "subheader", "text", "latex"):
        texts += [_visible(str(e.value)) for e in getattr(at, kind)]
    for kind in ("error", "warning", "info", "success", "exception"):
        texts += [str(e.value) for e in getattr(at, kind)]
    for m in figures(at):
        texts += [str(m.label), str(m.value)]
    for kind in (
        "selectbox",
        "multiselect",
        "radio",
        "number_input",
        "text_input",
        "text_area",
        "toggle",
        "checkbox",
        "button",
        "slider",
        "select_slider",
    ):
        for w in getattr(at, kind):
            texts.append(str(w.label))
            if getattr(w, "help", None):
                texts.append(str(w.help))
            options = getattr(w, "options", None)
            if options:
                texts += [str(o) for o in options]
    for frame in at.dataframe:
        texts += _cells(frame)
    for table in at.table:
        texts += _cells(table)
    return texts


def developer_words(texts: list[str]) -> list[str]:
    found = []
    for text in texts:
        for word, pattern in DEVELOPER_WORDS.items():
            if pattern.search(text):
                found.append(f"{word!r} in {text[:120]!r}")
    return found


@pytest.mark.parametrize("script", [p.script for p in all_pages()])
def test_every_page_uses_player_words_only(script):
    at = open_page(script)
    assert not at.exception, at.exception
    found = developer_words(rendered_text(at))
    assert not found, "\n".join(found)


def test_plain_label_names_engine_words_for_players():
    assert ui.plain_label("chance") == "dealer/dice"
    assert ui.plain_label("heuristic") == "simple bot"
    assert ui.plain_label("omniscient") == "everything"
    assert ui.plain_label("Ann") == "Ann"  # a word without a player label stays itself


def test_the_word_check_sees_a_none_cell_and_a_backtick():
    assert developer_words(["a `code` span"]) and developer_words(["None"])
    assert not developer_words(["Nonetheless, a player word"])


def test_pig_demo_opens_on_a_game_not_on_no_recorded_games():
    at = open_page("views/pig/demo.py")
    assert not at.exception
    assert not any("No recorded games" in i.value for i in at.info)
    assert step_text(at).startswith("**Step 0 of")


def test_ruleset_form_is_made_from_the_metadata_and_feeds_parse_overrides():
    """The statistics, games and live pages call ``overrides_input``: it is the form."""
    at = open_page("views/whist/games.py")
    at.segmented_control(key="xp_whist_source").set_value("Simulate").run()
    open_rules(at, "xp_whist_rules")
    variant = at.selectbox(key="xp_whist_rules_variant")
    assert variant.options == [
        "Bid Whist (4 players)",
        "Whist (4 players)",
        "Bid Whist (2 players)",
        "Whist (2 players)",
    ]
    assert "fixes the number of players" in variant.help  # the field's doc is its help
    assert at.toggle(key="xp_whist_rules_honours_after_tricks").label.startswith(
        ":orange-badge[assumption]"
    )
    target = at.number_input(key="xp_whist_rules_bid_target")
    assert "From 1 to 50" in target.help
    assert not any("TOML" in str(t.label) for t in at.text_area)


@pytest.mark.parametrize(
    ("typed", "said"),
    [
        (99, "Start price: 99 is out of range. From 1 to 57."),
        (100_000_000, "Start price: 100,000,000 is out of range."),  # digits, never 1e+08
    ],
)
def test_an_out_of_range_rule_number_gets_a_message_beside_the_field(typed, said):
    at = open_page("views/stock_holdem/games.py")
    at.segmented_control(key="xp_stock_holdem_source").set_value("Simulate").run()
    open_rules(at, "xp_stock_holdem_rules")
    at.number_input(key="xp_stock_holdem_rules_start_price").set_value(typed)
    at.button[[b.label for b in at.button].index("Simulate")].click().run()
    assert not at.exception
    messages = [e.value for e in at.error]
    assert any(said in m for m in messages), messages
    assert not any("e+" in m for m in messages)


def test_parse_overrides_checks_a_form_result_and_still_reads_text():
    from engine import RulesetError, get_game

    game = get_game("whist")
    assert ui.parse_overrides(game, ui.RulesetChoice({"variant": "whist2"})) == {
        "variant": "whist2"
    }
    with pytest.raises(RulesetError, match="not an allowed number"):
        ui.parse_overrides(game, ui.RulesetChoice({}, ["Bid target: not an allowed number"]))
    assert ui.parse_overrides(game, 'variant = "whist4"') == {"variant": "whist4"}
