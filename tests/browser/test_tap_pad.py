"""The live game's tap pad (dashboard/components/tap.py) in a real browser: a tap is drawn
before the server hears of it and queued; fast taps are all stored once and in order; a
stale tap from a second tab is refused in words and the pad goes back to the stored game;
a reload keeps the game. At 1280 px and 390 px; screenshots (en, ja, zh-TW) go to
/tmp/shots-tap/."""

from __future__ import annotations

import os
import random
from urllib.parse import parse_qs, urlparse

import pytest

from dashboard.live import button_key
from dashboard.store.entries import default_store
from engine import CHANCE, GameRecord, get_game
from tests.browser.waits import act, idle, in_url, open_page, text_shown

pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("browser")]
SHOTS = "/tmp/shots-tap"
KEY = "live_stack5"
SCREENS = ["page", "phone"]  # the fixtures: 1280 px and 390 px
SLOW = pytest.mark.slow  # the same check on the other screen: make test-slow


def one_screen(fast: str) -> list:
    """Both screens, the one not ``fast`` marked slow (the suite's time; both run in
    ``make test-slow``)."""
    return [s if s == fast else pytest.param(s, marks=SLOW) for s in SCREENS]


def shot(page, name: str) -> None:
    os.makedirs(SHOTS, exist_ok=True)
    page.screenshot(path=f"{SHOTS}/{name}.png")


def pad_shows(n: int, pending: int | None = 0) -> str:
    """A condition: the pad and its heading show event ``n`` (with ``pending`` taps not yet
    confirmed; ``None``: any)."""
    roots = "document.querySelectorAll('.tt-tap[data-tap-event]')"
    want = "" if pending is None else f" && r.dataset.tapPending === '{pending}'"
    return f"{roots}.length >= 2 && [...{roots}].every(r => r.dataset.tapEvent === '{n}'{want})"


#: the pad takes taps again (its buttons have not just changed: components/tap.js, INERT_MS)
TAKES_TAPS = (
    "Object.values(window.tabletopTaps || {}).every(S => !S || !(S.quietUntil > performance.now()))"
)


def tap_at_once(page, key: str) -> None:
    """Tap as soon as the button is there (its pad had maybe not been sent ahead) and the
    pad takes taps, whatever the server is doing. A pad the server's pad replaces between
    the check and the tap does not take it and says so: then it is tapped again, as a
    player would."""
    selector = f".tt-tap .st-key-{key} button"
    taken = f"window.tabletopTaps.{KEY}.n"
    for _ in range(5):
        page.wait_for_function(f"() => !!document.querySelector('{selector}') && {TAKES_TAPS}")
        before = page.evaluate(taken)
        pad_button(page, key).click()
        if page.evaluate(taken) > before:
            return
        assert page.locator(".tt-tap .tt-ignored").count()  # said not taken
    raise AssertionError(f"the pad did not take a tap on {key} five times")


def sent(page, held: list) -> None:
    """Wait until the pad has sent its queue (held by the test's websocket route)."""
    for _ in range(100):
        if held:
            return
        page.wait_for_timeout(50)
    raise AssertionError("the pad sent nothing within 5 s")


def start(page, url: str, lang: str = "en") -> str:
    """A new two-player Stack 5 live game; returns its id."""
    query = "" if lang == "en" else f"?lang={lang}"
    open_page(
        page, f"{url}/stack5_live{query}", "!!document.querySelector('.st-key-live_stack5_start')"
    )
    act(page, page.locator(".st-key-live_stack5_start button").click, in_url(f"{KEY}="))
    idle(page, pad_shows(0))
    return parse_qs(urlparse(page.url).query)[KEY][0]


def stored(live_id: str) -> list[str]:
    text, _version = default_store().load("live:stack5", live_id)
    return GameRecord.from_json(text).actions


def moves(count: int, seed: int = 5) -> list[tuple[str, str]]:
    """``count`` legal events of a Stack 5 game (``(widget key, action text)``)."""
    game = get_game("stack5")
    twin = game.new_initial_state(2)
    bot = game.make_bot("random")
    rng = random.Random(seed)
    out = []
    while len(out) < count and not twin.is_terminal():
        if twin.current_player() == CHANCE:
            action, kind = twin.sample_chance(rng), "o"
        else:
            action, kind = bot.choose(twin, twin.current_player(), rng), "m"
        out.append((button_key(KEY, kind, str(action)), str(action)))
        twin.apply(action)
    return out


def pad_button(page, key: str):
    return page.locator(f".tt-tap .st-key-{key} button")


