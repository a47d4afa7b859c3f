"""The guided first game on the Play page (AppTest): Stack 5's, started from its link
(?guide=stack5), stops at each rule the first time it comes up with a card in the player's
language, goes on with Continue, keeps the cards shown in the stored game (a reload shows
none again) and lists them at the end; the doors to it on the Learn page and the set-up."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from dashboard.guide.game import reference
from dashboard.guide.words import card_text, rule_name
from dashboard.i18n import language
from dashboard.play.view import KIND
from dashboard.store.entries import default_store
from dashboard.ui import plain
from engine import GameRecord
from engine.tutorial import find, guide, tutorial_games
from tests.apptest import APP, open_page
from tests.dashboard.i18n_checks import english_leaks

ROOT = Path(__file__).resolve().parents[2]
NEW_RULE = {"en": "New rule", "ja": "新しいルール", "zh-TW": "新規則"}


def start(lang: str | None = None):
    """The Play page opened from a Learn page's "Play your first game" link."""
    at = AppTest.from_file(APP, default_timeout=120)
    if lang is not None:
        at.query_params["lang"] = lang
    at.run()
    at.switch_page("views/play.py")
    at.query_params["guide"] = "stack5"
    at.run()
    assert not at.exception, at.exception
    assert "guide" not in at.query_params  # the address now names the stored game
    return at


def stored(at) -> GameRecord:
    return GameRecord.from_json(default_store().load(KIND, at.query_params["play"])[0])


def card_heading(at, lang: str = "en") -> str | None:
    """The rule card's rule name, if a card is shown (under its caption "New rule")."""
    if not [c for c in at.caption if c.value == NEW_RULE[lang]]:
        return None
    found = [m.value for m in at.markdown if m.value.startswith("#### ")]
    assert len(found) == 1, found
    return found[0].removeprefix("#### ")


def over(at) -> bool:
    return any(s.value.startswith("Game over") for s in at.success)


def step(at) -> None:
    """One tap: Continue on a card, else the first legal move, else 'Skip to my turn'."""
    keys = [b.key for b in at.button if b.key]
    moves = [k for k in keys if k.startswith("play_m_")]
    if "guide_continue" in keys:
        at.button(key="guide_continue").click().run()
    elif moves:
        at.button(key=moves[0]).click().run()
    else:
        at.button(key="play_skip").click().run()
    assert not at.exception, at.exception
    assert not at.error, at.error[0].value


def to_card(at, lang: str = "en", limit: int = 200) -> str:
    for _ in range(limit):
        heading = card_heading(at, lang)
        if heading is not None:
            return heading
        step(at)
    raise AssertionError("no rule card came up")


def test_the_guided_game_is_the_engines_choice_with_the_learner_in_seat_0():
    at = start()
    record = stored(at)
    seed, _actions, bots = reference("stack5")
    assert seed == find("stack5", seed=0, tries=20).record.seed
    assert record.meta["human"] == 0 and record.meta["seed"] == seed
    assert set(record.meta["bots"].values()) == set(bots[1:])
    assert record.meta["pause"] > 1.0  # a gentle pace


def test_the_first_rule_card_then_continue_goes_on():
    at = start()
    first = find("stack5", seed=0, tries=20).moments[0]
    assert to_card(at) == plain(first.rule)  # the reference game's first moment, worded
    text = " ".join(m.value for m in at.markdown)
    assert f"section={first.section}" in text  # "Read this rule" opens its Learn section
    assert "Read this rule" in text
    assert not [b for b in at.button if (b.key or "").startswith("play_m_")]  # the game waits
    assert stored(at).meta["guide"]["shown"] == []
    at.button(key="guide_continue").click().run()
    assert card_heading(at) != plain(first.rule)
    assert stored(at).meta["guide"]["shown"] == [first.code]


def test_a_card_shown_once_is_not_shown_again_after_a_reload():
    at = start()
    first = to_card(at)
    at.button(key="guide_continue").click().run()
    play_id = at.query_params["play"]
    again = open_page("views/play.py")  # a reload: a new session, the stored game's address
    again.query_params["play"] = play_id
    again.run()
    assert not again.exception, again.exception
    seen = []
    for _ in range(30):
        heading = card_heading(again)
        if heading is not None:
            seen.append(heading)
        step(again)
    assert first not in seen


def test_the_whole_game_shows_each_card_once_and_lists_them_at_the_end():
    at = start()
    seen = []
    for _ in range(600):
        if over(at) and card_heading(at) is None:
            break
        heading = card_heading(at)
        if heading is not None:
            seen.append(heading)
        step(at)
    assert over(at), "the game did not end"
    assert len(seen) == len(set(seen)), seen
    record = stored(at)
    g = guide("stack5")
    names = {r.code: plain(str(r.phrase)) for r in g.rules}
    assert seen == [names[c] for c in record.meta["guide"]["shown"]]
    met = next(m.value for m in at.markdown if m.value.startswith("**Rules you met**"))
    for name in seen:
        assert met.count(f"[{name}]") == 1
    assert any("stack5_practice" in m.value for m in at.markdown)


@pytest.mark.parametrize(("lang", "word"), [("ja", "続ける"), ("zh-TW", "繼續")])
def test_the_card_in_japanese_and_chinese(lang, word):
    at = start(lang)
    heading = to_card(at, lang)
    assert heading and not heading.isascii()
    assert [b.label for b in at.button if b.key == "guide_continue"] == [word]
    assert english_leaks(at, lang) == []


def test_doors_on_the_learn_page_and_the_set_up():
    at = open_page("views/stack5/learn.py")
    assert any("/play?guide=stack5" in m.value for m in at.markdown)
    at = open_page("views/play.py")
    at.selectbox(key="play_game").set_value("Stack 5").run()
    at.button(key="play_guided_stack5").click().run()
    assert not at.exception, at.exception
    assert stored(at).meta["guide"] == {"met": [], "shown": []}
    at = open_page("views/play.py")
    at.selectbox(key="play_game").set_value("Whist").run()  # classic Whist: no guided game
    assert not [b for b in at.button if (b.key or "").startswith("play_guided")]
    at.selectbox(key="play_game").set_value("Bid Whist").run()
    assert [b.key for b in at.button if (b.key or "").startswith("play_guided")] == [
        "play_guided_whist"
    ]


def test_a_bad_guide_link_is_a_plain_set_up():
    at = open_page("views/play.py")
    at.query_params["guide"] = "chess"
    at.run()
    assert not at.exception and not at.error
    assert "play" not in at.query_params and "guide" not in at.query_params
    assert [w.value for w in at.warning] == [
        "This link asks for a guided first game of “chess”, which has none here."
    ]


@pytest.mark.parametrize("game", tutorial_games())
def test_every_rule_card_has_words_and_a_learn_section_to_open(game):
    """Each rule a guided game may teach has a name and a card in en, ja and zh-TW, and
    the section it links to is an anchor of the game's Learn page."""
    page = (ROOT / "dashboard" / "views" / game / "learn.py").read_text(encoding="utf-8")
    anchors = set(re.findall(r'anchor="([a-z0-9-]+)"', page))
    for r in guide(game).rules:
        assert r.section in anchors, (game, r.code, r.section)
        english = card_text(game, r.code)
        assert english and rule_name(game, r.code) != r.code, r.code
        for lang in ("ja", "zh-TW"):
            with language(lang):
                assert not card_text(game, r.code).isascii(), (lang, r.code)
                assert not rule_name(game, r.code).isascii(), (lang, r.code)
