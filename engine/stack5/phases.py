"""The phases of a Stack 5 turn (``Stack5State.phase``) and their names in
``observation()``: a module of their own, so the rule modules the state asks (its
reasons) read them without importing the state."""

P_DRAW, P_EXTRA, P_BOMB, P_DECIDE, P_STEAL, P_STEAL_PLACE, P_GIVE, P_PLACE, P_OVER = range(9)
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
