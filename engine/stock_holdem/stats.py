"""Stock Hold'em figures over many records (the statistics page and the lesson): prices
at the price phases, and how often each hand occurs against the exact odds for five
random cards.

>>> from engine import simulate
>>> recs = [simulate("stock_holdem", s, ["random"] * 4) for s in range(3)]
>>> [t.title for t in tables(recs)][:2]
['Prices at the price phases', 'Mean price by round']
>>> tables(recs)[2].frame.columns
['number_hand', 'exact odds', 'recorded']
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

import polars as pl

from engine.core.records import GameRecord
from engine.stats import Collector, StatTable, one_pass
from engine.stock_holdem.cards import COMPANIES
from engine.stock_holdem.distribution import price_distribution
from engine.stock_holdem.pricing import (
    NUMBER_HANDS,
    SYMBOL_HANDS,
    price_parts,
    variant_of,
)


@lru_cache(maxsize=1)
def _random_odds():
    d = price_distribution(["?"] * 5)
    return d.number_hands, d.symbol_hands


def _versus(prices: pl.DataFrame, column: str, exact: dict) -> pl.DataFrame:
    seen = prices.group_by(column).len()
    return (
        pl.DataFrame({column: list(exact), "exact odds": [float(q) for q in exact.values()]})
        .join(seen, on=column, how="left")
        .with_columns((pl.col("len").fill_null(0) / prices.height).alias("recorded"))
        .drop("len")
    )


class ResultsCollector(Collector):
    """The rows of :func:`engine.stock_holdem.history.results_frame`, from final states."""

    def __init__(self) -> None:
        self.rows: list[dict] = []

    def finish(self, game_no, record, state) -> None:
        variant = variant_of(state.ruleset)
        for r, (boards, stock_up, prices) in enumerate(state.results):
            for co, cards in enumerate(boards):
                base, sh, nh = price_parts(cards, variant)
                self.rows.append(
                    {
                        "game": game_no,
                        "players": record.num_players,
                        "round": r + 1,
                        "company": COMPANIES[co],
                        "price": prices[co],
                        "base": base,
                        "symbol_hand": SYMBOL_HANDS[sh][0],
                        "number_hand": NUMBER_HANDS[nh][0],
                        "stock_up": stock_up[co],
                    }
                )


def tables(records: Sequence[GameRecord], *, trusted: bool = False) -> list[StatTable]:
    """The figures, from one replay per finished record (``trusted``: see engine.stats)."""
    records = [r for r in records if r.game == "stock_holdem" and r.result is not None]
    if not records:
        return []
    prices = pl.DataFrame(one_pass(records, ResultsCollector(), trusted=trusted).rows)
    counts = prices.group_by("price").len().rename({"len": "companies"}).sort("price")
    by_round = (
        prices.group_by("round")
        .agg(pl.col("price").mean().round(2).alias("mean price"), pl.len().alias("companies"))
        .sort("round")
    )
    number_odds, symbol_odds = _random_odds()
    return [
        StatTable(
            "Prices at the price phases",
            counts,
            x="price",
            y="companies",
            x_title="Price ($)",
            y_title="Company prices set",
        ),
        StatTable(
            "Mean price by round",
            by_round,
            x="round",
            y="mean price",
            x_title="Round",
            y_title="Mean price ($)",
        ),
        StatTable(
            "Number hands: recorded vs exact odds",
            _versus(prices, "number_hand", number_odds),
            x="number_hand",
            y="recorded",
            more_y=("exact odds",),
            x_title="Number hand",
            y_title="Share of company boards",
            note="exact odds = five cards drawn at random from the 42; bots do not place "
            "at random, so recorded games drift from them",
        ),
        StatTable(
            "Symbol hands: recorded vs exact odds",
            _versus(prices, "symbol_hand", symbol_odds),
            x="symbol_hand",
            y="recorded",
            more_y=("exact odds",),
            x_title="Symbol hand",
            y_title="Share of company boards",
        ),
    ]
