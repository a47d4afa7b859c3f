"""Owner's Choice drawings: the board with the pawn, the stock track with dividends and
the company markers, dice faces and the holdings table. Plain functions returning SVG or
HTML strings (no rules here: every number comes from the engine state or ruleset)."""

from __future__ import annotations

import functools
from html import escape

from dashboard import palette
from dashboard.i18n import N_, _, pgettext, texts_key
from engine.owners_choice import COMPANIES, OwnersChoiceRules

COLOURS = palette.OWNERS_CHOICE
INK = {"R": "#fff", "Y": "#222", "B": "#fff", "G": "#222"}  # text on each company colour
SPACE_STYLE = {
    "START": ("#555", "#fff", "S"),
    "GOAL": ("#111", "#fff", "★"),
    "EVENT": ("#fff", "#222", "?"),
    "DIVIDEND": ("#f5d76e", "#222", "$"),
    "PRESIDENT": ("#8e44ad", "#fff", "P"),
    "ALL": ("#ddd", "#222", "4"),
    "R": (COLOURS["R"], INK["R"], "R"),
    "Y": (COLOURS["Y"], INK["Y"], "Y"),
    "B": (COLOURS["B"], INK["B"], "B"),
    "G": (COLOURS["G"], INK["G"], "G"),
}
# The words of the spaces that carry one (START, GOAL and the company letters are printed
# on the board as they are).
SPACE_WORDS = {
    "ALL": N_("ALL"),
    "EVENT": N_("EVENT"),
    "DIVIDEND": N_("DIVIDEND"),
    "PRESIDENT": N_("PRESIDENT"),
}
LEGEND = {
    "R Y B G": N_("company space: its president chooses"),
    "ALL": N_("the mover names a company; its president chooses"),
    "EVENT": N_("the mover rolls the Event die"),
    "DIVIDEND": N_("the highest-priced company pays its dividend"),
    "PRESIDENT": N_("$100 per president die held"),
    "GOAL": N_("exact landing ends the game; take $100 from the Fund"),
}


def space_word(kind: str) -> str:
    """A space's name in the page's language (``EVENT`` → イベント); letters as printed."""
    return _(SPACE_WORDS[kind]) if kind in SPACE_WORDS else kind


def legend() -> list[tuple[str, str]]:
    """(the space as drawn, what happens there) for each kind of space."""
    out = []
    for kind, meaning in LEGEND.items():
        mark = SPACE_STYLE[kind][2] if kind in SPACE_STYLE else ""
        shown = f"{mark} ({space_word(kind)})" if mark else kind
        out.append((shown, _(meaning)))
    return out


def fund_words(fund) -> str:
    """The Fund as the board's centre shows it: ``Fund $120``."""
    return _("Fund ${fund}").format(fund=fund)


def _ring(n: int) -> list[tuple[int, int]]:
    """Cell (column, row) of each space: a square ring when the board has 36 spaces."""
    if n == 36:
        cells = [(x, 0) for x in range(10)]
        cells += [(9, y) for y in range(1, 10)]
        cells += [(x, 9) for x in range(8, -1, -1)]
        cells += [(0, y) for y in range(8, 0, -1)]
        return cells
    cols = 10
    out = []
    for i in range(n):
        row, col = divmod(i, cols)
        out.append((col if row % 2 == 0 else cols - 1 - col, row))
    return out


def board_svg(
    board: tuple[str, ...],
    pos: int | None = None,
    *,
    highlight: dict[int, str] | None = None,
    centre: str = "",
) -> str:
    """The track of spaces (START … GOAL) with the pawn on ``pos``.

    ``highlight`` maps space index → a short label drawn under it (e.g. '+2' for a move).
    """
    if highlight is None:  # the live page's boards: remembered
        try:
            return _board_svg(tuple(board), pos, centre, texts_key())
        except TypeError:  # an unhashable argument: drawn afresh
            pass
    return _draw_board(board, pos, highlight, centre)


@functools.lru_cache(maxsize=512, typed=True)
def _board_svg(board: tuple[str, ...], pos, centre: str, texts: tuple) -> str:
    """:func:`board_svg` without highlights (the boards drawn ahead for every tap of the
    live page repeat; ``texts``: :func:`dashboard.i18n.texts_key`)."""
    return _draw_board(board, pos, None, centre)


