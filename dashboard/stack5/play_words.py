"""Stack 5's moves in player words: ``describe(action, names, actor, you)`` ("Aiko places
R1 on row 1"; the reader's own moves in the second person, see :mod:`dashboard.play.words`)."""

from __future__ import annotations

from dashboard.i18n import N_, _
from dashboard.play.words import say, who, whom

#: Stack 5's special cards and colours (engine.stack5.cards names them in English)
STACK5_SPECIAL = {
    "D3": N_("Draw 3"),
    "NB": N_("Number Bomb"),
    "CB": N_("Colour Bomb"),
    "ST": N_("Steal"),
    "JK": N_("Joker"),
}
STACK5_COLOURS = {
    "R": N_("red"),
    "B": N_("blue"),
    "G": N_("green"),
    "Y": N_("yellow"),
    "P": N_("purple"),
}


def stack5_card(card: str) -> str:
    if card in STACK5_SPECIAL:
        return _(STACK5_SPECIAL[card])
    colour = _(STACK5_COLOURS[card[:1]]) if card[:1] in STACK5_COLOURS else card[:1]
    return f"{card} ({colour} {card[1:]})"


def describe(action, names: list[str], actor: int, you: int | None = None) -> str:
    from engine.stack5 import Deal, Decide, Give, Place, Steal

    if isinstance(action, Deal):
        return _("{card} comes off the deck").format(card=stack5_card(action.card))
    me, mine = who(names, actor), actor == you
    if isinstance(action, Decide):
        if action.kind == "draw":
            return say(mine, N_("You draw again"), N_("{who} draws again"), who=me)
        return say(mine, N_("You stop"), N_("{who} stops"), who=me)
    if isinstance(action, Give):
        return say(
            mine,
            N_("You give the cards to {other}"),
            N_("{who} gives the cards to {other}"),
            who=me,
            other=whom(names, action.seat, you),
        )
    if isinstance(action, Steal):
        if action.seat == you:
            return _("{who} steals the top card of your row {row}").format(who=me, row=action.row)
        return say(
            mine,
            N_("You steal the top card of {other}'s row {row}"),
            N_("{who} steals the top card of {other}'s row {row}"),
            who=me,
            other=who(names, action.seat),
            row=action.row,
        )
    if isinstance(action, Place):
        if action.discard:
            return say(
                mine,
                N_("You discard row {row} and start it again with {card}"),
                N_("{who} discards row {row} and starts it again with {card}"),
                who=me,
                row=action.row,
                card=action.card,
            )
        return say(
            mine,
            N_("You place {card} on row {row}"),
            N_("{who} places {card} on row {row}"),
            who=me,
            card=action.card,
            row=action.row,
        )
    return f"{me}: {action}"
