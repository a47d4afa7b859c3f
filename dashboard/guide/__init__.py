"""The guided first game ("Play your first game") on the Play page.

A game against the practical bots, the learner in seat 0, dealt as the engine's tutorial
search chose (:func:`engine.tutorial.find`; the bots and chance follow that reference game
while the learner's moves match it, then the page's seeded events as in any game). Every
step the page applies goes through the game's ``guide(game).detect``: the first time a
rule comes up, the bots pause and a rule card says it in the player's language, what just
happened and where the Learn page teaches it; "Continue" goes on. The rules met and the
cards shown are kept in the stored game (``meta["guide"]``), so a reload shows no card
twice; at the end the page lists them ("Rules you met").

The Play page calls the hooks of :mod:`dashboard.guide.game` (after an action is applied,
before the bots continue) and draws with :mod:`dashboard.guide.cards`; each game's words
are in ``dashboard/<game>/guide_words.py`` (:mod:`dashboard.guide.words`).
"""

from dashboard.guide.game import (
    GUIDE,
    Card,
    after_action,
    guided,
    has_guide,
    mark_shown,
    new_record,
    pending,
    reference_event,
    shown,
)

__all__ = [
    "GUIDE",
    "Card",
    "after_action",
    "guided",
    "has_guide",
    "mark_shown",
    "new_record",
    "pending",
    "reference_event",
    "shown",
]
