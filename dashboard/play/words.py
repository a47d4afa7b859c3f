"""The pieces every game's move words are made of (each game's ``describe(action, names,
actor, you)`` is in ``dashboard/<game>/play_words.py``, its :class:`dashboard.game_ui.GameUI`
``describe``): a move as a sentence with the players' names ("Aiko places R1 on row 1").

Words only, no rules: every fact comes from the action itself; ``actor`` is the seat that
made the move (``CHANCE`` for a chance event), as the state said before it was applied.
``you`` is the seat of the person reading (the Play page's player): their own moves are
said in the second person ("You place R1 on row 1", "Aiko gives the cards to you"), so a
name like "You" never meets a third-person verb.
"""

from __future__ import annotations

from dashboard.i18n import N_, _


def who(names: list[str], seat: int) -> str:
    """The name of ``seat`` (``Seat 3`` when the record has no name for it)."""
    if 0 <= seat < len(names) and names[seat]:
        return names[seat]
    return _("Seat {seat}").format(seat=seat)


def whom(names: list[str], seat: int, you: int | None) -> str:
    """``seat`` as the object of a sentence: ``you`` for the reader, else the name."""
    return _("you") if seat == you else who(names, seat)


def say(mine: bool, second: str, third: str, **params) -> str:
    """The message ``second`` (the reader's own move, "You …") or ``third`` ("{who} …"),
    translated and filled in; both are marked with ``N_`` where they are written."""
    return _(second if mine else third).format(**params)


def bot_label(name: str) -> str:
    """Plain words for a bot of ``Game.bots`` (``mcts@N``: the search bot on a smaller
    budget, as the ladder names it)."""
    words = {"random": N_("random"), "heuristic": N_("simple bot"), "mcts": N_("search bot")}
    base, at, _budget = name.partition("@")
    if at and base in words:
        return _("{bot} (quicker)").format(bot=_(words[base]))
    return _(words[name]) if name in words else _("{name} bot").format(name=name)
