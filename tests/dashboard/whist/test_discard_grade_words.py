"""A Bid Whist kitty discard is graded as one decision naming its six cards ("discard KS JH
…", not one action the engine reads): the analysis board says it in words, the player
named and the cards as cards, in every language."""

from __future__ import annotations

import random

import pytest

from dashboard.explorer.board import said_moves
from dashboard.i18n import language
from dashboard.plugins import game_ui
from engine import CHANCE, get_game

NAMES = ["Ana", "Ben", "Cy", "Di"]


def _at_the_discard():
    game = get_game("whist")
    state = game.new_initial_state(4)
    bot, rng = game.make_bot("heuristic"), random.Random(3)
    while state.phase_name != "discard":
        if state.current_player() == CHANCE:
            state.apply_trusted(state.sample_chance(rng))
        else:
            state.apply_trusted(bot.choose(state, state.current_player(), rng))
    return state


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        ("en", "discards K♠, J♥, Q♣, 10♠, J♣, 8♥"),
        ("ja", "K♠、J♥、Q♣、10♠、J♣、8♥を捨てる"),
        ("zh-TW", "棄掉K♠、J♥、Q♣、10♠、J♣、8♥"),
    ],
)
def test_a_graded_kitty_discard_is_said_in_words(lang, said):
    state = _at_the_discard()
    with language(lang):
        [text] = said_moves(game_ui("whist"), [state], ["discard KS JH QC 10S JC 8H"], NAMES)
    assert said in text and NAMES[state.current_player()] in text, text
    assert "discard" not in text.replace(said, ""), text
