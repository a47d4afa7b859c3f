"""Practice on a phone in a real browser: ten drills answered with a reload half-way (the
progress lives under the learner's link), then a puzzle, then the progress page."""

from __future__ import annotations

import json
import re

import pytest

from tests.browser.waits import act, idle, in_url, open_page, text_shown

pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("browser")]


SAVED = "!!document.querySelector('.tt-answer[data-confirmed=\"1\"]')"


def _answer_one(page, n: int) -> None:
    """Answer the question on view (the first choice, or a number) and go to the next.
    The answer component shows the verdict at once and saves it a moment later: the waits
    are its own signals (the server has the answer; a new question is drawn)."""
    idle(page, text_shown("Rule:"))
    choice = page.locator(".st-key-practice_choice_0 button")
    typed = page.locator(".tt-answer .tt-input").first
    before = page.evaluate("(document.querySelector('.tt-answer') || {dataset: {}}).dataset.drawn")
    if choice.count():
        choice.click()
    else:
        typed.fill("7")
        typed.press("Enter")
    idle(page, f"{SAVED} && {text_shown(f'of {n} right')}")
    page.get_by_role("button", name="Next question").click()
    drawn = "(document.querySelector('.tt-answer') || {dataset: {}}).dataset.drawn"
    idle(page, f"!{text_shown('Next question')} && {drawn} !== {json.dumps(before)}")


@pytest.mark.parametrize("game", ["stack5", pytest.param("whist", marks=pytest.mark.slow)])
def test_ten_drills_a_reload_and_a_puzzle_on_a_phone(phone, app_url, game, tmp_path):
    open_page(phone, f"{app_url}/{game}_practice", text_shown("Rule:"))
    for n in range(1, 6):
        _answer_one(phone, n)
    idle(phone, in_url("learner="))
    url = phone.url
    phone.reload()
    idle(phone, text_shown("of 5 right"))
    assert re.search(r"learner=[\w-]+", phone.url).group() in url
    for n in range(6, 11):
        _answer_one(phone, n)
    phone.screenshot(path=str(tmp_path / f"{game}_drills.png"), full_page=True)

    act(phone, phone.get_by_text("Puzzles from real games").click, text_shown("Find the best move"))
    first = phone.locator("[class*='st-key-puzzle_m'] button").first
    first.scroll_into_view_if_needed()
    act(phone, first.click, text_shown("Next puzzle"))
    assert phone.get_by_text(re.compile("^(Solved|Not the best move)")).count() >= 1
    assert phone.evaluate("document.documentElement.scrollWidth") <= 400
    assert phone.locator("[data-testid='stException']").count() == 0
    phone.screenshot(path=str(tmp_path / f"{game}_puzzle.png"), full_page=True)

    learner = re.search(r"learner=([\w-]+)", phone.url).group(1)
    open_page(phone, f"{app_url}/progress?learner={learner}", text_shown("Your rules"))
    metrics = phone.locator(".tt-figure-value")
    assert metrics.first.inner_text().strip() == "10"  # drills
    assert metrics.nth(3).inner_text().strip().endswith("/ 1")  # the puzzle
