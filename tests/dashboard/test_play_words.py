"""Moves in words for the person reading: their own moves in the second person ("You
draw again", never "You draws again"), others' moves that touch them with "you"/"your",
in every language, over whole bot games of every game and player count."""

from __future__ import annotations

import re

import pytest

from dashboard.i18n import language
from dashboard.plugins import game_ui
from engine import CHANCE, game_names, get_game, simulate
from engine.core.records import initial_state

#: English third-person verbs of the move sentences: never after "You"
THIRD_PERSON = re.compile(
    r"^You (draws|stops|gives|steals|discards|places|buys|sells|ends|names|pays|rolls|"
    r"declares|stays|moves|deals|bids|passes|plays|peeks|takes|free sells|stocks|holds)\b"
)


def describe(name: str, action, names: list[str], actor: int, you: int | None = None) -> str:
    return game_ui(name).describe_move(action, names, actor, you)


GAMES = [(name, n) for name in game_names(include_demo=True) for n in (2, 4)]


def _moves(name: str, n: int, seed: int):
    """(action, actor) of a whole game of bots, replayed."""
    game = get_game(name)
    if n not in game.players_for(game.ruleset_class()):
        pytest.skip(f"{name} is not played by {n}")
    record = simulate(name, seed, ["random"] * n)
    state = initial_state(record)
    for text in record.actions:
        action = state.parse_action(text)
        yield action, state.current_player()
        state.apply_trusted(action)


@pytest.mark.parametrize(("name", "n"), GAMES)
def test_the_readers_own_moves_are_said_in_the_second_person(name, n):
    names = ["You"] + [f"Bot {i}" for i in range(1, n)]
    mine = others = 0
    for seed in range(3):
        for action, actor in _moves(name, n, seed):
            text = describe(name, action, names, actor, you=0)
            assert not THIRD_PERSON.search(text), text
            assert "You's" not in text and not re.search(r"\S You\b", text), text
            if actor == 0:
                mine += 1
                assert text.startswith("You "), text
            elif actor != CHANCE:
                others += 1
                assert not text.startswith("You"), text
            with language("ja"):
                assert "You" not in describe(name, action, names, actor, you=0)
            with language("zh-TW"):
                assert "You" not in describe(name, action, names, actor, you=0)
    assert mine and others


def test_moves_that_touch_the_reader_say_you_and_your():
    from engine.stack5 import Give, Steal

    names = ["Aiko", "Ben"]
    assert describe("stack5", Give(0), names, 1, you=0) == "Ben gives the cards to you"
    assert describe("stack5", Steal(0, 2), names, 1, you=0) == (
        "Ben steals the top card of your row 2"
    )
    assert describe("stack5", Steal(1, 2), names, 0, you=0) == (
        "You steal the top card of Ben's row 2"
    )
    with language("ja"):
        assert describe("stack5", Give(0), names, 1, you=0) == "Benがカードをあなたに渡す"
    # without a reader every move is in the third person, as before
    assert describe("stack5", Give(0), names, 1) == "Ben gives the cards to Aiko"


@pytest.mark.parametrize(
    ("lang", "four_anchor", "bull"),
    [("en", "4 anchor", "the Bull"), ("ja", "錨の4", "ブル"), ("zh-TW", "錨4", "牛市")],
)
def test_a_stock_holdem_card_placed_is_named_not_written_in_notation(lang, four_anchor, bull):
    """A placed card by its number and symbol ("4 anchor"), not its notation (4A, which
    reads like company A)."""
    game = get_game("stock_holdem")
    state = game.new_initial_state(3)
    names = ["You", "Bo", "Cy"]
    with language(lang):
        mine = describe("stock_holdem", state.parse_action("place 4A A"), names, 0, you=0)
        bulls = describe("stock_holdem", state.parse_action("place BULL C"), names, 1, you=0)
    assert four_anchor in mine and "4A" not in mine, mine
    assert bull in bulls and "BULL" not in bulls, bulls
