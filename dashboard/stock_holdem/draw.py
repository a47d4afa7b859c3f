"""HTML pieces for Stock Hold'em: information cards (face, back, unknown), a company row
and the whole board. Plain functions returning HTML strings (no rules here).

>>> 'alt="anchor"' in card_html("7A") and "7" in card_html("7A")
True
>>> "?" in card_html("?")
True
"""

from __future__ import annotations

import html

from dashboard import html_charts, palette
from dashboard.i18n import N_, _, money, ngettext, percent, pgettext
from dashboard.ui import svg_img
from engine.stock_holdem.cards import SYMBOLS
from engine.stock_holdem.pricing import MAX_PRICE

# small SVG symbols (no emoji font needed): anchor, fish, shell, wave
_PATHS = {
    "A": '<circle cx="12" cy="5" r="2.5" fill="none" stroke="{c}" stroke-width="2"/>'
    '<path d="M12 7.5V21M7 11h10M4 14c1 5 5 7 8 7s7-2 8-7" fill="none" stroke="{c}" '
    'stroke-width="2" stroke-linecap="round"/>',
    "F": '<path d="M3 12c4-6 11-6 15 0c-4 6-11 6-15 0z" fill="{c}"/>'
    '<path d="M17 12l5-5v10z" fill="{c}"/><circle cx="8" cy="11" r="1.3" fill="#fff"/>',
    "S": '<path d="M12 21L3 11a9 9 0 0 1 18 0z" fill="{c}"/>'
    '<path d="M12 21L7 6M12 21V3M12 21l5-15" stroke="#fff" stroke-width="1.3"/>',
    "W": '<path d="M2 10c3-4 6-4 8 0s5 4 8 0 4-2 4-2M2 17c3-4 6-4 8 0s5 4 8 0 4-2 4-2" '
    'fill="none" stroke="{c}" stroke-width="2.4" stroke-linecap="round"/>',
}
ICONS = {"A": "anchor", "F": "fish", "S": "shell", "W": "wave"}
#: the symbols' names as players read them (translated where shown)
SYMBOL_NAMES = {"A": N_("anchor"), "F": N_("fish"), "S": N_("shell"), "W": N_("wave")}
COLOURS = {"A": "#1f4e99", "F": "#d9661f", "S": "#b8336a", "W": "#138a8a"}  # symbols
#: companies A–F (index 0–5) and the ink of their names: dark on the sand-coloured B
COMPANY_COLOURS = tuple(palette.STOCK_HOLDEM[c] for c in "ABCDEF")
COMPANY_INK = ("#fff", "#222", "#222", "#fff", "#fff", "#fff")
_CARD = (
    "display:inline-flex;flex-direction:column;align-items:center;justify-content:center;"
    "width:34px;height:48px;border-radius:6px;margin:2px;font-family:sans-serif;"
    "line-height:1.05;vertical-align:middle;box-sizing:border-box;"
)


def symbol_svg(symbol: str, colour: str | None = None, size: int = 16) -> str:
    """A small SVG of a symbol (A anchor, F fish, S shell, W wave), as an ``<img>`` with a
    data URI so that HTML sanitisers keep it."""
    c = colour or COLOURS[symbol]
    svg = (
        '<svg xmlns="http://www.w3.org/2000/svg" width="24" height="24" viewBox="0 0 24 24">'
        + _PATHS[symbol].replace("{c}", c)
        + "</svg>"
    )
    return svg_img(
        svg, size, alt=_(SYMBOL_NAMES[symbol]), style="vertical-align:middle;display:inline-block"
    )


def _box(inner: str, *, bg: str, fg: str, border: str, title: str) -> str:
    return (
        f'<span title="{html.escape(title)}" style="{_CARD}background:{bg};color:{fg};'
        f'border:{border}">{inner}</span>'
    )


def card_html(text: str, names: tuple[str, ...] | None = None) -> str:
    """One card from its text: a face (``7A``, ``BULL``, ``BEAR``), a back (``7?``,
    ``?A``, ``10?``), ``?`` (unknown) or ``""`` (empty slot)."""
    t = (text or "").strip().upper()
    if names is None:
        names = tuple(_(SYMBOL_NAMES[s]) for s in SYMBOLS)
    if t == "":
        return _box(
            "", bg="transparent", fg="#999", border="1px dashed #bbb", title=_("empty slot")
        )
    if t == "?":
        return _box(
            "<b style='font-size:18px'>?</b>",
            bg="#f3f3f3",
            fg="#777",
            border="1px dashed #888",
            title=_("unknown card"),
        )
    if t == "BULL":
        return _box(
            "<b style='font-size:15px'>10</b><span style='font-size:9px'>BULL</span>",
            bg="#e7f6e7",
            fg="#1b7a1b",
            border="2px solid #1b7a1b",
            title=_("Bull: counts as 10, +10 to the base, no symbol"),
        )
    if t == "BEAR":
        return _box(
            "<b style='font-size:15px'>×</b><span style='font-size:9px'>BEAR</span>",
            bg="#fbeaea",
            fg="#a12020",
            border="2px solid #a12020",
            title=_("Bear: no number, no symbol"),
        )
    if t.endswith("?"):  # back showing a number
        return _box(
            f"<b style='font-size:16px'>{html.escape(t[:-1])}</b><span style='font-size:10px'>"
            + html.escape(pgettext("card", "back"))
            + "</span>",
            bg="#4a4a5a",
            fg="#fff",
            border="2px solid #2c2c38",
            title=(
                _("face down, back shows {n} (may be Bull)")
                if t == "10?"
                else _("face down, back shows {n}")
            ).format(n=t[:-1]),
        )
    if t.startswith("?") and t[1:] in ICONS:
        s = t[1:]
        return _box(
            f"{symbol_svg(s, '#fff', 18)}<span style='font-size:10px'>"
            + html.escape(pgettext("card", "back"))
            + "</span>",
            bg="#4a4a5a",
            fg="#fff",
            border=f"2px solid {COLOURS[s]}",
            title=_("face down, back shows the {name} symbol").format(name=names[SYMBOLS.index(s)]),
        )
    n, s = t[:-1], t[-1:]
    if s in ICONS and n.isdigit():
        return _box(
            f"<b style='font-size:17px'>{n}</b>{symbol_svg(s, size=15)}",
            bg="#fff",
            fg=COLOURS[s],
            border=f"2px solid {COLOURS[s]}",
            title=_("{n} of {name}s ({text})").format(n=n, name=names[SYMBOLS.index(s)], text=t),
        )
    return _box(html.escape(t), bg="#fff", fg="#a00", border="2px solid #a00", title=t)


