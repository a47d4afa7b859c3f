"""A light client that speaks Streamlit's own websocket protocol, for the load script.

A Chromium page costs a good part of a core to draw; on this 2-core machine twenty of
them leave the server little CPU, so the load script's figures would measure the
clients. This client does what the browser does on the wire and nothing else: it opens
the session (``/_stcore/stream``, subprotocol ``streamlit``), asks for a page run with
its query string (a ``BackMsg`` ``rerun_script``), keeps the widgets the server draws
(their ids, labels, user keys and fragment) and clicks a button the way the browser
does (a trigger in the widget states, the button's fragment named so only it reruns).
The time it reports is from the click sent to the server's "script finished" for that
run, with every element of the run received: the server's whole share of a tap, without
the browser's drawing.

>>> Widget("$$ID-ab12-live_stack5_o_R1", "button", "R1", "f1").key
'live_stack5_o_R1'
"""

from __future__ import annotations

import asyncio
import html
import re
import time
from dataclasses import dataclass
from urllib.parse import urlencode, urlparse

FINISHED = ("FINISHED_SUCCESSFULLY", "FINISHED_FRAGMENT_RUN_SUCCESSFULLY")


@dataclass(frozen=True)
class Widget:
    """A widget the server drew: its element id, kind, label and fragment (or ``""``)."""

    id: str
    kind: str
    label: str
    fragment: str

    @property
    def key(self) -> str:
        """The user key the page gave it (the end of its id), or ``""``."""
        parts = self.id.split("-", 2)
        return parts[2] if len(parts) == 3 else ""


class ProtocolError(RuntimeError):
    """The server answered in a way the client cannot follow (a run failed or timed out)."""


