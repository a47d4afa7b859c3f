"""Small fixed charts drawn as plain HTML, with no chart library in the browser.

Why: on a page of inputs, each plotly chart is a chart library to start in the browser. The
Stock Hold'em table tracker's seven small plotly charts cost about 2 s of its first load at
1280 px and most of its 23 s on a phone (``python -m dashboard.bench --browser --only
load``, docs/benchmarks.md). A chart that needs no zoom, pan or legend (a small
distribution, a few bars with their values written on them) is drawn here instead:
plain markup, every bar with its value as a tooltip (``title``), the text in the page's
own colour, so it follows a light or dark theme. Plain functions of
numbers and already-worded labels (the page words them): no game is named here.

>>> out = columns_html([(3, 0.25, "$3: 25%", True), (4, 0.75, "$4: 75%", False)],
...                    x_range=(0, 10), ticks=[(0, "$0"), (10, "$10")], top_label="75%")
>>> out.count("title="), "height:33.3%" in out
(2, True)
"""

from __future__ import annotations

import html

from dashboard import palette

#: the plot's height in CSS pixels, and the room under it for the tick labels
PLOT_PX, TICKS_PX = 84, 18
HIGH, LOW = "#1b7a1b", "#8a8a8a"


def _left(value: float, x_range: tuple[float, float]) -> float:
    lo, hi = x_range
    return 100.0 * (value - lo) / (hi - lo)


def columns_html(
    columns: list[tuple[float, float, str, bool]],
    *,
    x_range: tuple[float, float],
    ticks: list[tuple[float, str]],
    top_label: str,
    marker: float | None = None,
    label: str = "",
) -> str:
    """Columns over a numeric axis: ``columns`` of ``(x, height, tooltip, highlighted)``
    (heights scaled to the tallest; highlighted ones green, the others grey), tick labels
    under the axis, ``top_label`` (the tallest column's value) at the top left, and a dotted
    ``marker`` line at an ``x`` (:data:`dashboard.palette.MARKER`). ``label``: what the
    chart shows, for screen readers. (Positioned boxes, not SVG: ``st.html`` drops inline
    SVG.)

    >>> out = columns_html([(1, 0.5, "a", False)], x_range=(0, 2), ticks=[],
    ...                    top_label="50%", marker=1.5)
    >>> "dotted" in out, "background:#8a8a8a" in out, "left:75.0%" in out
    (True, True, True)
    """
    tallest = max((h for _, h, _, _ in columns), default=0.0) or 1.0
    width = 80.0 / (x_range[1] - x_range[0])  # a column: 80 % of one unit of the axis
    box = "position:absolute;bottom:0;"
    parts = [
        f"<div role='img' aria-label='{html.escape(label)}' style='font-family:sans-serif;"
        "font-size:11px;display:flex;gap:4px;margin:2px 0 6px'>"
        f"<div style='flex:0 0 auto;opacity:0.7;line-height:1'>{html.escape(top_label)}</div>"
        "<div style='flex:1 1 auto;position:relative'>"
        f"<div style='position:relative;height:{PLOT_PX}px;border-bottom:1px solid;"
        "border-color:rgba(128,128,128,0.6);border-top:1px solid rgba(128,128,128,0.2)'>"
    ]
    for x, h, tip, high in columns:
        parts.append(
            f"<div title='{html.escape(tip)}' style='{box}"
            f"left:{_left(x, x_range) - width / 2:.2f}%;"
            f"width:{width:.2f}%;height:{100.0 * h / tallest:.1f}%;"
            f"background:{HIGH if high else LOW}'></div>"
        )
    if marker is not None:
        parts.append(
            f"<div style='{box}top:0;left:{_left(marker, x_range):.1f}%;"
            f"border-left:2px dotted {palette.MARKER}'></div>"
        )
    parts.append(f"</div><div style='position:relative;height:{TICKS_PX}px;opacity:0.7'>")
    for x, text in ticks:
        parts.append(
            f"<span style='position:absolute;top:3px;left:{_left(x, x_range):.1f}%;"
            f"transform:translateX(-50%);white-space:nowrap'>{html.escape(text)}</span>"
        )
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
            f"<div style='height:14px;width:{share:.1f}%;background:#1f6fb2;border-radius:2px;"
            "flex:0 0 auto'></div>"
            f"<span style='white-space:nowrap'>{html.escape(words)}</span></div></div>"
        )
    return "<div style='font-family:sans-serif;font-size:14px'>" + "".join(lines) + "</div>"
