"""Stock Hold'em's puzzle choices (:mod:`engine.puzzles`): the sell step's or buy step's
choices, the free actions, or the peeks, valued by the game's analysis."""

from __future__ import annotations

from engine.puzzles import MEASURES, Choices, singletons
from engine.stock_holdem.analysis import (
    _FREE_KINDS,
    _PEEK_KINDS,
    _STEP_KINDS,
    UNIT,
    _choices,
    action_values,
    peek_values,
)
from engine.stock_holdem.state import TRADE


def choices(state, played: str) -> Choices | None:
    """The graded choices at ``state`` for the move ``played``, or None."""
    if state.phase != TRADE:
        return None
    seat = state.current_player()
    move = state.parse_action(played)
    kind = getattr(move, "kind", "")
    if kind in _PEEK_KINDS:
        values = peek_values(state)
        return Choices(seat, values, MEASURES["stock_holdem.peek"], UNIT, singletons(values))
    if not (kind in _FREE_KINDS or kind in _STEP_KINDS.get(state.step, ())):
        return None
    values = _choices(state, kind, action_values(state))
    return Choices(seat, values, MEASURES["stock_holdem.trade"], UNIT, singletons(values))
