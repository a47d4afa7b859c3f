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

import plotly.graph_objects as go
import polars as pl
import streamlit as st

from dashboard.stock_holdem.draw import cards_html
from engine.stock_holdem import COMPANIES, StockHoldemRules
from engine.stock_holdem.tracker import CompanyView

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
        "name": ["You"] + [f"Player {k}" for k in range(2, n + 1)],
        "cash": [RULES.start_money[n - 3] - 10] * n,
        "chips": [min(RULES.start_chips[k], RULES.chip_limit) for k in range(n)],
    }
    for i, co in enumerate(COMPANIES):
        frame[co] = [1 if (2 * k) % 6 == i else 0 for k in range(n)]
    return pl.DataFrame(frame)


def players_column_config() -> dict:
    cfg = {
        "name": st.column_config.TextColumn("name", width="small"),
        "cash": st.column_config.NumberColumn("cash $", min_value=0, step=1, format="%d"),
        "chips": st.column_config.NumberColumn(
            "chips", min_value=0, max_value=RULES.chip_limit, step=1, format="%d"
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
        name = str(row.get("name") or f"Player {k}")
        rows.append(
            (
                name,
                _number(row["cash"]),
                _number(row["chips"]),
                [_number(row[co]) for co in COMPANIES],
            )
        )
    return rows


def distribution_chart(view: CompanyView, current: int) -> go.Figure:
    """A small bar chart of the exact price distribution, the current price marked."""
    probs = view.distribution.probabilities
    prices = list(probs)
    fig = go.Figure(
        go.Bar(
            x=prices,
            y=[float(q) for q in probs.values()],
            marker_color=["#1b7a1b" if p >= current else "#888" for p in prices],
            hovertemplate="$%{x}: %{y:.2%}<extra></extra>",
        )
    )
    fig.add_vline(x=current - 0.5, line_width=1.5, line_dash="dot", line_color="#d62728")
    fig.update_layout(
        height=170,
        margin={"l": 4, "r": 4, "t": 4, "b": 4},
        xaxis={"title": None, "range": [0, 58], "tickprefix": "$"},
        yaxis={"title": None, "tickformat": ".0%"},
        showlegend=False,
    )
    return fig


def company_header_html(view: CompanyView, current: int) -> str:
    """Company name, current price, stock-up chip and its five slots drawn."""
    chip = (
        f" <span style='color:#1b7a1b' title='stock-up chips'>⬆+{5 * view.stock_up}</span>"
        if view.stock_up
        else ""
    )
    return (
        "<div style='font-family:sans-serif'>"
        f"<b style='font-size:18px'>{html.escape(view.name)}</b> now ${current}{chip}"
        f"<div style='white-space:nowrap'>{cards_html(view.slots)}</div></div>"
    )


def stats_markdown(view: CompanyView, current: int) -> str:
    """Expected price and P(price ≥ current) in one line (``$`` escaped for Markdown).

    >>> from engine.stock_holdem.tracker import track
    >>> stats_markdown(track(["3A 5A 9A 1A 7A"], [False] * 6).companies[0], 10)
    'Expected **\\\\$35.00** · P(≥ \\\\$10) **100.0%**'
    """
    at_least = float(view.probability_at_least(current))
    return f"Expected **\\${float(view.expected):.2f}** · P(≥ \\${current}) **{at_least:.1%}**"


def worth_chart(names: list[str], worths: list[float]) -> go.Figure:
    """Expected final net worth per player."""
    fig = go.Figure(
        go.Bar(
            x=names,
            y=worths,
            text=[f"${w:,.2f}" for w in worths],
            textposition="auto",
            hovertemplate="%{x}: $%{y:,.2f}<extra></extra>",
        )
    )
    fig.update_layout(
        height=260,
        margin={"l": 4, "r": 4, "t": 30, "b": 4},
        title="Expected net worth at the price phase",
        yaxis={"tickprefix": "$"},
    )
    return fig


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
