"""Statistics over many records, as polars frames (used by the statistics page and the
lessons). A game adds its own figures in ``engine/<game>/stats.py`` as
``tables(records) -> list[StatTable]``.

>>> from engine import simulate
>>> recs = [simulate("pig", s, ["hold20", "random"]) for s in range(20)]
>>> rates = win_rates(seats_frame(recs), by="bot")
>>> rates.filter(pl.col("bot") == "hold20")["games"][0]
20
"""

from __future__ import annotations

import importlib
from collections.abc import Sequence
from dataclasses import dataclass

import polars as pl

from engine.core.records import GameRecord


@dataclass(frozen=True)
class StatTable:
    """A titled table, with the columns to plot (``x`` against ``y``) if it has a chart."""

    title: str
    frame: pl.DataFrame
    x: str | None = None
    y: str | None = None
    kind: str = "bar"  # "bar" or "line"
    note: str = ""


def games_frame(records: Sequence[GameRecord]) -> pl.DataFrame:
    """One row per game: game, seed, players, number of actions, winners."""
    return pl.DataFrame(
        {
            "game": [r.game for r in records],
            "seed": [r.seed for r in records],
            "num_players": [r.num_players for r in records],
            "players": [" vs ".join(r.players) for r in records],
            "actions": [len(r.actions) for r in records],
            "winners": [",".join(map(str, (r.result or {}).get("winners", []))) for r in records],
            "finished": [r.result is not None for r in records],
        },
        schema_overrides={"seed": pl.Int64},
    )


def seats_frame(records: Sequence[GameRecord]) -> pl.DataFrame:
    """One row per (game, seat): the bot, the final score and the share of the win
    (1 for a sole winner, 1/k for k tied winners, 0 otherwise). Unfinished games are
    left out."""
    rows = []
    for i, r in enumerate(records):
        if r.result is None:
            continue
        winners = r.result["winners"]
        for seat, bot in enumerate(r.players):
            rows.append(
                {
                    "game_no": i,
                    "game": r.game,
                    "num_players": r.num_players,
                    "seat": seat,
                    "bot": bot,
                    "score": float(r.result["scores"][seat]),
                    "win": (1.0 / len(winners)) if seat in winners else 0.0,
                }
            )
    schema = {
        "game_no": pl.Int64,
        "game": pl.String,
        "num_players": pl.Int64,
        "seat": pl.Int64,
        "bot": pl.String,
        "score": pl.Float64,
        "win": pl.Float64,
    }
    return pl.DataFrame(rows, schema=schema)


def win_rates(seats: pl.DataFrame, by: str = "seat") -> pl.DataFrame:
    """Games, wins and win rate grouped by ``seat`` or ``bot`` (and player count)."""
    return (
        seats.group_by(["num_players", by])
        .agg(
            pl.len().alias("games"),
            pl.col("win").sum().alias("wins"),
            pl.col("win").mean().alias("win_rate"),
            pl.col("score").mean().alias("mean_score"),
        )
        .sort(["num_players", by])
    )


def length_frame(records: Sequence[GameRecord]) -> pl.DataFrame:
    """How many games took how many actions (chance outcomes included)."""
    return games_frame(records).group_by("actions").agg(pl.len().alias("games")).sort("actions")


def game_tables(game: str, records: Sequence[GameRecord]) -> list[StatTable]:
    """The game's own figures, if it defines ``engine.<game>.stats.tables``."""
    try:
        module = importlib.import_module(f"engine.{game}.stats")
    except ModuleNotFoundError:
        return []
    return list(module.tables(list(records)))
