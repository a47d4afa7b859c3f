"""The live game's tap pad as one Streamlit component (Components v2: inline HTML, CSS and
JavaScript, no iframe, no build step) that shows a tap at once and lets the server
confirm it.

The page (:mod:`dashboard.live`) sends the pad of the position on the server (its
heading, whose turn it is, the buttons in their groups) and, for every legal tap, the pad
the page will show after it (a table of pads, each naming the pad each of its taps leads
to; as deep as a small budget allows). A tap redraws the pad from that table at once and
queues the tap; the queue (every tap not yet confirmed, each with the stored version it
expects) goes to the server as the component's state, so a tap made while the server is
still busy is sent with the next value and none is lost. The server applies each tap once
(the taps carry this browser tab's number and their own, it remembers the last one done),
through the engine and the store with the same version check as a Streamlit button; a
stale tap is refused in words and the pad goes back to what the server sends.

One tap is one event: for a moment after the pad's buttons change (a tap, the server's
pad), a tap is not taken and a short note says so, since the finger's second tap of a
double tap would land on the new pad's button at the same spot (``INERT_MS`` in the
JavaScript).

The pad's code also draws the page's other parts that follow the position, each in the
place a tiny second component gives it (``window.tabletopTaps.parts``): the heading (the
event line), the board, the coach's advice and the moves so far. The pads of the position
and of its taps' positions carry the board and the advice drawn ahead, so a tap redraws
them at once and the server's confirming rerun draws the very same page (nothing on
screen moves then). ``data-tap-event`` on every root says the event number shown and
``data-tap-pending`` the taps not yet confirmed (the browser tests and the bench wait on
them).
"""

from __future__ import annotations

import re
from pathlib import Path

import streamlit as st

_HERE = Path(__file__).resolve().parent

_ROOT = '<div class="tt-tap" data-tap-event="" data-tap-pending="0"></div>'


def compact(source: str) -> str:
    r"""The component's source as sent with every rerun of the page's fragment (Streamlit
    sends a component's code with each mount): without its comments (``/* … */`` blocks,
    ``//`` lines) and indentation. The sources hold neither inside a string.

    >>> compact("/* a\n b */\n// note\n  let a = 1; // kept\n\n  f();\n")
    'let a = 1; // kept\nf();'
    """
    source = re.sub(r"/\*.*?\*/", "", source, flags=re.S)
    lines = (line.strip() for line in source.splitlines())
    return "\n".join(line for line in lines if line and not line.startswith("//"))


_pad = st.components.v2.component(
    "tabletop_tap",
    html=_ROOT,
    # its styles are in the start page's <head> (dashboard/frame/head.py): a stylesheet
    # inserted when the first one mounts makes a phone restyle the whole page
    css=None,
    js=compact(
        (_HERE / "dom_morph.js").read_text(encoding="utf-8")
        + (_HERE / "tap.js").read_text(encoding="utf-8")
    ),
    isolate_styles=False,  # the page's fonts and colours; every rule is under .tt-tap
)

# A part's mount: it only gives the pad's code (in window.tabletopTaps) its place.
_PART_JS = """
export default function ({ data, parentElement }) {
  const root = parentElement.querySelector(".tt-tap");
  const t = (window.tabletopTaps = window.tabletopTaps || {});
  ((t.parts = t.parts || {})[data.key] = t.parts[data.key] || {})[data.part] = root;
  const S = t[data.key];
  if (S && S.live === data.live && S.draw) S.draw();
}
"""

_part = st.components.v2.component(
    "tabletop_tap_part", html=_ROOT, js=compact(_PART_JS), isolate_styles=False
)

PARTS = ("head", "board", "coach", "moves")


def tap_part(key: str, part: str, data: dict) -> None:
    """One of the parts the pad draws (:data:`PARTS`: the event line, the board, the
    coach's advice, the moves so far), kept in step with the pad."""
    if part not in PARTS:
        raise ValueError(f"tap part {part!r}: one of {', '.join(PARTS)}")
    _part(
        key=f"{key}_tap{part}",
        data={"key": data["key"], "live": data["live"], "part": part},
        height="content",
    )


def tap_pad(key: str, data: dict, on_taps) -> None:
    """The pad; ``on_taps(value)`` is called (before the rerun it causes) with the queue
    the browser sent: ``{"tab": str, "taps": [{"n": int, "text": str, "v": int}, …]}``."""
    widget = f"{key}_tappad"

    def changed():
        value = (st.session_state.get(widget) or {}).get("taps")
        if isinstance(value, dict):
            on_taps(value)

    _pad(
        key=widget,
        data={**data, "part": "pad"},
        on_taps_change=changed,
        height="content",
    )
