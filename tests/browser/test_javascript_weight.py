"""The charting bundle (plotly, ~4.7 MB of the ~7 MB a calculator downloads) is loaded
only by pages that draw a chart: Streamlit splits it into its own chunk, loaded on first
use. This keeps the first visit of a page without charts near 2–4 MB."""

from __future__ import annotations

import contextlib

import pytest

from tests.browser.waits import open_page

pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("browser")]


def _scripts(page, url: str, wait_for: str | None = None) -> dict[str, int]:
    sizes: dict[str, int] = {}

    def seen(response):
        if response.url.endswith(".js"):
            # a response without a body (redirect, cancelled) is not counted
            with contextlib.suppress(Exception):
                sizes[response.url.rsplit("/", 1)[-1]] = len(response.body())

    page.on("response", seen)
    # idle: every script the page asked for has arrived and run (a chart drawn)
    open_page(page, url, f"!!document.querySelector({wait_for!r})" if wait_for else None)
    return sizes


def test_pages_without_charts_do_not_load_the_charting_bundle(page, app_url):
    sizes = _scripts(page, app_url + "/stack5_learn")
    assert sizes, "no script was seen"
    assert not [name for name in sizes if name.startswith("PlotlyChart")]


def test_a_page_with_a_chart_loads_the_charting_bundle_once(page, app_url):
    sizes = _scripts(
        page, app_url + "/owners_choice_calculator?chart=1", "[data-testid='stPlotlyChart']"
    )
    assert len([name for name in sizes if name.startswith("PlotlyChart")]) == 1
