"""The charting bundle (plotly, ~4.7 MB of the ~7 MB a calculator downloads) is loaded
only by pages that draw a chart: Streamlit splits it into its own chunk, loaded on first
use. This keeps the first visit of a page without charts near 2–4 MB."""

from __future__ import annotations

import contextlib

import pytest

from tests.browser.test_app_in_browser import wait_for_app

pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("browser")]


def _scripts(page, url: str, wait_for: str | None = None) -> dict[str, int]:
    sizes: dict[str, int] = {}

    def seen(response):
        if response.url.endswith(".js"):
            # a response without a body (redirect, cancelled) is not counted
            with contextlib.suppress(Exception):
                sizes[response.url.rsplit("/", 1)[-1]] = len(response.body())

    page.on("response", seen)
    page.goto(url)
    wait_for_app(page)
    if wait_for:
        page.locator(wait_for).first.wait_for()
    page.wait_for_timeout(2000)
    return sizes


def test_pages_without_charts_do_not_load_the_charting_bundle(page, app_url):
    sizes = _scripts(page, app_url + "/stack5_learn")
    assert sizes, "no script was seen"
    assert not [name for name in sizes if name.startswith("PlotlyChart")]


def test_a_page_with_a_chart_loads_the_charting_bundle_once(page, app_url):
    sizes = _scripts(page, app_url + "/stack5_calculator", "[data-testid='stPlotlyChart']")
    assert len([name for name in sizes if name.startswith("PlotlyChart")]) == 1
