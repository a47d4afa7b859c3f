"""Stock Hold'em analysis: a share's expected price from the seat's own view against
enumerating the unseen cards, action values, a hand-edited blunder, shipped games."""

from __future__ import annotations

from fractions import Fraction
from itertools import permutations

import pytest

from engine import GameRecord, read_jsonl
from engine.analysis import positions
from engine.stock_holdem import analysis as an
from engine.stock_holdem import back_text, card_text, price
from engine.stock_holdem.cards import ALL_CARDS
from engine.stock_holdem.state import BUY, SELL, TRADE

RECORD = read_jsonl("data/stock_holdem/games.jsonl")[0]


def _brute_expected(obs, co: int, parity: str) -> Fraction:
    """Mean price over every filling of the company's open slots with distinct cards the
    seat has not seen, each matching the back shown (``'?'`` matches any card)."""
    board = list(obs["board"][co]) + ["?"] * (5 - len(obs["board"][co]))
    known = set(obs["known"])
    pool = [c for c in ALL_CARDS if card_text(c) not in known]
    open_slots = [
        i for i, t in enumerate(board) if t == "?" or t.endswith("?") or t.startswith("?")
    ]
    total, count = Fraction(0), 0
    for fill in permutations(pool, len(open_slots)):
        cards = list(board)
        ok = True
        for i, c in zip(open_slots, fill):
            if board[i] != "?" and back_text(c, parity) != board[i]:
                ok = False
                break
            cards[i] = card_text(c)
        if ok:
            total += price(cards, stock_up=obs["stock_up"][co]).price
            count += 1
    return total / count


def _small_cases(limit: int):
    """(state, seat, company) at trading decisions where a company has at most 2 slots
    the seat cannot see (brute force stays small)."""
    found = 0
    for _step, state, _text in positions(RECORD):
        if state.phase != TRADE or state.step not in (SELL, BUY):
            continue
        seat = state.current_player()
        obs = state.observation(seat)
        for co in range(6):
            board = list(obs["board"][co]) + ["?"] * (5 - len(obs["board"][co]))
            hidden = sum(1 for t in board if "?" in t)
            if 1 <= hidden <= 2 and any(t != "?" and "?" in t for t in board):
                yield state.clone(), seat, co
                found += 1
                if found >= limit:
                    return


def test_expected_price_is_the_mean_over_the_unseen_cards_from_the_seats_view():
    cases = list(_small_cases(4))
    assert cases, "no small position in the first shipped game"
    for state, seat, co in cases:
        view = an.SeatView(state, seat)
        obs = state.observation(seat)
        assert view.expected(co) == _brute_expected(obs, co, state.ruleset.card_back_parity)


def test_buy_and_sell_values_are_expected_price_against_the_price():
    state, seat, co = next(_small_cases(1))
    view = an.SeatView(state, seat)
    values = an.action_values(state)
    e = float(view.expected(co))
    name = "ABCDEF"[co]
    if f"buy {name}" in values:
        assert values[f"buy {name}"] == pytest.approx(e - state.prices[co])
    if f"sell {name}" in values:
        assert values[f"sell {name}"] == pytest.approx(state.prices[co] - e)
    assert values.get("no buy", values.get("no sell")) == 1.0


def test_a_hand_edited_record_with_the_worst_buy_is_marked_a_blunder():
    """Take a shipped game, find the first buy step whose worst buy loses at least the
    blunder threshold, play it instead and cut the record there."""
    found = None
    for i, state, _text in positions(RECORD):
        if state.phase != TRADE or state.step != BUY:
            continue
        values = an.action_values(state)
        buys = {k: v for k, v in values.items() if k.startswith("buy ")}
        if not buys:
            continue
        worst = min(buys, key=buys.get)
        best = max(v for k, v in values.items() if k.startswith(("buy ", "no buy")))
        if best - buys[worst] >= an.THRESHOLDS.blunder:
            found = (i, worst)
            break
    assert found, "no blunder-sized buy in the first shipped game"
    step, worst = found
    edited = GameRecord(
        game="stock_holdem", players=RECORD.players, actions=RECORD.actions[:step] + [worst]
    )
    last = an.analyse(edited)[-1]
    assert (last.step, last.action) == (step, worst)
    assert last.mark == "??" and last.best != worst


def test_analyse_shipped_games_grades_trades_free_actions_and_peeks_only():
    for record in read_jsonl("data/stock_holdem/games.jsonl")[:2]:
        notes = an.analyse(record)
        assert notes
        for n in notes:
            assert n.loss >= 0 and n.unit == "$"
            text = record.actions[n.step]
            assert text == n.action
            assert not text.startswith(("deal", "place", "end"))
            if text.startswith("peek"):
                assert n.measure == an.MEASURE_PEEK
