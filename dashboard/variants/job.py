"""The Rule variants page's job for :mod:`dashboard.jobs.pool`: it runs in a worker process,
plays the games of :func:`engine.variants.measure` there (in that process only: the pool
is the server's share of the cores), reports each batch of games played and stops at the
next batch once cancelled. Plain data in and out; no Streamlit here."""

from __future__ import annotations


class _Stopped(Exception):
    """The page cancelled the job: raised from the progress call to leave the games."""


def measure_rule(
    progress, game: str, field: str, values: list | None, games: int, seed: int
) -> dict:
    """The engine's report (:func:`engine.variants.measure`) of ``field`` at its default
    and at ``values`` (``None``: the other answer of a yes/no rule), ``games`` games per
    setting from ``seed`` on; ``{"cancelled": True}`` when cancelled before the end."""
    from engine.variants import measure

    def step(done: int, total: int) -> None:
        progress.update(done, total)
        if progress.stopped():
            raise _Stopped

    progress.update(0, 1)
    try:
        return measure(game, field, values=values, games=games, seed=seed, workers=1, progress=step)
    except _Stopped:
        return {"cancelled": True}
