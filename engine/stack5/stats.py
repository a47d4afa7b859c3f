"""Stack 5 figures over many records (the statistics page and the lesson): how each turn
ended by the number of cards the drawer drew on their own, and turns to win.

>>> from engine import simulate
>>> recs = [simulate("stack5", s, ["heuristic", "random"]) for s in range(3)]
>>> [t.title for t in tables(recs)]
['Bust rate by cards drawn', 'Turns to win']
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import cast

import polars as pl

from engine.core.records import GameRecord, replay
from engine.stack5.state import P_GIVE, P_OVER, Stack5State
from engine.stats import Collector, StatTable, one_pass


def turns(record: GameRecord) -> list[dict]:
    """Every turn of one game: the drawer, the cards drawn that count toward the minimum
    (``own_draws``, see :meth:`Stack5Rules.counts_toward_minimum`), and whether it busted."""
    out = []
    prev_player, draws, busted = 0, 0, False
    for step in replay(record):
        s = cast(Stack5State, step.state)
        if step.action and s.phase == P_GIVE:
            busted = True
        if s.player != prev_player or s.phase == P_OVER:
            out.append({"drawer": prev_player, "own_draws": draws, "bust": busted})
            busted = False
        prev_player, draws = s.player, s.own_draws
    return out


_SCHEMA = {"drawer": pl.Int64, "own_draws": pl.Int64, "bust": pl.Boolean, "game": pl.Int64}


def turns_frame(records: Sequence[GameRecord]) -> pl.DataFrame:
    """One row per turn over many games: game, drawer, own_draws, bust."""
    rows = [dict(t, game=i) for i, r in enumerate(records) for t in turns(r)]
    return pl.DataFrame(rows, schema=_SCHEMA)


class TurnCollector(Collector):
    """The rows of :func:`turns_frame`, gathered step by step in :func:`one_pass`."""

    wants_steps = True

    def __init__(self) -> None:
        self.drawer: list[int] = []
        self.own_draws: list[int] = []
        self.bust: list[bool] = []
        self.game: list[int] = []

    def start(self, game_no, record) -> None:
        self.no, self.prev_player, self.draws, self.busted = game_no, 0, 0, False

    def step(self, action, s) -> None:
        if action and s.phase == P_GIVE:
            self.busted = True
        if s.player != self.prev_player or s.phase == P_OVER:
            self.drawer.append(self.prev_player)
            self.own_draws.append(self.draws)
            self.bust.append(self.busted)
            self.game.append(self.no)
            self.busted = False
        self.prev_player, self.draws = s.player, s.own_draws

    def frame(self) -> pl.DataFrame:
        return pl.DataFrame(
            {
                "drawer": self.drawer,
                "own_draws": self.own_draws,
                "bust": self.bust,
                "game": self.game,
            },
            schema=_SCHEMA,
        )


def tables(records: Sequence[GameRecord], *, trusted: bool = False) -> list[StatTable]:
    """The figures, from one replay per finished record (``trusted``: see engine.stats)."""
    records = [r for r in records if r.game == "stack5" and r.result is not None]
    if not records:
        return []
    frame = one_pass(records, TurnCollector(), trusted=trusted).frame()
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
            x_title="Cards drawn in the turn",
            y_title="Share of turns that busted",
            note="Turns by how many cards the drawer drew (the cards that count toward the "
            "minimum of two: own draws and, by default, the three cards of a Draw 3; never "
            "a card turned by a bomb), and how often they ended in a bust.",
        ),
        StatTable(
            "Turns to win",
            to_win,
            x="turns",
            y="games",
            x_title="Turns in the game (all seats)",
            y_title="Games",
        ),
    ]
