"""Owner's Choice's puzzle choices (:mod:`engine.puzzles`): every legal action of the
phase, valued by the game's analysis."""

from __future__ import annotations

from engine.owners_choice.analysis import UNIT, action_values
from engine.owners_choice.state import CHOOSE, LEAVE, NAME, POST, PRE
from engine.puzzles import MEASURES, Choices, singletons

_MEASURE_OF_PHASE = {
    PRE: "owners_choice.pre",
    POST: "owners_choice.post",
    CHOOSE: "owners_choice.exact",
    NAME: "owners_choice.exact",
    LEAVE: "owners_choice.leave",
}


def choices(state, played: str) -> Choices | None:
    """The graded choices at ``state`` for the move ``played``, or None."""
    seat = state.current_player()
    if state.phase not in _MEASURE_OF_PHASE or seat < 0:
        return None
    values = action_values(state)
    measure = MEASURES[_MEASURE_OF_PHASE[state.phase]]
    return Choices(seat, values, measure, UNIT, singletons(values))