def cards_html(texts, *, slots: int = 0) -> str:
    """A row of cards, padded with empty slots up to ``slots``."""
    texts = list(texts)
    texts += [""] * max(0, slots - len(texts))
    return "".join(card_html(t) for t in texts)


def _company_cards(texts, face_down_marked: bool) -> str:
    """The 5 slots of a company; slots 3-5 (placed face down) get a dotted outline."""
    out = []
    for k in range(5):
        card = card_html(texts[k] if k < len(texts) else "")
        if face_down_marked and 2 <= k < len(texts):
            card = (
                "<span title='"
                + html.escape(_("placed face down"))
                + "' style='display:inline-block;"
                f"outline:2px dotted #777;outline-offset:-1px;border-radius:7px'>{card}</span>"
            )
        out.append(card)
    return "".join(out)


def left(n: int) -> str:
    """Shares left in the supply, in words: ``11 shares left``."""
    return ngettext("{n} share left", "{n} shares left", n).format(n=n)


def board_html(obs: dict, names: tuple[str, ...] = ("A", "B", "C", "D", "E", "F")) -> str:
    """Six company rows: name, price, stock-up chip, the 5 slots and shares left.
    Cards placed face down (slots 3-5) are outlined with dots until the game is over."""
    rows = []
    for co in range(6):
        chip = " ⬆+5" * obs["stock_up"][co]
        rows.append(
            "<div style='display:flex;align-items:center;gap:6px;flex-wrap:wrap;"
            "margin:2px 0'>"
            f"<span style='width:64px;font-family:sans-serif'><b style='background:"
            f"{COMPANY_COLOURS[co]};color:{COMPANY_INK[co]};padding:0 4px;border-radius:3px'>"
            f"{html.escape(names[co])}</b> "
            f"${obs['prices'][co]}<span style='color:#1b7a1b'>{chip}</span></span>"
            f"<span>{_company_cards(obs['board'][co], obs.get('phase') != 'over')}</span>"
            "<span style='font-size:12px;color:#666'>"
            + html.escape(left(obs["supply"][co]))
            + "</span>"
            "</div>"
        )
    return "<div>" + "".join(rows) + "</div>"


def legend_html() -> str:
    """The four symbols with their [A] names."""
    return " ".join(
        f"<span style='color:{COLOURS[s]}'>{symbol_svg(s)} {s} = {html.escape(_(SYMBOL_NAMES[s]))}"
        "</span>"
        for s in SYMBOLS
    )


def drill_picture(drill) -> str | None:
    """The company's five cards a drill asks about, drawn (a ``?`` part stays unknown)."""
    cards = drill.position.get("cards") or drill.position.get("slots")
    if not isinstance(cards, list):
        return None
    return f'<div style="display:flex;gap:4px;flex-wrap:wrap">{cards_html(cards)}</div>'


def distribution_html(
    probabilities: dict,
    *,
    current: int | None = None,
    title: str = "",
    label: str = "",
    x_title: str = "",
) -> str:
    """An exact price distribution (price → probability) as small columns
    (:mod:`dashboard.html_charts`, no chart library to start), each column's price and
    chance as its tooltip; with ``current``, the prices at or above it green, the others
    grey, and a dotted line at it.

    >>> out = distribution_html({35: 1.0}, current=10)
    >>> out.count("title="), "title='$35: 100.0%'" in out
    (1, True)
    """
    top = max((float(q) for q in probabilities.values()), default=0.0)
    columns = [
        html_charts.Column(
            p,
            float(q),
            f"{money(p)}: {percent(float(q), 1)}",
            html_charts.NEUTRAL
            if current is None
            else html_charts.HIGH
            if p >= current
            else html_charts.LOW,
        )
        for p, q in probabilities.items()
    ]
    return html_charts.columns_html(
        columns,
        x_range=(-0.5, MAX_PRICE + 0.5),
        ticks=[(p, money(p)) for p in range(0, MAX_PRICE + 1, 10)],
        top_label=percent(top, 0),
        marker=None if current is None else current - 0.5,
        label=label,
        title=title,
        x_title=x_title,
    )