def _draw_board(board, pos, highlight, centre) -> str:
    cells = _ring(len(board))
    size = 36
    cols = max(x for x, _y in cells) + 1
    rows = max(y for _x, y in cells) + 1
    parts = []
    for i, kind in enumerate(board):
        x, y = cells[i]
        fill, ink, mark = SPACE_STYLE.get(kind, ("#eee", "#222", kind[:1]))
        px, py = x * size, y * size
        if kind == "ALL":
            q = size / 2 - 1
            for k, c in enumerate(COMPANIES):
                dx, dy = (k % 2) * q, (k // 2) * q
                parts.append(
                    f'<rect x="{px + 1 + dx}" y="{py + 1 + dy}" width="{q}" height="{q}" '
                    f'fill="{COLOURS[c]}"/>'
                )
            parts.append(
                f'<rect x="{px + 1}" y="{py + 1}" width="{size - 2}" height="{size - 2}" '
                f'fill="none" stroke="#333"/>'
            )
            ink = "#fff"
        else:
            parts.append(
                f'<rect x="{px + 1}" y="{py + 1}" width="{size - 2}" height="{size - 2}" '
                f'rx="4" fill="{fill}" stroke="#333"/>'
            )
        parts.append(
            f'<text x="{px + size / 2}" y="{py + 22}" font-size="14" font-weight="bold" '
            f'text-anchor="middle" fill="{ink}">{escape(mark)}</text>'
            f'<text x="{px + 4}" y="{py + 11}" font-size="8" fill="{ink}">{i}</text>'
            f"<title>{i}: {escape(space_word(kind))}</title>"
        )
        if highlight and i in highlight:
            parts.append(
                f'<rect x="{px + 2}" y="{py + 2}" width="{size - 4}" height="{size - 4}" rx="4" '
                f'fill="none" stroke="#ff7f0e" stroke-width="3"/>'
                f'<text x="{px + size - 3}" y="{py + size - 4}" font-size="9" '
                f'text-anchor="end" fill="{ink}" font-weight="bold">'
                f"{escape(highlight[i])}</text>"
            )
    pawn = _("pawn on space {pos}").format(pos=pos)
    board_label = _("board")
    if pos is not None and 0 <= pos < len(board):
        x, y = cells[pos]
        parts.append(
            f'<circle cx="{x * size + size / 2}" cy="{y * size + size - 9}" r="7" '
            f'fill="#7b2cbf" stroke="#fff" stroke-width="2"><title>{escape(pawn)}</title>'
            "</circle>"
        )
    if centre and len(board) == 36:
        parts.append(
            f'<text x="{5 * size}" y="{5 * size}" font-size="15" text-anchor="middle">'
            f"{escape(centre)}</text>"
        )
    w, h = cols * size, rows * size
    return (
        f'<svg viewBox="0 0 {w} {h}" width="{w}" height="{h}" role="img" '
        f'aria-label="{escape(board_label)}, {escape(pawn)}" '
        'xmlns="http://www.w3.org/2000/svg" font-family="sans-serif">' + "".join(parts) + "</svg>"
    )


def track_svg(ruleset: OwnersChoiceRules, prices: list[int] | None = None) -> str:
    """The stock track: each step's price and dividend, companies' markers on their step."""
    try:
        return _track_svg(ruleset, None if prices is None else tuple(prices), texts_key())
    except TypeError:  # an unhashable argument: drawn afresh
        return _draw_track(ruleset, prices)


@functools.lru_cache(maxsize=512, typed=True)
def _track_svg(ruleset: OwnersChoiceRules, prices, texts: tuple) -> str:
    """:func:`track_svg`, remembered (``texts``: :func:`dashboard.i18n.texts_key`)."""
    return _draw_track(ruleset, prices)


def _draw_track(ruleset: OwnersChoiceRules, prices) -> str:
    p, d = ruleset.track_prices, ruleset.track_dividends
    cols = 11
    w, h = 34, 50
    parts = []
    tip = _("${price}, dividend ${div}")
    at_price = _("{company} at ${price}")
    div_label = _("div {div}")
    track_label = _("stock track")
    for i, (price, div) in enumerate(zip(p, d)):
        row, col = divmod(i, cols)
        x, y = col * w, row * h
        start = price == ruleset.start_price
        parts.append(
            f'<rect x="{x + 1}" y="{y + 1}" width="{w - 2}" height="{h - 2}" rx="3" '
            f'fill="{"#eef6ff" if start else "#fafafa"}" stroke="#999"/>'
            f'<text x="{x + w / 2}" y="{y + 14}" font-size="11" font-weight="bold" '
            f'text-anchor="middle">{price}</text>'
            f'<text x="{x + w / 2}" y="{y + 25}" font-size="8" fill="#666" '
            f'text-anchor="middle">{escape(div_label.format(div=div))}</text>'
            f"<title>{escape(tip.format(price=price, div=div))}</title>"
        )
        if prices:
            here = [c for c, v in zip(COMPANIES, prices) if v == price]
            for k, c in enumerate(here):
                cx = x + 6 + k * 7.3
                parts.append(
                    f'<circle cx="{cx}" cy="{y + 38}" r="4.5" fill="{COLOURS[c]}" '
                    f'stroke="#222"><title>{escape(at_price.format(company=c, price=price))}'
                    "</title></circle>"
                )
    rows = (len(p) + cols - 1) // cols
    width = cols * w
    return (
        f'<svg viewBox="0 0 {width} {rows * h}" width="{width}" height="{rows * h}" '
        f'role="img" aria-label="{escape(track_label)}" '
        'xmlns="http://www.w3.org/2000/svg" font-family="sans-serif">' + "".join(parts) + "</svg>"
    )


def die_svg(label: str, colour: str = "#fff", ink: str = "#222", size: int = 48) -> str:
    """A die showing ``label`` (a face of the president, Fund or Event die)."""
    text = escape(label)
    aria = escape(_("die showing {face}").format(face=label))
    fs = 26 if len(label) <= 2 else 15 if len(label) <= 5 else 10
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{size}" height="{size}" '
        f'viewBox="0 0 100 100" role="img" '
        f'aria-label="{aria}"><rect x="4" y="4" width="92" height="92" rx="16" '
        f'fill="{colour}" stroke="#333" stroke-width="4"/><text x="50" y="{50 + fs * 0.7}" '
        f'font-size="{fs * 2}" text-anchor="middle" fill="{ink}">{text}</text></svg>'
    )


