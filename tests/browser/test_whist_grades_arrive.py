"""A recorded Whist game in headless Chromium is graded without a click: the board opens
at once, the grades arrive deal by deal (the progress note counts the deals) while the
board keeps stepping on the keys, and a reload finds them kept. Screenshots at 1280 px
and 390 px go to /tmp/shots/ (to look at)."""

from __future__ import annotations

import re

import pytest

from tests.browser.test_analysis_board import BOARD, board, no_trouble, settled, shoot, shown_step

# about 40 s with two deals graded (load 4, before the C search), plus
# the deal's double-dummy table (a minute or more): slow
pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("browser"), pytest.mark.slow]

GAME = "/whist_games?src=recorded&file=bid4.jsonl&game=3"  # two deals
MARKED = re.compile(r" (\?\?|\?|\?!|!\?)$")
PROGRESS = re.compile(r"Graded \d of 2 deals…")


def test_grades_arrive_without_a_click_and_a_reload_keeps_them(page, phone, app_url):
    page.set_viewport_size({"width": 1280, "height": 2000})
    page.goto(app_url + GAME + "&step=100")  # the second deal: graded first
    page.wait_for_selector(f"{BOARD}[data-board-step='100']", timeout=60_000)
    for _ in range(5):  # the board steps while the grades come in
        page.keyboard.press("ArrowRight")
    page.locator(f"{BOARD} .tt-moves td", has_text=MARKED).first.wait_for(timeout=120_000)
    if page.get_by_text(PROGRESS).count():  # the first deal may be graded already
        shoot(page, "whist_grades_arriving_1280")
    # the deal's double-dummy table under the board goes before the other deal's grading
    # (the Python solver: a minute or more)
    page.get_by_text("Par:").first.wait_for(timeout=900_000)
    page.get_by_text(PROGRESS).first.wait_for(state="detached", timeout=120_000)
    settled(page)
    assert shown_step(page)[0] == 105  # no key dropped while the grades arrived
    assert page.locator(f"{BOARD} .tt-cbox", has_text="Value lost").count() == 1
    shoot(page, "whist_grades_done_1280")
    no_trouble(page)
    # a reload (here in another browser): every grade at once, nothing graded again
    phone.set_viewport_size({"width": 390, "height": 2600})
    board(phone, app_url + GAME + "&step=20")
    assert phone.locator(f"{BOARD} .tt-moves td", has_text=MARKED).count() > 0
    assert phone.get_by_text(PROGRESS).count() == 0
    shoot(phone, "whist_grades_kept_390")
    assert phone.evaluate("document.documentElement.scrollWidth") <= 400
    no_trouble(phone)
