"""Pig, the demo, in the app: its :class:`dashboard.game_ui.GameUI` — the least a game
gives (its drawing, history and charts) and a few words of its own."""

from __future__ import annotations

from dashboard.game_ui import GamePages, GameUI, LiveHooks
from dashboard.i18n import N_, _
from dashboard.pig import explorer
from dashboard.play.words import say, who
from engine import CHANCE
from engine.pig.history import history


def describe(action, names: list[str], actor: int, you: int | None = None) -> str:
    text = str(action)
    if actor == CHANCE:
        return _("the die shows {face}").format(face=text.removeprefix("die "))
    me, mine = who(names, actor), actor == you
    if text == "roll":
        return say(mine, N_("You roll"), N_("{who} rolls"), who=me)
    return say(mine, N_("You hold"), N_("{who} holds"), who=me)


UI = GameUI(
    game="pig",
    title=N_("Pig (demo)"),
    description=N_("A dice race that demonstrates the engine core."),
    render_state=explorer.render_state,
    history=history,
    charts=explorer.charts,
    turn_words=explorer.turn_words,
    chance="die",
    pages=GamePages(
        explorer="views/pig/demo.py",
    ),
    describe=describe,
    live=LiveHooks(advice=explorer.advice),
)
