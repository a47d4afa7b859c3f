"""A Bots match runs in a worker process: its page shows progress and a Cancel button, and
meanwhile another player's page still answers, in a real browser."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.browser.waits import act, open_page, start_job, text_shown
from tests.browser.waits import metric_is as total_is

pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("browser")]


def test_another_page_answers_while_a_bots_match_runs(page, phone, app_url):
    bots, sheet = page, phone  # two sessions: two players
    open_page(bots, app_url + "/bots", text_shown("Run a small match"))
    bots.get_by_label("Time limit in seconds (at most 60)").fill("60")
    bots.get_by_label("Games (at most 20)").fill("20")
    bots.get_by_label("Games (at most 20)").press("Tab")
    cancel = bots.get_by_role("button", name="Cancel the match")
    start_job(bots, bots.get_by_role("button", name="Play the match"), cancel)
    expect(cancel).to_be_visible(timeout=60_000)
    # the match plays in another process: a tap on another page completes meanwhile
    open_page(sheet, app_url + "/whist_score_sheet", text_shown("Whist score sheet"))
    act(sheet, sheet.get_by_role("button", name="Add deal").click, total_is(3))
    if cancel.is_visible():  # still playing (on a very busy machine it may be over)
        cancel.click()
        expect(bots.get_by_text("Match cancelled:")).to_be_visible(timeout=120_000)
    else:
        expect(bots.get_by_text("Time is up:")).to_be_visible(timeout=120_000)
    assert bots.locator("[data-testid='stException']").count() == 0
