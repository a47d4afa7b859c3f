"""The Whist board's double-dummy table and par on a phone (390 px): the whole table is
on screen, nothing scrolls sideways. The server works the table out with its own solver
(about a minute a Bid Whist deal, more on a busy machine): slow. Screenshots go to
/tmp/shots/ (to look at)."""

from __future__ import annotations

import pytest

from tests.browser.test_analysis_board import board, no_trouble, settled, shoot

pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("browser"), pytest.mark.slow]

GAME = "/whist_games?src=recorded&file=bid4.jsonl&game=3&grade=0&step=20"


def test_the_table_fits_a_phone(phone, app_url):
    board(phone, app_url + GAME)
    phone.get_by_text("Par:").first.wait_for(timeout=900_000)  # the job's answer
    settled(phone)
    table = phone.locator("table", has_text="no trump low").first
    box = table.bounding_box()
    assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= 390
    # every column drawn in full: the table is not cut or scrolled inside its box
    inner = table.evaluate("t => [t.scrollWidth, t.parentElement.clientWidth]")
    assert inner[0] <= inner[1], inner
    assert phone.evaluate("document.documentElement.scrollWidth") <= 390
    assert (
        table.locator("tbody tr").count() == 10
        and table.locator("thead tr").last.locator("th").count() == 5
    )
    table.scroll_into_view_if_needed()
    shoot(phone, "whist_par_table_390")
    no_trouble(phone)
