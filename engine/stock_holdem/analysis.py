"""Grading Stock Hold'em trades and free actions from the trader's own view (unit: $).

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

Card placements, peeks (their worth is information, not measured here) and ``end`` are
not graded.

>>> from engine import simulate
>>> from engine.stock_holdem.analysis import analyse
>>> notes = analyse(simulate("stock_holdem", seed=2, players=["heuristic"] * 3))
>>> {n.action.split()[0] for n in notes} <= {"buy", "cash", "free", "no", "sell", "stock-up"}
True
"""

from __future__ import annotations

from fractions import Fraction
from functools import lru_cache

from engine.core.annotation import Annotation, Thresholds, mark_for
from engine.core.errors import EngineError
from engine.core.records import GameRecord
from engine.stock_holdem import COMPANIES, price_distribution
from engine.stock_holdem.rules import SLOTS, StockHoldemRules
from engine.stock_holdem.state import BUY, SELL, TRADE, StockHoldemState

UNIT = "$"
THRESHOLDS = Thresholds(inaccuracy=2.0, mistake=5.0, blunder=12.0)
MEASURE = "expected price after this round's price phase, from the seat's own view"
_STEP_KINDS = {SELL: ("sell", "no sell"), BUY: ("buy", "no buy")}
_FREE_KINDS = ("cash", "free sell", "free buy", "stock-up")


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

    def expected(self, co: int, extra_stock_up: int = 0) -> Fraction:
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


def _choices(state: StockHoldemState, played_kind: str, values: dict[str, float]):
    """The alternatives a played action is graded against."""
    if played_kind in _FREE_KINDS:
        alts = {k: v for k, v in values.items() if k.split(" ")[0] in ("cash", "free", "stock-up")}
        return alts | {"(no free action)": 0.0}
    kinds = _STEP_KINDS.get(state.step, ())
    return {k: v for k, v in values.items() if any(k == x or k.startswith(x + " ") for x in kinds)}


def analyse(record: GameRecord) -> list[Annotation]:
    """Every sell-step, buy-step and free-action decision of a Stock Hold'em record."""
    from engine.analysis import positions

    out = []
    for step, state, text in positions(record):
        if state.phase != TRADE:
            continue
        try:
            move = state.parse_action(text)
        except EngineError:
            continue  # badly written: the replay names it next
        kind = getattr(move, "kind", "")
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
        best = max(choices, key=choices.get)
        loss = max(0.0, choices[best] - values[played])
        if loss <= 1e-9:
            best = played
        ranked = sorted(choices.values(), reverse=True)
        second = ranked[0] - ranked[1] if len(ranked) > 1 else None
        mark = mark_for(loss, THRESHOLDS, second_best_loss=second)
        seat = state.current_player()
        out.append(
            Annotation(step, seat, played, best, values[played], choices[best], UNIT, mark, MEASURE)
        )
    return out


__all__ = ["COMPANIES", "SeatView", "action_values", "analyse"]
