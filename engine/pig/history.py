"""Pig histories: one row per step with each seat's banked score and the turn total."""

from __future__ import annotations

import polars as pl

from engine.core.protocol import CHANCE, TERMINAL
from engine.core.records import GameRecord, initial_state, replay


def history(record: GameRecord) -> pl.DataFrame:
    """
    >>> from engine import simulate
    >>> df = history(simulate("pig", seed=2))
    >>> df.columns[:3]
    ['step', 'action', 'actor']
    """
    state = initial_state(record)
    rows = [_row(0, "", TERMINAL, state)]
    actor = state.current_player()
    for step in replay(record):
        rows.append(_row(step.index + 1, step.action, actor, step.state))
        actor = step.state.current_player()
    return pl.DataFrame(rows)


def _row(step: int, action: str, actor: int, state) -> dict:
    row = {"step": step, "action": action, "actor": actor if actor >= CHANCE else -2}
    for seat, score in enumerate(state.scores):
        row[f"score_{seat}"] = score
    row["turn_total"] = state.turn_total
    return row
