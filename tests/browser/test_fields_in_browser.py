"""The fields component (dashboard/components/fields.py) in Chromium at 390 px: a text
typed and left by tapping a button goes with that tap, and the count of players redraws
the names' fields."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.browser.waits import act, event_shown, in_url, open_page, text_shown

pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("browser")]


def test_a_name_typed_then_start_tapped_at_once_is_the_players_name(phone, app_url):
    open_page(phone, app_url + "/owners_choice_live", text_shown("Start the game"))
    players = phone.get_by_role("group", name="Players")
    players.get_by_role("button", name="3", exact=True).click()
    expect(phone.get_by_label("Player 4 name")).to_have_count(0)
    expect(phone.get_by_label("Player 3 name")).to_have_count(1)
    phone.get_by_label("Player 1 name").fill("Aiko")
    phone.get_by_label("Player 3 name").fill("Cleo")  # no Enter: left by the tap below
    start = phone.get_by_role("button", name="Start the game")
    act(phone, start.click, f"{in_url('live_owners_choice=')} && {event_shown(0)}")
    expect(phone.get_by_text("Cleo").first).to_be_visible()
    expect(phone.get_by_text("Aiko").first).to_be_visible()
    assert phone.locator("[data-testid='stException']").count() == 0
