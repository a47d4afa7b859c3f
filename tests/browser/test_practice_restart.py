"""A learner's progress survives a restart of the server: answers given through one
``streamlit run`` are there, under the same link, when a new server starts on the same
store (the protocol client plays the browser)."""

from __future__ import annotations

import asyncio
import concurrent.futures
import os
from urllib.parse import parse_qs

from dashboard.bench import server
from dashboard.st_client import StClient


async def _answer_three(url: str) -> str:
    client = await StClient.open(url, "stack5_practice")
    for _ in range(3):
        try:
            button = client.find(key="practice_choice_0")
        except LookupError:  # a number to type: go on to a question with choices
            from streamlit.proto.WidgetStates_pb2 import WidgetState

            typed = client.find(key="practice_typed")
            check = client.find(key="practice_check")
            await client.run(
                [
                    WidgetState(id=typed.id, string_value="3"),
                    WidgetState(id=check.id, trigger_value=True),
                ],
                fragment=check.fragment,
            )
        else:
            await client.click(button)
        await client.click(client.find(key="practice_next"))
    learner = parse_qs(client.query_string)["learner"][0]
    await client.close()
    return learner


async def _caption(url: str, learner: str) -> str:
    client = await StClient.open(url, "stack5_practice", {"learner": learner})
    text = client.text()
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
