"""Pieces of the Stock Hold'em table tracker page: defaults, the players table and the
small charts. Plain functions (no rules here; the engine is engine.stock_holdem.tracker).

>>> default_players(3)["cash"].to_list()
[140, 140, 140]
>>> players_rows(default_players(4))[1]
('Player 2', 110, 3, [0, 0, 1, 0, 0, 0])
"""

from __future__ import annotations

import html
import math
import re
from dataclasses import dataclass, field

import polars as pl
import streamlit as st

from dashboard import html_charts
from dashboard.i18n import _, error_text, money, percent
from dashboard.stock_holdem.draw import cards_html, distribution_html
from engine.core.errors import EngineError
from engine.stock_holdem import COMPANIES, StockHoldemRules
from engine.stock_holdem.tracker import CompanyView, TableView

RULES = StockHoldemRules()

#: a table in round 1 with 4 players: 2 face-up cards per company, a few placed face down
DEFAULT_COMPANIES = ("3A 9F 7?", "10S 2W", "6A 6S ?F", "1F 8W", "4S BULL ?A", "2A 5W")
DEFAULT_HAND = "9A 4W 8S 1S"
DEFAULT_PRICES = (11, 10, 9, 10, 12, 10)
DEFAULT_STOCK_UP = "C"
#: longest text a company, hand or seen-cards field takes
MAX_TEXT = 200


def default_players(n: int) -> pl.DataFrame:
    """``n`` players early in round 1: starting money and chips (RULES §1), each having
    bought one share at $10 (player k of company 2k, wrapping A-F) as an example."""
    frame = {
        "name": [_("You")] + [_("Player {k}").format(k=k) for k in range(2, n + 1)],
        "cash": [RULES.start_money[n - 3] - 10] * n,
        "chips": [min(RULES.start_chips[k], RULES.chip_limit) for k in range(n)],
    }
    for i, co in enumerate(COMPANIES):
        frame[co] = [1 if (2 * k) % 6 == i else 0 for k in range(n)]
    return pl.DataFrame(frame)


def players_column_config() -> dict:
    cfg = {
        # wide enough for "Player 6" in every language, and kept in view while a phone
        # scrolls the shares sideways
        "name": st.column_config.TextColumn(_("name"), width=110, pinned=True),
        "cash": st.column_config.NumberColumn(_("cash $"), min_value=0, step=1, format="%d"),
        "chips": st.column_config.NumberColumn(
            _("chips"), min_value=0, max_value=RULES.chip_limit, step=1, format="%d"
        ),
    }
    for co in COMPANIES:
        cfg[co] = st.column_config.NumberColumn(
            co, min_value=0, max_value=RULES.shares_per_company, step=1, format="%d"
        )
    return cfg


def _number(value):
    """A cell as a number for the engine; a cleared cell (None/NaN) counts as 0."""
    if value is None or (isinstance(value, float) and math.isnan(value)):
        return 0
    return value


def players_rows(frame) -> list[tuple]:
    """``(name, cash, chips, shares)`` per row of the edited players table (polars or
    pandas), as :func:`engine.stock_holdem.tracker.expected_worths` takes them."""
    if not isinstance(frame, pl.DataFrame):
        frame = pl.from_pandas(frame)
    rows = []
    for k, row in enumerate(frame.iter_rows(named=True), start=1):
        name = str(row.get("name") or _("Player {k}").format(k=k))
        rows.append(
            (
                name,
                _number(row["cash"]),
                _number(row["chips"]),
                [_number(row[co]) for co in COMPANIES],
            )
        )
    return rows


def distribution_chart(view: CompanyView, current: int) -> str:
    """The company's exact price distribution, the current price marked
    (:func:`dashboard.stock_holdem.draw.distribution_html`)."""
    return distribution_html(
        view.distribution.probabilities,
        current=current,
        label=_("Price distribution of {company}").format(company=view.name),
    )


def company_header_html(view: CompanyView, current: int) -> str:
    """Company name, current price, stock-up chip and its five slots drawn."""
    chip_title = html.escape(_("stock-up chips"))
    chip = (
        f" <span style='color:#1b7a1b' title='{chip_title}'>⬆+{5 * view.stock_up}</span>"
        if view.stock_up
        else ""
    )
    now = html.escape(_("now {price}").format(price=money(current)))
    return (
        "<div style='font-family:sans-serif'>"
        f"<b style='font-size:18px'>{html.escape(view.name)}</b> {now}{chip}"
        f"<div style='white-space:nowrap'>{cards_html(view.slots)}</div></div>"
    )