class StClient:
    """One browser session, without a browser: ``await StClient.open(url, "stack5_live")``."""

    def __init__(self, ws, base: str, page: str, query: dict[str, str]):
        self.ws = ws
        self.base = base
        self.page = page
        self.query_string = urlencode(query)
        self.widgets: dict[tuple, Widget] = {}  # delta path → widget
        self.texts: dict[tuple, str] = {}  # delta path → markdown/text body
        self.data: dict[str, str] = {}  # a custom component's id → the JSON data it was sent
        self._finished: asyncio.Queue[str] = asyncio.Queue()
        self._seen: set[tuple] = set()  # the paths the run in progress has drawn
        self._frag_of: dict[tuple, str] = {}  # each element's fragment ("" for none)
        # the page by its hash once the server has said it, as the browser sends it (a run
        # that names neither, such as a st.rerun's, would run the home page)
        self.page_hash = ""
        self._sent: dict[str, object] = {}  # a delta by its hash (the server refers to it)
        self._reader = asyncio.create_task(self._read())

    @classmethod
    async def open(cls, url: str, page: str, query: dict[str, str] | None = None,
                   timeout: float = 180.0) -> StClient:  # fmt: skip
        """Connect to the server at ``url`` (``http://host:port``) and run ``page`` (its
        url path) with ``query``; returns once the first run has finished."""
        import websockets
        from websockets.typing import Origin, Subprotocol

        parsed = urlparse(url)
        ws = await websockets.connect(
            f"ws://{parsed.netloc}/_stcore/stream",
            subprotocols=[Subprotocol("streamlit")],
            origin=Origin(f"http://{parsed.netloc}"),
            max_size=None,
            open_timeout=timeout,
        )
        client = cls(ws, url, page, dict(query or {}))
        await client.run(timeout=timeout)
        return client

    async def close(self) -> None:
        self._reader.cancel()
        await self.ws.close()

    # --- the wire -------------------------------------------------------------------------

    async def _read(self) -> None:
        from streamlit.proto.ForwardMsg_pb2 import ForwardMsg

        async for data in self.ws:
            msg = ForwardMsg()
            msg.ParseFromString(data)
            kind = msg.WhichOneof("type")
            if kind == "delta":
                if msg.hash:
                    self._sent[msg.hash] = msg.delta
                self._delta(msg.metadata.delta_path, msg.delta)
            elif kind == "ref_hash":  # "the element you had before", now at this path
                cached = self._sent.get(msg.ref_hash)
                if cached is not None:
                    self._delta(msg.metadata.delta_path, cached)
            elif kind == "new_session":  # a run starts (a st.rerun's too): it draws anew
                self._seen = set()
            elif kind == "navigation":  # the page chosen by the app's st.navigation
                self.page_hash = msg.navigation.page_script_hash or self.page_hash
            elif kind == "page_info_changed":
                self.query_string = msg.page_info_changed.query_string
            elif kind == "script_finished":
                status = ForwardMsg.ScriptFinishedStatus.Name(msg.script_finished)
                if status in FINISHED:
                    self._drop_stale(fragment=status != "FINISHED_SUCCESSFULLY")
                await self._finished.put(status)

    def _drop_stale(self, fragment: bool) -> None:
        """What the browser does at a run's end: an element the run did not draw again is
        gone (for a fragment's run, only among that fragment's elements)."""
        ran = {self._frag_of[p] for p in self._seen if p in self._frag_of}
        for path in [p for p in self._frag_of if p not in self._seen]:
            if fragment and self._frag_of[path] not in ran:
                continue  # outside the fragment that ran: still on the page
            self.widgets.pop(path, None)
            self.texts.pop(path, None)
            del self._frag_of[path]

    def _delta(self, delta_path, delta) -> None:
        path = tuple(delta_path)
        if delta.WhichOneof("type") != "new_element":
            return
        element = delta.new_element
        kind = element.WhichOneof("type")
        body = getattr(element, kind) if kind else None
        self.widgets.pop(path, None)
        self.texts.pop(path, None)
        self._seen.add(path)
        self._frag_of[path] = delta.fragment_id
        if body is not None and "id" in body.DESCRIPTOR.fields_by_name and body.id:
            label = getattr(body, "label", "")
            self.widgets[path] = Widget(body.id, kind, label, delta.fragment_id)
            if kind == "bidi_component":
                self.data[body.id] = body.json
        elif kind == "markdown":
            self.texts[path] = element.markdown.body
        elif kind == "alert":  # st.success / info / warning / error: what a player reads too
            self.texts[path] = element.alert.body
        elif kind == "html":  # a page's words and alerts drawn as HTML, as plain text
            self.texts[path] = html.unescape(re.sub(r"<[^>]+>", " ", element.html.body))

    async def run(self, states=(), fragment: str = "", timeout: float = 60.0) -> float:
        """Ask for a run (with ``states``, the widget states to send) and wait for it to
        finish; returns the milliseconds it took."""
        from streamlit.proto.BackMsg_pb2 import BackMsg

        msg = BackMsg()
        rerun = msg.rerun_script
        rerun.query_string = self.query_string
        if self.page_hash:
            rerun.page_script_hash = self.page_hash
        else:
            rerun.page_name = self.page
        if fragment:
            rerun.fragment_id = fragment
        for state in states:
            rerun.widget_states.widgets.append(state)
        while not self._finished.empty():
            self._finished.get_nowait()
        start = time.perf_counter()
        await self.ws.send(msg.SerializeToString())
        while True:
            status = await asyncio.wait_for(self._finished.get(), timeout)
            if status in FINISHED:
                return (time.perf_counter() - start) * 1000
            if status != "FINISHED_EARLY_FOR_RERUN":
                raise ProtocolError(f"the run of {self.page} ended with {status}")

    # --- what a player does ----------------------------------------------------------------

    def find(self, *, key: str = "", label: str = "") -> Widget:
        """The widget with this user key (or this label); :class:`LookupError` if none."""
        for widget in self.widgets.values():
            if (key and widget.key == key) or (label and widget.label == label):
                return widget
        raise LookupError(f"no widget {key or label!r} on {self.page}")

    async def click(self, widget: Widget, timeout: float = 60.0) -> float:
        """Click a button as the browser does; the milliseconds until its run finished."""
        from streamlit.proto.WidgetStates_pb2 import WidgetState

        state = WidgetState(id=widget.id, trigger_value=True)
        return await self.run([state], fragment=widget.fragment, timeout=timeout)

    async def set_state(self, widget: Widget, state: dict, timeout: float = 60.0) -> float:
        """Set a custom component's state as its JavaScript does (``setStateValue``: the
        whole state as JSON); the milliseconds until the run it causes finished."""
        import json

        from streamlit.proto.WidgetStates_pb2 import WidgetState

        update = WidgetState(id=widget.id, json_value=json.dumps(state))
        return await self.run([update], fragment=widget.fragment, timeout=timeout)

    async def trigger(self, widget: Widget, event: str, value, timeout: float = 60.0) -> float:
        """Send a custom component's trigger as its JavaScript does (``setTriggerValue``:
        the component's one trigger widget, a list of ``{event, value}``); the
        milliseconds until the run it causes finished."""
        import json

        from streamlit.proto.WidgetStates_pb2 import WidgetState

        payload = json.dumps([{"event": event, "value": value}])
        update = WidgetState(
            id=f"$$STREAMLIT_INTERNAL_KEY_{widget.id}__events", json_trigger_value=payload
        )
        return await self.run([update], fragment=widget.fragment, timeout=timeout)

    def component_data(self, widget: Widget) -> dict:
        """The data the server last sent a custom component."""
        import json

        return json.loads(self.data.get(widget.id) or "{}")

    def text(self) -> str:
        """Every text on the page (Markdown, alerts, HTML as plain text), in order."""
        return "\n".join(self.texts[p] for p in sorted(self.texts))
