"""Stock Hold'em histories: one row per step with every company's price and every seat's
money, chips and net worth (money + shares at current prices + $1 per chip).

>>> from engine import simulate
>>> df = history(simulate("stock_holdem", seed=2, players=["random"] * 3))
>>> df.columns[:6]
['step', 'action', 'actor', 'round', 'phase', 'price_A']
>>> df["round"][-1], df["phase"][-1]
(2, 'over')
"""

from __future__ import annotations

from typing import cast

import polars as pl

from engine.core.history import step_frame
from engine.core.records import GameRecord
from engine.stock_holdem.cards import COMPANIES
from engine.stock_holdem.state import PHASE_NAMES, StockHoldemState


def history(record: GameRecord) -> pl.DataFrame:
    """One row per step (step 0 = before the first deal)."""
    return step_frame(record, _columns)


def _columns(state) -> dict:
    row = {
        "round": state.round + 1,
        "phase": PHASE_NAMES[state.phase],
    }
    for co, name in enumerate(COMPANIES):
        row[f"price_{name}"] = state.prices[co]
    worth = state.net_worth()
    for seat in range(state.num_players):
        row[f"money_{seat}"] = state.money[seat]
        row[f"chips_{seat}"] = state.chips[seat]
        row[f"worth_{seat}"] = worth[seat]
    return row


def results_frame(records) -> pl.DataFrame:
    """One row per company per price phase over many records: round, company, price,
    base, symbol hand, number hand, stock-up — for statistics over recorded games."""
    from engine.core.records import final_state
    from engine.stock_holdem.pricing import NUMBER_HANDS, SYMBOL_HANDS, price_parts, variant_of

    rows = []
    for g, record in enumerate(records):
        state = cast(StockHoldemState, final_state(record))
        variant = variant_of(state.ruleset)
        for r, (boards, stock_up, prices) in enumerate(state.results):
            for co, cards in enumerate(boards):
                base, sh, nh = price_parts(cards, variant)
                rows.append(
                    {
                        "game": g,
                        "players": record.num_players,
                        "round": r + 1,
                        "company": COMPANIES[co],
                        "price": prices[co],
                        "base": base,
                        "symbol_hand": SYMBOL_HANDS[sh][0],
                        "number_hand": NUMBER_HANDS[nh][0],
                        "stock_up": stock_up[co],
                    }
                )
    return pl.DataFrame(rows)
