"""The pages' heavy jobs in a real browser, at 1280 and 390 px: grading on
the analysis board, "Simulate and add" on the Statistics page and the search bot on the
Play page show their progress and a Cancel (or Pause) button, then their result. The
screenshots of both states go to /tmp/shots-jobs/ to be looked at."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import expect

from tests.browser.waits import open_page, start_job, text_shown

pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("browser")]

SHOTS = Path("/tmp/shots-jobs")
WAIT_MS = 180_000


def shoot(page, name: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{name}.png"), full_page=True)


def no_trouble(page) -> None:
    assert page.locator("[data-testid='stException']").count() == 0
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= page.viewport_size["width"] + 10, width


@pytest.mark.parametrize("size", ["page", pytest.param("phone", marks=pytest.mark.slow)])
def test_grading_shows_its_progress_then_the_grades(size, request, app_url):
    page = request.getfixturevalue(size)
    game = 2 if size == "page" else 3  # a game graded once is graded for every session
    url = app_url + f"/owners_choice_games?src=recorded&file=games.jsonl&game={game}&grade=1"
    page.goto(url)
    progress = page.get_by_text("Grading every decision…")
    # a warm worker may grade a short game before the page is first drawn: then the
    # grades show at once, and there is no progress to see
    expect(progress.or_(page.get_by_text("Graded decisions"))).to_be_visible(timeout=WAIT_MS)
    if progress.count():
        # the progress and its cancel button are drawn together; the job may end meanwhile
        # (a clean CI run saw the progress, then the grades, before the button was checked)
        cancel = page.get_by_role("button", name="Cancel the grading")
        expect(cancel.or_(page.get_by_text("Graded decisions"))).to_be_visible()
        shoot(page, f"grading_progress_{page.viewport_size['width']}")
    expect(page.get_by_text("Graded decisions")).to_be_visible(timeout=WAIT_MS)
    expect(page.get_by_text("Grading every decision…")).to_have_count(0)
    shoot(page, f"grading_result_{page.viewport_size['width']}")
    no_trouble(page)


@pytest.mark.parametrize("size", ["phone", pytest.param("page", marks=pytest.mark.slow)])
def test_simulate_and_add_shows_its_progress_and_cancels(size, request, app_url):
    page = request.getfixturevalue(size)
    open_page(page, app_url + "/statistics", text_shown("Statistics across games"))
    game = page.get_by_test_id("stMain").get_by_test_id("stSelectbox").first
    game.click()
    page.get_by_role("option", name="Stock Hold'em").click()
    expect(page.get_by_text("Add games: simulate a batch or upload records")).to_be_visible()
    page.get_by_text("Add games: simulate a batch or upload records").click()
    games = page.get_by_label("Games (at most 200)")
    games.fill("60")
    games.press("Tab")
    cancel = page.get_by_role("button", name="Cancel the simulation")
    start_job(page, page.get_by_role("button", name="Simulate and add"), cancel)
    expect(cancel).to_be_visible(timeout=WAIT_MS)
    expect(page.get_by_text("Simulated ").first).to_be_visible(timeout=WAIT_MS)
    shoot(page, f"simulate_progress_{page.viewport_size['width']}")
    cancel.click()
    expect(page.get_by_text("Simulation cancelled: added")).to_be_visible(timeout=WAIT_MS)
    shoot(page, f"simulate_cancelled_{page.viewport_size['width']}")
    no_trouble(page)


@pytest.mark.parametrize("size", ["page", pytest.param("phone", marks=pytest.mark.slow)])
def test_the_search_bot_thinks_with_progress_and_can_be_paused(size, request, app_url):
    page = request.getfixturevalue(size)
    open_page(page, app_url + "/play", text_shown("Play against the bots"))
    box = page.get_by_test_id("stMain").get_by_test_id("stSelectbox").first
    box.click()
    page.get_by_role("option", name="Stack 5").click()
    seat = page.get_by_test_id("stSelectbox").filter(has_text="Your seat")
    seat.click()
    page.get_by_role("option", name="Player 2").click()
    expect(page.get_by_role("button", name="Start playing")).to_be_visible()
    page.get_by_role("button", name="Start playing").click()
    expect(page.get_by_text("The search bot is thinking…")).to_be_visible(timeout=WAIT_MS)
    pause = page.get_by_role("button", name="Pause the bots")
    expect(pause).to_be_visible(timeout=WAIT_MS)
    shoot(page, f"play_thinking_{page.viewport_size['width']}")
    pause.click()
    expect(page.get_by_text("The bots are paused.")).to_be_visible(timeout=WAIT_MS)
    expect(page.get_by_text("The search bot is thinking…")).to_have_count(0, timeout=WAIT_MS)
    expect(page.get_by_text("Last events")).to_have_count(1, timeout=WAIT_MS)  # run over
    shoot(page, f"play_paused_{page.viewport_size['width']}")
    no_trouble(page)
