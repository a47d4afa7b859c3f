"""The move advisor's recorded-game loader: its own errors are coded (worded by the page:
a sentence with a capital letter in English, translated in ja and zh-TW), and its turn field
is set through the session only, so Streamlit logs no "created with a default value but
also had its value set via the Session State API" warning."""

from __future__ import annotations

import logging

import pytest

from dashboard.i18n import language
from tests.apptest import open_page
from tests.dashboard.owners_choice.test_pages import unfold

PAGE = "views/owners_choice/calculator.py"


def _loaded(lang: str, key: str, value: int):
    """The advisor in ``lang`` after loading with ``key`` set to ``value`` (the test speaks
    the page's language: AppTest formats a selectbox's value in the test's thread)."""
    with language(lang):
        at = unfold(open_page(PAGE, lang=lang))
        at.number_input(key=key).set_value(value).run()
        at.button(key="oc_rec_load").click().run()
    assert not at.exception, at.exception
    return at


@pytest.mark.parametrize(
    ("lang", "start"),
    [
        ("en", "There is no game 9999: the recorded games are numbered 1 to "),
        ("ja", "ゲーム9999はありません"),
        ("zh-TW", "沒有第9999局"),
    ],
)
def test_a_game_beyond_the_file_is_a_worded_sentence(lang, start):
    said = _loaded(lang, "oc_rec_game", 9999).error[0].value
    assert said.startswith(start), said


@pytest.mark.parametrize(
    ("lang", "start"),
    [
        ("en", "Game 1 has no turn 200; its turns are 1 to "),
        ("ja", "ゲーム1に第200ターンはありません"),
        ("zh-TW", "第1局沒有第200回合"),
    ],
)
def test_a_turn_beyond_the_game_is_a_worded_sentence(lang, start):
    said = _loaded(lang, "oc_rec_turn", 200).error[0].value
    assert said.startswith(start), said


class _Logged(logging.Handler):
    def __init__(self):
        super().__init__(logging.WARNING)
        self.messages: list[str] = []

    def emit(self, record):
        self.messages.append(record.getMessage())


@pytest.fixture
def duplication_warnings(monkeypatch):
    """Streamlit's warning about a widget given a default value and a session value, which
    it logs only in a running server (and once a process): both conditions lifted here."""
    import streamlit.elements.lib.policies as policies

    monkeypatch.setattr(policies.runtime, "exists", lambda: True)
    monkeypatch.setattr(policies, "_shown_default_value_warning", False)
    logged = _Logged()
    logger = logging.getLogger(policies.__name__)
    logger.addHandler(logged)
    yield logged.messages
    logger.removeHandler(logged)


def test_the_warning_is_caught_when_a_page_gives_both(duplication_warnings):
    from streamlit.testing.v1 import AppTest

    def both():
        import streamlit as st

        st.session_state["t"] = 8
        st.number_input("t", 1, 200, 5, key="t")

    AppTest.from_function(both).run()
    assert any('key "t"' in m for m in duplication_warnings), duplication_warnings


def test_the_turn_field_has_no_default_beside_its_session_value(duplication_warnings):
    at = unfold(open_page(PAGE))
    at.number_input(key="oc_rec_turn").set_value(6).run()
    at.button(key="oc_rec_load").click().run()
    at.number_input(key="oc_rec_game").set_value(2).run()
    assert not at.exception, at.exception
    assert not [m for m in duplication_warnings if "oc_rec" in m], duplication_warnings
