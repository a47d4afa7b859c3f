"""The Play page's Hint tapped on a phone (390 px): the suggested move and why appear
under the move buttons, the button it suggests is marked; screenshot in /tmp/shots/."""

from __future__ import annotations

import pytest

from tests.browser.test_live_taps import shot
from tests.browser.waits import act, choose, idle, in_url, open_page, text_shown

pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("browser")]
MY_TURN = text_shown("Your turn, Aiko")


def test_a_hint_on_a_phone(phone, app_url):
    page = phone
    open_page(page, app_url + "/play", text_shown("Start playing"))
    game = page.get_by_test_id("stMain").get_by_test_id("stSelectbox").first
    choose(page, game, "Stack 5", text_shown("Rules"))
    name = page.get_by_label("Your name")
    name.fill("Aiko")
    act(page, lambda: name.press("Enter"))
    seed = page.get_by_label("Seed (optional: the same seed deals the same game)")
    seed.fill("3")
    act(page, lambda: seed.press("Enter"))
    act(page, page.get_by_role("button", name="Start playing").click, in_url("play="))
    idle(page, MY_TURN)
    hint = page.locator(".st-key-play_hint button:visible").first
    act(page, hint.click, text_shown("Hint:"))
    idle(page, text_shown("Hint:"))
    shot(page, "play_hint_390")
    assert page.locator("[data-testid='stException']").count() == 0
    assert (
        page.locator(".st-key-play_hint button:visible").count() == 0
    )  # shown until the next move
    box = page.get_by_text("Hint:").first.bounding_box()
    assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= 390