def stats_markdown(view: CompanyView, current: int) -> str:
    """Expected price and P(price ≥ current) in one line (``$`` escaped for Markdown).

    >>> from engine.stock_holdem.tracker import track
    >>> stats_markdown(track(["3A 5A 9A 1A 7A"], [False] * 6).companies[0], 10)
    'Expected **\\\\$35.00** · P(≥ \\\\$10) **100.0%**'
    """
    at_least = float(view.probability_at_least(current))
    return _("Expected **{expected}** · P(≥ {now}) **{chance}**").format(
        expected="\\" + money(float(view.expected), 2),
        now="\\" + money(current),
        chance=percent(at_least, 1),
    )


def worth_chart(names: list[str], worths: list[float]) -> str:
    """Expected final net worth per player, as bars with their amounts (HTML,
    :mod:`dashboard.html_charts`)."""
    return html_charts.bars_html(
        [(name, w, money(w, 2)) for name, w in zip(names, worths)],
        title=_("Expected net worth at the price phase"),
    )


def parse_stock_up(text: str) -> list[int]:
    """Stock-up chips per company from the URL form: a company letter per chip (e.g.
    ``'AAC'``: two on A, one on C); other characters are ignored.

    >>> parse_stock_up("aac")
    [2, 0, 1, 0, 0, 0]
    >>> parse_stock_up("²٣ zz" + "A" * 5000)[0]
    5000
    """
    letters = str(text).upper()
    return [letters.count(co) for co in COMPANIES]


# --- one typo stays beside its company ---------------------------------------------------------

_COMPANY_AT_START = re.compile(r"^company ([A-F])\b")
_PLACE = re.compile(r"company ([A-F]) slot \d|your hand|the seen cards")


def _culprit(message: str) -> str | None:
    """Where an engine message puts the problem: ``'A'``..``'F'``, ``'hand'``, ``'seen'``
    or ``None``. For a card entered twice, the later of the two places."""
    if "entered twice" in message:
        places = _PLACE.findall(message)
        spots = [m.group(0) for m in _PLACE.finditer(message)]
        if spots:
            last = spots[-1]
            if last.startswith("company"):
                return places[-1]
            return "hand" if last == "your hand" else "seen"
    m = _COMPANY_AT_START.match(message)
    if m:
        return m.group(1)
    if message.startswith("hand card"):
        return "hand"
    if message.startswith("seen card"):
        return "seen"
    return None


@dataclass
class TrackedTable:
    """The tracker's result with every error kept beside its place: ``view`` is computed
    from the companies, hand and seen cards that read well (a company with an error is
    left empty in it)."""

    view: TableView | None
    company_errors: dict[int, str] = field(default_factory=dict)
    hand_error: str | None = None
    seen_error: str | None = None
    error: str | None = None


def track_each(track_fn, texts, flags, hand: str, seen: str, rules) -> TrackedTable:
    """Run ``track_fn(companies, stock_up, hand, seen, rules)`` (the engine's
    :func:`~engine.stock_holdem.tracker.track`, maybe cached) and, when it refuses the
    input, set the culprit aside (a company, the hand or the seen cards), keep its
    message and run again — so one typo does not hide the five other companies."""
    texts, flags = list(texts), list(flags)
    out = TrackedTable(None)
    for _attempt in range(len(COMPANIES) + 3):
        try:
            out.view = track_fn(tuple(texts), tuple(flags), hand, seen, rules)
            return out
        except EngineError as exc:
            where = _culprit(str(exc))  # the English message names the culprit
            message = error_text(exc)
            if where in COMPANIES and COMPANIES.index(where) not in out.company_errors:
                i = COMPANIES.index(where)
                out.company_errors[i] = message
                texts[i], flags[i] = "", 0
            elif where == "hand" and out.hand_error is None:
                out.hand_error, hand = message, ""
            elif where == "seen" and out.seen_error is None:
                out.seen_error, seen = message, ""
            else:
                out.error = message
                return out
    return out


