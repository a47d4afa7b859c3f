"""Small fixed charts drawn as plain HTML, with no chart library in the browser.

Why: on a page of inputs, each plotly chart is a chart library to start in the browser. A
page with seven small plotly charts spent about 2 s of its first load at 1280 px on them,
and most of its 23 s on a phone (``python -m dashboard.tools.bench --browser --only load``,
docs/benchmarks.md, "First loads"). A chart that needs no zoom, pan or legend (a small
distribution, a few bars with their values written on them) is drawn here instead:
plain markup, every bar with its value as a tooltip (``title``), the text in the page's
own colour, so it follows a light or dark theme. Plain functions of numbers and
already-worded labels (the page words them): no game is named here.

>>> out = columns_html([Column(3, 0.25, "$3: 25%"), Column(4, 0.75, "$4: 75%")],
...                    x_range=(0, 10), ticks=[(0, "$0"), (10, "$10")], top_label="75%")
>>> out.count("title="), "height:33.3%" in out
(2, True)
"""

from __future__ import annotations

import html
from collections.abc import Sequence
from dataclasses import dataclass

from dashboard import palette

#: the plot's height in CSS pixels, and the room under it for the tick labels
PLOT_PX, TICKS_PX = 84, 18
#: the colours of the columns at or above a mark and of the others (a price distribution
#: beside the current price), and of columns of one kind (:mod:`dashboard.palette`)
HIGH, LOW, NEUTRAL = palette.AT_OR_ABOVE, palette.BELOW, palette.NEUTRAL


@dataclass(frozen=True)
class Column:
    """One column: where it stands on the axis, its height (in the values' own unit),
    its colour, its tooltip, and what is written above it (nothing by default).

    >>> Column(3, 0.25, "$3: 25%")
    Column(x=3, height=0.25, tip='$3: 25%', colour='#0072B2', above='')
    """

    x: float
    height: float
    tip: str
    colour: str = NEUTRAL
    above: str = ""


def _left(value: float, x_range: tuple[float, float]) -> float:
    lo, hi = x_range
    return 100.0 * (value - lo) / (hi - lo)


def columns_html(
    columns: list[Column],
    *,
    x_range: tuple[float, float],
    ticks: list[tuple[float, str]],
    top_label: str,
    top: float | None = None,
    marker: float | None = None,
    label: str = "",
    title: str = "",
    x_title: str = "",
) -> str:
    """Columns over a numeric axis, their heights scaled to ``top`` (the tallest column by
    default), whose value ``top_label`` is written at the top left; tick labels under the
    axis, ``x_title`` under them, ``title`` above; a dotted ``marker`` line at an ``x``
    (:data:`dashboard.palette.MARKER`). ``label``: what the chart shows, for screen
    readers. (Positioned boxes, not SVG: ``st.html`` drops inline SVG.)

    >>> out = columns_html([Column(1, 0.5, "a", LOW)], x_range=(0, 2), ticks=[],
    ...                    top_label="100%", top=1.0, marker=1.5)
    >>> "dotted" in out, "background:#8a8a8a" in out, "left:75.0%" in out, "height:50.0%" in out
    (True, True, True, True)
    >>> ">50%</span>" in columns_html([Column(1, 0.5, "a", above="50%")], x_range=(0, 2),
    ...                               ticks=[], top_label="")
    True
    """
    tallest = top or max((c.height for c in columns), default=0.0) or 1.0
    width = 80.0 / (x_range[1] - x_range[0])  # a column: 80 % of one unit of the axis
    box = "position:absolute;bottom:0;"
    room = 14 if any(c.above for c in columns) else 0  # for the words above the columns
    parts = [
        f"<div role='img' aria-label='{html.escape(label or title)}' "
        "style='font-family:sans-serif;font-size:11px;margin:2px 0 6px'>"
    ]
    if title:
        parts.append(
            f"<div style='font-size:14px;font-weight:600;margin-bottom:4px'>{html.escape(title)}"
            "</div>"
        )
    parts.append(
        "<div style='display:flex;gap:4px'>"
        f"<div style='flex:0 0 auto;opacity:0.7;line-height:1;padding-top:{room}px'>"
        f"{html.escape(top_label)}</div><div style='flex:1 1 auto;position:relative'>"
        f"<div style='position:relative;height:{PLOT_PX + room}px;border-bottom:1px solid "
        "rgba(128,128,128,0.6)'>"
        f"<div style='position:absolute;left:0;right:0;top:{room}px;"
        "border-top:1px solid rgba(128,128,128,0.2)'></div>"
    )
    for c in columns:
        tall = PLOT_PX * min(max(c.height, 0.0) / tallest, 1.0)
        left = _left(c.x, x_range) - width / 2
        parts.append(
            f"<div title='{html.escape(c.tip)}' style='{box}left:{left:.2f}%;"
            f"width:{width:.2f}%;height:{100.0 * tall / (PLOT_PX + room):.1f}%;"
            f"background:{c.colour}'></div>"
        )
        if c.above:
            parts.append(
                f"<span style='position:absolute;bottom:{tall + 2:.0f}px;"
                f"left:{_left(c.x, x_range):.2f}%;transform:translateX(-50%);"
                f"white-space:nowrap'>{html.escape(c.above)}</span>"
            )
    if marker is not None:
        parts.append(
            f"<div style='{box}top:{room}px;left:{_left(marker, x_range):.1f}%;"
            f"border-left:2px dotted {palette.MARKER}'></div>"
        )
    parts.append(f"</div><div style='position:relative;height:{TICKS_PX}px;opacity:0.7'>")
    for x, text in ticks:
        parts.append(
            f"<span style='position:absolute;top:3px;left:{_left(x, x_range):.1f}%;"
            f"transform:translateX(-50%);white-space:nowrap'>{html.escape(text)}</span>"
        )
    parts.append("</div>")
    if x_title:
        parts.append(f"<div style='text-align:center;opacity:0.7'>{html.escape(x_title)}</div>")
    parts.append("</div></div></div>")
    return "".join(parts)


