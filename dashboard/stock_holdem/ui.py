"""Stock Hold'em in the app: its :class:`dashboard.game_ui.GameUI`."""

from __future__ import annotations

from dashboard import palette
from dashboard.game_ui import GamePages, GameUI, PlayMode, PracticeWords, RulesetWords
from dashboard.i18n import N_
from dashboard.stock_holdem import explorer, play, rule_words, words
from dashboard.stock_holdem.draw import drill_picture
from dashboard.stock_holdem.play_words import choice_words, describe
from engine.stock_holdem.history import history

UI = GameUI(
    game="stock_holdem",
    title=N_("Stock Hold'em"),
    description=N_("Trade shares while placing poker-hand cards that set the companies' prices."),
    render_state=explorer.render_state,
    history=history,
    charts=explorer.charts,
    measure=explorer.MEASURE,
    turn_words=explorer.turn_words,
    chance="dealer",
    pages=GamePages(
        section=N_("Stock Hold'em"),
        table_tool=(
            "views/stock_holdem/table_tracker.py",
            N_("Stock Hold'em table tracker"),
            N_("all six price odds"),
        ),
        explorer="views/stock_holdem/games.py",
    ),
    company_colours=palette.STOCK_HOLDEM,
    describe=describe,
    practice=PracticeWords(drill_picture=drill_picture, choice_words=choice_words),
    hidden_words=play.hidden_words,
    value_words={"number_hand": words.hand, "symbol_hand": words.hand},
    rulesets=RulesetWords(
        choices={
            "symbol_names": {
                "anchor": N_("anchor"),
                "fish": N_("fish"),
                "shell": N_("shell"),
                "wave": N_("wave"),
            },
            "bear_with_four_of_a_number": {
                "four of a kind": N_("four of a kind (+25)"),
                "five of a kind": N_("five of a kind (+30)"),
            },
        },
        meanings=rule_words.MEANINGS,
    ),
    play=(PlayMode(N_("Stock Hold'em")),),
)
