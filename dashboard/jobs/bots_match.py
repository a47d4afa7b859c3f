"""The Bots page's match as a job for :mod:`dashboard.jobs.pool`: it runs in a worker process,
reports each game played and stops early when cancelled or out of time."""

from __future__ import annotations

import time


def ladder_match(progress, game: str, entrants: list, games: int, seed: int, seconds: float):
    """Play a rotating-seat match (:func:`engine.ladder.run_ladder`); returns the ladder as a
    dict, the games played and whether it was cancelled."""
    from engine.ladder import run_ladder

    start = time.monotonic()
    result = run_ladder(
        game,
        entrants,
        games,
        seed=seed,
        on_game=lambda i, record: progress.update(i + 1, games),
        should_stop=lambda: progress.stopped() or time.monotonic() - start > seconds,
    )
    return {"ladder": result.to_dict(), "played": result.games, "cancelled": progress.stopped()}
