"""In a real browser: the polish a player sees (choices that stay chosen, tables that fit)."""

from __future__ import annotations

import pytest

from tests.browser.waits import act, idle, open_page, text_shown

pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("browser")]


def test_clicking_the_chosen_game_source_again_keeps_it(page, app_url):
    open_page(page, app_url + "/stack5_games")
    simulate = page.locator(".st-key-xp_stack5_source").get_by_role("radio", name="Simulate")
    button = "!!document.querySelector('.st-key-xp_stack5_source') && " + text_shown("Simulate")
    act(page, simulate.click, button)
    page.get_by_role("button", name="Simulate", exact=True).wait_for()
    simulate.click()  # the chosen one, again: whatever rerun it makes is over when idle
    idle(page)
    assert simulate.get_attribute("aria-checked") == "true"
    assert page.get_by_role("button", name="Simulate", exact=True).count() == 1
    assert page.locator("[data-testid='stException']").count() == 0


def test_stock_holdem_holdings_fit_the_board_without_scrolling_sideways(page, app_url):
    open_page(page, app_url + "/stock_holdem_games?step=90&lang=ja")
    table = page.locator("table", has_text="総資産").first
    table.wait_for()
    box = table.evaluate("t => [t.parentElement.scrollWidth, t.parentElement.clientWidth]")
    assert box[0] <= box[1], f"the holdings table is {box[0]}px wide in {box[1]}px"
