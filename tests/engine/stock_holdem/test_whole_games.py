"""Whole games cross-checked against an independent re-derivation (RULES.md §1).

Each game is played by the engine's bots; then a small table model written here from the
rules — not from the engine — reads the action texts alone and re-derives who acts, the
money, chips, shares, prices and stock-up chips after every action, the five cards of
every company at every price phase, each price from the RULES.md hand table, the new start
player, and the final returns and winners. The state must agree after every action, and
its price phase must agree with :func:`engine.stock_holdem.price` on the same cards.

The short runs take a few seconds; ``-m slow`` adds a long run.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest

from engine import get_game, simulate
from engine.core.protocol import CHANCE
from engine.core.ruleset import make_ruleset
from engine.stock_holdem import StockHoldemRules, card_text, price

GAME = get_game("stock_holdem")
SYMBOLS = "AFSW"
COMPANIES = "ABCDEF"
#: RULES §1 set-up: trading turns per player by player count
TURNS = {3: 6, 4: 5, 5: 4, 6: 4}

#: rulesets the games are played under: the defaults and every [A] field moved
VARIANTS = [
    {},
    {"bear_with_four_of_a_number": "five of a kind"},
    {"straights_wrap": True},
    {"stock_up_per_company": 3, "stock_up_chips": 6, "cost_stock_up": 1},
    {"stock_up_per_company": 2, "free_action_after_buy": False, "peek_hands": True},
    {"chip_limit": 4, "preparation_chips": 3, "cost_free_buy": 1, "cost_free_sell": 1},
    {"straights_wrap": True, "bear_with_four_of_a_number": "five of a kind", "start_price": 30},
]


# --- the price, written from the RULES.md table ---------------------------------------------


def rules_price(cards: list[str], chips: int, *, bear_five: bool, wrap: bool) -> int:
    """The price of five card texts with ``chips`` stock-up chips, step by step as
    RULES.md §1 "The price of a company" states it."""
    assert len(cards) == 5
    regular = [(int(c[:-1]), c[-1]) for c in cards if c not in ("BULL", "BEAR")]
    bulls, bears = cards.count("BULL"), cards.count("BEAR")
    # 1. base: the largest per-symbol sum of the regular cards; Bull adds 10
    base = max(sum(n for n, s in regular if s == sym) for sym in SYMBOLS) + 10 * bulls
    # 2. stock-up chip(s)
    chip = 5 * chips
    # 3. one symbol hand (regular cards only)
    symbols = {s for _, s in regular}
    symbol_bonus = 10 if len(symbols) in (1, 4) else 0
    # 4. one number hand: regular numbers and Bull as 10; Bear has no number
    numbers = [n for n, _ in regular] + [10] * bulls
    counts = sorted(Counter(numbers).values(), reverse=True) + [0, 0]
    distinct = set(numbers)

    def straight(length: int) -> bool:
        starts = range(1, 11) if wrap else range(1, 12 - length)
        return any(all((s + j - 1) % 10 + 1 in distinct for j in range(length)) for s in starts)

    if counts[0] == 5 or (counts[0] == 4 and bears and bear_five):
        number_bonus = 30  # five of a kind
    elif counts[0] == 4:
        number_bonus = 25  # four of a kind
    elif counts[0] == 3 and counts[1] == 2:
        number_bonus = 20  # full house
    elif len(distinct) == 5 and straight(5):
        number_bonus = 20  # large straight
    elif straight(4):
        number_bonus = 10  # small straight
    elif counts[0] == 3:
        number_bonus = 10  # three of a kind
    else:
        number_bonus = 0  # pairs score nothing
    # 5. clamp to the track
    return min(57, max(1, base + chip + symbol_bonus + number_bonus))


# --- the table, re-derived from action texts ------------------------------------------------


class Table:
    """A game re-derived from its action texts (the engine is not consulted)."""

    def __init__(self, n: int, rules: StockHoldemRules):
        self.n, self.r = n, rules
        self.money = [rules.start_money[n - 3]] * n
        self.chips = [min(rules.start_chips[i], rules.chip_limit) for i in range(n)]
        self.shares = [[0] * 6 for _ in range(n)]
        self.prices = [rules.start_price] * 6
        self.stock_up = [0] * 6
        self.board: list[list[str]] = [[] for _ in range(6)]
        self.hands: list[list[str]] = [[] for _ in range(n)]
        self.start = 0
        self.round = 0
        self.turns_done = 0
        self.stage = "deal"  # deal, place, sell, buy, end, cleanup, over
        self.seat = CHANCE
        self.price_phases: list[tuple[list[list[str]], list[int], list[int]]] = []

    # who acts
    def _begin_turn(self) -> None:
        self.seat = (self.start + self.turns_done) % self.n
        self.stage = "sell" if self.turns_done < self.n else "place"

    def _end_turn(self) -> None:
        self.turns_done += 1
        if self.turns_done < self.n * TURNS[self.n]:
            self._begin_turn()
        elif all(len(b) == 5 for b in self.board):
            self._price_phase()
        else:
            self.stage, self.seat = "cleanup", self.start

    def _gain(self, p: int, k: int) -> None:
        total = self.chips[p] + k
        over = max(0, total - self.r.chip_limit)
        self.money[p] += over
        self.chips[p] = total - over

    def _sell(self, p: int, co: int) -> None:
        assert self.shares[p][co] > 0
        self.shares[p][co] -= 1
        self.money[p] += self.prices[co]
        self.prices[co] = max(1, self.prices[co] - 1)

    def _buy(self, p: int, co: int) -> None:
        self.shares[p][co] += 1
        self.money[p] -= self.prices[co]
        self.prices[co] = min(57, self.prices[co] + 1)

    def _price_phase(self) -> None:
        r = self.r
        bear_five = r.bear_with_four_of_a_number == "five of a kind"
        self.prices = [
            rules_price(
                self.board[co], self.stock_up[co], bear_five=bear_five, wrap=r.straights_wrap
            )
            for co in range(6)
        ]
        self.price_phases.append(
            ([list(b) for b in self.board], list(self.stock_up), list(self.prices))
        )
        if self.round == 1:
            self.stage, self.seat = "over", -1
            return
        for p in range(self.n):
            self._gain(p, r.preparation_chips)
        self.stock_up = [0] * 6
        low = min(self.chips)
        tied = [p for p in range(self.n) if self.chips[p] == low]
        if len(tied) > 1:  # nearest clockwise after the previous start player, who is excluded
            tied = [p for p in tied if p != self.start] or tied
            tied.sort(key=lambda p: (p - self.start) % self.n)
        self.start = tied[0]
        self.round = 1
        self.board = [[] for _ in range(6)]
        self.hands = [[] for _ in range(self.n)]
        self.stage, self.seat = "deal", CHANCE

    def act(self, text: str) -> None:
        words = text.split()
        kind = words[0]
        if kind == "deal":
            assert self.stage == "deal"
            board_part, *hand_parts = text[5:].split(" | ")
            for co, pair in enumerate(board_part.split()):
                name, cards = pair.split(":")
                assert name == COMPANIES[co]
                self.board[co] = cards.split(",")
            self.hands = [h.split(",") for h in hand_parts]
            self.turns_done = 0
            self._begin_turn()
            return
        p = self.seat
        r = self.r
        if kind == "place":
            card, co = words[1], COMPANIES.index(words[2])
            assert card in self.hands[p] and len(self.board[co]) < 5
            self.hands[p].remove(card)
            self.board[co].append(card)
            if self.stage == "cleanup":
                if all(len(b) == 5 for b in self.board):
                    self._price_phase()
                else:  # the next seat clockwise that still holds a card
                    self.seat = next(
                        q for k in range(1, self.n + 1) if self.hands[q := (p + k) % self.n]
                    )
            else:
                assert self.stage == "place"
                self.stage = "sell"
            return
        if text in ("no sell", "no buy"):
            self._gain(p, 1)
        elif kind in ("sell", "buy"):
            (self._sell if kind == "sell" else self._buy)(p, COMPANIES.index(words[1]))
        if text in ("no sell", "sell " + words[-1]) and kind != "free":
            assert self.stage == "sell"
            self.stage = "buy"
            return
        if text in ("no buy", "buy " + words[-1]) and kind != "free":
            assert self.stage == "buy"
            if r.free_action_after_buy and self.chips[p]:
                self.stage = "end"
            else:
                self._end_turn()
            return
        if kind == "end":
            assert self.stage == "end"
            self._end_turn()
            return
        # free actions, paid with chips
        if kind == "cash":
            self.chips[p] -= r.cost_cash
            self.money[p] += 1
        elif kind == "peek":
            self.chips[p] -= r.cost_peek
        elif text.startswith("free sell"):
            self.chips[p] -= r.cost_free_sell
            self._sell(p, COMPANIES.index(words[2]))
        elif text.startswith("free buy"):
            self.chips[p] -= r.cost_free_buy
            self._buy(p, COMPANIES.index(words[2]))
        elif kind == "stock-up":
            self.chips[p] -= r.cost_stock_up
            self.stock_up[COMPANIES.index(words[1])] += 1
        else:
            raise AssertionError(f"unknown action {text!r}")
        assert self.chips[p] >= 0
        if self.stage == "end" and not self.chips[p]:
            self._end_turn()

    def returns(self) -> list[int]:
        """Final settlement: money + each share at the final price + $1 per chip."""
        return [
            self.money[p] + sum(h * q for h, q in zip(self.shares[p], self.prices)) + self.chips[p]
            for p in range(self.n)
        ]


# --- the cross-check ------------------------------------------------------------------------


def cross_check(record) -> Table:
    """Replay ``record`` in the engine and in :class:`Table`; compare after each action."""
    rules = make_ruleset(StockHoldemRules, record.ruleset)
    n = record.num_players
    state = GAME.new_initial_state(n, **record.ruleset)
    table = Table(n, rules)
    for i, text in enumerate(record.actions):
        assert state.current_player() == table.seat, (i, text)
        phases = len(state.results)
        state.apply(text)  # checked: every recorded action is legal
        table.act(text)
        where = f"action {i} {text!r}"
        assert state.money == table.money, where
        assert state.chips == table.chips, where
        assert state.shares == table.shares, where
        assert state.prices == table.prices, where
        assert state.stock_up == table.stock_up or table.stage == "deal", where
        # the state's price phase happens exactly where the texts put it
        assert len(state.results) == len(table.price_phases), where
        if len(state.results) > phases:
            boards, chips, prices = state.results[-1]
            mine_boards, mine_chips, mine_prices = table.price_phases[-1]
            assert [[card_text(c) for c in b] for b in boards] == mine_boards, where
            assert list(chips) == mine_chips, where
            assert list(prices) == mine_prices, where
            # the engine's calculator on the same cards gives the same prices
            assert [
                price(mine_boards[co], stock_up=mine_chips[co], rules=rules).price
                for co in range(6)
            ] == mine_prices, where
            if state.is_terminal():  # the cards stay on the companies after round 2
                assert [state.company_price(co) for co in range(6)] == mine_prices, where
    assert state.is_terminal() and table.stage == "over"
    assert len(table.price_phases) == 2
    assert state.start == table.start
    mine = table.returns()
    assert state.returns() == mine
    assert record.result["scores"] == mine
    # most money wins; ties share the win [A]
    best = max(mine)
    assert state.winners() == [p for p in range(n) if mine[p] == best]
    assert record.result["winners"] == state.winners()
    return table


def _games(count: int, seed: int, heuristic_every: int):
    rng = random.Random(seed)
    for k in range(count):
        n = rng.randint(3, 6)
        players = ["random"] * n
        if heuristic_every and k % heuristic_every == 0:
            players[rng.randrange(n)] = "heuristic"
        variant = VARIANTS[k % len(VARIANTS)]
        yield simulate("stock_holdem", seed=rng.randrange(10**6), players=players, **variant)


def _run(count: int, seed: int, heuristic_every: int) -> Counter:
    seen: Counter = Counter()
    for record in _games(count, seed, heuristic_every):
        table = cross_check(record)
        seen[record.num_players] += 1
        for _, chips, _ in table.price_phases:
            seen["stock-up chips ≥ 2"] += any(c >= 2 for c in chips)
        seen["shared win"] += len(record.result["winners"]) > 1
    return seen


def test_whole_games_prices_money_and_winners_rederived_from_action_texts():
    seen = _run(140, seed=1, heuristic_every=20)
    assert all(seen[n] for n in (3, 4, 5, 6))
    assert seen["stock-up chips ≥ 2"]  # stock_up_per_company > 1 reached the price phase


def test_heuristic_whole_games_rederived_from_action_texts():
    for n, seed in ((3, 4), (4, 5), (5, 6), (6, 7)):
        players = ["heuristic", "heuristic"] + ["random"] * (n - 2)
        cross_check(simulate("stock_holdem", seed=seed, players=players))


@pytest.mark.slow
def test_whole_games_rederived_long_run():
    seen = _run(3000, seed=2, heuristic_every=50)
    assert all(seen[n] > 500 for n in (3, 4, 5, 6))


# --- the price table itself under every variant ---------------------------------------------


@pytest.mark.parametrize("variant", VARIANTS[:3] + VARIANTS[-1:], ids=str)
def test_price_matches_the_rules_table_for_random_hands(variant):
    rules = make_ruleset(StockHoldemRules, variant)
    bear_five = rules.bear_with_four_of_a_number == "five of a kind"
    deck = [f"{n}{s}" for s in SYMBOLS for n in range(1, 11)] + ["BULL", "BEAR"]
    rng = random.Random(str(variant))
    for _ in range(4000):
        cards = rng.sample(deck, 5)
        want = rules_price(cards, 0, bear_five=bear_five, wrap=rules.straights_wrap)
        assert price(cards, rules=rules).price == want, cards
