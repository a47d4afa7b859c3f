"""Stack 5 bots: the core's random bot and a heuristic bot.

The heuristic bot reads only ``state.observation(seat)`` (everything but the deck order is
public) and ``state.legal_actions()``:

- draw/stop: :func:`engine.stack5.odds.draw_odds` on the held cards and the unseen cards,
  then :func:`engine.stack5.odds.draw_or_stop` weighted by ``boldness``;
- placement: the legal placement that leaves its rows worth most (:func:`rows_value`),
  completing a row when it can;
- bust: gives the cards to the opponent whose rows they help least (placed greedily);
- steal: the card that helps its rows most plus hurts its owner most.

>>> from engine import simulate
>>> rec = simulate("stack5", seed=2, players=["heuristic", "random"])
>>> rec.result["winners"] in ([0], [1])
True
"""

from __future__ import annotations

import random

from engine.core.protocol import Bot
from engine.stack5.actions import DRAW, STOP, Give, Place, Steal, placements
from engine.stack5.cards import ROW_LENGTH, DeckSpec
from engine.stack5.odds import draw_odds, draw_or_stop
from engine.stack5.state import PHASE_NAMES, Stack5State

POINT_VALUE = 3.0


def row_value(spec: DeckSpec, row: tuple) -> float:
    """How promising one row is: best reachable points × fullness², a little for
    flexibility (memoised per deck and row)."""
    memo = spec.__dict__.get("_row_values")
    if memo is None:
        memo = spec.__dict__["_row_values"] = {}
    v = memo.get(row)
    if v is None:
        v = memo[row] = _row_value(spec, row)
    return v


def _row_value(spec: DeckSpec, row: tuple) -> float:
    if not row:
        return 0.0
    combos = spec.outlook(row)
    if not combos:
        return -1.0
    n = len(row)
    return combos[0][1] * (n / ROW_LENGTH) ** 2 + 0.05 * len(combos)


def rows_value(spec: DeckSpec, rows) -> float:
    return sum(row_value(spec, r) for r in rows)


def after_place(spec: DeckSpec, rows: list, action: Place) -> tuple[list, int]:
    """Rows and points after ``action`` (on a copy)."""
    rows = list(rows)
    slot = action.row - 1
    code = spec.index[action.card]
    row = (code,) if action.discard else rows[slot] + (code,)
    if len(row) == ROW_LENGTH:
        rows[slot] = ()
        return rows, spec.points(row)
    rows[slot] = row
    return rows, 0


def greedy_gain(spec: DeckSpec, rows: list, cards: list[int]) -> float:
    """Value a player gets from placing ``cards`` on ``rows`` greedily (points count
    ``POINT_VALUE`` each)."""
    rows = list(rows)
    start = rows_value(spec, rows)
    points = 0
    cards = list(cards)
    while cards:
        best: tuple[float, int, list, int] | None = None
        for c in set(cards):
            for a in placements(spec, rows, c):
                new, pts = after_place(spec, rows, a)
                v = rows_value(spec, new) + POINT_VALUE * pts
                if best is None or v > best[0]:
                    best = (v, c, new, pts)
        if best is None:  # none of the cards left has a place
            break
        _, c, rows, pts = best
        points += pts
        cards.remove(c)
    return rows_value(spec, rows) + POINT_VALUE * points - start


