"""The phases of an Owner's Choice turn (``OwnersChoiceState.phase``) and their names in
``observation()``."""

SETUP, PRE, NAME, CHOOSE, ROLL, LEAVE, POST, OVER = range(8)
PHASE_NAMES = ("setup", "pre-move", "name", "choose", "roll", "leave", "post-move", "over")
