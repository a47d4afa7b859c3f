"""Histories: a record replayed into a polars frame, one row per step, for charts,
statistics and lessons. Step 0 is the state before any action."""

from __future__ import annotations

from collections.abc import Callable

import polars as pl

from engine.core.protocol import CHANCE, State
from engine.core.records import GameRecord, initial_state, replay

NO_ACTOR = -2


def step_frame(record: GameRecord, columns: Callable[[State], dict]) -> pl.DataFrame:
    """Columns ``step``, ``action``, ``actor`` (the seat that took the action, -1 for
    chance, -2 at step 0) followed by ``columns(state)`` after each step.

    >>> from engine import simulate
    >>> rec = simulate("pig", seed=2)
    >>> df = step_frame(rec, lambda s: {"total": s.turn_total})
    >>> df.columns, df.height == len(rec.actions) + 1
    (['step', 'action', 'actor', 'total'], True)
    """
    state = initial_state(record)
    rows = [{"step": 0, "action": "", "actor": NO_ACTOR, **columns(state)}]
    actor = state.current_player()
    for step in replay(record):
        rows.append(
            {
                "step": step.index + 1,
                "action": step.action,
                "actor": actor if actor >= CHANCE else NO_ACTOR,
                **columns(step.state),
            }
        )
        actor = step.state.current_player()
    return pl.DataFrame(rows)