class HeuristicBot(Bot[Stack5State]):
    """Stops when the bust risk outweighs the gain; places to keep rows alive; gives
    bust cards to the opponent they help least."""

    name = "heuristic"

    def __init__(self, boldness: float = 1.0):
        self.boldness = boldness

    def choose(self, state: Stack5State, seat: int, rng: random.Random):
        legal = state.legal_actions()
        if len(legal) == 1:
            return legal[0]
        obs = state.observation(seat)
        spec = state.spec
        phase = obs["phase"]
        if phase == "decide":
            return self._draw_or_stop(
                state,
                obs["hand"],
                obs["unseen"] or obs["discard"],  # an empty deck is reshuffled first
                obs["jokers_this_turn"],
            )
        rows_of = [[tuple(spec.index[c] for c in row) for row in rows] for rows in obs["rows"]]
        hand = [spec.index[c] for c in obs["hand"]]
        return self._place_give_steal(state, seat, rng, legal, phase, rows_of, hand, obs["scores"])

    def _draw_or_stop(self, state: Stack5State, hand: list[str], unseen: dict, jokers: int):
        odds = draw_odds(hand, unseen, state.ruleset, horizon=1, jokers_this_turn=jokers)
        verb, _ = draw_or_stop(odds, card_value=self.boldness)
        return DRAW if verb == "draw" else STOP

    def _place_give_steal(self, state, seat, rng, legal, phase, rows_of, hand, scores):
        spec = state.spec
        if phase in ("place", "steal_place"):
            mine = rows_of[seat]
            best, best_v = legal[0], None
            for a in legal:
                new, pts = after_place(spec, mine, a)
                v = rows_value(spec, new) + POINT_VALUE * pts
                if best_v is None or v > best_v:
                    best, best_v = a, v
            return best
        if phase == "give":
            cards = hand
            best, best_v = legal[0], None
            for a in legal:
                if not isinstance(a, Give):
                    continue
                v = greedy_gain(spec, rows_of[a.seat], cards) + 0.5 * scores[a.seat]
                if best_v is None or v < best_v:
                    best, best_v = a, v
            return best
        if phase == "steal":
            mine = rows_of[seat]
            best, best_v = legal[0], None
            for a in legal:
                if not isinstance(a, Steal):
                    continue
                row = rows_of[a.seat][a.row - 1]
                hurt = row_value(spec, row) - row_value(spec, row[:-1])
                v = greedy_gain(spec, mine, [row[-1]]) + hurt
                if best_v is None or v > best_v:
                    best, best_v = a, v
            return best
        return rng.choice(legal)


class RolloutBot(HeuristicBot):
    """The heuristic bot's choices, made faster for the search's rollouts: it reads the
        state's own card counts (a rollout plays on the search's own determinized copy)
        instead of building an observation, and memoises its draw-or-stop decisions by
        the numbers held and the deck's count of each number and special (colours never
    bust). Same move as :class:`HeuristicBot` in every
        position (``tests/engine/stack5/test_bots.py`` checks it)."""

    name = "heuristic"
    MEMO_LIMIT = 200_000
    #: draw-or-stop decisions by boldness, shared by every rollout bot of the process (a
    #: pure function of its key, so sharing it changes no move, only the time)
    _MEMOS: dict = {}

    def __init__(self, boldness: float = 1.0):
        super().__init__(boldness)
        self._draws: dict = self._MEMOS.setdefault(boldness, {})

    def choose(self, state: Stack5State, seat: int, rng: random.Random):
        legal = state.legal_actions()
        if len(legal) == 1:
            return legal[0]
        phase = PHASE_NAMES[state.phase]
        if phase == "decide":
            deck = state._deck if state.deck_total else state.discard
            spec = state.spec
            held = 0
            for c in state.hand:
                if c < spec.n_numbers:
                    held |= 1 << spec.number[c]
            per_number = [0] * (spec.rules.numbers + 1)
            for c in range(spec.n_numbers):
                per_number[spec.number[c]] += deck[c]
            # the odds depend on numbers only (colours never bust), the specials left,
            # the Jokers held and counted, and how many cards are held
            key = (
                len(state.hand),
                held,
                spec.JK in state.hand,
                state.jokers,
                tuple(per_number),
                tuple(deck[spec.n_numbers :]),
                state.ruleset,
            )
            move = self._draws.get(key)
            if move is None:
                if len(self._draws) >= self.MEMO_LIMIT:
                    self._draws.clear()
                names = state.spec.names
                unseen = {names[c]: n for c, n in enumerate(deck) if n}
                hand = [names[c] for c in state.hand]
                move = self._draws[key] = self._draw_or_stop(state, hand, unseen, state.jokers)
            return move
        return self._place_give_steal(
            state, seat, rng, legal, phase, state._rows, list(state.hand), state.scores
        )


__all__ = ["HeuristicBot", "RolloutBot", "DRAW", "STOP"]
