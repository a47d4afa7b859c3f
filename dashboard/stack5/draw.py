"""Stack 5 cards and rows drawn as small HTML pieces (no rules here)."""

from __future__ import annotations

import functools
import html

from dashboard import html_charts, palette
from dashboard.i18n import _, ngettext, percent, texts_key
from dashboard.stack5 import words
from dashboard.ui import seat_name, svg_img

_INK = {"R": "#fff", "B": "#fff", "G": "#222", "Y": "#222", "P": "#fff"}
COLOURS = {c: (palette.STACK5[c], _INK[c]) for c in ("R", "B", "G", "Y", "P")}  # (card, ink)
FALLBACK = ("#666", "#fff")
# Faces of the specials as tiny SVG pictures (no emoji font needed): a bomb with "#" for
# the Number Bomb, a bomb with colour dots for the Colour Bomb, a grabbing arrow for Steal.
_BOMB = (
    '<circle cx="11" cy="14" r="8" fill="#111" stroke="#ffd54f" stroke-width="1"/>'
    '<path d="M16 8 Q19 3 22 4" stroke="#ff9800" stroke-width="2" fill="none"/>'
)
SVG_FACES = {
    "NB": _BOMB + '<text x="11" y="18" font-size="11" font-weight="700" fill="#ffd54f" '
    'text-anchor="middle" font-family="sans-serif">#</text>',
    "CB": _BOMB
    + "".join(
        f'<circle cx="{x}" cy="{y}" r="2.2" fill="{c}"/>'
        for x, y, c in [
            (8, 11, palette.STACK5["R"]),
            (14, 11, palette.STACK5["B"]),
            (8, 17, palette.STACK5["G"]),
            (14, 17, palette.STACK5["Y"]),
            (11, 14, palette.STACK5["P"]),
        ]
    ),
    "ST": '<path d="M20 14 H7 M11 9 L6 14 L11 19" stroke="#fff" stroke-width="2.6" '
    'fill="none" stroke-linecap="round" stroke-linejoin="round"/>',
}
SPECIAL_FACE = {
    "D3": ("+3", "#333", "#fff"),
    "NB": ("", "#555", "#ffd54f"),
    "CB": ("", "#555", "#ffd54f"),
    "ST": ("", "#6d4c41", "#fff"),
    "JK": (
        "★",
        "linear-gradient(135deg," + ",".join(palette.STACK5[c] for c in "RYGBP") + ")",
        "#fff",
    ),
}
SIZES = {"xs": (17, 24, 11), "sm": (26, 36, 15), "md": (34, 48, 20), "lg": (44, 62, 26)}


def card_label(name: str) -> str:
    """'R3' → 'red 3'; 'NB' → 'Number Bomb' (in the player's language)."""
    return words.card_label(name)


def card_html(name: str, size: str = "md", faded: bool = False, mark: str = "") -> str:
    """One card: coloured face with its number (or the special's symbol)."""
    return _card_html(name, size, faded, mark, texts_key())


@functools.lru_cache(maxsize=2048, typed=True)
def _card_html(name: str, size: str, faded: bool, mark: str, texts: tuple) -> str:
    """:func:`card_html` (remembered: a board draws the same few cards again and again;
    its title names the card in the player's language, ``texts``:
    :func:`dashboard.i18n.texts_key`)."""
    w, h, fs = SIZES[size]
    if name in SPECIAL_FACE:
        face, bg, fg = SPECIAL_FACE[name]
        fs = int(fs * (0.8 if len(face) > 1 else 1))
    else:
        bg, fg = COLOURS.get(name[0], FALLBACK)
        face = name[1:]
    style = (
        f"display:inline-flex;align-items:center;justify-content:center;width:{w}px;"
        f"height:{h}px;border-radius:6px;background:{bg};color:{fg};font-weight:700;"
        f"font-size:{fs}px;font-family:sans-serif;border:2px solid "
        f"{palette.MARKER if mark else 'rgba(0,0,0,.35)'};box-shadow:0 1px 2px rgba(0,0,0,.3);"
        f"margin:1px;flex:none;vertical-align:middle;{'opacity:.35;' if faded else ''}"
    )
    title = html.escape(f"{name} · {card_label(name)}{' · ' + mark if mark else ''}")
    inner = html.escape(face)
    if name in SVG_FACES:
        side = int(w * 0.8)
        svg = (
            '<svg xmlns="http://www.w3.org/2000/svg" width="24" height="24" '
            f'viewBox="0 0 24 24">{SVG_FACES[name]}</svg>'
        )
        inner = svg_img(svg, side)
    return f'<span title="{title}" aria-label="{title}" style="{style}">{inner}</span>'


