"""Bots for Owner's Choice.

- ``random``: uniform among the legal actions, except that in a trade phase it ends the
  phase ('move N' / 'done') with probability 1/2 and otherwise trades uniformly; a
  uniform choice would trade ~10 times a turn and only measure noise.
- ``heuristic``: values moves by exact expected net worth (:func:`move_outlook`), picks
  the president's option and the ALL company by expectation, trades for presidencies it
  can profit from, sells shares about to go bankrupt, and plays the end race to GOAL
  (goes there only when it wins by doing so).

>>> from engine import simulate
>>> rec = simulate("owners_choice", seed=2, players=["heuristic", "random"])
>>> rec.result["winners"] in ([0], [1], [0, 1])
True
"""

from __future__ import annotations

from engine.core.errors import EngineError
from engine.core.protocol import Bot
from engine.owners_choice.actions import BUY, DONE, MOVE, SELL, STAY
from engine.owners_choice.outlook import MoveOutlook, move_outlook, option_values
from engine.owners_choice.state import CHOOSE, LEAVE, NAME, POST, PRE, SETUP, OwnersChoiceState

_TRADE_PHASES = frozenset((PRE, POST, SETUP))


class OwnersChoiceRandomBot(Bot[OwnersChoiceState]):
    """Random play that ends a trade phase with probability 1/2 per action."""

    name = "random"

    def choose(self, state: OwnersChoiceState, seat: int, rng):
        legal = state.legal_actions()
        n = len(legal)
        if n > 1 and state.phase in _TRADE_PHASES:
            # The engine lists the trades first, then 'move 1' … 'move N' or 'done':
            # k is the number of trades.
            last = legal[-1]
            k = n - last.number if last.kind == "move" else n - 1 if last.kind == "done" else n
            if k and rng.random() < 0.5:
                return legal[int(rng.random() * k)]
            return legal[k + int(rng.random() * (n - k))]
        return legal[int(rng.random() * n)]


class OwnersChoiceHeuristicBot(Bot[OwnersChoiceState]):
    """Expected-net-worth play; see the module docstring."""

    name = "heuristic"
    reserve = 100  # cash kept for fees

    def choose(self, state: OwnersChoiceState, seat: int, rng):
        legal = state.legal_actions()
        if len(legal) == 1:
            return legal[0]
        ph = state.phase
        if ph == LEAVE:
            return STAY
        if ph == CHOOSE:
            vals = option_values(state)
            return max(vals, key=lambda a: vals[a][seat])
        if ph == NAME:
            vals = option_values(state)
            return max(vals, key=lambda a: _edge(vals[a], seat, state))
        if ph == SETUP:
            return self._trade(state, seat, legal, setup=True) or DONE
        if ph == POST:
            return self._trade(state, seat, legal) or DONE
        # PRE: sell what is about to go bankrupt, else move.
        a = self._dump(state, seat, legal)
        return a or self._move(state, seat)

    # --- moving ------------------------------------------------------------------------
    def _move(self, state: OwnersChoiceState, seat: int):
        nw = state.net_worth()
        goal = state.t.goal
        best: MoveOutlook | None = None
        best_score: float | None = None
        for o in move_outlook(state):
            after = [b + d for b, d in zip(nw, o.delta)]
            score: float
            if o.space == goal:
                others = max((v for p, v in enumerate(after) if p != seat), default=0)
                score = 10**6 if after[seat] >= others else -(10**6)
            else:
                score = _edge(after, seat, state) - _edge(nw, seat, state)
                # End race: do not hand GOAL to a leading opponent.
                if goal - o.space <= state.move_max():
                    nxt = _next_seat(state)
                    if nxt != seat and after[nxt] >= max(after):
                        score -= 10**5
            if best_score is None or score > best_score:
                best, best_score = o, score
        if best is None:
            raise EngineError("no move to make: the game is not at a move")
        return MOVE[best.distance]

    # --- trading -----------------------------------------------------------------------
    def _dump(self, state: OwnersChoiceState, seat: int, legal):
        for c in range(4):
            if state.step[c] == 0 and SELL[c] in legal:
                return SELL[c]
        return None

    def _trade(self, state: OwnersChoiceState, seat: int, legal, setup: bool = False):
        a = self._dump(state, seat, legal)
        if a:
            return a
        if state.t.goal - state.pos <= 2 * state.move_max() and not setup:
            return None  # the end is near: shares only change hands at market value
        cash = state.cash[seat]
        # Presidents as the trade so far would settle them (the dice move at its end).
        settled = state.settled_presidents()
        best, best_score = None, 0.0
        for c in range(4):
            if BUY[c] not in legal or state.step[c] <= 1:
                continue
            price = state.price(c)
            if cash - price < self.reserve:
                continue
            mine = state.shares(seat, c)
            others = max(
                (state.shares(p, c) for p in range(state.num_players) if p != seat), default=0
            )
            pres = settled[c]
            if pres == seat:
                # Stay ahead by two so a single purchase cannot take the die.
                score = 2.0 if mine - others < 2 else 0.5
            elif mine + 1 > others:
                score = 3.0  # this share makes us president
            elif mine + 2 > others and cash - 2 * price >= self.reserve:
                score = 1.5
            else:
                score = 0.0
            score += state.dividend(c) / price
            if score > best_score:
                best, best_score = BUY[c], score
        return best


def _next_seat(state: OwnersChoiceState) -> int:
    n = state.num_players
    for i in range(1, n + 1):
        p = (state.active + i) % n
        if not state.out[p]:
            return p
    return state.active


def _edge(values, seat: int, state: OwnersChoiceState) -> float:
    """Own value minus the best opponent's: the bot plays to win, not to grow."""
    others = [v for p, v in enumerate(values) if p != seat and not state.out[p]]
    return float(values[seat]) - (float(max(others)) if others else 0.0)
