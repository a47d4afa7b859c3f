"""A whole Stack 5 live game entered by taps only, on a phone (390 px), in a real
browser; screenshots at 390 px and 1280 px go to /tmp/shots/."""

from __future__ import annotations

import json
import os
import random

import pytest

from dashboard.live import button_key
from engine import CHANCE, get_game
from tests.browser.waits import (
    act,
    event_confirmed,
    event_shown,
    idle,
    in_url,
    open_page,
    text_shown,
)

pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("browser")]
SHOTS = "/tmp/shots"
KEY = "live_stack5"


def shot(page, name: str) -> None:
    os.makedirs(SHOTS, exist_ok=True)
    page.screenshot(path=f"{SHOTS}/{name}.png")


def tap(page, key: str, event: int | None = None) -> None:
    """Tap a button; with ``event``, wait until the page shows that event number."""
    button = page.locator(f".st-key-{key} button:visible").first
    act(page, button.click, None if event is None else event_confirmed(event))


def settle(page) -> None:
    """Wait until a (fragment) rerun has replaced every stale element and is idle."""
    idle(page)


# A whole game of taps (minutes): in `make test-slow`. It timed out in one of two clean runs
# (a tap that started no run); the shorter tap tests of this file run in `make test`.
@pytest.mark.slow
def test_whole_stack5_live_game_by_taps_on_a_phone(phone, app_url):
    page = phone
    open_page(page, app_url + "/stack5_live", text_shown("Start the game"))
    page.get_by_label("Player 1 name").fill("Aiko")
    page.get_by_label("Player 2 name").fill("Ben")
    act(page, lambda: page.get_by_label("Player 2 name").press("Enter"))
    start = page.get_by_role("button", name="Start the game")
    act(page, start.click, f"{in_url('live_stack5=')} && {event_shown(0)}")
    shot(page, "live_stack5_390_start")
    game = get_game("stack5")
    twin = game.new_initial_state(2)
    bot = game.make_bot("heuristic")
    rng = random.Random(5)
    taps = 0
    while not twin.is_terminal():
        if twin.current_player() == CHANCE:
            action = twin.sample_chance(rng)
            key = button_key(KEY, "o", str(action))
        else:
            action = bot.choose(twin, twin.current_player(), rng)
            key = button_key(KEY, "m", str(action))
        button = page.locator(f".st-key-{key} button:visible").first
        if taps in (6, 20):  # the next buttons sit right under the board, no scrolling
            bottom = button.evaluate(
                "el => { let s = window.scrollY; for (let p = el.parentElement; p; "
                "p = p.parentElement) s += p.scrollTop; "
                "return el.getBoundingClientRect().bottom + s; }"
            )
            assert bottom <= 844, bottom  # on the first screen, without scrolling
            page.evaluate("() => document.querySelectorAll('*').forEach(e => { e.scrollTop = 0; })")
            shot(page, f"live_stack5_390_tap{taps}")
        tap(page, key, taps + 1)
        twin.apply(action)
        taps += 1
        assert taps < 1500
    idle(page, text_shown("Game over"))
    assert page.locator("[data-testid='stException']").count() == 0
    shot(page, "live_stack5_390_over")
    with page.expect_download() as download:
        page.get_by_role("button", name="Download the record (.json)").click()
    with open(download.value.path(), encoding="utf-8") as f:
        record = json.load(f)
    assert record["actions"] == twin.history and record["players"] == ["Aiko", "Ben"]


def test_live_pages_at_1280(page, app_url):
    open_page(page, app_url + "/stack5_live", text_shown("Start the game"))
    start = page.get_by_role("button", name="Start the game")
    act(page, start.click, event_shown(0))
    for n, card in enumerate(("R1", "B2"), 1):
        tap(page, button_key(KEY, "o", card), n)
    shot(page, "live_stack5_1280_decide")
    # the record is made when the button is pressed: it holds every tap so far
    with page.expect_download() as download:
        page.get_by_role("button", name="Download the record (.json)").click()
    with open(download.value.path(), encoding="utf-8") as f:
        assert json.load(f)["actions"][-2:] == ["R1", "B2"]
    open_page(page, app_url + "/owners_choice_live", text_shown("Start the game"))
    start = page.get_by_role("button", name="Start the game")
    act(page, start.click, event_shown(0))
    for n in range(1, 5):
        tap(page, button_key("live_owners_choice", "m", "done"), n)
    shot(page, "live_owners_choice_1280_move")
    assert page.locator("[data-testid='stException']").count() == 0