def empty_slot(size: str = "md", text: str = "") -> str:
    w, h, _ = SIZES[size]
    return (
        f'<span style="display:inline-flex;align-items:center;justify-content:center;'
        f"width:{w}px;height:{h}px;border-radius:6px;border:2px dashed #bbb;color:#999;"
        f'font-size:11px;margin:1px;flex:none">{html.escape(text)}</span>'
    )


def cards_html(cards, size: str = "md", empty: str = "—") -> str:
    """A wrap-able line of cards."""
    body = "".join(card_html(c, size) for c in cards) if cards else empty_slot(size, empty)
    return f'<div style="display:flex;flex-wrap:wrap;gap:2px;align-items:center">{body}</div>'


def row_html(cards, label: str = "", size: str = "md", length: int = 5) -> str:
    """One row of up to 5 cards with dashed slots for the cards still to come."""
    body = "".join(card_html(c, size) for c in cards)
    body += "".join(empty_slot(size) for _ in range(length - len(cards)))
    lab = (
        f'<span style="width:46px;font-size:12px;color:#666;flex:none">{html.escape(label)}</span>'
        if label
        else ""
    )
    return (
        f'<div style="display:flex;align-items:center;gap:2px;margin:2px 0;'
        f'flex-wrap:nowrap">{lab}{body}</div>'
    )


def _points_title(score: int, target: int) -> str:
    return html.escape(_("{score} of {target} points").format(score=score, target=target))


def player_html(
    seat: int,
    rows,
    score: int,
    target: int,
    note: str = "",
    size: str = "sm",
    name: str | None = None,
) -> str:
    """A player's score and rows (``name``: how to call the player; by default as every
    page does, "Player 1" for seat 0)."""
    stars = "●" * score + "○" * max(0, target - score)
    who = name if name is not None else seat_name(seat)
    head = (
        f'<div style="font-weight:600;margin-top:6px">{html.escape(who)} '
        f'<span style="color:#c77700" title="{_points_title(score, target)}">{stars}</span> '
        f'<span style="font-weight:400;color:#666">{html.escape(note)}</span></div>'
    )
    body = "".join(row_html(r, _("row {n}").format(n=i + 1), size) for i, r in enumerate(rows))
    return f'<div style="max-width:380px">{head}{body}</div>'


def named_player_html(
    name: str, rows, score: int, target: int, note: str = "", active: bool = False
) -> str:
    """A player on one compact line: name and points, then each row of small cards (for
    a phone: four players fit above the buttons)."""
    rows = tuple(tuple(row) for row in rows)  # card names: hashable, so remembered
    return _named_player_html(name, rows, score, target, note, active, texts_key())


@functools.lru_cache(maxsize=1024, typed=True)
def _named_player_html(name, rows, score, target, note, active, texts: tuple) -> str:
    """:func:`named_player_html` (remembered: the boards drawn ahead for every tap show
    the same players again and again; ``texts``: :func:`dashboard.i18n.texts_key`)."""
    stars = "●" * score + "○" * max(0, target - score)
    border = "2px solid #c77700" if active else "1px solid #ddd"
    head = (
        f'<div style="font-weight:600;font-size:14px;white-space:nowrap;overflow:hidden;'
        f'text-overflow:ellipsis">{html.escape(name)} '
        f'<span style="color:#c77700" title="{_points_title(score, target)}">{stars}</span> '
        f'<span style="font-weight:400;color:#666;font-size:12px">{html.escape(note)}</span></div>'
    )
    rows_html = "".join(
        f'<div style="display:flex;gap:1px;align-items:center;margin-right:6px">'
        f'<span style="font-size:10px;color:#888;margin-right:2px">{i + 1}</span>'
        + "".join(card_html(c, "xs") for c in r)
        + "".join(empty_slot("xs") for _ in range(5 - len(r)))
        + "</div>"
        for i, r in enumerate(rows)
    )
    return (
        f'<div style="border:{border};border-radius:8px;padding:3px 6px;margin:3px 0">'
        f'{head}<div style="display:flex;flex-wrap:wrap">{rows_html}</div></div>'
    )


