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
from engine.stats import StatTable
from engine.stock_holdem.history import results_frame
from engine.stock_holdem.pricing import price_distribution


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


def tables(records: Sequence[GameRecord]) -> list[StatTable]:
    records = [r for r in records if r.game == "stock_holdem" and r.result is not None]
    if not records:
        return []
    prices = results_frame(records)
    counts = prices.group_by("price").len().rename({"len": "companies"}).sort("price")
    by_round = (
        prices.group_by("round")
        .agg(pl.col("price").mean().round(2).alias("mean price"), pl.len().alias("companies"))
        .sort("round")
    )
    number_odds, symbol_odds = _random_odds()
    return [
        StatTable("Prices at the price phases", counts, x="price", y="companies"),
        StatTable("Mean price by round", by_round, x="round", y="mean price"),
        StatTable(
            "Number hands: recorded vs exact odds",
            _versus(prices, "number_hand", number_odds),
            x="number_hand",
            y="recorded",
            note="exact odds = five cards drawn at random from the 42; bots do not place "
            "at random, so recorded games drift from them",
        ),
        StatTable(
            "Symbol hands: recorded vs exact odds",
            _versus(prices, "symbol_hand", symbol_odds),
            x="symbol_hand",
            y="recorded",
        ),
    ]
