"""Owner's Choice histories: one row per step of a record.

Columns: ``step``, ``action``, ``actor`` (seat, -1 chance, -2 none), ``turn``, ``pos``
(the pawn), ``fund``, ``price_R`` … ``price_G``, ``president_R`` … (seat or -1),
``bankrupt_R`` … (bankruptcies so far), and per seat ``cash_<p>``, ``worth_<p>`` (cash +
shares at market) and ``shares_<p>``.

>>> from engine import simulate
>>> df = history(simulate("owners_choice", seed=2, players=["random"] * 3))
>>> df.columns[:6]
['step', 'action', 'actor', 'turn', 'pos', 'fund']
>>> int(df["worth_0"][0])
690
"""

from __future__ import annotations

import polars as pl

from engine.core.history import step_frame
from engine.core.records import GameRecord
from engine.owners_choice.rules import COMPANIES


def history(record: GameRecord) -> pl.DataFrame:
    return step_frame(record, _columns)


def _columns(s) -> dict:
    row = {
        "turn": s.turn,
        "pos": s.pos,
        "fund": s.fund,
    }
    for c, name in enumerate(COMPANIES):
        row[f"price_{name}"] = s.price(c)
    for c, name in enumerate(COMPANIES):
        row[f"president_{name}"] = s.pres[c]
    for c, name in enumerate(COMPANIES):
        row[f"bankrupt_{name}"] = s.bankruptcies[c]
    worth = s.net_worth()
    for p in range(s.num_players):
        row[f"cash_{p}"] = s.cash[p]
        row[f"worth_{p}"] = worth[p]
        row[f"shares_{p}"] = sum(s.hold[p * 4 : p * 4 + 4])
    return row
