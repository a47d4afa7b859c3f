"""Whist and Bid Whist in the app: its :class:`dashboard.game_ui.GameUI`."""

from __future__ import annotations

import json

from dashboard.game_ui import EntrySheet, ExplorerHooks, GamePages, GameUI, PlayMode, RulesetWords
from dashboard.i18n import N_
from dashboard.whist import explorer, par_view, play, words
from dashboard.whist.play_words import describe, text_words
from engine.whist.history import history


def deal_of(state) -> int | None:
    """The deal whose cards are being played (the explorer grades one in full)."""
    return state.deal_no if state.phase_name == "play" else None


def deals_stored(text: str) -> int:
    """How many deals a stored score-sheet document holds, over all its sheets."""
    from engine.whist.score_sheet import ScoreSheet

    sheets = json.loads(text)["sheets"].values()
    return sum(len(ScoreSheet.from_csv(csv).entries) for csv in sheets if csv)


#: the score sheet as the measuring tools use it: the form's default deal scores 3 each time
SCORE_SHEET = EntrySheet(
    page="views/whist/score_sheet.py",
    kind="score_sheet",
    query="sheet",
    add="Add deal",
    total_after=lambda n: str(3 * n),
    over="Game over",
    new_key="ws_new",
    entries=deals_stored,
)


UI = GameUI(
    game="whist",
    title=N_("Whist and Bid Whist"),
    description=N_(
        "Classic trick-taking in four variants: Bid Whist (bidding, kitty, jokers) and Whist, "
        "for four players in partnerships or two players with straw piles."
    ),
    render_state=explorer.render_state,
    history=history,
    charts=explorer.charts,
    measure=explorer.MEASURE,
    turn_words=words.turn_words,
    chance="dealer",
    explorer=ExplorerHooks(deal_of=deal_of, under_board=par_view.under_board),
    pages=GamePages(
        section=N_("Whist & Bid Whist"),
        table_tool=(
            "views/whist/score_sheet.py",
            N_("Whist / Bid Whist score sheet"),
            N_("every deal scored"),
        ),
        explorer="views/whist/games.py",
        entry_sheet=SCORE_SHEET,
    ),
    describe=describe,
    text_words=text_words,
    hidden_words=play.hidden_words,
    groups=play.groups,
    value_words={"kind": words.kind_word, "variant": words.variant_title},
    rulesets=RulesetWords(
        choices={
            "variant": {
                "bid4": N_("Bid Whist (4 players)"),
                "whist4": N_("Whist (4 players)"),
                "bid2": N_("Bid Whist (2 players)"),
                "whist2": N_("Whist (2 players)"),
            },
            "first_dealer": {-1: N_("drawn at random")},
        },
        meanings=words.RULE_MEANINGS,
        default_words=lambda name, _value: words.rule_default(name),
    ),
    play=(
        PlayMode(N_("Bid Whist"), counts=(4, 2), variant="bid"),
        PlayMode(N_("Whist"), counts=(4, 2), variant="whist"),
    ),
)
