"""Whist figures over many records (the statistics page): contract success by bid, how
often each contract kind is played, and the score swing per deal.

>>> from engine import simulate
>>> recs = [simulate("whist", s, ["heuristic"] * 4) for s in range(2)]
>>> [t.title for t in tables(recs)][0]
'Bid Whist: contracts made by bid'
"""

from __future__ import annotations

from collections.abc import Sequence

import polars as pl

from engine.core.records import GameRecord
from engine.stats import Collector, StatTable, one_pass
from engine.whist.history import deal_rows


class DealCollector(Collector):
    def __init__(self) -> None:
        self.rows: list[dict] = []

    def finish(self, game_no, record, state) -> None:
        self.rows += deal_rows(game_no, record, state)


def tables(records: Sequence[GameRecord], *, trusted: bool = False) -> list[StatTable]:
    """The figures, from one replay per finished record (``trusted``: see engine.stats)."""
    records = [r for r in records if r.game == "whist" and r.result is not None]
    if not records:
        return []
    deals = pl.DataFrame(one_pass(records, DealCollector(), trusted=trusted).rows)
    out = []
    bid = deals.filter(pl.col("bid") > 0)
    if bid.height:
        by_bid = (
            bid.group_by("bid")
            .agg(
                pl.len().alias("contracts"),
                pl.col("made").cast(pl.Float64).mean().round(3).alias("made_rate"),
                pl.col("books_declarer").mean().round(2).alias("mean books"),
            )
            .sort("bid")
        )
        out.append(
            StatTable(
                "Bid Whist: contracts made by bid",
                by_bid,
                x="bid",
                y="made_rate",
                x_title="Bid (books over six)",
                y_title="Share of contracts made",
                note="A contract of bid b is made with at least 6 + b books, kitty included.",
            )
        )
        by_kind = (
            bid.group_by("kind")
            .agg(
                pl.len().alias("contracts"),
                pl.col("made").cast(pl.Float64).mean().round(3).alias("made_rate"),
            )
            .sort("kind")
        )
        out.append(
            StatTable(
                "Bid Whist: contracts by kind",
                by_kind,
                x="kind",
                y="contracts",
                x_title="Contract kind (trump suit, or no trump)",
                y_title="Contracts",
            )
        )
    swings = (
        deals.group_by("variant", "swing").agg(pl.len().alias("deals")).sort("variant", "swing")
    )
    out.append(
        StatTable(
            "Score swing per deal (all variants)",
            swings.group_by("swing").agg(pl.col("deals").sum()).sort("swing"),
            x="swing",
            y="deals",
            x_title="Points between the sides in one deal",
            y_title="Deals",
        )
    )
    out.append(
        StatTable(
            "Deals by variant",
            deals.group_by("variant").agg(pl.len().alias("deals")).sort("variant"),
        )
    )
    return out
