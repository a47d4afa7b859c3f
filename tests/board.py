"""The analysis board under AppTest: its component runs no JavaScript here, so tests read
what the page sends it (every step's words and drawing, the move list, the charts, the
grades) and set the step the way the board's report does (the session's step)."""

from __future__ import annotations

import html
import json
import re

from dashboard.components.board import unpack_drawings


def board_data(at) -> dict:
    """The data of the board component on the page (``key``, ``game``, ``grades``,
    ``step``)."""
    for element in at.get("bidi_component"):
        proto = element.proto
        kind = proto.WhichOneof("data")
        text = proto.json if kind == "json" else getattr(proto, kind).json
        data = json.loads(text)
        if isinstance(data, dict) and "game" in data:
            return data
    raise AssertionError("no analysis board on the page")


def board_step(at) -> int:
    return board_data(at)["step"]


def go(at, step: int):
    """Step the board to ``step`` as its report to the server does, and rerun."""
    key = board_data(at)["key"]
    at.session_state[f"{key}_step"] = step
    at.run()
    assert not at.exception, at.exception
    return at


def last_step(at) -> int:
    return board_data(at)["game"]["last"]


def _md(fragment: str) -> str:
    """The board's HTML words back as the Markdown the page wrote (bold as ``**``)."""
    text = fragment.replace("<b>", "**").replace("</b>", "**")
    return html.unescape(re.sub(r"<[^>]+>", "", text))


def step_text(at, step: int | None = None) -> str:
    """The board's head line at ``step`` (default: the step shown), its mark included:
    ``**Step 3 of 40** — move **x** **?!** · Player 2 to act``."""
    data = board_data(at)
    step = data["step"] if step is None else step
    words = data["game"]["steps"][step]
    mark = data["grades"].get("marks", {}).get(str(step))
    return _md(words["lead"]) + (f" **{mark}**" if mark else "") + " · " + _md(words["turn"])


def drawing(at, step: int | None = None) -> str:
    """The game's own drawing of ``step`` (default: the step shown) as HTML."""
    data = board_data(at)
    step = data["step"] if step is None else step
    game = data["game"]
    return unpack_drawings(game["pieces"], [s["d"] for s in game["steps"]])[step]


def drawing_text(at, step: int | None = None) -> str:
    """The drawing's words (bold as ``**``)."""
    return _md(drawing(at, step))


def moves(at) -> list[dict]:
    """The move list, one dict per row: ``step``, ``who``, ``move`` (and ``event`` if the
    game says what happened)."""
    names = ("step", "who", "move", "event")
    return [dict(zip(names, row)) for row in board_data(at)["game"]["moves"]["rows"]]


def grade_said(at, step: int | None = None) -> tuple[str, str] | None:
    """What the board says under the move list at a graded step: (box kind, words)."""
    data = board_data(at)
    step = data["step"] if step is None else step
    note = data["grades"].get("notes", {}).get(str(step))
    return None if note is None else (note["kind"], _md(note["html"]))


def chart_titles(at) -> list[str]:
    data = board_data(at)
    return [c["title"] for c in data["game"]["charts"] + data["grades"].get("charts", [])]


def board_words(at) -> str:
    """Every word the board would show at its current step (the head line, the drawing,
    the move list's titles and who column, the grade, the charts, the step buttons), for
    the language checks; empty when the page has no board."""
    try:
        data = board_data(at)
    except AssertionError:
        return ""
    game = data["game"]
    said = grade_said(at)
    series = [s["name"] for c in game["charts"] for s in c["series"]]
    return "\n".join(
        [
            step_text(at),
            drawing_text(at),
            *game["moves"]["cols"],
            *sorted({str(r[1]) for r in game["moves"]["rows"]}),
            *(said[1:] if said else ()),
            *chart_titles(at),
            *series,
            *(c["y_title"] for c in game["charts"]),
            *(v for k, v in game["words"].items()),
        ]
    )
