"""Pig histories: one row per step with each seat's banked score and the turn total."""

from __future__ import annotations

import polars as pl

from engine.core.history import step_frame
from engine.core.records import GameRecord


def history(record: GameRecord) -> pl.DataFrame:
    """
    >>> from engine import simulate
    >>> df = history(simulate("pig", seed=2))
    >>> df.columns[:3]
    ['step', 'action', 'actor']
    """
    return step_frame(record, _columns)


def _columns(state) -> dict:
    row = {}
    for seat, score in enumerate(state.scores):
        row[f"score_{seat}"] = score
    row["turn_total"] = state.turn_total
    return row