def bars_html(rows: list[tuple[str, float, str]], *, title: str = "") -> str:
    """Horizontal bars, one row each ``(name, value, value in words)``, their lengths
    scaled to the largest value (which takes three quarters of the width; a value of 0 or
    less draws no bar), the words written beside the bar, ``title`` above.

    >>> out = bars_html([("Ann", 200.0, "$200"), ("Ben", 100.0, "$100")], title="Worth")
    >>> "width:75.0%" in out, "width:37.5%" in out, out.count("$1") + out.count("$2")
    (True, True, 2)
    """
    largest = max((v for _, v, _ in rows), default=0.0)
    lines = []
    if title:
        lines.append(f"<div style='font-weight:600;margin:4px 0 6px'>{html.escape(title)}</div>")
    for name, value, words in rows:
        share = 75.0 * value / largest if largest > 0 and value > 0 else 0.0
        lines.append(
            "<div style='display:flex;align-items:center;gap:8px;margin:3px 0'>"
            "<div style='flex:0 0 30%;overflow:hidden;text-overflow:ellipsis;"
            f"white-space:nowrap' title='{html.escape(name)}'>{html.escape(name)}</div>"
            "<div style='flex:1 1 auto;display:flex;align-items:center;gap:6px;min-width:0'>"
            f"<div style='height:14px;width:{share:.1f}%;background:{NEUTRAL};border-radius:2px;"
            "flex:0 0 auto'></div>"
            f"<span style='white-space:nowrap'>{html.escape(words)}</span></div></div>"
        )
    return "<div style='font-family:sans-serif;font-size:14px'>" + "".join(lines) + "</div>"