def summary_html(view, prices: list[int], errors: dict[int, str]) -> str:
    """The six companies in a compact table for phones: price now, expected price and
    the range of prices after the price phase."""
    rows = []
    for i, co in enumerate(COMPANIES):
        name = html.escape(view.companies[i].name if view is not None else co)
        if i in errors:
            fix = html.escape(_("fix its entry"))
            rest = f"<td colspan='3' style='color:#c62828'>{fix} ⚠</td>"
        elif view is None:
            rest = "<td colspan='3'>—</td>"
        else:
            c = view.companies[i]
            ps = list(c.distribution.probabilities)
            rest = (
                f"<td><b>{money(float(c.expected), 2)}</b></td>"
                f"<td>{money(min(ps))}–{money(max(ps))}</td>"
                f"<td>{percent(float(c.probability_at_least(prices[i])), 0)}</td>"
            )
        # a refused price is no price: nothing of it is shown until it is fixed
        now = "—" if errors.get(i) == "price" else money(prices[i])
        rows.append(f"<tr><td><b>{name}</b></td><td>{now}</td>{rest}</tr>")
    words = (_("now"), _("expected"), _("range"), _("≥ now"))
    head = (
        "<tr style='color:#666'><th></th>"
        + "".join(f"<th>{html.escape(w)}</th>" for w in words)
        + "</tr>"
    )
    return (
        "<table style='font-size:14px;border-collapse:collapse;"
        "width:100%;max-width:520px;text-align:left'>"
        f"{head}{''.join(rows)}</table>"
    )


# --- the players table, kept like the company cards -------------------------------------------

PLAYER_COLUMNS = ("name", "cash", "chips", *COMPANIES)
_URL_SEP_ROW, _URL_SEP_CELL = "|", "~"


def players_to_url(frame: pl.DataFrame) -> str:
    """The players table as URL text: rows ``name~cash~chips~A~…~F`` joined by ``|``.

    >>> players_to_url(default_players(3)).split("|")[0]
    'You~140~2~1~0~0~0~0~0'
    """
    rows = []
    for row in frame.iter_rows(named=True):
        name = str(row["name"] or "").replace(_URL_SEP_ROW, " ").replace(_URL_SEP_CELL, " ")
        cells = [name] + [str(int(_number(row[c]))) for c in PLAYER_COLUMNS[1:]]
        rows.append(_URL_SEP_CELL.join(cells))
    return _URL_SEP_ROW.join(rows)


def players_from_url(text: str, n: int) -> pl.DataFrame | None:
    """The players table from :func:`players_to_url` text, or ``None`` for junk. Names
    are cut to 40 characters, numbers are ASCII digits (at most 6).

    >>> players_from_url(players_to_url(default_players(4)), 4).equals(default_players(4))
    True
    >>> players_from_url("You~1e9~2~1~0~0~0~0~0", 1) is None
    True
    """
    if not isinstance(text, str) or not text or len(text) > 2000:
        return None
    rows = text.split(_URL_SEP_ROW)
    if len(rows) != n:
        return None
    frame: dict[str, list] = {c: [] for c in PLAYER_COLUMNS}
    for row in rows:
        cells = row.split(_URL_SEP_CELL)
        if len(cells) != len(PLAYER_COLUMNS):
            return None
        frame["name"].append(" ".join(cells[0].split())[:40])
        for c, cell in zip(PLAYER_COLUMNS[1:], cells[1:]):
            if not (0 < len(cell) <= 6 and cell.isascii() and cell.isdigit()):
                return None
            frame[c].append(int(cell))
    return pl.DataFrame(frame, schema=default_players(n).schema)


def resize_players(frame: pl.DataFrame, n: int) -> pl.DataFrame:
    """Keep the first ``n`` rows; new rows get the default player's values.

    >>> resize_players(default_players(3), 5)["name"].to_list()[-2:]
    ['Player 4', 'Player 5']
    """
    if frame.height >= n:
        return frame.head(n)
    return pl.concat([frame, default_players(n).slice(frame.height)])


def apply_edits(frame: pl.DataFrame, edits: dict) -> pl.DataFrame:
    """A players table with the edited cells of a ``st.data_editor`` state applied (a
    cleared number counts as 0, a cleared name as ``Player k``)."""
    rows = frame.to_dicts()
    for index, changes in (edits or {}).get("edited_rows", {}).items():
        k = int(index)
        if not 0 <= k < len(rows):
            continue
        for column, value in changes.items():
            if column not in PLAYER_COLUMNS:
                continue
            if column == "name":
                rows[k][column] = " ".join(str(value or "").split())[:40] or _("Player {k}").format(
                    k=k + 1
                )
            else:
                rows[k][column] = int(_number(value))
    return pl.DataFrame(rows, schema=frame.schema)
