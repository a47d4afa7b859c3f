"""Two tabs, two servers, one live game: two ``streamlit run`` processes on
the same store, as behind a load balancer with sticky sessions. A tap based on an old
version of the game is refused in words and saves nothing; simultaneous taps never lose or
duplicate an event. Both servers on the SQLite file, then both on PostgreSQL (the store's
URL): app servers on other machines would share the games the same way."""

from __future__ import annotations

import random

import pytest
from playwright.sync_api import expect

from dashboard.live import button_key
from dashboard.tools.browser import server
from engine import CHANCE, get_game
from engine.core.records import GameRecord
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
KEY = "live_stack5"
REFUSED = "changed in another tab"


@pytest.fixture
def two_servers(store_location, tmp_path, monkeypatch):
    """Two servers on the store of ``store_location`` (each backend in turn): the same
    environment for both servers and for this test's reads."""
    monkeypatch.setenv("TABLETOP_DATA_DIR", str(tmp_path / "data"))
    with server() as one, server() as two:
        yield one, two


def stored() -> list[str]:
    from dashboard.store.entries import default_store

    live_id = stored.live_id
    return GameRecord.from_json(default_store().load(f"live:{KEY[5:]}", live_id)[0]).actions


def button(page, action) -> object:
    kind = "o" if isinstance(action, tuple) else "m"
    return page.locator(f".st-key-{button_key(KEY, kind, str(action[0]))} button:visible").first


def test_two_servers_share_a_live_game_and_refuse_a_stale_tap(
    two_servers, store_location, tmp_path, page, phone
):
    one, two = two_servers
    open_page(page, one + "/stack5_live", text_shown("Start the game"))
    act(page, page.get_by_role("button", name="Start the game").click, in_url(f"{KEY}="))
    idle(page, event_shown(0))
    stored.live_id = page.url.split(f"{KEY}=")[1].split("&")[0]
    open_page(phone, f"{two}/stack5_live?{KEY}={stored.live_id}", event_shown(0))

    twin = get_game("stack5").new_initial_state(2)
    rng, bot = random.Random(3), get_game("stack5").make_bot("random")

    def next_action():
        if twin.current_player() == CHANCE:
            return (twin.sample_chance(rng),)
        return [bot.choose(twin, twin.current_player(), rng)]

    first = next_action()
    act(page, button(page, first).click, event_confirmed(1))  # server one saves event 1
    twin.apply(first[0])
    assert stored() == [str(first[0])]
    # server two's tab still shows event 0: its tap is refused in words, nothing is saved
    act(phone, button(phone, first).click, text_shown(REFUSED))
    expect(phone.get_by_text(REFUSED, exact=False)).to_be_visible()
    assert stored() == [str(first[0])]
    # after a reload it goes on from event 1
    phone.reload()
    idle(phone, event_shown(1))
    second = next_action()
    act(phone, button(phone, second).click, event_confirmed(2))
    twin.apply(second[0])
    assert stored() == [str(first[0]), str(second[0])]
    # both tabs up to date, then the same tap at the same moment on both servers
    page.reload()
    idle(page, event_shown(2))
    third = next_action()
    idle(page)
    idle(phone)
    a, b = button(page, third), button(phone, third)
    a.click(no_wait_after=True)
    b.click(no_wait_after=True)
    idle(page, f"({event_confirmed(3)}) || {text_shown(REFUSED)}")
    idle(phone, f"({event_confirmed(3)}) || {text_shown(REFUSED)}")
    assert stored() == [str(first[0]), str(second[0]), str(third[0])]  # once, not twice
    refused = [p.get_by_text(REFUSED, exact=False).count() > 0 for p in (page, phone)]
    assert refused.count(True) <= 1, refused  # at most the slower one is refused
    for p in (page, phone):
        assert p.locator("[data-testid='stException']").count() == 0
    on_postgres = isinstance(store_location, str)
    assert (tmp_path / "data" / "store.sqlite3").exists() != on_postgres  # not a file there
