"""A learner's progress survives a restart of the server: answers given through one
``streamlit run`` are there, under the same link, when a new server starts on the same
store (the protocol client plays the browser)."""

from __future__ import annotations

import asyncio
import concurrent.futures
import os
from urllib.parse import parse_qs

from dashboard.tools.browser import server
from dashboard.tools.st_client import StClient

CARD = "practice_stack5_answer"  # the answer component (dashboard/components/answer.py)


async def _answer_three(url: str) -> str:
    """Three answers as the browser sends them: the component's state, then its "next"."""
    client = await StClient.open(url, "stack5_practice")
    for _ in range(3):
        card = client.find(key=CARD)
        data = client.component_data(card)
        given = 0 if data["choices"] is not None else "3"
        await client.set_state(card, {"answer": {"q": data["q"], "i": given}})
        card = client.find(key=CARD)
        assert client.component_data(card)["given"] == given  # the server has it
        await client.trigger(card, "next", data["q"])
        assert client.component_data(client.find(key=CARD))["q"] != data["q"]
    learner = parse_qs(client.query_string)["learner"][0]
    await client.close()
    return learner


async def _caption(url: str, learner: str) -> str:
    client = await StClient.open(url, "stack5_practice", {"learner": learner})
    text = client.component_data(client.find(key=CARD))["stats"]
    await client.close()
    return text


def _run(coro):
    with concurrent.futures.ThreadPoolExecutor(1) as pool:  # no event loop of a fixture
        return pool.submit(asyncio.run, coro).result()


def test_the_progress_survives_a_server_restart(tmp_path, monkeypatch):
    monkeypatch.setenv("TABLETOP_DATA_DIR", str(tmp_path))
    monkeypatch.delenv("TABLETOP_STORE_URL", raising=False)
    with server() as url:
        learner = _run(_answer_three(url))
    assert list(tmp_path.iterdir()), "nothing stored"
    with server() as url:  # a new process: nothing kept in memory
        shown = _run(_caption(url, learner))
    assert "of 3 right in this game so far" in shown, shown
    assert os.environ["TABLETOP_DATA_DIR"] == str(tmp_path)
