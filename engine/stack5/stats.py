"""Stack 5 figures over many records (the statistics page and the lesson): how each turn
ended by the number of cards the drawer drew on their own, and turns to win.

>>> from engine import simulate
>>> recs = [simulate("stack5", s, ["heuristic", "random"]) for s in range(3)]
>>> [t.title for t in tables(recs)]
['Bust rate by cards drawn', 'Turns to win']
"""

from __future__ import annotations

from collections.abc import Sequence

import polars as pl

from engine.core.records import GameRecord, replay
from engine.stack5.state import P_GIVE, P_OVER
from engine.stats import StatTable


def turns(record: GameRecord) -> list[dict]:
    """Every turn of one game: the drawer, the cards drawn that count toward the minimum
    (``own_draws``, see :meth:`Stack5Rules.counts_toward_minimum`), and whether it busted."""
    out = []
    prev_player, draws, busted = 0, 0, False
    for step in replay(record):
        s = step.state
        if step.action and s.phase == P_GIVE:
            busted = True
        if s.player != prev_player or s.phase == P_OVER:
            out.append({"drawer": prev_player, "own_draws": draws, "bust": busted})
            busted = False
        prev_player, draws = s.player, s.own_draws
    return out


def turns_frame(records: Sequence[GameRecord]) -> pl.DataFrame:
    """One row per turn over many games: game, drawer, own_draws, bust."""
    rows = [dict(t, game=i) for i, r in enumerate(records) for t in turns(r)]
    schema = {"drawer": pl.Int64, "own_draws": pl.Int64, "bust": pl.Boolean, "game": pl.Int64}
    return pl.DataFrame(rows, schema=schema)


def tables(records: Sequence[GameRecord]) -> list[StatTable]:
    records = [r for r in records if r.game == "stack5" and r.result is not None]
    if not records:
        return []
    frame = turns_frame(records)
    by_draws = (
        frame.group_by("own_draws")
        .agg(pl.len().alias("turns"), pl.col("bust").mean().round(3).alias("bust_rate"))
        .sort("own_draws")
    )
    per_game = frame.group_by("game").agg(pl.len().alias("turns"))
    to_win = per_game.group_by("turns").agg(pl.len().alias("games")).sort("turns")
    return [
        StatTable(
            "Bust rate by cards drawn",
            by_draws,
            x="own_draws",
            y="bust_rate",
            note="Turns by how many cards the drawer drew (the cards that count toward the "
            "minimum of two: own draws and, by default, the three cards of a Draw 3; never "
            "a card turned by a bomb), and how often they ended in a bust.",
        ),
        StatTable("Turns to win", to_win, x="turns", y="games"),
    ]
