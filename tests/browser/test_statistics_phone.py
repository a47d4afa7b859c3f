"""The Statistics page on a phone: one player count at a time, charts readable."""

from __future__ import annotations

import pytest

from tests.browser.waits import act, choose, open_page, text_shown

pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("browser")]


def test_statistics_charts_per_player_count_on_a_phone(phone, app_url, tmp_path):
    open_page(phone, app_url + "/statistics", text_shown("Statistics across games"))
    game = phone.get_by_test_id("stMain").get_by_test_id("stSelectbox").first
    choose(phone, game, "Stack 5", text_shown("players ("))
    choice = phone.get_by_test_id("stButtonGroup").filter(has_text="players (")
    counts = choice.first.get_by_role("radio")
    assert counts.count() >= 2, "Stack 5's shipped games hold 2- and 4-player games"
    four = counts.filter(has_text="4 players").first
    act(phone, four.click, text_shown("with 4 players"))
    charts = phone.locator("[data-testid='stPlotlyChart']")
    charts.first.wait_for()
    assert phone.locator("[data-testid='stException']").count() == 0
    # no chart is wider than the phone: nothing to scroll sideways to
    width = phone.evaluate("() => document.documentElement.scrollWidth")
    assert width <= 400
    phone.screenshot(path=str(tmp_path / "statistics_390.png"), full_page=True)
