"""In a real browser, a second click on the explorer's chosen game source keeps it."""

from __future__ import annotations

import pytest

from tests.browser.test_app_in_browser import wait_for_app

pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("browser")]


def test_clicking_the_chosen_game_source_again_keeps_it(page, app_url):
    page.goto(app_url + "/stack5_games")
    wait_for_app(page)
    simulate = page.locator(".st-key-xp_stack5_source").get_by_role("radio", name="Simulate")
    simulate.click()
    page.get_by_role("button", name="Simulate", exact=True).wait_for()
    simulate.click()  # the chosen one, again
    page.wait_for_timeout(1500)
    wait_for_app(page)
    assert simulate.get_attribute("aria-checked") == "true"
    assert page.get_by_role("button", name="Simulate", exact=True).count() == 1
    assert page.locator("[data-testid='stException']").count() == 0
