"""Stack 5's words for the guided first game (:mod:`dashboard.guide`): each rule's name
(the rules the engine's tutorial adds; the others are worded as the drills word them) and
its rule card's sentences, in the session's language."""

from __future__ import annotations

from dashboard.i18n import pgettext


def names() -> dict[str, str]:
    """The names of the rules only the guided game teaches, by code."""
    return {
        "stack5.tutorial.draw": pgettext("stack5.tutorial.draw", "Draw again or stop"),
        "stack5.tutorial.stop": pgettext(
            "stack5.tutorial.stop", "Stopping: you place every card you drew"
        ),
        "stack5.tutorial.draw3": pgettext(
            "stack5.tutorial.draw3", "Draw 3: three more cards at once"
        ),
        "stack5.tutorial.steal_nothing": pgettext(
            "stack5.tutorial.steal_nothing", "A Steal with no card to take does nothing"
        ),
        "stack5.tutorial.joker": pgettext(
            "stack5.tutorial.joker", "The Joker: wild, kept and placed"
        ),
        "stack5.tutorial.discard_row": pgettext(
            "stack5.tutorial.discard_row", "No place for a card: a row starts over"
        ),
        "stack5.tutorial.win": pgettext("stack5.tutorial.win", "Reaching the target wins"),
        "stack5.tutorial.reshuffle": pgettext(
            "stack5.tutorial.reshuffle", "The discard pile becomes the new deck"
        ),
    }


def cards() -> dict[str, str]:
    """Each rule card's one to three sentences, by code."""
    return {
        "stack5.tutorial.draw": pgettext(
            "guide card",
            "After your first two cards you choose before each card: draw again, or stop. "
            "Each card you draw may fill a row, but a number you already drew this turn "
            "busts you.",
        ),
        "stack5.tutorial.stop": pgettext(
            "guide card",
            "When you stop, you place every card you drew this turn in your own rows, one "
            "at a time.",
        ),
        "stack5.rule.bust": pgettext(
            "guide card",
            "A card showed a number already drawn this turn: a bust. Drawing ends and all "
            "the cards of this turn go to one other player of the drawer's choice, who "
            "must place them.",
        ),
        "stack5.tutorial.draw3": pgettext(
            "guide card",
            "A Draw 3 was drawn: three more cards come at once. A repeated number among "
            "them busts at once.",
        ),
        "stack5.rule.bombs": pgettext(
            "guide card",
            "A bomb turns over the top card of the deck. A Number Bomb makes every player "
            "discard every card of that number from their rows; a Colour Bomb, every card "
            "of that colour.",
        ),
        "stack5.rule.steal": pgettext(
            "guide card",
            "A Steal takes the top card of one row of another player and places it at "
            "once in one of the stealer's rows.",
        ),
        "stack5.tutorial.steal_nothing": pgettext(
            "guide card",
            "A Steal was drawn, but no other player has a card in a row: it does nothing "
            "and goes to the discard pile.",
        ),
        "stack5.tutorial.joker": pgettext(
            "guide card",
            "A Joker is kept and placed with the other cards: it counts as any number and "
            "any colour. Drawing both Jokers in one turn discards every card of that turn.",
        ),
        "stack5.rule.placing": pgettext(
            "guide card",
            "A card goes on top of a row, or starts a new row (at most 3). The row must "
            "still be able to form a combination: all numbers different, all numbers "
            "equal, or all colours equal.",
        ),
        "stack5.tutorial.discard_row": pgettext(
            "guide card",
            "This card had no legal place, so one row was discarded and the card starts a new row.",
        ),
        "stack5.rule.scoring": pgettext(
            "guide card",
            "A row reached exactly 5 cards: it leaves and scores its best combination, 1 "
            "to 3 points.",
        ),
        "stack5.tutorial.win": pgettext(
            "guide card",
            "A player reached the target score and wins at once: the game is over.",
        ),
        "stack5.tutorial.reshuffle": pgettext(
            "guide card",
            "The deck ran out: the discard pile is shuffled and becomes the new deck.",
        ),
    }
