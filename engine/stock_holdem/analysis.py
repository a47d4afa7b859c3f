"""Grading Stock Hold'em trades, free actions and peeks from the trader's own view (unit: $).

At each decision the trader's view is ``observation(seat)``: the faces they see (face-up
cards, the cards they placed, the cards they peeked at, their hand, a public Bear) and the
backs of the other face-down cards. Each company's price after this round's price phase
has an exact distribution from that view (:func:`~engine.stock_holdem.price_distribution`:
the company's visible faces and backs, its open slots filled from the cards the seat has
not seen, every filling equally likely — the backs on other companies and in other hands
do not narrow the pool); its mean ``E`` is the value of one share. Assumptions:

- a share is worth the expected price after *this* round's price phase (in round 1 that is
  the price it can be sold at in round 2; what round 2's new cards do is not looked at);
- a challenge chip is worth $1 (its value at the final settlement, and what a chip over
  the limit turns into);
- the ±1 price moves of trading are ignored (the price phase overwrites them).

Values of the actions, in expected dollars for the trader:

- ``sell C``: price − E; ``no sell``: +$1 (the chip); graded among the sell step's choices;
- ``buy C``: E − price; ``no buy``: +$1; graded among the buy step's choices;
- free actions, graded against skipping them ($0) and every other legal free action
  (except peeks) at that moment: ``free sell C`` price − E − its chips; ``free buy C``
  E − price − its chips; ``stock-up C`` (shares held) × (E with the chip − E) − its chips;
  ``cash`` $0 (a chip for a dollar).

**Peeks** (``peek C3``, and ``peek hand 2.3`` when the ruleset allows it) are graded by
the worth of the information, from the seat's own view at that moment: the worth of the
seat's next trades with the card known, averaged over every card it can be (each unseen
card with the back shown, equally likely, as in the price model), minus their worth
without it, minus the peek's chips ($1 each); graded against every other legal peek and
not peeking ($0). The next trades valued are

- the seat's next sell step (this turn's if still ahead, else its next turn's in this
  round; none after its last turn's): the best of selling a company it holds
  (price − E) and the chip of not selling ($1);
- its next buy step, likewise: the best of buying (E − price) and not buying ($1), among
  the companies it may buy there: the company it placed on this turn, any company in the
  first turn, else (a placement still to come) every company with room for a card;
- one free sale or free purchase now with the chips left after the peek, or none ($0).

A card on a company changes that company's distribution only; a card in a hand leaves
every company's pool. The other players' actions before those trades are not looked at
(the prices are today's), and the card the seat will place is not counted.

Card placements and ``end`` are not graded.

>>> from engine import simulate
>>> from engine.stock_holdem.analysis import analyse
>>> notes = analyse(simulate("stock_holdem", seed=2, players=["heuristic"] * 3))
>>> kinds = {"buy", "cash", "free", "no", "peek", "sell", "stock-up"}
>>> {n.action.split()[0] for n in notes} <= kinds
True
"""

from __future__ import annotations

from fractions import Fraction
from functools import lru_cache
from typing import cast

from engine.core.annotation import Annotation, Thresholds, mark_for
from engine.core.errors import EngineError
from engine.core.records import GameRecord
from engine.stock_holdem.cards import ALL_CARDS, COMPANIES, backs, card_text
from engine.stock_holdem.distribution import price_distribution
from engine.stock_holdem.rules import SLOTS, StockHoldemRules
from engine.stock_holdem.state import BUY, PLACE, SELL, TRADE, StockHoldemState

UNIT = "$"
THRESHOLDS = Thresholds(inaccuracy=2.0, mistake=5.0, blunder=12.0)
MEASURE = "expected price after this round's price phase, from the seat's own view"
_STEP_KINDS = {SELL: ("sell", "no sell"), BUY: ("buy", "no buy")}
_FREE_KINDS = ("cash", "free sell", "free buy", "stock-up")
_PEEK_KINDS = ("peek", "peek hand")
MEASURE_PEEK = "what the card is worth knowing for the seat's next trades, from its own view"


@lru_cache(maxsize=4096)
def _expected(
    slots: tuple[str, ...], stock_up: int, seen: tuple[str, ...], rules: StockHoldemRules
) -> Fraction:
    return price_distribution(list(slots), stock_up=stock_up, seen=seen, rules=rules).expected