def table_html(
    header: Sequence[str],
    rows: Sequence[Sequence[object]],
    *,
    right: set[int] | frozenset[int] = frozenset(),
    first_bold: bool = False,
    label: str = "",
    wide: set[int] | frozenset[int] = frozenset(),
    stack: bool = False,
) -> str:
    """A small table as plain HTML (``st.html``), for the few rows a page shows at once:
    no grid library in the browser (``st.dataframe`` starts a canvas grid and its scripts,
    about half an empty page's load on a phone). Long text wraps, so no column is cut on a
    390 px screen; a table wider than the screen scrolls sideways. ``right``: the columns
    (by index) of figures, aligned right; ``first_bold``: the first column in bold (a
    row's name); ``label``: what the table shows, for screen readers; ``wide``: the columns
    of sentences, kept at least a phrase wide (the table scrolls rather than stacking their
    words a character per line on a phone), as the other text columns a word wide.
    ``stack``: on a narrow screen each row is a block instead, its cells one after the
    other with their column's name and the ``wide`` ones on lines of their own (the start
    page's ``TABLE_CSS``, :mod:`dashboard.frame.head`): for a table too wide for a phone
    even when it wraps. Cells are escaped.

    >>> out = table_html(["part", "$"], [["base", 12], ["bonus", 3]], right={1})
    >>> out.count("<tr>"), "text-align:right" in out, ">12</td>" in out
    (3, True, True)
    >>> "&lt;b&gt;" in table_html(["a"], [["<b>"]])
    True
    >>> stacked = table_html(["move", "what"], [[1, "buy"]], wide={1}, stack=True)
    >>> "class='tt-stack'" in stacked, "data-label='what' class='tt-wide'" in stacked
    (True, True)
    """

    def cell(tag: str, i: int, value: object) -> str:
        style = "padding:4px 8px;border-bottom:1px solid rgba(128,128,128,0.25);"
        if i in right:  # a figure stays on one line; its heading may wrap
            style += "text-align:right;" + ("white-space:nowrap;" if tag == "td" else "")
        else:
            style += f"text-align:left;min-width:{'12em' if i in wide else '4.5em'};"
        if i == 0 and first_bold and tag == "td":
            style += "font-weight:600;"
        if tag == "th":
            # a Japanese or Chinese heading breaks at its spaces only, never a character
            # per line (the table scrolls sideways instead)
            style += "font-weight:600;opacity:0.75;vertical-align:bottom;word-break:keep-all;"
        text = "" if value is None else str(value)
        named = ""
        if stack and tag == "td":
            named = f" data-label='{html.escape(str(header[i]))}'" + (
                " class='tt-wide'" if i in wide else ""
            )
        return f"<{tag} style='{style}'{named}>{html.escape(text)}</{tag}>"

    named = f"role='region' aria-label='{html.escape(label)}' tabindex='0' " if label else ""
    stacked = "class='tt-stack' " if stack else ""
    parts = [
        f"<div {named}{stacked}style='overflow-x:auto;max-width:100%;margin:0 0 12px'>"
        "<table style='border-collapse:collapse;font-size:14px;line-height:1.35'>",
        ("<tr class='tt-head'>" if stack else "<tr>")
        + "".join(cell("th", i, h) for i, h in enumerate(header))
        + "</tr>",
    ]
    for row in rows:
        parts.append("<tr>" + "".join(cell("td", i, v) for i, v in enumerate(row)) + "</tr>")
    parts.append("</table></div>")
    return "".join(parts)


def figures_html(figures: list[tuple[str, object]], *, size: str = "2rem") -> str:
    """A row of headline figures (a label over a large value, as ``st.metric`` draws
    them) as plain HTML: ``st.metric`` brings a number formatter and a theme module to the
    browser, about a tenth of an empty page's load on a phone, for text the page has
    already worded. The figures wrap onto the next line on a narrow screen. Escaped.

    >>> out = figures_html([("Price", "$12"), ("Fillings", "1,024")])
    >>> out.count("role='group'"), ">$12<" in out
    (2, True)
    """
    cells = [
        f"<div role='group' aria-label='{html.escape(label)}' class='tt-figure' "
        "style='min-width:8rem'>"
        f"<div class='tt-figure-label' style='font-size:14px;opacity:0.8'>{html.escape(label)}"
        f"</div><div class='tt-figure-value' style='font-size:{size};line-height:1.25'>"
        f"{html.escape(str(value))}</div></div>"
        for label, value in figures
    ]
    return (
        "<div style='display:flex;flex-wrap:wrap;gap:0.5rem 2rem;margin:0 0 0.5rem'>"
        + "".join(cells)
        + "</div>"
    )


def marked(text: str) -> str:
    """A sentence's ``**bold**`` and ``*italic*`` (as the catalogs write them for
    Markdown) as HTML, the rest escaped.

    >>> marked("see **A** & *B*")
    'see <b>A</b> &amp; <i>B</i>'
    """
    out = []
    for i, part in enumerate(html.escape(text).split("**")):
        inner = "".join(f"<i>{q}</i>" if j % 2 else q for j, q in enumerate(part.split("*")))
        out.append(f"<b>{inner}</b>" if i % 2 else inner)
    return "".join(out)


def caption_html(text: str) -> str:
    """A caption (small, muted text, as ``st.caption`` draws it) as HTML, its ``**bold**``
    kept: a page joins it to the HTML beside it, since each Streamlit element is another
    part for a phone to draw on first load.

    >>> caption_html("Counts are **exact** & fair").endswith("are <b>exact</b> &amp; fair</p>")
    True
    """
    return (
        "<p class='tt-caption' style='font-size:14px;opacity:0.7;margin:0 0 0.5rem'>"
        f"{marked(text)}</p>"
    )


