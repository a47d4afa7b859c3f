"""Grading Owner's Choice decisions by expected net worth (unit: $).

Net worth is cash plus shares at the current prices (``net_worth``); a trade alone never
changes it (shares change hands at the market price), so every decision is valued by the
exact expected change of the deciding seat's net worth over the next roll(s), every die
enumerated with its probability (:func:`~engine.owners_choice.move_outlook`,
:func:`~engine.owners_choice.option_values`). In each expectation the presidents pick
the option better for their own expected net worth and nobody declares bankruptcy (the
assumptions of ``move_outlook``).

- **Move** (``move N``, before or without trading): its ``move_outlook`` change.
- **Trade before the move** (``buy C`` / ``sell C`` in the pre-move phase): a one-step
  measure — the trade, then the best move for the trader (the trade is closed by that
  move, so the president dice are reassigned as the rules say). Every legal action of the
  pre-move phase (each trade and each move) is compared on this scale.
- **Trade after the move** (``buy C`` / ``sell C`` / ``done``): a one-step measure — the
  trade, then ``done``, then the next player's move, which they pick by their own
  expected net worth (no trading; the first of equal moves); the value is the trader's
  expected change over that move.
- **President's choice** (``pay`` / ``fund``) and **ALL space** (``name C``): the exact
  ``option_values`` of the deciding seat.
- **Bankruptcy** (``bankrupt`` / ``stay``): leaving sets one's net worth to 0.

The set-up purchases are not graded (nothing is rolled before every seat has bought).

>>> from engine.owners_choice import from_position
>>> s = from_position(holdings=[[3, 0, 0, 0], [0, 2, 0, 0]], cash=[400, 500], fund=200)
>>> v = action_values(s)
>>> {k: round(x, 2) for k, x in v.items() if k.startswith("move")}
{'move 1': 58.33, 'move 2': 0.0, 'move 3': 6.67, 'move 4': 0.0}
>>> max(v, key=v.get)  # one more B share, then move 4: B's president rolls B's die
'buy B'

"""

from __future__ import annotations

from fractions import Fraction
from typing import cast

from engine.core.annotation import Annotation, Thresholds, mark_for
from engine.core.errors import EngineError
from engine.core.records import GameRecord
from engine.owners_choice.outlook import move_outlook, option_values
from engine.owners_choice.state import CHOOSE, LEAVE, NAME, POST, PRE, OwnersChoiceState

UNIT = "$"
THRESHOLDS = Thresholds(inaccuracy=10.0, mistake=30.0, blunder=75.0)
MEASURE = {
    PRE: "expected net worth after the best move (exact over the dice)",
    POST: "expected net worth after the next player's move (exact over the dice)",
    CHOOSE: "expected net worth (exact over the dice)",
    NAME: "expected net worth (exact over the dice)",
    LEAVE: "net worth",
}


def _best_move_delta(state: OwnersChoiceState, seat: int) -> Fraction:
    return max(o.delta[seat] for o in move_outlook(state))


def _next_move_delta(state: OwnersChoiceState, seat: int) -> Fraction:
    """``seat``'s expected change over the next player's own best move."""
    if state.phase != PRE:
        return Fraction(0)  # the game is over
    mover = state.active
    outlooks = move_outlook(state)
    best = max(outlooks, key=lambda o: o.delta[mover])
    return best.delta[seat]


def action_values(state: OwnersChoiceState) -> dict[str, float]:
    """Each legal action of the seat to act → its value in $ (see the module docstring);
    empty where this analysis grades nothing (set-up, chance, game over)."""
    phase = state.phase
    seat = state.current_player()
    out: dict[str, Fraction] = {}
    if phase == PRE:
        for o in move_outlook(state):
            out[f"move {o.distance}"] = o.delta[seat]
        for a in state.legal_actions():
            if a.kind in ("buy", "sell"):
                c = state.clone(history=False)
                c.apply(a)
                out[str(a)] = _best_move_delta(c, seat)
    elif phase == POST:
        for a in state.legal_actions():
            c = state.clone(history=False)
            c.apply(a)
            if a.kind != "done":
                c.apply("done")
            out[str(a)] = _next_move_delta(c, seat)
    elif phase in (CHOOSE, NAME):
        before = state.net_worth()[seat]
        for a, v in option_values(state).items():
            out[str(a)] = v[seat] - before
    elif phase == LEAVE:
        worth = state.net_worth()[seat]
        out = {
            str(a): Fraction(0 if a.kind == "bankrupt" else worth) for a in state.legal_actions()
        }
    return {k: float(v) for k, v in out.items()}


def analyse(record: GameRecord) -> list[Annotation]:
    """Every graded decision of an Owner's Choice record (see the module docstring)."""
    from engine.analysis import positions

    out = []
    for step, position, text in positions(record):
        state = cast(OwnersChoiceState, position)
        if state.phase not in MEASURE or state.current_player() < 0:
            continue
        seat = state.current_player()
        try:
            played = str(state.parse_action(text))
        except EngineError:
            continue  # badly written: the replay names it next
        values = action_values(state)
        if played not in values:  # not legal: the replay names it next
            continue
        best = max(values, key=values.__getitem__)
        loss = max(0.0, values[best] - values[played])
        if loss <= 1e-9:
            best = played
        ranked = sorted(values.values(), reverse=True)
        second = ranked[0] - ranked[1] if len(ranked) > 1 else None
        mark = mark_for(loss, THRESHOLDS, second_best_loss=second)
        out.append(
            Annotation(
                step,
                seat,
                played,
                best,
                values[played],
                values[best],
                UNIT,
                mark,
                MEASURE[state.phase],
            )
        )
    return out