class SeatView:
    """The expected price of each company from ``seat``'s observation."""

    def __init__(self, state: StockHoldemState, seat: int):
        self.obs = state.observation(seat)
        self.rules = state.ruleset
        self._memo: dict[tuple[int, int], Fraction] = {}
        self._base: SeatView | None = None  # a revealed view: the view it was made from
        self._only = -1  # … and the company whose card it reveals

    def expected(self, co: int, extra_stock_up: int = 0) -> Fraction:
        if self._base is not None and co != self._only:
            return self._base.expected(co, extra_stock_up)
        key = (co, extra_stock_up)
        got = self._memo.get(key)
        if got is None:
            board = self.obs["board"][co]
            slots = tuple(board) + ("?",) * (SLOTS - len(board))
            own = set(board)
            seen = tuple(c for c in self.obs["known"] if c not in own)
            chips = self.obs["stock_up"][co] + extra_stock_up
            got = self._memo[key] = _expected(slots, chips, seen, self.rules)
        return got

    def revealed(self, where: tuple, card: str) -> SeatView:
        """The view once the face-down card at ``where`` is known to be ``card``:
        ``("board", company, slot)`` or ``("hand", seat, index)``. A card on a company
        changes that company's distribution only (the others keep theirs: in the price
        model the backs elsewhere do not narrow a company's pool, so neither does this
        card); a card in a hand leaves every company's pool."""
        obs = dict(self.obs)
        obs["known"] = tuple(sorted((*obs["known"], card)))
        kind, i, k = where
        part = "board" if kind == "board" else "hands"
        rows = list(obs[part])
        rows[i] = rows[i][:k] + (card,) + rows[i][k + 1 :]
        obs[part] = tuple(rows)
        out = SeatView.__new__(SeatView)
        out.obs, out.rules, out._memo = obs, self.rules, {}
        out._base, out._only = (self, i) if kind == "board" else (None, -1)
        return out

    def placed(self, co: int, card: str) -> SeatView:
        """The view once the seat has placed ``card`` (from its hand) on company ``co``:
        its face is one of the company's cards the seat knows (the other companies keep
        their distributions)."""
        obs = dict(self.obs)
        rows = list(obs["board"])
        rows[co] = (*rows[co], card)
        obs["board"] = tuple(rows)
        out = SeatView.__new__(SeatView)
        out.obs, out.rules, out._memo = obs, self.rules, {}
        out._base, out._only = self, co
        return out

    def candidates(self, where: tuple) -> list[str]:
        """The cards the face-down card at ``where`` can be from this view: every card
        not seen whose back is the one shown. (In the price model the backs are disjoint
        classes and every filling is equally likely, so each is equally likely.)"""
        kind, i, k = where
        shown = (self.obs["board"] if kind == "board" else self.obs["hands"])[i][k]
        known = set(self.obs["known"])
        back = backs(self.rules.card_back_parity)
        return [card_text(c) for c in ALL_CARDS if back[c] == shown and card_text(c) not in known]


def action_values(state: StockHoldemState) -> dict[str, float]:
    """The graded choices of the seat to act → expected value in $ (see the module
    docstring): the sell or buy step's choices and the free actions (peeks left out)."""
    if state.phase != TRADE:
        return {}
    seat = state.current_player()
    view = SeatView(state, seat)
    r = state.ruleset
    prices = state.prices
    held = state.shares[seat]
    out: dict[str, Fraction] = {}
    for a in state.legal_actions():
        k, co = a.kind, a.company
        if k in ("no sell", "no buy"):
            v = Fraction(1)
        elif k == "sell":
            v = prices[co] - view.expected(co)
        elif k == "buy":
            v = view.expected(co) - prices[co]
        elif k == "free sell":
            v = prices[co] - view.expected(co) - r.cost_free_sell
        elif k == "free buy":
            v = view.expected(co) - prices[co] - r.cost_free_buy
        elif k == "stock-up":
            gain = view.expected(co, 1) - view.expected(co)
            v = held[co] * gain - r.cost_stock_up
        elif k == "cash":
            v = Fraction(1 - r.cost_cash)
        else:
            continue
        out[str(a)] = v
    return {k: float(v) for k, v in out.items()}


def _next_steps(state: StockHoldemState, seat: int) -> tuple[bool, list[int] | None]:
    """The seat's next sell step and buy step in this round (this turn's if still
    ahead, else the next turn's): ``(a sell step is ahead, the companies its buy step
    may buy or None)``."""
    step, n = state.step, state.num_players
    last_turn = state.turn_number >= state.turns
    room = [co for co in range(6) if len(state.board[co]) < SLOTS]
    sell = step in (PLACE, SELL) or not last_turn
    options: list[int] | None
    if step in (PLACE, SELL, BUY):
        if state.placed >= 0:
            options = [state.placed]
        elif state.turn_index < n:
            options = list(range(6))  # the first turn: any company
        else:
            options = room  # it buys the company it places on
    else:
        options = None if last_turn else room
    if options is not None:
        money = state.money[seat]
        options = [co for co in options if money >= state.prices[co] and state.supply(co) > 0]
    return sell, options


