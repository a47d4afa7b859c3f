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


# A finger's second tap 120 ms after the first, at the same spot (in the page, so the
# interval holds on a busy machine): the first is taken and redraws the pad at once, so the
# second lands on the new pad's button, which must not take it.
DOUBLE_TAP = """([x, y]) => {
  const at = () => document.elementFromPoint(x, y).closest('button[data-tap]');
  const first = at();
  const tapped = [first.dataset.tap];
  first.click();
  const t0 = performance.now();
  while (performance.now() - t0 < 120) {}  // the finger, 120 ms later
  const second = at();
  tapped.push(second ? second.dataset.tap : null);
  if (second) second.click();
  return [tapped, !!document.querySelector('.tt-tap .tt-ignored')];
}"""


@pytest.mark.parametrize("screen", ["phone", pytest.param("page", marks=pytest.mark.slow)])
def test_a_double_tap_on_the_pad_is_one_event(request, app_url, screen):
    """G1 and P2 to place: a double tap on "row 1" of G1 places G1 only (before, the
    second tap placed P2 on row 1 too: it landed on the next pad's "row 1")."""
    from dashboard.store.entries import default_store
    from engine import GameRecord

    page = request.getfixturevalue(screen)
    before = ["G1", "P2", "stop"]
    record = GameRecord(game="stack5", players=["Ana", "Ben"], actions=before, ruleset={})
    live_id = default_store().create("live:stack5", record.to_json())
    open_page(page, f"{app_url}/stack5_live?{KEY}={live_id}", event_confirmed(3))
    button = page.locator(f".tt-tap .st-key-{button_key(KEY, 'm', 'place G1 row 1')} button")
    box = button.bounding_box()
    tapped, shown_ignored = page.evaluate(
        DOUBLE_TAP, [box["x"] + box["width"] / 2, box["y"] + box["height"] / 2]
    )
    # the second tap fell on the next pad's button at that spot
    assert tapped == ["place G1 row 1", "place P2 row 1"]
    # every tap the pad took has reached the server: the store holds one event more
    roots = "[...document.querySelectorAll('.tt-tap[data-tap-event]')]"
    idle(page, f"{roots}.length >= 2 && {roots}.every(r => r.dataset.tapPending === '0')")
    text, _version = default_store().load("live:stack5", live_id)
    assert GameRecord.from_json(text).actions == [*before, "place G1 row 1"]
    shown = page.evaluate(f"{roots}.map(r => r.dataset.tapEvent)")
    assert set(shown) == {"4"}, shown
    assert shown_ignored  # the page said the second tap was not taken
    idle(page, text_shown("Moves so far (4)"))
    # the moves so far in words, without their notation
    log = page.locator(".tt-tap .tt-moves").first.text_content()
    assert "Ana places G1 on row 1" in log and "place G1 row 1" not in log, log
    assert page.locator("[data-testid='stException']").count() == 0
