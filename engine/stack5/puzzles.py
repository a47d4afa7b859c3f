"""Stack 5's puzzle choices (:mod:`engine.puzzles`): the draw or stop, or the places of
the card being placed, valued by the game's analysis."""

from __future__ import annotations

from engine.puzzles import MEASURES, Choices, singletons
from engine.stack5.actions import Place, parse_action
from engine.stack5.analysis import UNIT, _placement_values, _rows, decision_values
from engine.stack5.state import P_DECIDE, P_PLACE, P_STEAL_PLACE


def choices(state, played: str) -> Choices | None:
    """The graded choices at ``state`` for the move ``played``, or None."""
    phase = state.phase
    if phase == P_DECIDE:
        if played not in ("draw", "stop"):
            return None
        values = decision_values(state)
        return Choices(state.player, values, MEASURES["stack5.draw"], UNIT, singletons(values))
    if phase in (P_PLACE, P_STEAL_PLACE):
        action = parse_action(played)
        if not isinstance(action, Place):
            return None
        seat = state.placer if phase == P_PLACE else state.player
        values = _placement_values(_rows(state, seat), action.card, state.ruleset)
        return Choices(seat, dict(values), MEASURES["stack5.place"], UNIT, singletons(values))
    return None
