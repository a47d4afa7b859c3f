"""The shared pages (home, play against the bots, bots, rule assumptions, the Pig demo with
the shared explorer and live-game tracker) in 日本語 and 繁體中文: each opens without an
exception and without English sentences of the catalogs, its main control works in the
language, and the common catalogs are complete."""

from __future__ import annotations

import dataclasses

import pytest

from dashboard.i18n import language
from dashboard.i18n_tools import problems
from dashboard.plugins import game_ui
from dashboard.words import game as game_words
from engine import game_names, get_game
from tests.apptest import open_page, open_rules
from tests.board import go
from tests.dashboard.i18n_checks import english_leaks, page_text
from tests.dashboard.test_bots_page import finished

LANGS = ("ja", "zh-TW")
PAGES = (
    "views/home.py",
    "views/play.py",
    "views/bots.py",
    "views/assumptions.py",
    "views/pig/demo.py",
)


def _clean(at, lang: str) -> None:
    assert not at.exception, at.exception
    assert not english_leaks(at, lang), english_leaks(at, lang)


def test_common_catalogs_are_complete():
    """Every common message translated, none fuzzy or obsolete, placeholders kept. (An
    English text that another area's catalog words differently is the catalogs' shared
    test's business: tests/dashboard/test_i18n_catalogs.py.)"""
    found = [p for p in problems() if "/common.po" in p and "translated differently" not in p]
    assert found == []


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("script", PAGES)
def test_shared_page_opens_in_the_language_without_english_sentences(script, lang):
    at = open_page(script, lang=lang)
    _clean(at, lang)
    assert not at.error, [e.value for e in at.error]


def test_home_page_shows_the_game_names_of_the_articles():
    ja = page_text(open_page(lang="ja"))
    assert "ストックホールデム" in ja and "スタック5" in ja and "ホイスト" in ja
    zh = page_text(open_page(lang="zh-TW"))
    assert "股市大戰" in zh and "惠斯特" in zh


def test_english_stays_the_source_text():
    at = open_page("views/bots.py", lang="en")
    assert at.title[0].value == "Bots"
    assert "simple bot" in page_text(at)


@pytest.mark.parametrize("lang", LANGS)
def test_play_against_the_bots_starts_and_plays_in_the_language(lang):
    with language(lang):  # AppTest words the widgets' options in this thread
        at = open_page("views/play.py", lang=lang)
        at.button(key="play_start").click().run()
        _clean(at, lang)
        assert not at.error, [e.value for e in at.error]
        skip = [b for b in at.button if b.key == "play_skip"]
        if skip:
            skip[0].click().run()
            _clean(at, lang)
        if lang == "ja":  # the game's name as its article writes it
            assert "スタック5" in page_text(at)


@pytest.mark.parametrize("lang", LANGS)
def test_bots_page_runs_a_match_in_the_language(lang):
    with language(lang):  # AppTest words the widgets' options in this thread
        at = open_page("views/bots.py", lang=lang)
        box = at.selectbox(key="bots_game")
        box.select_index(
            box.options.index({"ja": "オーナーズチョイス", "zh-TW": "股市大戰"}[lang])
        ).run()
        at.multiselect[0].set_value(["random", "heuristic"])
        at.number_input[0].set_value(2)
        at.button[0].click().run()
        finished(at)  # the match runs in a worker process (dashboard.jobs.pool)
        _clean(at, lang)
        ratings = at.dataframe[-2].value
        expected = {
            "ja": {"ランダムボット", "シンプルボット"},
            "zh-TW": {"隨機機器人", "簡單機器人"},
        }
        assert set(ratings.iloc[:, 0]) == expected[lang]


@pytest.mark.parametrize("lang", LANGS)
def test_pig_live_game_and_explorer_in_the_language(lang):
    with language(lang):  # AppTest words the widgets' options in this thread
        at = open_page("views/pig/demo.py", lang=lang)
        # the explorer (a simulated game): one step forward
        go(at, 1)
        _clean(at, lang)
        at.toggle(key="xp_pig_grade").set_value(True).run()
        _clean(at, lang)
        # the live game: set up, start, one tap
        at.segmented_control(key="pig_mode").set_value("Live game").run()
        at.button(key="live_pig_start").click().run()
        _clean(at, lang)
        moves = [b for b in at.button if b.key and b.key.startswith("live_pig_m_")]
        assert moves, [b.key for b in at.button]
        moves[0].click().run()
        _clean(at, lang)
        assert not at.error, [e.value for e in at.error]


@pytest.mark.parametrize("lang", LANGS)
def test_ruleset_form_words_a_bad_number_in_the_language(lang):
    with language(lang):  # AppTest words the widgets' options in this thread
        at = open_page("views/pig/demo.py", lang=lang)
        at.segmented_control(key="pig_mode").set_value("Live game").run()
        open_rules(at, "live_pig_rules")
        at.number_input(key="live_pig_rules_target").set_value(0).run()
        assert at.error, "an out-of-range target is said beside the field"
        message = at.error[0].value
        assert "out of range" not in message and "0" in message


def test_every_game_and_ruleset_field_has_words():
    """A new game or ruleset field gets its title and label here (else it shows in
    English on every language's pages)."""
    for name in game_names(include_demo=True):
        game = get_game(name)
        ui = game_ui(name)
        assert ui.title and ui.description, name
        for field in dataclasses.fields(game.ruleset_class):
            assert field.name in game_words.FIELD_LABELS, (name, field.name)
            for choice in field.metadata.get("choices") or ():
                if isinstance(choice, str):
                    assert choice in game_words.CHOICE_WORDS, (name, field.name, choice)


def test_move_words_follow_the_language():
    from engine.stack5 import Decide

    describe = game_ui("stack5").describe_move

    with language("ja"):
        assert describe(Decide("draw"), ["Aiko"], 0) == "Aikoがもう1枚引く"
    with language("zh-TW"):
        assert describe(Decide("stop"), ["Aiko"], 0) == "Aiko停止"
    assert describe(Decide("stop"), ["Aiko"], 0) == "Aiko stops"
