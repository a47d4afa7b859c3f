"""The analysis board asks the strongest bot that answers within its time budget
(``engine.ladder.strongest_bot``) what it would play at the current step."""

from __future__ import annotations

import pytest

from dashboard.explorer.board import BOARD_SECONDS
from dashboard.i18n import language
from dashboard.play.view import PLAY_SECONDS, bot_choices, bot_label
from engine import get_game
from engine.ladder import strongest_bot
from tests.apptest import open_page
from tests.board import board_step, go

PAGES = {
    "stack5": "views/stack5/games.py",
    "owners_choice": "views/owners_choice/games.py",
    "stock_holdem": "views/stock_holdem/games.py",
    "whist": "views/whist/games.py",
}


def _step_to_a_decision(at, hint_label: str, limit: int = 40):
    for _ in range(limit):
        hint = [b for b in at.button if b.label == hint_label]
        if hint:
            return hint[0]
        go(at, board_step(at) + 1)
    raise AssertionError("no decision with a bot hint in the first steps")


@pytest.mark.parametrize("game", PAGES)
def test_board_says_what_the_strongest_quick_bot_would_play(game):
    at = open_page(PAGES[game])
    hint = _step_to_a_decision(at, "What would the bot play here?")
    hint.click().run()
    assert not at.exception
    bot = bot_label(strongest_bot(game, BOARD_SECONDS))
    said = [i.value for i in at.info if "would play" in i.value]
    assert said and said[0].startswith(f"The {bot} would play: Player "), said


def test_board_bot_hint_in_japanese():
    with language("ja"):
        at = open_page(PAGES["owners_choice"], lang="ja")
        hint = _step_to_a_decision(at, "ボットならここでどう指す？")
        hint.click().run()
        assert not at.exception
        assert any("ならこう指します" in i.value for i in at.info)


@pytest.mark.parametrize("game", PAGES)
def test_play_page_offers_the_strongest_bot_within_a_second_by_default(game):
    bots, best = bot_choices(get_game(game))
    assert best == strongest_bot(game, PLAY_SECONDS)
    assert best in bots and len(set(bots)) == len(bots)
