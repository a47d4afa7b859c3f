"""Owner's Choice in the app: its :class:`dashboard.game_ui.GameUI`."""

from __future__ import annotations

from dashboard import palette
from dashboard.game_ui import GamePages, GameUI, LiveHooks, PlayMode, PracticeWords, RulesetWords
from dashboard.i18n import N_
from dashboard.owners_choice import explorer, play, rule_words
from dashboard.owners_choice.play_words import describe
from dashboard.owners_choice.words import company_words, tied_companies
from engine.owners_choice.history import history

UI = GameUI(
    game="owners_choice",
    title=N_("Owner's Choice"),
    description=N_(
        "Trade shares of four companies and move a shared pawn; presidents choose between "
        "their company's president die and raiding the Fund."
    ),
    render_state=explorer.render_state,
    history=history,
    charts=explorer.charts,
    measure=explorer.MEASURE,
    turn_words=explorer.whose_turn,
    chance="dice",
    pages=GamePages(
        section=N_("Owner's Choice"),
        table_tool=(
            "views/owners_choice/live.py",
            N_("Owner's Choice live game"),
            N_("the move advisor each turn"),
        ),
        live="views/owners_choice/live.py",
        explorer="views/owners_choice/games.py",
    ),
    company_colours=palette.OWNERS_CHOICE,
    describe=describe,
    groups=play.groups,
    board=play.board,
    live=LiveHooks(advice=explorer.advice, coach=play.coach, outcome=play.outcome),
    play=(PlayMode(N_("Owner's Choice")),),
    practice=PracticeWords(phrase_value=company_words),
    rulesets=RulesetWords(meanings=rule_words.MEANINGS, default_words=rule_words.default_words),
    value_words={"highest": tied_companies},
)
