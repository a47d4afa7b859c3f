"""The phases of a Stock Hold'em game and the steps of a trading turn, with their names
(the observation's) and their words (the sentences')."""

from __future__ import annotations

from engine.core.errors import Phrase

# phases
DEAL, TRADE, CLEANUP, OVER = 0, 1, 2, 3
PHASE_NAMES = ("deal", "trade", "cleanup", "over")
# steps of a trading turn
PLACE, SELL, BUY, END = 0, 1, 2, 3
STEP_NAMES = ("place", "sell", "buy", "end")
# the step names inside a sentence ("it is the buy step"), worded by the app
_STEP_WORDS = (
    Phrase.coded("stock.step_place", "place"),
    Phrase.coded("stock.step_sell", "sell"),
    Phrase.coded("stock.step_buy", "buy"),
    Phrase.coded("stock.step_end", "end"),
)
# the step names in the turn phrase ("…: buy step")
_TURN_STEPS = (
    Phrase.coded("stock.turn_step_place", "place"),
    Phrase.coded("stock.turn_step_sell", "sell"),
    Phrase.coded("stock.turn_step_buy", "buy"),
    Phrase.coded("stock.turn_step_end", "end"),
)