@pytest.mark.parametrize(
    ("screen", "lang"),
    [
        ("page", "en"),
        ("phone", "ja"),
        *(
            pytest.param(screen, lang, marks=SLOW)
            for screen, lang in [
                ("phone", "en"),
                ("page", "ja"),
                ("page", "zh-TW"),
                ("phone", "zh-TW"),
            ]
        ),
    ],
)
def test_a_tap_is_drawn_before_the_server_hears_of_it(request, app_url, screen, lang):
    """The browser's messages to the server are held: two taps still show at once (the next
    pads were sent ahead), queued; let through, both are stored once, in order."""
    page = request.getfixturevalue(screen)
    held: list = []
    hold = {"on": False}

    def route(ws):
        server = ws.connect_to_server()

        def to_server(message):
            if hold["on"]:
                held.append((server, message))
            else:
                server.send(message)

        ws.on_message(to_server)

    page.route_web_socket("**/_stcore/stream", route)
    live_id = start(page, app_url, lang)

    def let_through(n: int) -> None:
        hold["on"] = False
        for server, message in held:
            server.send(message)
        held.clear()
        idle(page, pad_shows(n))

    # the first card: its next pad (the second card) was sent ahead; the one after that
    # was not (thirty cards times thirty), so the second tap waits, queued, for the server
    hold["on"] = True
    pad_button(page, button_key(KEY, "o", "R1")).click()
    page.wait_for_function(f"() => {pad_shows(1, 1)} && {TAKES_TAPS}")
    pad_button(page, button_key(KEY, "o", "B2")).click()
    page.wait_for_function(f"() => {pad_shows(2, 2)} && {TAKES_TAPS}")
    assert page.locator(".tt-tap .tt-wait").is_visible()
    sent(page, held)  # the pad sends its queue a moment after drawing it
    assert stored(live_id) == []  # the server has heard of nothing
    shot(page, f"saving_{lang}_{screen}")
    let_through(2)
    assert stored(live_id) == ["R1", "B2"]
    # draw, then a card: both drawn here at once, the next turn's buttons included
    hold["on"] = True
    pad_button(page, button_key(KEY, "m", "draw")).click()
    page.wait_for_function(f"() => {pad_shows(3, 1)} && {TAKES_TAPS}")
    pad_button(page, button_key(KEY, "o", "Y3")).click()
    page.wait_for_function(f"() => {pad_shows(4, 2)} && {TAKES_TAPS}")
    assert pad_button(page, button_key(KEY, "m", "stop")).is_visible()
    assert page.locator(".tt-tap .tt-wait").count() == 0
    sent(page, held)
    assert stored(live_id) == ["R1", "B2"]
    shot(page, f"pending_{lang}_{screen}")
    let_through(4)
    assert stored(live_id) == ["R1", "B2", "draw", "Y3"]
    assert page.locator("[data-testid='stException']").count() == 0
    shot(page, f"confirmed_{lang}_{screen}")


@pytest.mark.parametrize("screen", one_screen("phone"))
def test_ten_fast_taps_are_all_stored_once_in_order(request, app_url, screen):
    page = request.getfixturevalue(screen)
    live_id = start(page, app_url)
    events = moves(10)
    for key, _text in events:
        tap_at_once(page, key)
    idle(page, pad_shows(10))
    assert stored(live_id) == [text for _key, text in events]
    # the page around the pad has followed: the moves so far, the undo
    idle(page, text_shown("Moves so far (10)"))
    shot(page, f"ten_taps_{screen}")


@pytest.mark.parametrize("screen", one_screen("page"))
def test_a_stale_tap_from_a_second_tab_is_refused_and_rolled_back(request, app_url, screen):
    page = request.getfixturevalue(screen)
    live_id = start(page, app_url)
    second = page.context.new_page()
    open_page(second, page.url, pad_shows(0))
    act(page, pad_button(page, button_key(KEY, "o", "R1")).click, pad_shows(1))
    assert stored(live_id) == ["R1"]
    # the second tab still shows event 0: its tap is drawn, then refused
    pad_button(second, button_key(KEY, "o", "B2")).click()
    idle(second, f"{pad_shows(1)} && {text_shown('changed in another tab')}")
    assert stored(live_id) == ["R1"]
    assert "R1 (red 1)" in second.locator(".tt-tap").first.inner_text()  # the stored game
    shot(second, f"stale_{screen}")
    # from the stored game, the second tab's next tap is taken
    act(second, pad_button(second, button_key(KEY, "o", "B2")).click, pad_shows(2))
    assert stored(live_id) == ["R1", "B2"]
    second.close()


@pytest.mark.parametrize("screen", one_screen("phone"))
def test_a_reload_keeps_the_game(request, app_url, screen):
    page = request.getfixturevalue(screen)
    live_id = start(page, app_url)
    events = moves(4, seed=8)
    for key, _text in events[:3]:
        act(page, pad_button(page, key).click)
    idle(page, pad_shows(3))
    page.reload()
    idle(page, pad_shows(3))
    assert in_url(live_id)
    act(page, pad_button(page, events[3][0]).click, pad_shows(4))
    assert stored(live_id) == [text for _key, text in events]
