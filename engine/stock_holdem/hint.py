"""Stock Hold'em's hint (:mod:`engine.hints`): at a trading position, the sell or buy
step's choices and the free actions worth more than skipping them, each valued in
expected dollars from the seat's own view by the analysis (:mod:`engine.stock_holdem.
analysis`: a share is worth its expected price after this round's price phase). A
placement is not graded: the hint is the strongest bot's, with the change it makes to
that company's expected price, from the seat's own view."""

from __future__ import annotations

from collections.abc import Callable

from engine.core.errors import Phrase
from engine.hints import Hint, signed, valued
from engine.puzzles import MEASURES
from engine.stock_holdem.analysis import _STEP_KINDS, UNIT, SeatView, _choices, action_values
from engine.stock_holdem.cards import card_text
from engine.stock_holdem.state import PLACE, TRADE, StockHoldemState


def hint(
    state: StockHoldemState, ask_bot: Callable[[], tuple[str, str]] | None = None
) -> Hint | None:
    """The hint for the seat to act, or None (peeking, the set-up: not valued)."""
    if state.phase != TRADE:
        return None
    values = action_values(state)
    kinds = _STEP_KINDS.get(state.step, ())
    candidates = _choices(state, kinds[0], values) if kinds else {}
    for text, value in values.items():  # a free action is worth taking before the step
        if text.split(" ")[0] in ("cash", "free", "stock-up") and value > 0:
            candidates[text] = value
    if not candidates:
        return _placement(state, ask_bot) if state.step == PLACE else None

    def why(best: float, second: float | None) -> Phrase:
        if second is None:
            return Phrase.coded(
                "hint.stock_holdem.best",
                "Expected gain {best}, by the expected prices after this round's price phase, "
                "from what you can see; no other move gains more.",
                best=signed(best, "$"),
            )
        return Phrase.coded(
            "hint.stock_holdem.trade",
            "Expected gain {best} (the next best move: {second}), by the expected prices "
            "after this round's price phase, from what you can see.",
            best=signed(best, "$"),
            second=signed(second, "$"),
        )

    return valued(state.current_player(), candidates, UNIT, MEASURES["stock_holdem.trade"], why)


def _placement(state: StockHoldemState, ask_bot) -> Hint | None:
    """The strongest bot's placement, and how it moves the company's expected price."""
    if ask_bot is None:
        return None
    name, text = ask_bot()
    move = state.parse_action(text)
    if move.kind != "place":
        return None
    seat = state.current_player()
    view = SeatView(state, seat)
    after = view.placed(move.company, card_text(move.card)).expected(move.company)
    change = float(after - view.expected(move.company))
    reason = Phrase.coded(
        "hint.stock_holdem.place",
        "Placements are not graded: this is the strongest bot's. From what you can see, it "
        "moves that company's expected price by {change}.",
        change=signed(change, "$"),
    )
    return Hint(seat, text, (), UNIT, None, reason, bot=name)