#: the tints of Streamlit's own alerts (``st.success``, ``st.info``, ``st.warning``,
#: ``st.error``): background, text
_ALERTS = {
    "success": ("rgba(33, 195, 84, 0.1)", "rgb(23, 114, 51)"),
    "info": ("rgba(28, 131, 225, 0.1)", "rgb(0, 66, 128)"),
    "warning": ("rgba(255, 227, 18, 0.1)", "rgb(146, 108, 5)"),
    "error": ("rgba(255, 43, 43, 0.09)", "rgb(125, 53, 59)"),
}


def alert_html(text: str, kind: str = "info") -> str:
    """An alert in the look of ``st.success`` / ``st.info`` / ``st.warning`` / ``st.error``
    (``kind``) as HTML, its ``**bold**`` kept: a page joins it to the HTML beside it, one
    element fewer for a phone to draw. A ``role`` tells a screen reader it is news.

    >>> alert_html("Best: **move 3**", "success").split(">", 1)[1]
    'Best: <b>move 3</b></div>'
    >>> alert_html("x", "loud")
    Traceback (most recent call last):
    ValueError: alert kind 'loud': one of success, info, warning, error
    """
    if kind not in _ALERTS:
        raise ValueError(f"alert kind {kind!r}: one of {', '.join(_ALERTS)}")
    background, colour = _ALERTS[kind]
    role = "alert" if kind in ("warning", "error") else "status"
    return (
        f'<div class="tt-alert tt-{kind}" style="background:{background};color:{colour};'
        'padding:0.75rem 1rem;border-radius:0.5rem;margin:0 0 0.75rem;line-height:1.5" '
        f'role="{role}">{marked(text)}</div>'
    )


def details_html(summary: str, body: str) -> str:
    """A fold (``summary``, plain text; ``body``, already HTML) in the look of
    ``st.expander``, as HTML: a page joins it to the HTML beside it. Unlike an expander it
    opens in the browser alone, with no run of the page, and costs a phone's first load no
    element of its own; for content the page draws only once opened, use an expander.
    Its look is the start page's (``.tt-details``, :mod:`dashboard.frame.head`).

    >>> details_html("Seen", "<p>7A</p>")
    '<details class="tt-details"><summary>Seen</summary><div><p>7A</p></div></details>'
    """
    return (
        f'<details class="tt-details"><summary>{html.escape(summary)}</summary>'
        f"<div>{body}</div></details>"
    )


def modes_html(modes: dict[str, str], current: str, label: str, key: str = "mode") -> str:
    """A choice among a page's modes as links in the look of a segmented control: each
    link is this page's own with ``?{key}=`` set (the start page's script keeps the
    link's other values and switches in the session, :mod:`dashboard.frame.head`); the
    one on view is marked. ``modes``: each mode's value and words; ``label``: the
    choice's name, for screen readers.

    >>> modes_html({"drills": "Rules", "puzzles": "Puzzles"}, "drills", "Practise")[:70]
    '<nav class="tt-modes" aria-label="Practise"><a href="?mode=drills" dat'
    """
    from urllib.parse import urlencode

    links = "".join(
        f'<a href="?{html.escape(urlencode({key: value}))}" data-tt-page="" data-tt-keep'
        + (' aria-current="page"' if value == current else "")
        + f">{html.escape(words)}</a>"
        for value, words in modes.items()
    )
    return f'<nav class="tt-modes" aria-label="{html.escape(label)}">{links}</nav>'


def heading_html(text: str) -> str:
    """A heading as ``st.subheader`` draws it (``<h3>``, the text escaped), for a page that
    joins it to the HTML under it.

    >>> heading_html("Moves for A & B")
    '<h3 style="margin:0.5rem 0 0.75rem">Moves for A &amp; B</h3>'
    """
    return f'<h3 style="margin:0.5rem 0 0.75rem">{html.escape(text)}</h3>'


def side_by_side_html(*parts: str, min_width: str = "12rem") -> str:
    """Parts (already HTML) side by side, wrapping under each other on a narrow screen,
    as ``st.columns`` would place them, in one element.

    >>> side_by_side_html("<b>a</b>", "<b>b</b>").count("<div style='min-width:0'>")
    2
    """
    cells = "".join(f"<div style='min-width:0'>{p}</div>" for p in parts)
    return (
        "<div style='display:grid;gap:0.5rem 1rem;"
        f"grid-template-columns:repeat(auto-fit,minmax({min_width},1fr))'>{cells}</div>"
    )
