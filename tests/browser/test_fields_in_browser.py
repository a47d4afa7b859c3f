"""The fields component (dashboard/components/fields.py) in Chromium at 390 px: a text
typed and left by tapping a button goes with that tap, and the count of players redraws
the names' fields."""

from __future__ import annotations

import re

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


def test_score_sheet_names_and_game_are_fields_at_390px(phone, app_url):
    """The sheet's game and its side names are fields of the component: a side's name
    typed in the names' part names the totals, and Whist's target appears with Whist."""
    open_page(phone, app_url + "/whist_score_sheet", text_shown("Whist score sheet"))
    phone.get_by_text("Names:", exact=False).first.click()
    name = phone.get_by_label("Side 1", exact=True)
    name.fill("Ann & Bo")
    act(phone, lambda: name.press("Enter"), text_shown("Names: Ann & Bo"))
    expect(phone.locator(".tt-figure").first).to_contain_text("Ann & Bo")
    game = phone.get_by_role("group", name="Game")
    act(
        phone,
        game.get_by_role("button", name="Whist, 4 players", exact=True).click,
        text_shown("Play to"),
    )
    expect(phone.get_by_role("group", name="Play to")).to_have_count(1)
    assert phone.locator("[data-testid='stException']").count() == 0


def test_a_tracker_action_drawn_with_the_fields_comes_after_the_text_just_typed(phone, app_url):
    """The tracker's "New round" is a button of the fields component: a company's cards
    typed and left by tapping it are sent first, then the new round empties them; the
    prices stay."""
    open_page(phone, app_url + "/stock_holdem_table_tracker", text_shown("Stock Hold"))
    price = phone.get_by_label("Company A: Price now")
    price.fill("33")
    price.press("Enter")
    expect(phone.locator("table").first).to_contain_text("$33")
    cards = phone.get_by_label("Company B: Cards: up to 5 slots")
    cards.fill("3A 5A")  # no Enter: left by the tap below
    button = phone.locator(".tt-fields button[data-action='tt_new_round']")
    expect(button).to_have_attribute("title", re.compile("keeps prices"))
    button.click()
    expect(cards).to_have_value("")
    expect(phone.get_by_label("Company A: Cards: up to 5 slots")).to_have_value("")
    expect(price).to_have_value("33")
    assert phone.locator("[data-testid='stException']").count() == 0
    assert phone.locator("[data-testid='stButton']").count() == 0  # no Streamlit button
