"""Whist histories: one row per step, with each side's score and this deal's books.

>>> from engine import simulate
>>> df = history(simulate("whist", seed=2, players=["random"] * 4))
>>> df.columns[:6]
['step', 'action', 'actor', 'deal', 'phase', 'score_0']
>>> df["step"][0], df["actor"][0]
(0, -2)
"""

from __future__ import annotations

import polars as pl

from engine.core.history import step_frame
from engine.core.records import GameRecord


def history(record: GameRecord) -> pl.DataFrame:
    """Columns: step, action, actor (seat, -1 chance, -2 none), deal (0-based), phase,
    score_0 / score_1 (side totals; side = seat % 2), books_0 / books_1 (this deal),
    contract, declarer."""
    return step_frame(record, _columns)


def _columns(s) -> dict:
    return {
        "deal": s.deal_no,
        "phase": s.phase_name,
        "score_0": s.scores[0],
        "score_1": s.scores[1],
        "books_0": s.books[0],
        "books_1": s.books[1],
        "contract": s.contract_text(),
        "declarer": s.declarer if s.bidw else s.hl_declarer,
    }


def deal_rows(game_no: int, rec: GameRecord, s) -> list[dict]:
    """The :func:`deals_frame` rows of one game's final state ``s``."""
    rows = []
    for d in s.deal_log:
        side = d["declarer"] % 2 if d["declarer"] is not None and d["declarer"] >= 0 else -1
        rows.append(
            {
                "game": game_no,
                "variant": s.ruleset.variant,
                "deal": d["deal"],
                "contract": str(d["contract"]),
                "bid": d["bid"],
                "kind": d["kind"],
                "declarer_side": side,
                "declarer_bot": rec.players[d["declarer"]] if side >= 0 else "",
                "books_declarer": d["books"][side] if side >= 0 else -1,
                "points_0": d["points"][0],
                "points_1": d["points"][1],
                "made": (d["points"][side] > 0) if side >= 0 else None,
                "swing": abs(d["points"][0] - d["points"][1]),
            }
        )
    return rows


def deals_frame(records) -> pl.DataFrame:
    """One row per finished deal over many records: for statistics (lesson, pages)."""
    from engine.core.records import final_state

    rows = []
    for g, rec in enumerate(records):
        rows += deal_rows(g, rec, final_state(rec))
    return pl.DataFrame(rows)
