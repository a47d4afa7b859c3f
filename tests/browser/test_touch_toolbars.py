"""On a touch screen a table's toolbar and a chart's mode bar never cover the page: after a
tap on a table they stay hidden; with a mouse they still show on hover."""

from __future__ import annotations

import pytest

pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("browser")]

TOOLBAR = "[data-testid='stElementToolbar']"


#: a page with grid tables (the bots' ratings)
TABLE_PAGE = "/bots"


def _table_page(context, app_url):
    page = context.new_page()
    page.set_default_timeout(60_000)
    page.goto(f"{app_url}{TABLE_PAGE}")
    page.locator("[data-testid='stDataFrame']:visible").first.wait_for()
    page.wait_for_function("() => !document.querySelector('[data-testid=\"stStatusWidget\"]')")
    return page


def _toolbar_shown(page) -> bool:
    return page.evaluate(
        """sel => [...document.querySelectorAll(sel)].some(e => {
            const s = getComputedStyle(e), r = e.getBoundingClientRect();
            return s.display !== 'none' && s.visibility !== 'hidden' && s.opacity !== '0'
                && r.width > 0 && r.height > 0;
        })""",
        TOOLBAR,
    )


def test_a_tapped_table_shows_no_toolbar_on_a_phone(browser, app_url):
    context = browser.new_context(
        viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True
    )
    try:
        page = _table_page(context, app_url)
        assert page.evaluate("() => matchMedia('(hover: none)').matches")
        page.locator("[data-testid='stDataFrame']:visible").first.tap()
        page.wait_for_timeout(300)  # the toolbar would fade in on the tap
        assert not _toolbar_shown(page)
    finally:
        context.close()


def test_a_hovered_table_shows_its_toolbar_with_a_mouse(page, app_url):
    page.goto(f"{app_url}{TABLE_PAGE}")
    table = page.locator("[data-testid='stDataFrame']:visible").first
    table.wait_for()
    table.hover()
    page.wait_for_function(
        """sel => [...document.querySelectorAll(sel)].some(
            e => getComputedStyle(e).display !== 'none' && e.getBoundingClientRect().width > 0)""",
        arg=TOOLBAR,
    )
