"""What a player may write, given as an example inside an engine message ("e.g. “R3”",
"write “place CARD COMPANY”"), reads in the page's own quotes: “R3” in English, 「R3」 in
Japanese and Chinese, never Python's 'R3'; a list a position error names reads as the
language's list, not as Python prints one ("[9, 9, 0]"); and every drill's question and
explanation start with a capital letter in English."""

from __future__ import annotations

import re

import pytest

from dashboard.i18n import error_text, language, quoted_template
from dashboard.i18n_tools import extract
from dashboard.owners_choice.words import company_words
from dashboard.plugins import game_ui
from dashboard.words.phrases import phrase_text
from engine import EngineError
from engine.core.ruleset import make_ruleset
from engine.owners_choice import from_position
from engine.owners_choice.actions import parse_action as oc_action
from engine.practice import drill, kinds
from engine.stack5.cards import deck_spec
from engine.stock_holdem.cards import parse_card
from engine.stock_holdem.pricing import parse_slot
from engine.stock_holdem.rules import StockHoldemRules

#: a text in ASCII single quotes, as Python quotes a string ('R3', 'place 7A C'); an
#: apostrophe (Owner's, players' rows) opens or closes nothing
PYTHON_QUOTED = re.compile(r"(?<!\w)'(?=\S)[^']*?(?<=\S)'(?!\w)")

#: engine messages quoted Python's way on purpose, each with why (key: the message's code, or
#: its English for a coded word); none now
ALLOWED: dict[str, str] = {}


def _allowed(context, msgid: str) -> bool:
    return context in ALLOWED or any(msgid.startswith(k) for k in ALLOWED if " " in k)


def test_no_engine_message_quotes_an_example_as_python_does():
    """Every English template and word of the engine's catalog, as an English page shows
    it (the player's input, ``{x!r}``, in the page's quotes), has no 'x' of its own."""
    found = []
    with language("en"):
        for msg in extract("engine"):
            if not msg.id:
                continue
            for msgid in msg.id if isinstance(msg.id, tuple) else (msg.id,):
                shown = quoted_template(msgid)
                if PYTHON_QUOTED.search(shown) and not _allowed(msg.context, msgid):
                    found.append((msg.context, msg.locations[0], PYTHON_QUOTED.findall(shown)))
    assert not found, found


def _raised(fn, *args, **kwargs) -> EngineError:
    with pytest.raises(EngineError) as info:
        fn(*args, **kwargs)
    return info.value


OPEN, CLOSE = {"en": "“", "ja": "「", "zh-TW": "「"}, {"en": "”", "ja": "」", "zh-TW": "」"}


@pytest.mark.parametrize("lang", ["en", "ja", "zh-TW"])
@pytest.mark.parametrize(
    ("make", "example"),
    [
        (lambda: _raised(deck_spec().code, "X9"), "R3"),
        (lambda: _raised(parse_card, "99Q"), "7A"),
        (lambda: _raised(parse_card, "99Q"), "BULL"),
        (lambda: _raised(oc_action, "move 13", from_position(3)), "move 2"),
        (lambda: _raised(oc_action, "frobnicate", from_position(3)), "buy R"),
        (lambda: _raised(make_ruleset, StockHoldemRules, {"symbol_names": ["a", "b"]}), "a"),
        (lambda: _raised(parse_slot, "Q?"), "?A"),
    ],
    ids=["stack5-card", "stock-card", "stock-bull", "oc-move", "oc-action", "stock-names", "back"],
)
def test_an_example_reads_in_the_languages_quotes(lang, make, example):
    exc = make()
    with language(lang):
        text = error_text(exc)
    assert f"{OPEN[lang]}{example}{CLOSE[lang]}" in text, text
    assert not PYTHON_QUOTED.search(text), text


@pytest.mark.parametrize("lang", ["en", "ja", "zh-TW"])
@pytest.mark.parametrize(
    "make",
    [
        lambda: _raised(from_position, 3, holdings=[[9, 9, 0], [0] * 4, [0] * 4]),
        lambda: _raised(from_position, 3, prices=[100, 130]),
        lambda: _raised(from_position, 3, cash=[1, -2, 3]),
        lambda: _raised(from_position, 3, presidents=[None, "auto"]),
        lambda: _raised(make_ruleset, StockHoldemRules, {"start_money": [1, 2]}),
    ],
    ids=["holdings", "prices", "cash", "presidents", "start-money"],
)
def test_a_list_in_a_position_error_is_the_languages_list(lang, make):
    exc = make()
    with language(lang):
        text = error_text(exc)
    # not Python's list or tuple, nor one quoted whole as what the player wrote
    assert "[" not in text and "“(" not in text and "「(" not in text, text
    assert "None" not in text, text
    if lang != "en":
        assert "、" in text, text


GAMES = ["stock_holdem", "stack5", "owners_choice", "whist", "pig"]


@pytest.mark.parametrize("game", GAMES)
def test_every_drill_starts_with_a_capital_in_english(game):
    # Owner's Choice companies by their colour words, as its other pages word them
    # ("green", lowercase in English): a question may not start with one
    value = company_words if game == "owners_choice" else game_ui(game).practice.phrase_value
    found = []
    with language("en"):
        for kind in kinds(game):
            for seed in range(3):
                d = drill(game, kind, seed)
                for what, phrase in (("question", d.prompt), ("explanation", d.explanation)):
                    text = phrase_text(phrase, value=value)
                    if not (text[:1].isupper() or text[:1].isdigit()):
                        found.append((kind, seed, what, text[:60]))
    assert not found, found
