"""The explorer's holdings table: every player, money, chips, each company and net worth."""

from __future__ import annotations

from dashboard.stock_holdem.explorer import holdings_frame, holdings_html
from engine import simulate, states
from engine.stock_holdem.cards import COMPANIES


def test_the_holdings_table_shows_every_column_and_player():
    record = simulate("stock_holdem", 3, ["random"] * 4)
    state = states(record)[60]
    text = holdings_html(holdings_frame(state.observation(None), state.net_worth()))
    for column in ("player", "money", "chips", *COMPANIES, "net worth"):
        assert f">{column}</th>" in text
    assert text.count("<tr>") == 1 + 4
    assert "Player 4" in text
