"""The load script's light client speaks Streamlit's protocol as the browser does: its taps
on a live game's tap pad (the component's state, as its JavaScript sends it) are stored in
order, each in a fragment run, and two clients on one server never see each other's
game."""

from __future__ import annotations

import asyncio
import concurrent.futures
import random

from dashboard.load import tap
from dashboard.st_client import StClient
from dashboard.store import default_store
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
