"""The load script's light client speaks Streamlit's protocol as the browser does: its taps
on a live game's tap pad (the component's state, as its JavaScript sends it) are stored in
order, each in a fragment run, and two clients on one server never see each other's
game."""

from __future__ import annotations

import asyncio
import concurrent.futures
import json
import random

from dashboard.store.entries import default_store
from dashboard.tools.load import tap
from dashboard.tools.st_client import StClient
from engine import CHANCE, get_game
from engine.core.records import GameRecord


async def _table(url, seed: int, taps: int):
    client = await StClient.open(url, "stack5_live")
    await client.click(client.find(label="Start the game"))
    twin = get_game("stack5").new_initial_state(2)
    bot = get_game("stack5").make_bot("random")
    rng = random.Random(seed)
    tapped, fragments = [], set()
    for _ in range(taps):
        if twin.current_player() == CHANCE:
            action = twin.sample_chance(rng)
        else:
            action = bot.choose(twin, twin.current_player(), rng)
        fragments.add(client.find(key="live_stack5_tappad").fragment)
        await tap(client, "live_stack5", f"tab{seed}", len(tapped), action)
        twin.apply(action)
        tapped.append(str(action))
    query = dict(part.split("=", 1) for part in client.query_string.split("&"))
    await client.close()
    return query["live_stack5"], tapped, fragments


def test_protocol_clients_tap_live_games_side_by_side(app_url):
    async def both():
        return await asyncio.gather(_table(app_url, 1, 12), _table(app_url, 2, 12))

    # in a thread of its own: a browser fixture of this worker may be running an event loop
    with concurrent.futures.ThreadPoolExecutor(1) as pool:
        (id1, taps1, frags1), (id2, taps2, frags2) = pool.submit(asyncio.run, both()).result()
    assert id1 != id2
    for live_id, taps in ((id1, taps1), (id2, taps2)):
        stored = GameRecord.from_json(default_store().load("live:stack5", live_id)[0])
        assert stored.actions == taps
    assert frags1 - {""} and frags2 - {""}  # the taps reran their fragment only


async def _sheet(url):
    """Default deals until the game is over, then a new sheet (the page's st.rerun), then
    one more deal: what the page shows and stores at each point."""
    from engine.whist.score_sheet import ScoreSheet

    def stored() -> int:
        sheet_id = dict(p.split("=", 1) for p in client.query_string.split("&"))["sheet"]
        sheets = json.loads(default_store().load("score_sheet", sheet_id)[0])["sheets"]
        return sum(len(ScoreSheet.from_csv(text).entries) for text in sheets.values() if text)

    client = await StClient.open(url, "whist_score_sheet")
    deals = 0
    while "Game over" not in client.text() and deals < 40:
        await client.trigger(client.find(key="ws_deal_fields"), "action", "ws_add")
        deals += 1
    over_at = (deals, stored())
    await client.click(client.find(key="ws_new"))  # the page reruns itself (st.rerun)
    after_new = ("Game over" in client.text(), stored())
    await client.trigger(client.find(key="ws_deal_fields"), "action", "ws_add")
    one_more = stored()
    await client.close()
    return over_at, after_new, one_more


def test_protocol_client_follows_a_rerun_and_sees_alerts(app_url):
    """The page the server reruns by itself stays the page (the client sends its hash, as
    the browser does); alerts are read; an element a run no longer draws is gone."""
    with concurrent.futures.ThreadPoolExecutor(1) as pool:
        over_at, after_new, one_more = pool.submit(asyncio.run, _sheet(app_url)).result()
    deals, stored = over_at
    assert 0 < deals == stored
    assert after_new == (False, 0)
    assert one_more == 1
