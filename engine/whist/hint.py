"""Whist's hint (:mod:`engine.hints`): in a four-player deal's card play, each legal card
valued by the tricks the side to play ends the deal with under double-dummy play (every
hand known, all four playing perfectly: :func:`engine.whist.puzzles.card_values`). The C
search answers a whole deal in milliseconds; the Python one only in the last tricks."""

from __future__ import annotations

from engine.core.errors import Phrase
from engine.hints import Hint, valued
from engine.whist.puzzles import PUZZLE_TRICKS_LEFT, card_values

#: double-dummy Python search: hints only with at most this many tricks to go
PYTHON_TRICKS_LEFT = PUZZLE_TRICKS_LEFT


def hint(state, ask_bot=None) -> Hint | None:
    """The hint for the seat to act, or None (bidding, the kitty, two players: not valued)."""
    from engine.doubledummy.four_hands_c import available
    from engine.whist.grading.vocabulary import UNIT, Position

    if state.num_players != 4 or state.phase_name != "play":
        return None
    if not available() and Position(state).remaining > PYTHON_TRICKS_LEFT:
        return None
    values, _classes = card_values(state)

    def why(best: float, second: float | None) -> Phrase:
        tricks = f"{best:.0f}"
        if second is None:
            return Phrase.coded(
                "hint.whist.equal",
                "With every hand known and perfect play from here, your side ends the deal "
                "with {tricks} tricks whichever card you play.",
                tricks=tricks,
            )
        return Phrase.coded(
            "hint.whist.card",
            "With every hand known and perfect play from here, your side ends the deal "
            "with {tricks} tricks after this card, {second} after the next best.",
            tricks=tricks,
            second=str(round(second)),
        )

    return valued(state.to_act, values, UNIT, None, why)  # the reason says the measure
