"""The analysis board as one Streamlit component (Components v2: inline HTML, CSS and
JavaScript, no iframe, nothing fetched at run time) that steps in the browser.

The page sends it the whole game once (:func:`board_payload`, cached by record, language
and view): for each step the drawing the game's own plugin makes (its ``render_state``
drawn into an :class:`HtmlOut` instead of ``st``), the step's words, the move list and the
charts' series. The component steps on ←/→/Home/End anywhere on the page, on a click in
the move list or on a chart, shows the step at once, and tells the server the step only
to keep the address bar and the bot hint current: through a second, tiny component
(:func:`step_reporter`) inside the page's step fragment, debounced, so the server's rerun
is that fragment alone and never re-sends the board.

``window.tabletopExplorer.step`` and the ``data-board-step`` attribute of the board's root
follow the step drawn (the browser tests and the bench wait on them).
"""

from __future__ import annotations

import html
import re
from contextlib import contextmanager
from pathlib import Path

import streamlit as st

_HERE = Path(__file__).resolve().parent

# --- a Streamlit-like collector of HTML ------------------------------------------------------

_BOLD = re.compile(r"\*\*(.+?)\*\*")
_ITALIC = re.compile(r"(?<![\w*])\*(?!\s)(.+?)(?<!\s)\*(?![\w*])")
_BADGE = re.compile(r":(\w+)-badge\[(.+?)\]")
_ESCAPED = re.compile(r"\\([\\`*_{}\[\]()#+\-.!|<>~:$&=\"'^%@])")


def md_html(text: str) -> str:
    """The little Markdown the pages' words use, as HTML: ``**bold**``, ``*italic*``,
    ``:green-badge[made]``, backslash escapes (:func:`dashboard.ui.plain`); everything
    else as text.

    >>> md_html("**Step 3** — move **a\\\\*b** · *x* <y>")
    '<b>Step 3</b> — move <b>a*b</b> · <i>x</i> &lt;y&gt;'
    >>> md_html(":green-badge[made]")
    '<span class="badge badge-green">made</span>'
    """
    held: list[str] = []

    def hold(m: re.Match) -> str:
        held.append(m[1])
        return f"\x00{len(held) - 1}\x00"

    text = _ESCAPED.sub(hold, str(text))
    text = html.escape(text, quote=False)
    text = _BOLD.sub(r"<b>\1</b>", text)
    text = _ITALIC.sub(r"<i>\1</i>", text)
    text = _BADGE.sub(r'<span class="badge badge-\1">\2</span>', text)
    return re.sub("\x00(\\d+)\x00", lambda m: html.escape(held[int(m[1])], quote=False), text)


class HtmlOut:
    """What a plugin's ``render_state(state, seat, out)`` draws with, collected as HTML
    (the calls the plugins use: markdown, html, caption, image, the four message boxes,
    progress, expander, dataframe)."""

    def __init__(self) -> None:
        self.parts: list[str] = []
        self._into = [self.parts]  # an open expander collects what is drawn in it

    def text(self) -> str:
        """The drawing collected so far."""
        return "".join(self.parts)

    def html(self, body: str, **_kw) -> None:
        self._add(f"<div>{body}</div>")

    def _add(self, text: str) -> None:
        self._into[-1].append(text)

    # the st calls -----------------------------------------------------------------------
    def markdown(self, text: str, **_kw) -> None:
        self._add(f'<div class="md">{md_html(text)}</div>')

    def caption(self, text: str, **_kw) -> None:
        self._add(f'<div class="cap">{md_html(text)}</div>')

    def _box(self, kind: str, text: str) -> None:
        self._add(f'<div class="box box-{kind}">{md_html(text)}</div>')

    def success(self, text: str, **_kw) -> None:
        self._box("success", text)

    def info(self, text: str, **_kw) -> None:
        self._box("info", text)

    def warning(self, text: str, **_kw) -> None:
        self._box("warning", text)

    def error(self, text: str, **_kw) -> None:
        self._box("error", text)

    def progress(self, value: float, text: str = "", **_kw) -> None:
        pct = max(0.0, min(1.0, float(value))) * 100
        self._add(
            f'<div class="prog"><div class="cap">{md_html(text)}</div>'
            f'<div class="bar"><div style="width:{pct:.1f}%"></div></div></div>'
        )

    def image(self, svg: str, width: int | None = None, caption: str | None = None, **_kw):
        style = f"width:{width}px;max-width:100%" if width else "max-width:100%"
        body = svg if svg.lstrip().startswith("<svg") else f'<img src="{html.escape(svg)}">'
        cap = f'<div class="cap">{md_html(caption)}</div>' if caption else ""
        self._add(f'<div class="img" style="{style}">{body}{cap}</div>')

    @contextmanager
    def _wrapped(self, opening: str, closing: str):
        """What is drawn in the block, between ``opening`` and ``closing``."""
        inner: list[str] = []
        self._into.append(inner)
        try:
            yield self
        finally:
            self._into.pop()
        self._add(opening + "".join(inner) + closing)

    def container(self, border: bool = False, **_kw):
        return self._wrapped(f'<div class="{"boxed" if border else "group"}">', "</div>")

    def expander(self, label: str, **_kw):
        return self._wrapped(f"<details><summary>{md_html(label)}</summary>", "</details>")

    def dataframe(self, rows, **_kw) -> None:
        if hasattr(rows, "to_dicts"):  # a polars frame
            rows = rows.to_dicts()
        rows = list(rows)
        if not rows:
            return
        cols = list(rows[0])
        head = "".join(f"<th>{html.escape(str(c))}</th>" for c in cols)
        body = "".join(
            "<tr>" + "".join(f"<td>{html.escape(str(r.get(c, '')))}</td>" for c in cols) + "</tr>"
            for r in rows
        )
        self._add(f'<div class="tbl"><table><tr>{head}</tr>{body}</table></div>')


