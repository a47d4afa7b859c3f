"""The explorer's price charts in the company colours, in headless Chromium at 1280 px:
Owner's Choice R red / Y yellow / B blue / G green, Stock Hold'em A–F from the palette.
Screenshots go to /tmp/shots/ (to look at)."""

from __future__ import annotations

import pytest

from dashboard import palette
from tests.browser.test_analysis_board import SHOTS, board, no_trouble

pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("browser")]


def _rgb(hex_colour: str) -> str:
    h = hex_colour.lstrip("#")
    return "rgb({}, {}, {})".format(*(int(h[i : i + 2], 16) for i in (0, 2, 4)))


@pytest.mark.parametrize(
    ("game", "slug", "step"),
    [
        pytest.param("owners_choice", "owners_choice_games", 40, marks=pytest.mark.slow),
        ("stock_holdem", "stock_holdem_games", 60),
    ],
)
def test_explorer_price_chart_draws_each_company_in_its_colour(page, app_url, game, slug, step):
    board(page, f"{app_url}/{slug}?step={step}")
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"board-{game}-1280.png"))
    chart = page.locator(".tt-board svg.tt-chart").first  # the board's price chart
    chart.wait_for(timeout=60_000)
    chart.scroll_into_view_if_needed()
    strokes = chart.locator("path.tt-line").evaluate_all(
        "paths => paths.map(p => getComputedStyle(p).stroke)"
    )
    assert strokes == [_rgb(c) for c in palette.company_colours(game).values()]
    page.screenshot(path=str(SHOTS / f"price-chart-{game}-1280.png"))
    no_trouble(page)
