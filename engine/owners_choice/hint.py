"""Owner's Choice's hint (:mod:`engine.hints`): every legal action of the phase valued
by the analysis (:mod:`engine.owners_choice.analysis`) as the change of the seat's
expected net worth, exact over the dice."""

from __future__ import annotations

from engine.core.errors import Phrase
from engine.hints import Hint, signed, valued
from engine.owners_choice.analysis import UNIT, action_values
from engine.owners_choice.puzzles import _MEASURE_OF_PHASE
from engine.owners_choice.state import LEAVE, OwnersChoiceState
from engine.puzzles import MEASURES


def hint(state: OwnersChoiceState, ask_bot=None) -> Hint | None:
    """The hint for the seat to act, or None (set-up: not valued)."""
    seat = state.current_player()
    if state.phase not in _MEASURE_OF_PHASE or seat < 0:
        return None
    values = action_values(state)

    def why(best: float, second: float | None) -> Phrase:
        if state.phase == LEAVE:  # valued as the net worth itself
            worth = signed(best, "$").lstrip("+")
            return Phrase.coded(
                "hint.owners_choice.leave", "Your net worth after this move: {worth}.", worth=worth
            )
        if second is None:
            return Phrase.coded(
                "hint.owners_choice.best",
                "Your expected net worth changes by {best} with this move; no other move does "
                "better.",
                best=signed(best, "$"),
            )
        return Phrase.coded(
            "hint.owners_choice.move",
            "Your expected net worth changes by {best} with this move, by {second} with the "
            "next best (exact over the dice).",
            best=signed(best, "$"),
            second=signed(second, "$"),
        )

    measure = MEASURES[_MEASURE_OF_PHASE[state.phase]]
    return valued(seat, values, UNIT, measure, why)
