"""Stack 5's hint (:mod:`engine.hints`): draw or stop by the exact expected points kept
this turn, with the bust chance of one more draw; a placement by what it adds to the
rows' worth. The values are the analysis's (:mod:`engine.stack5.analysis`)."""

from __future__ import annotations

from engine.core.errors import EngineError, Phrase
from engine.hints import Hint, signed, valued
from engine.puzzles import MEASURES
from engine.stack5.analysis import UNIT, _placement_values, _rows, decision_values
from engine.stack5.odds import draw_odds
from engine.stack5.state import P_DECIDE, P_PLACE, P_STEAL_PLACE, Stack5State


def _bust(state: Stack5State) -> str:
    """The chance that one more draw busts, as a percentage ('?' when not known)."""
    obs = state.observation(None)
    try:
        odds = draw_odds(
            obs["hand"],
            obs["unseen"] or obs["discard"],
            state.ruleset,
            horizon=1,
            jokers_this_turn=obs["jokers_this_turn"],
        )
    except EngineError:
        return "?"
    return f"{float(odds.bust):.0%}"


def hint(state: Stack5State, ask_bot=None) -> Hint | None:
    """The hint for the seat to act, or None (stealing, giving: not valued)."""
    phase = state.phase
    if phase == P_DECIDE:
        values = decision_values(state)
        bust = _bust(state)
        stop, draw = (f"{values[k]:.2f}" for k in ("stop", "draw"))

        def why(best: float, second: float | None) -> Phrase:
            return Phrase.coded(
                "hint.stack5.draw",
                "One more draw busts with chance {bust}. Stopping keeps {stop} points of "
                "row worth; drawing on is worth {draw} on average.",
                bust=bust,
                stop=stop,
                draw=draw,
            )

        return valued(state.player, values, UNIT, MEASURES["stack5.draw"], why)
    if phase in (P_PLACE, P_STEAL_PLACE):
        seat = state.placer if phase == P_PLACE else state.player
        rows = _rows(state, seat)
        names = state.spec.names
        cards = state.to_place if phase == P_PLACE else [state.stolen]
        places: dict[str, float] = {}
        for card in dict.fromkeys(names[c] for c in cards):
            places |= _placement_values(rows, card, state.ruleset)

        def gain(best: float, second: float | None) -> Phrase:
            if second is None:
                return Phrase.coded(
                    "hint.stack5.place_best",
                    "This place adds {gain} points of row worth; no other place adds more.",
                    gain=signed(best),
                )
            return Phrase.coded(
                "hint.stack5.place",
                "This place adds {gain} points of row worth (a row's best combination × its "
                "progress squared); the next best adds {second}.",
                gain=signed(best),
                second=signed(second),
            )

        return valued(seat, places, UNIT, MEASURES["stack5.place"], gain)
    return None
