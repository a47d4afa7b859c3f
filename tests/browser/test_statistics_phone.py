"""The Statistics page on a phone: one player count at a time, charts readable."""

from __future__ import annotations

import pytest

from tests.browser.test_app_in_browser import wait_for_app

pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("browser")]


def test_statistics_charts_per_player_count_on_a_phone(phone, app_url, tmp_path):
    phone.goto(app_url + "/statistics")
    wait_for_app(phone)
    phone.get_by_role("heading", name="Statistics across games").wait_for()
    phone.get_by_test_id("stMain").get_by_test_id("stSelectbox").first.click()
    phone.get_by_role("option").filter(has_text="Stack 5").first.click()
    choice = phone.get_by_test_id("stButtonGroup").filter(has_text="players (")
    choice.first.wait_for()
    counts = choice.first.get_by_role("radio")
    assert counts.count() >= 2, "Stack 5's shipped games hold 2- and 4-player games"
    four = counts.filter(has_text="4 players").first
    for _ in range(3):  # a click landing during the rerun of the game change is dropped
        four.click()
        wait_for_app(phone)
        try:
            phone.get_by_text("with 4 players").first.wait_for(timeout=15_000)
            break
        except Exception:
            continue
    phone.get_by_text("with 4 players").first.wait_for()
    charts = phone.locator("[data-testid='stPlotlyChart']")
    charts.first.wait_for()
    assert phone.locator("[data-testid='stException']").count() == 0
    # no chart is wider than the phone: nothing to scroll sideways to
    width = phone.evaluate("() => document.documentElement.scrollWidth")
    assert width <= 400
    phone.screenshot(path=str(tmp_path / "statistics_390.png"), full_page=True)
