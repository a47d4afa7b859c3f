"""The Whist score sheet in a real browser: its id goes into the URL, and a reload in the
middle of a game brings back every deal (the sheet lives in the durable store)."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.browser.test_app_in_browser import wait_for_app

pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("browser")]


def exported_csv(page) -> str:
    with page.expect_download() as download:
        page.get_by_role("button", name="Export sheet (CSV)").click()
    return open(download.value.path(), encoding="utf-8").read()


def test_score_sheet_reload_mid_game_keeps_every_deal(page, app_url, tmp_path):
    page.goto(app_url + "/whist_score_sheet")
    wait_for_app(page)
    page.get_by_role("heading", name="Whist score sheet").wait_for()
    total = page.locator("[data-testid='stMetricValue']").first
    for n in (1, 2):  # bid 3 uptown, 9 books: +3 each, the game goes on
        page.get_by_role("button", name="Add deal").click()
        expect(total).to_have_text(str(3 * n), timeout=30_000)
        wait_for_app(page)
    page.wait_for_url("**sheet=*")
    before = exported_csv(page)
    for _ in range(10):  # on a loaded machine the export button can lag the metric a moment
        if before.count("bid4,0,3,uptown,9") == 2:
            break
        wait_for_app(page)
        page.wait_for_timeout(1000)
        before = exported_csv(page)
    assert before.count("bid4,0,3,uptown,9") == 2
    url = page.url

    page.reload()
    wait_for_app(page)
    page.get_by_role("heading", name="Whist score sheet").wait_for()
    page.get_by_role("button", name="Export sheet (CSV)").wait_for()
    assert page.url == url
    assert exported_csv(page) == before
    metric = page.locator("[data-testid='stMetricValue']").first
    assert metric.inner_text().strip() == "6"
    assert page.locator("[data-testid='stException']").count() == 0
    page.screenshot(path=str(tmp_path / "score_sheet_reloaded.png"), full_page=True)