def drill_picture(drill) -> str | None:
    """The cards a drill asks about (its row, the cards drawn, the card in hand), drawn."""
    pos = drill.position
    parts = []
    if isinstance(pos.get("row"), list):
        parts.append((_("The row"), row_html(pos["row"])))
    if isinstance(pos.get("drawn"), list) and pos["drawn"]:
        parts.append((_("Drawn this turn"), cards_html(pos["drawn"])))
    if isinstance(pos.get("card"), str):
        parts.append((_("The card"), cards_html([pos["card"]])))
    if isinstance(pos.get("unseen"), dict):  # the deck: each card once with its count
        total = sum(pos["unseen"].values())
        parts.append(
            (
                ngettext("The deck: {n} card", "The deck: {n} cards", total).format(n=total),
                _counted_cards_html(pos["unseen"]),
            )
        )
    if isinstance(pos.get("rows"), list):
        for seat, rows in enumerate(pos["rows"]):
            parts.append((seat_name(seat), _rows_line(rows)))
    if isinstance(pos.get("bomb"), str) and isinstance(pos.get("turned"), str):
        parts.append(
            (_("The bomb, then the card it turns"), cards_html([pos["bomb"], pos["turned"]], "sm"))
        )
    return (
        "".join(
            f'<div style="margin:4px 0"><div style="font-size:12px;color:#666">'
            f"{html.escape(label)}</div>{body}</div>"
            for label, body in parts
        )
        or None
    )


def _counted_cards_html(counts: dict) -> str:
    """Cards each drawn once, small, with ×n under those that are there several times: a
    30-card deck fits a few lines of a phone."""
    cells = "".join(
        f'<span style="display:inline-flex;flex-direction:column;align-items:center">'
        f'{card_html(name, "xs")}<span style="font-size:10px;color:#555;line-height:1">'
        f"{'×' + str(n) if n > 1 else '&nbsp;'}</span></span>"
        for name, n in counts.items()
    )
    return f'<div style="display:flex;flex-wrap:wrap;gap:1px 2px">{cells}</div>'


def _rows_line(rows) -> str:
    """A player's rows on one wrap-able line, each row bottom to top (— when none)."""
    if not rows:
        return cards_html([], "xs")
    body = "".join(
        f'<div style="display:flex;gap:1px;align-items:center;margin-right:8px">'
        f'<span style="font-size:10px;color:#888;margin-right:2px">{i + 1}</span>'
        + "".join(card_html(c, "xs") for c in row)
        + "</div>"
        for i, row in enumerate(rows)
    )
    return f'<div style="display:flex;flex-wrap:wrap">{body}</div>'


def bust_within_html(bust_within) -> str:
    """The chance to bust within 1, 2, … more draws as columns on a 0–100 % scale
    (:mod:`dashboard.html_charts`, no chart library to start), each written above its
    column.

    >>> out = bust_within_html([0.25, 0.5])
    >>> out.count("title="), ">50.0%</span>" in out
    (2, True)
    """
    columns = [
        html_charts.Column(
            k,
            float(p),
            ngettext("{k} draw: {chance}", "{k} draws: {chance}", k).format(
                k=k, chance=percent(float(p), 1)
            ),
            above=percent(float(p), 1 if len(bust_within) <= 8 else 0),
        )
        for k, p in enumerate(bust_within, start=1)
    ]
    return html_charts.columns_html(
        columns,
        x_range=(0.5, len(columns) + 0.5),
        ticks=[(k, str(k)) for k in range(1, len(columns) + 1)],
        top_label=percent(1.0, 0),
        top=1.0,
        title=_("Bust within k more draws"),
        x_title=_("k draws"),
    )
