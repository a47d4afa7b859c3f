"""Insights across games (after lichess's Insights): over many graded records, each
player's or bot's accuracy per kind of decision, and their costliest recurring mistake.

Each game says what kind of decision an action is and in what situation it was made
(``engine/<game>/decisions.py``: ``decision_kind(state, action)`` and
``situation(state, action)``, short codes); the grades are the game's own analysis
(:func:`engine.analysis.analyse`, the loss in the game's unit). Then:

- :func:`decisions`: one row per graded decision — ``game``, ``player`` (the record's
  name for the seat: a bot's name or a person's), ``seat``, ``step``, ``kind``,
  ``situation``, ``action``, ``best``, ``loss``, ``kept`` (the decision kept the best
  value: lost nothing), ``mark``, ``unit``;
- :func:`accuracy`: per player and kind — ``decisions``, ``kept_share`` (the share that
  kept the best value), ``mean_loss``, ``total_loss``, ``unit`` (the game's);
- :func:`costliest`: per player, the kind and situation whose mistakes (decisions that
  lost something) lost the most in total, among those that recur (at least
  :data:`RECURRING` mistakes) — ``mistakes``, ``total_loss``, ``mean_loss``, ``unit``.

>>> from engine.core.annotation import Annotation
>>> rows = [
...     {"player": "ann", "kind": "bid", "situation": "first_to_speak", "loss": 0.0},
...     {"player": "ann", "kind": "bid", "situation": "after_bids", "loss": 2.0},
...     {"player": "ann", "kind": "card", "situation": "lead", "loss": 1.0},
...     {"player": "ann", "kind": "card", "situation": "lead", "loss": 1.0},
...     {"player": "ann", "kind": "card", "situation": "follow", "loss": 0.0},
... ]
>>> frame = from_rows(rows)
>>> accuracy(frame).select("player", "kind", "decisions", "kept_share", "mean_loss").rows()
[('ann', 'bid', 2, 0.5, 1.0), ('ann', 'card', 3, 0.3333, 0.6667)]
>>> costliest(frame).select("player", "kind", "situation", "mistakes", "total_loss").rows()
[('ann', 'card', 'lead', 2, 2.0)]

The single bid that lost 2 is not recurring; the two leads that lost 1 each are.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Iterable

import polars as pl

from engine.core.records import GameRecord, states

EPS = 1e-9  # a loss this small kept the best value
RECURRING = 2  # mistakes of one kind and situation that make a pattern
#: games graded by default for the Insights when the game's analysis module sets no
#: ``INSIGHT_GAMES`` (grading takes 0.25–4.4 s a game for most games; a game whose
#: grading takes far longer sets fewer): a page grades at most this many unless asked
DEFAULT_OTHER = 10

_SCHEMA = {
    "game": pl.String,
    "player": pl.String,
    "seat": pl.Int64,
    "step": pl.Int64,
    "kind": pl.String,
    "situation": pl.String,
    "action": pl.String,
    "best": pl.String,
    "loss": pl.Float64,
    "kept": pl.Boolean,
    "mark": pl.String,
    "unit": pl.String,
}


def default_games(game: str) -> int:
    """How many games the Insights grade by default for ``game``."""
    from engine.analysis import insight_games

    return insight_games(game, DEFAULT_OTHER)


def decision_rules(game: str):
    """The game's ``decisions`` module (its ``decision_kind`` and ``situation``)."""
    return importlib.import_module(f"engine.{game}.decisions")


def record_rows(record: GameRecord, notes) -> list[dict]:
    """One row (see :func:`decisions`) per graded decision of ``record`` (``notes``, its
    annotations)."""
    rules = decision_rules(record.game)
    sts = states(record)
    rows = []
    for n in notes:
        state, action = sts[n.step], record.actions[n.step]
        loss = n.loss
        rows.append(
            {
                "game": record.game,
                "player": record.players[n.seat] if n.seat < len(record.players) else "",
                "seat": n.seat,
                "step": n.step,
                "kind": rules.decision_kind(state, action),
                "situation": rules.situation(state, action),
                "action": n.action,
                "best": n.best,
                "loss": float(loss),
                "kept": loss <= EPS,
                "mark": n.mark,
                "unit": n.unit,
            }
        )
    return rows


def from_rows(rows: Iterable[dict]) -> pl.DataFrame:
    """The decisions frame of ``rows`` (missing columns filled: ``kept`` from ``loss``)."""
    rows = list(rows)
    filled = []
    for r in rows:
        r = dict(r)
        r.setdefault("kept", r.get("loss", 0.0) <= EPS)
        filled.append({k: r.get(k) for k in _SCHEMA})
    return pl.DataFrame(filled, schema=_SCHEMA, orient="row")


def decisions(
    records: Iterable[GameRecord],
    *,
    analyse: Callable | None = None,
    progress: Callable[[int, int], None] | None = None,
    should_stop: Callable[[], bool] | None = None,
) -> pl.DataFrame:
    """Every graded decision of ``records`` (see the module docstring), each record graded
    by ``analyse`` (default :func:`engine.analysis.analyse`); ``progress(done, total)``
    after each record; ``should_stop()`` checked between two records (the decisions of
    the records graded so far are kept)."""
    if analyse is None:
        from engine.analysis import analyse as analyse_all

        analyse = analyse_all
    records = list(records)
    rows: list[dict] = []
    for i, record in enumerate(records):
        if should_stop is not None and should_stop():
            break
        rows += record_rows(record, analyse(record))
        if progress is not None:
            progress(i + 1, len(records))
    return from_rows(rows)


def accuracy(frame: pl.DataFrame) -> pl.DataFrame:
    """Per player and kind of decision: ``decisions``, ``kept_share`` (kept the best
    value), ``mean_loss`` and ``total_loss`` (4 decimals), ordered by player and kind."""
    return (
        frame.group_by("player", "kind")
        .agg(
            pl.len().alias("decisions"),
            pl.col("kept").mean().round(4).alias("kept_share"),
            pl.col("loss").mean().round(4).alias("mean_loss"),
            pl.col("loss").sum().round(4).alias("total_loss"),
            pl.col("unit").first().alias("unit"),
        )
        .with_columns(pl.col("decisions").cast(pl.Int64))
        .sort("player", "kind")
    )


def costliest(frame: pl.DataFrame, recurring: int = RECURRING) -> pl.DataFrame:
    """Per player, the kind and situation whose mistakes lost the most in total among
    those with at least ``recurring`` mistakes (a player with none has no row):
    ``mistakes``, ``total_loss``, ``mean_loss`` (per mistake), ordered by player."""
    mistakes = frame.filter(pl.col("loss") > EPS)
    groups = (
        mistakes.group_by("player", "kind", "situation")
        .agg(
            pl.len().cast(pl.Int64).alias("mistakes"),
            pl.col("loss").sum().round(4).alias("total_loss"),
            pl.col("loss").mean().round(4).alias("mean_loss"),
            pl.col("unit").first().alias("unit"),
        )
        .filter(pl.col("mistakes") >= recurring)
    )
    return (
        groups.sort(["player", "total_loss", "mistakes", "kind", "situation"],
                    descending=[False, True, True, False, False])
        .group_by("player", maintain_order=True)
        .first()
        .sort("player")
    )  # fmt: skip
