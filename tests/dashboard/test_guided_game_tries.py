"""The guided game's "Why not…?" (AppTest): on the learner's turn in Stack 5's guided game
the legal moves are the buttons (said in one line) and the moves the rules refuse are
offered muted; a tap on one shows the engine's reason in the player's language (en, ja,
zh-TW) and changes nothing — the stored game, its version and the buttons stay as they
were — and the game then goes on."""

from __future__ import annotations

import pytest

from dashboard.i18n import language
from dashboard.play.view import KIND
from dashboard.store.entries import default_store
from dashboard.ui import plain
from engine import GameRecord
from engine.core.records import final_state
from engine.tutorial import tries
from tests.apptest import APP
from tests.dashboard.i18n_checks import english_leaks
from tests.dashboard.test_guided_game import start, step

LEGAL_NOTE = {
    "en": "The moves you can make are the buttons.",
    "ja": "指せる手はボタンで示しています。",
    "zh-TW": "可以走的步都是按鈕。",
}


def stored(at) -> tuple[GameRecord, int]:
    text, version = default_store().load(KIND, at.query_params["play"])
    return GameRecord.from_json(text), version


def try_keys(at) -> list[str]:
    return [b.key for b in at.button if (b.key or "").startswith("guide_try_")]


def move_keys(at) -> list[str]:
    return [b.key for b in at.button if (b.key or "").startswith("play_m_")]


def to_a_try(at, limit: int = 300) -> None:
    for _ in range(limit):
        if try_keys(at) and not [b for b in at.button if b.key == "guide_continue"]:
            return
        step(at)
    raise AssertionError("the guided game offered no move to try")


@pytest.mark.parametrize("lang", ["en", "ja", "zh-TW"])
def test_a_refused_try_is_explained_and_changes_nothing(lang):
    at = start(lang)
    to_a_try(at)
    assert LEGAL_NOTE[lang] in [c.value for c in at.caption]
    record, version = stored(at)
    moves = move_keys(at)
    key = try_keys(at)[0]
    at.button(key=key).click().run()
    assert not at.exception, at.exception
    assert not at.error, at.error[0].value
    after, after_version = stored(at)
    assert (after.actions, after_version) == (record.actions, version)  # nothing changed
    assert move_keys(at) == moves and key in try_keys(at)
    state = final_state(record, check_result=False)
    expected = tries(state)[0]
    assert key.endswith(expected.action.replace(" ", "-20-"))
    shown = [w.value for w in at.warning]
    assert len(shown) == 1, shown
    from dashboard.guide.tries import reason_text

    with language(lang):
        reason = reason_text(record, expected.reason)
    assert plain(reason) in shown[0]
    if lang != "en":
        assert not reason.isascii()
        assert english_leaks(at, lang) == []
    step(at)  # a legal move: the game goes on, the explanation goes
    assert len(stored(at)[0].actions) > len(record.actions)
    assert not at.warning


def start_game(game: str, lang: str):
    """``game``'s guided first game opened from its link, in ``lang``."""
    from streamlit.testing.v1 import AppTest

    at = AppTest.from_file(APP, default_timeout=120)
    at.query_params["lang"] = lang
    at.run()
    at.switch_page("views/play.py")
    at.query_params["guide"] = game
    at.run()
    assert not at.exception, at.exception
    return at


@pytest.mark.parametrize(
    ("game", "lang"),
    [("whist", "en"), ("stock_holdem", "en"), ("owners_choice", "en"), ("owners_choice", "ja")],
)
def test_the_other_games_explain_a_try_and_change_nothing(game, lang):
    at = start_game(game, lang)
    to_a_try(at, limit=600)
    record, version = stored(at)
    at.button(key=try_keys(at)[0]).click().run()
    assert not at.exception, at.exception
    assert not at.error, at.error[0].value
    assert stored(at) == (record, version)
    shown = [w.value for w in at.warning]
    assert len(shown) == 1, shown
    state = final_state(record, check_result=False)
    from dashboard.guide.tries import reason_text

    with language(lang):
        reason = reason_text(record, tries(state)[0].reason)
    assert plain(reason) in shown[0]
    assert "seat" not in reason and "{" not in reason, reason
    if lang != "en":
        assert english_leaks(at, lang) == []


def test_no_try_outside_a_guided_game():
    from tests.apptest import open_page

    at = open_page("views/play.py")
    at.selectbox(key="play_game").set_value("Stack 5").run()
    at.selectbox(key="play_bot1").set_value("random").run()
    at.text_input(key="play_seed").set_value("7")
    at.button(key="play_start").click().run()
    for _ in range(40):
        if move_keys(at):
            break
        at.button(key="play_skip").click().run()
    assert move_keys(at) and not try_keys(at)
    assert LEGAL_NOTE["en"] not in [c.value for c in at.caption]
