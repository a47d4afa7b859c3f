"""The live page's Hint tapped on a phone (390 px): under the coach, the move a strong
player would choose for the player to move, with that player's name; it goes with the
next tap on the pad. Screenshot in /tmp/shots/."""

from __future__ import annotations

import pytest

from dashboard.live import button_key
from dashboard.store.entries import default_store
from engine import GameRecord
from tests.browser.test_live_taps import KEY, shot
from tests.browser.waits import act, event_confirmed, idle, open_page, text_shown

pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("browser")]


def test_the_coach_hint_on_a_phone(phone, app_url):
    page = phone
    # two cards drawn: Ana chooses to draw again or stop
    record = GameRecord(game="stack5", players=["Ana", "Ben"], actions=["G1", "P2"], ruleset={})
    live_id = default_store().create("live:stack5", record.to_json())
    open_page(page, f"{app_url}/stack5_live?{KEY}={live_id}", event_confirmed(2))
    hint = page.locator(f".st-key-{KEY}_hint button:visible").first
    act(page, hint.click, text_shown("Hint:"))
    said = page.locator("[data-testid='stMarkdownContainer']").filter(has_text="Hint:").first
    assert "Ana" in said.inner_text()
    said.scroll_into_view_if_needed()
    shot(page, "live_hint_390")
    assert page.locator("[data-testid='stException']").count() == 0
    assert page.locator(f".st-key-{KEY}_hint button:visible").count() == 0
    box = said.bounding_box()
    assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= 390
    stop = page.locator(f".tt-tap .st-key-{button_key(KEY, 'm', 'stop')} button").first
    act(page, stop.click, event_confirmed(3))
    idle(page, f"!{text_shown('Hint:')}")
