"""Stack 5 in the app: its :class:`dashboard.game_ui.GameUI`."""

from __future__ import annotations

from dashboard.game_ui import GamePages, GameUI, LiveHooks, PlayMode, PracticeWords, RulesetWords
from dashboard.i18n import N_
from dashboard.stack5 import explorer, play, rule_words
from dashboard.stack5.draw import drill_picture
from dashboard.stack5.play_words import describe
from engine.stack5.history import history

UI = GameUI(
    game="stack5",
    title=N_("Stack 5"),
    description=N_("Draw cards, push your luck and build rows of five; first to 3 points wins."),
    render_state=explorer.render_state,
    history=history,
    charts=explorer.charts,
    measure=explorer.MEASURE,
    turn_words=explorer.whose_turn,
    event_words=explorer.event_words,
    chance="deck",
    pages=GamePages(
        section=N_("Stack 5"),
        table_tool=(
            "views/stack5/live.py",
            N_("Stack 5 live game"),
            N_("bust odds and placements as you play"),
        ),
        live="views/stack5/live.py",
        explorer="views/stack5/games.py",
    ),
    describe=describe,
    groups=play.groups,
    board=play.board,
    live=LiveHooks(
        advice=explorer.advice,
        coach=play.coach,
        outcome=play.outcome,
        chance_note=play.chance_note,
    ),
    play=(PlayMode(N_("Stack 5")),),
    practice=PracticeWords(drill_picture=drill_picture),
    rulesets=RulesetWords(meanings=rule_words.MEANINGS),
)
