"""The explorer's price charts in the company colours, in headless Chromium at 1280 px:
Owner's Choice R red / Y yellow / B blue / G green, Stock Hold'em A–F from the palette.
Screenshots go to /tmp/shots/ (to look at)."""

from __future__ import annotations

from pathlib import Path

import pytest

from dashboard import palette
from tests.browser.waits import idle, open_page

SHOTS = Path("/tmp/shots")

pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("browser")]


def _rgb(hex_colour: str) -> str:
    h = hex_colour.lstrip("#")
    return "rgb({}, {}, {})".format(*(int(h[i : i + 2], 16) for i in (0, 2, 4)))


@pytest.mark.parametrize(
    ("game", "slug", "step"),
    [("owners_choice", "owners_choice_games", 40), ("stock_holdem", "stock_holdem_games", 60)],
)
def test_explorer_price_chart_draws_each_company_in_its_colour(page, app_url, game, slug, step):
    drawn = "!!document.querySelector('.js-plotly-plot g.scatterlayer path.js-line')"
    open_page(page, f"{app_url}/{slug}?step={step}", drawn)
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"board-{game}-1280.png"))
    chart = page.locator(".js-plotly-plot").first
    chart.scroll_into_view_if_needed()
    idle(page, drawn)
    strokes = chart.locator("g.scatterlayer path.js-line").evaluate_all(
        "paths => paths.map(p => p.style.stroke)"
    )
    assert strokes == [_rgb(c) for c in palette.COMPANIES[game].values()]
    page.screenshot(path=str(SHOTS / f"price-chart-{game}-1280.png"))
    assert page.locator("[data-testid='stException']").count() == 0
