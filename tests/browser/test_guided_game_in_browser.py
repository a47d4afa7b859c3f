"""Stack 5's guided first game in a real browser on a phone (390 px): opened from its link,
played to its end by tapping the first legal move on each turn and Continue on each rule
card (the bots move on their own, at the guided game's pace); once, a move the rules refuse
("Why not…?") is tapped: its reason shows and nothing changes (the stored game, its
version, the move buttons). Every card comes once and the end lists each. Screenshots of a
card in English, Japanese and Chinese, and of a refused try explained in Japanese, go to
/tmp/team/shots/guide_*.png."""

from __future__ import annotations

import json
import os
from urllib.parse import parse_qs, urlparse

import pytest

from dashboard.play.view import KIND
from dashboard.store.entries import default_store
from tests.browser.waits import CHANGED, act, idle, open_page, text_shown

pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("browser")]

SHOTS = "/tmp/team/shots"
CARD = "!!document.querySelector('.st-key-guide_card')"
MOVES = "!!document.querySelector(\"[class*='st-key-play_m_'] button\")"
OVER = text_shown("Game over")
TRY = "[class*='st-key-guide_try_'] button:visible"


def shot(page, name: str, where: str = ".st-key-guide_card") -> None:
    os.makedirs(SHOTS, exist_ok=True)
    page.locator(where).first.scroll_into_view_if_needed()
    page.screenshot(path=f"{SHOTS}/{name}.png")


def heading(page) -> str:
    return page.locator(".st-key-guide_card h4").first.inner_text().strip()


def first_move(page):
    return page.locator("[class*='st-key-play_m_'] button:visible").first


def stored(page) -> tuple[list[str], int]:
    """The stored game's actions and version (the page's address names it)."""
    play_id = parse_qs(urlparse(page.url).query)["play"][0]
    text, version = default_store().load(KIND, play_id)
    return json.loads(text)["actions"], version


def move_labels(page) -> list[str]:
    return page.locator("[class*='st-key-play_m_'] button:visible").all_inner_texts()


def tap_a_try(page, explained: str) -> None:
    """Tap the first refused move offered: its reason (``explained``) shows and nothing
    changes — the stored game and its version, the move buttons."""
    before, moves = stored(page), move_labels(page)
    act(page, lambda: page.locator(TRY).first.dispatch_event("click"), text_shown(explained))
    alert = page.locator("[data-testid='stAlert']").filter(has_text=explained)
    assert alert.count() == 1
    assert stored(page) == before
    assert move_labels(page) == moves
    assert page.locator("[data-testid='stException']").count() == 0


def no_sideways_scroll(page) -> None:
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 390, f"the page is {width} px wide on a 390 px phone"


def test_the_stack5_guided_game_to_its_end_on_a_phone(phone, app_url):
    page = phone
    open_page(page, app_url + "/play?guide=stack5&lang=en", f"{CARD} || {MOVES}")
    seen: list[str] = []
    tried = False
    for _ in range(400):  # a Stack 5 game is some 60 events
        idle(page, f"{CARD} || {MOVES} || {OVER}")
        if page.locator(".st-key-guide_card").count():
            name = heading(page)
            if not seen:
                no_sideways_scroll(page)
                shot(page, "guide_en")
            seen.append(name)
            button = page.locator(".st-key-guide_continue button")
            act(page, button.click, CHANGED)
        elif page.get_by_text("Game over").count():
            break
        elif not tried and page.locator(TRY).count():  # once: a move the rules refuse
            tap_a_try(page, "Not allowed:")
            tried = True
        else:  # the first legal move, wherever it sits
            act(page, lambda: first_move(page).dispatch_event("click"), CHANGED)
    else:
        raise AssertionError("the guided game did not end")
    assert tried, "no refused move was offered to try"
    assert page.locator("[data-testid='stException']").count() == 0
    assert len(seen) >= 5 and len(seen) == len(set(seen)), seen
    met = page.locator("[data-testid='stMarkdownContainer']").filter(has_text="Rules you met")
    items = [t.strip() for t in met.first.locator("li").all_inner_texts()]
    assert items == seen
    shot(page, "guide_rules_met_en", "[data-testid='stMarkdownContainer'] li")


@pytest.mark.parametrize(("lang", "new_rule"), [("ja", "新しいルール"), ("zh-TW", "新規則")])
def test_a_rule_card_in_japanese_and_chinese_on_a_phone(phone, app_url, lang, new_rule):
    page = phone
    open_page(page, f"{app_url}/play?guide=stack5&lang={lang}", f"{CARD} || {MOVES}")
    for _ in range(40):
        if page.locator(".st-key-guide_card").count():
            break
        act(page, lambda: first_move(page).dispatch_event("click"), f"{CARD} || {MOVES}")
    card = page.locator(".st-key-guide_card")
    assert new_rule in card.inner_text()
    assert not heading(page).isascii()
    no_sideways_scroll(page)
    shot(page, f"guide_{lang.replace('-', '_')}")


def test_a_refused_try_explained_in_japanese_on_a_phone(phone, app_url):
    page = phone
    open_page(page, f"{app_url}/play?guide=stack5&lang=ja", f"{CARD} || {MOVES}")
    for _ in range(200):
        idle(page, f"{CARD} || {MOVES}")
        if page.locator(".st-key-guide_card").count():
            act(page, page.locator(".st-key-guide_continue button").click, CHANGED)
        elif page.locator(TRY).count():
            break
        else:
            act(page, lambda: first_move(page).dispatch_event("click"), CHANGED)
    else:
        raise AssertionError("no refused move was offered to try")
    tap_a_try(page, "できません：")
    no_sideways_scroll(page)
    shot(page, "guide_why_not_ja", "[data-testid='stAlert']")