def _trade_worth(state, seat, view: SeatView, steps, chips: int) -> Fraction:
    """The seat's best next sell step + best next buy step + best single free sale or
    purchase now with ``chips`` (each against its alternatives: $1 for the chip of no
    sale or no purchase, $0 for no free trade), from ``view``."""
    r = state.ruleset
    prices = state.prices
    held = [co for co in range(6) if state.shares[seat][co]]
    sell, options = steps
    total = Fraction(0)
    if sell:
        total += max([Fraction(1)] + [prices[co] - view.expected(co) for co in held])
    if options is not None:
        total += max([Fraction(1)] + [view.expected(co) - prices[co] for co in options])
    free = [Fraction(0)]
    if chips >= r.cost_free_sell:
        free += [prices[co] - view.expected(co) - r.cost_free_sell for co in held]
    if chips >= r.cost_free_buy:
        money = state.money[seat]
        free += [
            view.expected(co) - prices[co] - r.cost_free_buy
            for co in range(6)
            if money >= prices[co] and state.supply(co) > 0
        ]
    return total + max(free)


def _where(state: StockHoldemState, move) -> tuple:
    if move.kind == "peek":
        return ("board", move.company, move.slot)
    return ("hand", move.seat, move.slot)


def information_value(state: StockHoldemState, move) -> Fraction:
    """What knowing the card a peek shows is worth to the seat to act, in expected $
    (see the module docstring): the seat's next trades with the card known, averaged over
    the cards it can be, minus the same trades without it."""
    seat = state.current_player()
    view = SeatView(state, seat)
    where = _where(state, move)
    steps = _next_steps(state, seat)
    chips = state.chips[seat] - state.ruleset.cost_peek
    cards = view.candidates(where)
    known = sum(
        (_trade_worth(state, seat, view.revealed(where, c), steps, chips) for c in cards),
        Fraction(0),
    ) / len(cards)
    return known - _trade_worth(state, seat, view, steps, chips)


def peek_values(state: StockHoldemState) -> dict[str, float]:
    """At a trading position: each legal peek → the worth of its information minus its
    chips ($1 each), and ``'(no peek)'`` → $0."""
    if state.phase != TRADE:
        return {}
    cost = state.ruleset.cost_peek
    out = {"(no peek)": 0.0}
    for a in state.legal_actions():
        if a.kind in _PEEK_KINDS:
            out[str(a)] = float(information_value(state, a) - cost)
    return out


def _choices(state: StockHoldemState, played_kind: str, values: dict[str, float]):
    """The alternatives a played action is graded against."""
    if played_kind in _FREE_KINDS:
        alts = {k: v for k, v in values.items() if k.split(" ")[0] in ("cash", "free", "stock-up")}
        return alts | {"(no free action)": 0.0}
    kinds = _STEP_KINDS.get(state.step, ())
    return {k: v for k, v in values.items() if any(k == x or k.startswith(x + " ") for x in kinds)}


def _annotate(step, state, played, values, choices, measure) -> Annotation:
    best = max(choices, key=choices.get)
    loss = max(0.0, choices[best] - values[played])
    if loss <= 1e-9:
        best = played
    ranked = sorted(choices.values(), reverse=True)
    second = ranked[0] - ranked[1] if len(ranked) > 1 else None
    mark = mark_for(loss, THRESHOLDS, second_best_loss=second)
    seat = state.current_player()
    return Annotation(step, seat, played, best, values[played], choices[best], UNIT, mark, measure)


def analyse(record: GameRecord) -> list[Annotation]:
    """Every sell-step, buy-step, free-action and peek decision of a Stock Hold'em record."""
    from engine.analysis import positions

    out = []
    for step, position, text in positions(record):
        state = cast(StockHoldemState, position)
        if state.phase != TRADE:
            continue
        try:
            move = state.parse_action(text)
        except EngineError:
            continue  # badly written: the replay names it next
        kind = getattr(move, "kind", "")
        if kind in _PEEK_KINDS:
            values = peek_values(state)
            if str(move) in values:  # else not legal: the replay names it next
                out.append(_annotate(step, state, str(move), values, values, MEASURE_PEEK))
            continue
        graded = kind in _FREE_KINDS or (
            state.step in _STEP_KINDS and kind in _STEP_KINDS[state.step]
        )
        if not graded:
            continue
        values = action_values(state)
        played = str(move)
        if played not in values:  # not legal: the replay names it next
            continue
        choices = _choices(state, kind, values)
        out.append(_annotate(step, state, played, values, choices, MEASURE))
    return out


__all__ = ["COMPANIES", "SeatView", "action_values", "analyse", "information_value", "peek_values"]
