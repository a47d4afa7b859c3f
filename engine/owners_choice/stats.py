"""Owner's Choice figures over many records (the statistics page and the lesson).

>>> from engine import simulate
>>> recs = [simulate("owners_choice", s, ["random"] * 4) for s in range(5)]
>>> [t.title for t in tables(recs)][:2]
['Bankruptcies per game', 'Company with the highest final price']
"""

from __future__ import annotations

from collections.abc import Sequence

import polars as pl

from engine.core.records import GameRecord, final_state
from engine.owners_choice.rules import COMPANIES
from engine.stats import Collector, StatTable, one_pass


def final_row(game_no: int, rec: GameRecord, s) -> dict:
    """The :func:`final_frame` row of one game from its final state."""
    row = {"game": game_no, "players": rec.num_players, "fund": s.fund, "turns": s.turn}
    for c, name in enumerate(COMPANIES):
        row[f"price_{name}"] = s.price(c)
        row[f"bankrupt_{name}"] = s.bankruptcies[c]
    row["bankruptcies"] = sum(s.bankruptcies)
    row["left"] = sum(s.out)
    prices = [s.price(c) for c in range(4)]
    row["highest"] = "/".join(COMPANIES[c] for c in range(4) if prices[c] == max(prices))
    row["winners"] = list(s.winners())
    row["first_player_won"] = 0 in s.winners()
    return row


def final_frame(records: Sequence[GameRecord]) -> pl.DataFrame:
    """One row per game: final prices, bankruptcies per company, Fund, winners, players."""
    return pl.DataFrame([final_row(i, rec, final_state(rec)) for i, rec in enumerate(records)])


class FinalCollector(Collector):
    def __init__(self) -> None:
        self.rows: list[dict] = []

    def finish(self, game_no, record, state) -> None:
        self.rows.append(final_row(game_no, record, state))


def tables(records: Sequence[GameRecord], *, trusted: bool = False) -> list[StatTable]:
    """The figures, from one replay per finished record (``trusted``: see engine.stats)."""
    records = [r for r in records if r.game == "owners_choice" and r.result is not None]
    if not records:
        return []
    df = pl.DataFrame(one_pass(records, FinalCollector(), trusted=trusted).rows)
    bank = df.group_by("bankruptcies").agg(pl.len().alias("games")).sort("bankruptcies")
    high = df.group_by("highest").agg(pl.len().alias("games")).sort("highest")
    first = (
        df.group_by("players")
        .agg(
            pl.len().alias("games"),
            pl.col("first_player_won").mean().alias("first player win rate"),
            (1 / pl.col("players")).first().alias("fair share"),
        )
        .sort("players")
    )
    return [
        StatTable(
            "Bankruptcies per game",
            bank,
            x="bankruptcies",
            y="games",
            x_title="Bankruptcies in the game",
            y_title="Games",
        ),
        StatTable(
            "Company with the highest final price",
            high,
            x="highest",
            y="games",
            x_title="Company (highest final price)",
            y_title="Games",
            note="ties are listed together, e.g. “red/blue”",
        ),
        StatTable(
            "First-player advantage",
            first,
            x="players",
            y="first player win rate",
            more_y=("fair share",),
            x_title="Players",
            y_title="Share of games the first player won",
            note="ties count as a win for every tied seat; fair share = 1 / players",
        ),
    ]
