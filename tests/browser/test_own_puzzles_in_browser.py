"""Your mistakes become your puzzles, in a real browser on a phone (390 px): a Stack 5
game against the bots in which the learner always draws (drawing on with points at stake
and a bust likely is a blunder), reviewed at its end; the blunder is then the first puzzle
Practice sets, and answering it the same way again is refused. Screenshots go to
/tmp/shots/."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from dashboard.live import button_key
from engine import GameRecord
from engine.puzzles import find_puzzles
from tests.browser.test_live_taps import shot
from tests.browser.waits import CHANGED, act, choose, idle, in_url, open_page, text_shown

pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("browser")]
MY_TURN = text_shown("Your turn, Aiko")
OVER = text_shown("Game over")


def start_stack5(page, app_url) -> None:
    open_page(page, app_url + "/play", text_shown("Start playing"))
    # Stack 5 for two is the first game offered
    boxes = page.get_by_test_id("stMain").get_by_test_id("stSelectbox")
    choose(
        page, boxes.filter(has_text="Player 2"), "simple bot"
    )  # quick and seeded: the game is the same each run
    name = page.get_by_label("Your name")
    name.fill("Aiko")
    act(page, lambda: name.press("Enter"))
    slider = page.get_by_test_id("stSlider").get_by_role("slider")
    slider.focus()
    for _ in range(2):  # 1.0 s → 0.2 s: quicker bots for the test
        act(page, lambda: slider.press("ArrowLeft"))
    seed = page.get_by_label("Seed (optional: the same seed deals the same game)")
    seed.fill("3")
    act(page, lambda: seed.press("Enter"))
    act(page, page.get_by_role("button", name="Start playing").click, in_url("play="))


def test_a_blunder_in_a_play_game_comes_back_as_a_puzzle_on_a_phone(phone, app_url):
    page = phone
    start_stack5(page, app_url)
    draw = page.locator(f".st-key-{button_key('play', 'm', 'draw')} button:visible")
    mine = page.locator("[class*='st-key-play_m_'] button:visible")
    for _moves in range(200):
        idle(page, f"{MY_TURN} || {OVER}")
        if page.get_by_text("Game over").count():
            break
        # the blunder on purpose: always draw another card; else the first move offered
        button = draw if draw.count() else mine
        act(page, lambda b=button: b.first.dispatch_event("click"), CHANGED)
    idle(page, OVER)
    shot(page, "own_puzzles_390_over")

    with page.expect_download() as got:
        page.get_by_role("button", name="Download the record (.json)").click()
    record = GameRecord.from_json(Path(got.value.path()).read_text(encoding="utf-8"))
    blunders = find_puzzles([record], "stack5", seat=0)
    assert blunders, "the learner's always drawing made no mistake this time"

    review = page.get_by_role("button", name="Review this game")
    act(page, review.click, text_shown("in Practice, first in line"))
    said = page.get_by_text(re.compile(r"of your moves in this game (was a|were) mistake"))
    assert said.inner_text().startswith(str(len(blunders)))
    assert page.get_by_text("Stack 5: games").count() == 1  # the analysis board
    assert page.evaluate("document.documentElement.scrollWidth") <= 400
    shot(page, "own_puzzles_390_review")

    link = page.get_by_role("link", name="Practise your mistakes")
    act(page, link.click, text_shown("Your own puzzle"))
    assert "learner=" in page.url and "mode=puzzles" in page.url
    shot(page, "own_puzzles_390_practice")
    first = blunders[0]
    again = page.locator(f".st-key-{button_key('puzzle', 'm', first.played)} button:visible")
    again.first.scroll_into_view_if_needed()
    act(page, again.first.click, text_shown("In your game you played"))
    assert page.get_by_text(re.compile("^Not the best move")).count() == 1
    assert page.locator("[data-testid='stException']").count() == 0
    assert page.evaluate("document.documentElement.scrollWidth") <= 400
    shot(page, "own_puzzles_390_answered")

    # the progress page counts the learner's own puzzles apart from the shipped ones
    learner = re.search(r"learner=([\w-]+)", page.url).group(1)
    open_page(page, f"{app_url}/progress?learner={learner}", text_shown("Your own puzzles"))
    assert page.get_by_text("Your own puzzles solved").count() == 1
    assert page.evaluate("document.documentElement.scrollWidth") <= 400
    shot(page, "own_puzzles_390_progress")