def drawing(render_state, state, seat) -> str:
    """One state drawn by its game's own ``render_state`` as HTML."""
    out = HtmlOut()
    render_state(state, seat, out)
    return out.text()


_TAG = re.compile(r"(?=<[A-Za-z])")


def pack_drawings(drawings: list[str]) -> tuple[list[str], list[list[int]]]:
    """Every step's drawing made small for the wire: cut before each tag into pieces, each
    distinct piece sent once (``pieces``), and each step as ``[p, q, i…]``: the first ``p``
    and last ``q`` pieces of the step before, the pieces ``i…`` between (a step mostly
    repeats the one before it). :func:`unpack_drawings` (and the component) undo it.

    >>> pieces, steps = pack_drawings(["<b>a</b><i>b</i>", "<b>a</b><i>c</i>"])
    >>> steps, unpack_drawings(pieces, steps)[1]
    ([[0, 0, 0, 1], [1, 0, 2]], '<b>a</b><i>c</i>')
    """
    table: dict[str, int] = {}
    packed: list[list[int]] = []
    before: list[int] = []
    for text in drawings:
        now = [table.setdefault(piece, len(table)) for piece in _TAG.split(text) if piece]
        p = 0
        while p < min(len(before), len(now)) and before[p] == now[p]:
            p += 1
        q = 0
        while q < min(len(before), len(now)) - p and before[-1 - q] == now[-1 - q]:
            q += 1
        packed.append([p, q, *now[p : len(now) - q]])
        before = now
    return list(table), packed


def unpack_drawings(pieces: list[str], packed: list[list[int]]) -> list[str]:
    """The drawings :func:`pack_drawings` packed."""
    out: list[str] = []
    before: list[int] = []
    for p, q, *middle in packed:
        now = before[:p] + middle + (before[len(before) - q :] if q else [])
        out.append("".join(pieces[i] for i in now))
        before = now
    return out


# --- charts: the plotly figures' series, drawn as small SVG charts by the component ----------


def _text(value) -> str:
    return "" if value is None else str(value)


def chart_spec(fig) -> dict:
    """A plotly figure the plugins build (:mod:`dashboard.charts`) as the series the
    component draws: title, y title or prefix, and per trace its name, colour, kind
    (``line``/``bar``/``star``), x and y."""
    layout = fig.layout
    series = []
    for trace in fig.data:
        kind = "bar" if trace.type == "bar" else "line"
        colour = None
        if kind == "bar":
            colour = trace.marker.color
        else:
            colour = trace.line.color or trace.marker.color
            if trace.mode == "markers":
                kind = "star"
                colour = trace.marker.color
        xs = [None if x is None else float(x) for x in (trace.x or [])]
        ys = [None if y is None else float(y) for y in (trace.y or [])]
        series.append(
            {
                "name": _text(trace.name),
                "colour": _text(colour) or "#0072B2",
                "kind": kind,
                "x": [int(x) if x is not None and x == int(x) else x for x in xs],
                "y": [None if y is None else int(y) if y == int(y) else round(y, 4) for y in ys],
            }
        )
    return {
        "title": _text(layout.title.text),
        "y_title": _text(layout.yaxis.title.text),
        "prefix": _text(layout.yaxis.tickprefix),
        "series": series,
    }


# --- the components --------------------------------------------------------------------------

_board = st.components.v2.component(
    "tabletop_board",
    html='<div class="tt-board" data-board-step=""></div>',
    css=(_HERE / "board.css").read_text(encoding="utf-8"),
    js=(_HERE / "dom_morph.js").read_text(encoding="utf-8")
    + (_HERE / "board.js").read_text(encoding="utf-8"),
    isolate_styles=False,  # the page's fonts and colours; every rule is under .tt-board
)

_REPORTER_JS = """
export default function ({ data, setStateValue }) {
  const w = window;
  w.tabletopBoardReport = w.tabletopBoardReport || {};
  // a new value each time (the same step again, e.g. in another game, must still count)
  w.tabletopBoardReport[data.key] = (step) => setStateValue("step", { step, at: Date.now() });
}
"""

_reporter = st.components.v2.component("tabletop_board_step", js=_REPORTER_JS)


def board(key: str, payload: dict, grades: dict, step: int) -> None:
    """Mount the board: ``payload`` the game (:func:`board_payload`), ``grades`` the
    graded steps (changes when grades arrive), ``step`` the step to open at when the
    record is new to this browser tab."""
    _board(
        key=f"{key}_board",
        data={"key": key, "game": payload, "grades": grades, "step": int(step)},
        height="content",
    )


def step_reporter(key: str, on_step) -> None:
    """The tiny component the board tells its step to (debounced); ``on_step(step)`` is
    called in the rerun it causes (the step fragment's, not the page's)."""
    widget = f"{key}_reporter"

    def changed():
        value = (st.session_state.get(widget) or {}).get("step")
        step = value.get("step") if isinstance(value, dict) else None
        if isinstance(step, int) and not isinstance(step, bool):
            on_step(step)

    _reporter(key=widget, data={"key": key}, on_step_change=changed, height=0)
