"""The phases of a Stack 5 turn (``Stack5State.phase``) and their names in
``observation()``: a module of their own, so the rule modules the state asks (its
reasons) read them without importing the state."""

from enum import IntEnum


class Phase(IntEnum):
    """A turn's phases; the values are the integers records and tables always held."""

    DRAW = 0
    EXTRA = 1  # the cards of a Draw 3
    BOMB = 2
    DECIDE = 3  # draw again or stop
    STEAL = 4
    STEAL_PLACE = 5
    GIVE = 6
    PLACE = 7
    OVER = 8  # the game is over


P_DRAW, P_EXTRA, P_BOMB, P_DECIDE, P_STEAL, P_STEAL_PLACE, P_GIVE, P_PLACE, P_OVER = Phase
PHASE_NAMES = (
    "draw",
    "draw3",
    "bomb",
    "decide",
    "steal",
    "steal_place",
    "give",
    "place",
    "over",
)
