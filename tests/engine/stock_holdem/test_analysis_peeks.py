"""Stock Hold'em peeks graded by the worth of their information: against a brute-force
enumeration of the peeked company's fillings, a hand-made record whose peek shows a card
the seat can already name (worth $0), and a decisive peek in a shipped game."""

from __future__ import annotations

from fractions import Fraction
from itertools import permutations

import pytest

from engine import GameRecord, read_jsonl
from engine.analysis import positions
from engine.stock_holdem import analysis as an
from engine.stock_holdem import back_text, card_text, price
from engine.stock_holdem.cards import ALL_CARDS
from engine.stock_holdem.state import TRADE

RECORDS = read_jsonl("data/stock_holdem/games.jsonl")[:20]


def _fillings(obs, co: int, parity: str):
    """Every filling of the company's open slots with distinct cards the seat has not
    seen, each matching the back shown: ``(cards, price)``."""
    board = list(obs["board"][co]) + ["?"] * (5 - len(obs["board"][co]))
    known = set(obs["known"])
    pool = [c for c in ALL_CARDS if card_text(c) not in known]
    open_slots = [i for i, t in enumerate(board) if "?" in t]
    for fill in permutations(pool, len(open_slots)):
        cards = list(board)
        if all(
            board[i] == "?" or back_text(c, parity) == board[i] for i, c in zip(open_slots, fill)
        ):
            for i, c in zip(open_slots, fill):
                cards[i] = card_text(c)
            yield cards, price(cards, stock_up=obs["stock_up"][co]).price


def _worth(state, seat, expected: dict, chips: int) -> Fraction:
    """The next trades' worth with the given expected prices (the measure's definition,
    written out again)."""
    r, prices = state.ruleset, state.prices
    held = [co for co in range(6) if state.shares[seat][co]]
    sell, options = an._next_steps(state, seat)
    total = Fraction(0)
    if sell:
        total += max([Fraction(1)] + [prices[co] - expected[co] for co in held])
    if options is not None:
        total += max([Fraction(1)] + [expected[co] - prices[co] for co in options])
    free = [Fraction(0)]
    if chips >= r.cost_free_sell:
        free += [prices[co] - expected[co] - r.cost_free_sell for co in held]
    if chips >= r.cost_free_buy:
        free += [
            expected[co] - prices[co] - r.cost_free_buy
            for co in range(6)
            if state.money[seat] >= prices[co] and state.supply(co) > 0
        ]
    return total + max(free)


def _brute_information(state, move) -> Fraction:
    """Group every filling of the peeked company by the card in the peeked slot: each
    card's weight is its number of fillings, its price the mean over them."""
    seat = state.current_player()
    obs = state.observation(seat)
    co, slot = move.company, move.slot
    by_card: dict[str, list[int]] = {}
    for cards, p in _fillings(obs, co, state.ruleset.card_back_parity):
        by_card.setdefault(cards[slot], []).append(p)
    view = an.SeatView(state, seat)
    expected = {c: view.expected(c) for c in range(6)}
    chips = state.chips[seat] - state.ruleset.cost_peek
    n = sum(len(v) for v in by_card.values())
    mean_all = Fraction(sum(sum(v) for v in by_card.values()), n)
    assert mean_all == expected[co]
    known = Fraction(0)
    for prices in by_card.values():
        known += len(prices) * _worth(
            state, seat, expected | {co: Fraction(sum(prices), len(prices))}, chips
        )
    return known / n - _worth(state, seat, expected, chips)


def _small_peeks(limit: int):
    """(state, peek) at shipped positions where the peeked company has at most 2 slots the
    seat cannot see."""
    found = 0
    for record in RECORDS:
        for _step, state, text in positions(record):
            if state.phase != TRADE or not text.startswith("peek"):
                continue
            obs = state.observation(state.current_player())
            for a in state.legal_actions():
                if a.kind != "peek":
                    continue
                board = list(obs["board"][a.company]) + ["?"] * (5 - len(obs["board"][a.company]))
                if sum(1 for t in board if "?" in t) <= 2:
                    yield state.clone(), a
                    found += 1
                    if found >= limit:
                        return


def test_peek_information_is_the_mean_over_the_peeked_card_against_brute_force():
    cases = list(_small_peeks(80))
    assert len(cases) == 80
    worth = []
    for state, move in cases:
        got = an.information_value(state, move)
        assert got == _brute_information(state, move)
        assert got >= 0
        worth.append(got)
    assert sum(1 for w in worth if w > 0) >= 3


# Seat 0 holds 10A and 10S, so a face-down card whose back shows 10 can only be Bull.
DEAL = (
    "deal A:4W,3A B:2F,2A C:10W,8S D:6A,10F E:8F,1S F:6S,7W | 10A,10S,9W,5W,4S | "
    "BULL,9F,8W,BEAR,5F | 3S,1A,3F,3W,2S | 7S,6W,1F,6F,7A"
)
TURNS = (
    ["no sell", "buy A", "end"]
    + ["no sell", "no buy", "end"] * 3
    + ["place 9W B", "no sell", "no buy", "end", "place BULL A", "no sell", "no buy", "end"]
    + ["place 3S B", "no sell", "no buy", "end", "place 7S A", "no sell", "no buy", "end"]
    + ["place 5W C"]
)


def test_a_peek_at_a_card_the_seat_can_already_name_is_worth_nothing():
    actions = [DEAL, *TURNS, "peek A3", "no sell"]
    record = GameRecord(game="stock_holdem", players=list("abcd"), actions=actions)
    state = next(s for i, s, _ in positions(record) if i == len(actions) - 2)
    assert state.observation(0)["board"][0][2] == "10?"
    assert an.SeatView(state, 0).candidates(("board", 0, 2)) == ["BULL"]
    move = state.parse_action("peek A3")
    assert an.information_value(state, move) == 0
    peek = [n for n in an.analyse(record) if n.action == "peek A3"]
    assert len(peek) == 1
    assert peek[0].value_played == -1.0  # its chip
    assert peek[0].best != "peek A3"


def test_a_decisive_peek_is_worth_more_and_skipping_it_is_graded():
    """The first shipped peek position where a peek's information is worth at least the
    blunder threshold beyond its chip: that peek is graded best, and a hand-edited record
    that plays a worthless peek there instead is marked a blunder."""
    found = None
    for record in RECORDS:
        for step, state, text in positions(record):
            if state.phase == TRADE and text.startswith("peek"):
                values = an.peek_values(state)
                best = max(values, key=values.get)
                worst = min(values, key=values.get)
                if values[best] - values[worst] >= an.THRESHOLDS.blunder:
                    found = (record, step, best, worst, values)
                    break
        if found:
            break
    assert found, "no decisive peek in the shipped games"
    record, step, best, worst, values = found
    assert values[best] > 0 > values[worst]
    for played in (best, worst):
        edited = GameRecord(
            game="stock_holdem", players=record.players, actions=record.actions[:step] + [played]
        )
        last = an.analyse(edited)[-1]
        assert (last.step, last.action, last.best) == (step, played, best)
        assert last.value_best == pytest.approx(values[best])
        assert (last.mark == "??") == (played == worst)
