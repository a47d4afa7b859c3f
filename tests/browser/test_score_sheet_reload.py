"""The Whist score sheet in a real browser: its id goes into the URL, and a reload in the
middle of a game brings back every deal (the sheet lives in the durable store)."""

from __future__ import annotations

import pytest

from tests.browser.waits import act, idle, in_url, open_page, text_shown
from tests.browser.waits import metric_is as total_is

pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("browser")]


def exported_csv(page) -> str:
    with page.expect_download() as download:
        page.get_by_role("button", name="Export sheet (CSV)").click()
    return open(download.value.path(), encoding="utf-8").read()


def test_score_sheet_reload_mid_game_keeps_every_deal(page, app_url, tmp_path):
    open_page(page, app_url + "/whist_score_sheet", text_shown("Whist score sheet"))
    add = page.get_by_role("button", name="Add deal")
    for n in (1, 2):  # bid 3 uptown, 9 books: +3 each, the game goes on
        act(page, add.click, total_is(3 * n))
    idle(page, in_url("sheet="))
    before = exported_csv(page)
    assert before.count("bid4,0,3,uptown,9") == 2
    url = page.url

    page.reload()
    idle(page, f"{text_shown('Export sheet (CSV)')} && {total_is(6)}")
    assert page.url == url
    assert exported_csv(page) == before
    metric = page.locator(".tt-figure-value").first
    assert metric.inner_text().strip() == "6"
    assert page.locator("[data-testid='stException']").count() == 0
    page.screenshot(path=str(tmp_path / "score_sheet_reloaded.png"), full_page=True)
