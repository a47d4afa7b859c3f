"""Whist cards, hands, tricks and straw piles as small HTML pieces (no rules here)."""

from __future__ import annotations

import html

from dashboard.i18n import _
from dashboard.ui import seat_name

SYMBOL = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
RED = "#c62828"
BLACK = "#1a1a1a"

_BASE = (
    "display:inline-flex;flex-direction:column;align-items:center;justify-content:center;"
    "width:{w}px;height:{h}px;border-radius:5px;margin:1px;font-family:system-ui,sans-serif;"
    "font-weight:600;line-height:1.05;vertical-align:middle;box-sizing:border-box;"
)


def card_html(text: str, *, size: int = 34, win: bool = False, dim: bool = False) -> str:
    """One card face: rank over suit symbol, red for hearts/diamonds; jokers starred."""
    w, h = size, int(size * 1.4)
    border = "3px solid #2e7d32" if win else "1px solid #888"
    style = (
        _BASE.format(w=w, h=h) + f"background:#fff;border:{border};font-size:{size * 0.4:.0f}px;"
    )
    if dim:
        style += "opacity:0.35;"
    if text in ("BJ", "LJ"):
        color = BLACK if text == "BJ" else RED
        label = _("Big joker") if text == "BJ" else _("Little joker")
        return (
            f'<span title="{html.escape(label)}" style="{style}color:{color}">'
            f"<span>★</span><span style='font-size:{size * 0.28:.0f}px'>{text}</span></span>"
        )
    rank, suit = text[:-1], text[-1]
    color = RED if suit in "HD" else BLACK
    return (
        f'<span title="{html.escape(text)}" style="{style}color:{color}">'
        f"<span>{html.escape(rank)}</span><span>{SYMBOL[suit]}</span></span>"
    )


def back_html(*, size: int = 34, label: str = "") -> str:
    """A face-down card (optionally with a count on it)."""
    w, h = size, int(size * 1.4)
    style = _BASE.format(w=w, h=h) + (
        "background:repeating-linear-gradient(45deg,#1e4f91,#1e4f91 4px,#2f68b5 4px,#2f68b5 8px);"
        f"border:1px solid #123;color:#fff;font-size:{size * 0.38:.0f}px;"
    )
    title = html.escape(_("face down"))
    return f'<span title="{title}" style="{style}">{html.escape(label)}</span>'


def cards_html(cards, *, size: int = 34, win_index: int = -1) -> str:
    if not cards:
        return "<span style='color:#777'>—</span>"
    return (
        "<span style='display:inline-flex;flex-wrap:wrap;gap:1px'>"
        + "".join(card_html(c, size=size, win=i == win_index) for i, c in enumerate(cards))
        + "</span>"
    )


def seat_word(seat: int) -> str:
    """A seat as every page calls a player: ``Player 1`` for seat 0."""
    return seat_name(seat)


def trick_html(plays, win_index: int = -1, *, size: int = 34, label=seat_word) -> str:
    """A trick: each card over the seat that played it (``label(seat)`` names it); the
    winning card outlined."""
    parts = []
    for i, (seat, card) in enumerate(plays):
        parts.append(
            "<span style='display:inline-flex;flex-direction:column;align-items:center;"
            "margin-right:4px'>"
            + card_html(card, size=size, win=i == win_index)
            + "<span style='font-size:11px;color:#555'>"
            + html.escape(label(seat))
            + "</span></span>"
        )
    return "<div style='display:flex;flex-wrap:wrap'>" + "".join(parts) + "</div>"


def straw_html(piles, *, size: int = 30) -> str:
    """A row of straw piles: the face-up card over the count of face-down cards."""
    out = []
    for p in piles:
        top = card_html(p["up"], size=size) if p["up"] else "<span style='width:30px'></span>"
        below = ""
        if p["down"]:
            below = back_html(size=int(size * 0.7), label=str(p["down"]))
            if p.get("down_cards"):
                below = "".join(
                    card_html(c, size=int(size * 0.7), dim=True) for c in p["down_cards"]
                )
        out.append(
            "<span style='display:inline-flex;flex-direction:column;align-items:center;"
            f"margin-right:3px'>{top}{below}</span>"
        )
    return "<div style='display:flex;flex-wrap:wrap;gap:2px'>" + "".join(out) + "</div>"


def row(label: str, body: str) -> str:
    return (
        "<div style='display:flex;flex-wrap:wrap;align-items:center;gap:6px;margin:3px 0'>"
        f"<span style='min-width:64px;font-size:13px;color:#333'>{label}</span>{body}</div>"
    )