def roll_svg(action_text: str) -> str:
    """A die drawing for a chance action text such as ``'die R +2'``; '' otherwise."""
    parts = action_text.split(" ", 2)
    if len(parts) < 3 or parts[0] != "die":
        return ""
    which, face = parts[1], parts[2]
    if which in COLOURS:
        return die_svg("$" if face == "dividend" else face, COLOURS[which], INK[which])
    if which == "fund":
        return die_svg(face, "#111", "#fff")
    return die_svg(face, "#fff", "#222")


def holdings_html(state, seat_names: list[str] | None = None) -> str:
    """Cash, shares per company (★ = president), net worth; one row per seat."""
    from dashboard.ui import seat_name

    worth = state.net_worth()
    # in the middle of a trade the dice are reassigned once it is complete: ★ shows where
    # the trade leads, and the trades made so far are listed under the table
    mid_trade = state.trade_open()
    pres = state.settled_presidents() if mid_trade else state.pres
    head = "".join(
        f'<th style="background:{COLOURS[c]};color:{INK[c]};padding:2px 6px">{c}</th>'
        for c in COMPANIES
    )
    rows = []
    for p in range(state.num_players):
        name = seat_names[p] if seat_names else seat_name(p)
        if state.out[p]:
            name = _("{name} (left)").format(name=name)
        mark = " ▶" if p == state.active and not state.is_terminal() else ""
        cells = "".join(
            f'<td style="text-align:center">{state.shares(p, c)}{"★" if pres[c] == p else ""}</td>'
            for c in range(4)
        )
        rows.append(
            f"<tr><td>{escape(name)}{mark}</td><td style='text-align:right'>"
            f"${state.cash[p]}</td>{cells}<td style='text-align:right'><b>${worth[p]}</b>"
            "</td></tr>"
        )
    supply_word, seat_word, cash_word, worth_word = _("supply"), _("player"), _("cash"), _("worth")
    supply = "".join(f'<td style="text-align:center">{k}</td>' for k in state.supply)
    rows.append(
        f"<tr style='color:#777'><td>{escape(supply_word)}</td><td></td>{supply}<td></td></tr>"
    )
    return (
        '<table style="border-collapse:collapse;font-size:14px;width:100%">'
        f"<tr><th style='text-align:left'>{escape(seat_word)}</th>"
        f"<th>{escape(cash_word)}</th>{head}<th>{escape(worth_word)}</th></tr>"
        + "".join(rows)
        + "</table>"
        + (_trade_so_far_html(state, seat_names) if mid_trade else "")
    )


def _trade_so_far_html(state, seat_names: list[str] | None) -> str:
    """The open trade in words: what the player to act has bought and sold so far, and
    that ★ already shows the presidents the trade leads to."""
    from dashboard.ui import seat_name

    a = state.active
    parts = []
    for c, letter in enumerate(COMPANIES):
        change = state.shares(a, c) - state.trade_from[c]
        if change > 0:
            parts.append(_("bought {n} {company}").format(n=change, company=letter))
        elif change < 0:
            parts.append(_("sold {n} {company}").format(n=-change, company=letter))
    done = pgettext("list separator", ", ").join(parts) or _("shares bought and sold back")
    text = _(
        "{player} is in the middle of a trade: {done} so far. ★ shows the presidents once "
        "the trade is complete."
    ).format(player=seat_names[a] if seat_names else seat_name(a), done=done)
    return f'<div style="font-size:13px;color:#444;margin-top:4px">{escape(text)}</div>'


def svg_width(svg: str) -> int:
    """The width an SVG of this module declares (360 when it declares none).

    >>> svg_width('<svg width="420" height="90">'), svg_width("<svg>")
    (420, 360)
    """
    import re

    m = re.search(r'width="(\d+)"', svg)
    return int(m.group(1)) if m else 360


def show(svg: str, width: int | None = None, caption: str | None = None, out=None) -> None:
    """Draw an SVG with Streamlit as an image (``st.html`` strips inline SVG and Markdown
    reads '$' as maths); it shrinks to the screen on a phone. ``out``: where to draw
    (default ``st``; the analysis board passes its HTML collector)."""
    import streamlit as st

    out = st if out is None else out
    out.image(svg, width=width or svg_width(svg), caption=caption)
