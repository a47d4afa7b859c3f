"""The Play page's Hint (AppTest): on the learner's turn in each game, a tap shows the
suggested move in words (no engine notation) and why, counts the hint in the stored
game (a reload still has it), and the finished game says how many hints were used."""

from __future__ import annotations

import re

import pytest

from tests.apptest import open_page
from tests.dashboard.test_play import bots_played, stored

#: engine notation a player must not read: a move's text as the engine writes it
NOTATION = re.compile(
    r"\b(place [A-Z]{1,2}\d? (discard )?row \d|play [0-9TJQKA]{1,2}[CDHS]\b|"
    r"(free )?(buy|sell) [A-Z]\b|move \d\b|pay\d+|no (buy|sell)\b)"
)


def start(game: str, n: int | None, seed: str = "4"):
    """A game against the simple bots (they answer in the page: no worker process)."""
    at = open_page("views/play.py")
    at.selectbox(key="play_game").set_value(game).run()
    if n is not None:
        at.selectbox(key=f"play_n_{game}").set_value(n).run()
    at.selectbox(key="play_seat").set_value(0).run()
    for box in at.selectbox:
        if box.key and box.key.startswith("play_bot"):
            box.set_value("heuristic")
    at.text_input(key="play_seed").set_value(seed)
    at.button(key="play_start").click().run()
    assert not at.exception, at.exception
    return at


def _to_my_turn(at) -> None:
    for _ in range(20):
        if any(b.key == "play_hint" for b in at.button):
            return
        if any(b.key == "play_skip" for b in at.button):
            at.button(key="play_skip").click().run()
        bots_played(at)
    raise AssertionError("no Hint button on the learner's turn")


def _hint_text(at) -> str:
    return " ".join(m.value for m in at.markdown if "Hint:" in m.value)


@pytest.mark.parametrize(
    ("game", "n"),
    [("Stack 5", 2), ("Stock Hold'em", 3), ("Owner's Choice", 2), ("Bid Whist", None)],
)
def test_hint_shows_the_move_in_words_and_is_counted(game, n):
    at = start(game, n)
    _to_my_turn(at)
    assert "hints" not in stored(at).meta
    at.button(key="play_hint").click().run()
    assert not at.exception, at.exception
    assert not at.error, at.error[0].value
    text = _hint_text(at)
    assert text, [m.value for m in at.markdown]
    assert not NOTATION.search(text), text
    assert not any(b.key == "play_hint" for b in at.button)  # shown until the next move
    assert stored(at).meta["hints"] == 1
    # a reload of the game's link keeps the count; the game ends with it said
    link = open_page("views/play.py")
    link.query_params["play"] = at.query_params["play"]
    link.run()
    assert stored(link).meta["hints"] == 1
    link.button(key="play_end").click().run()
    link.button(key="play_end_yes").click().run()
    assert "Hint used: 1" in [c.value for c in link.caption]
    assert not any(b.key == "play_hint" for b in link.button)  # not in a finished game


def test_hint_in_japanese_is_worded_in_japanese():
    from dashboard.i18n import language

    with language("ja"):  # AppTest words the widgets' options in this thread
        at = open_page("views/play.py", lang="ja")
        at.selectbox(key="play_game").set_value("スタック5").run()
        at.selectbox(key="play_seat").set_value(0).run()
        at.text_input(key="play_seed").set_value("3")
        at.button(key="play_start").click().run()
        _to_my_turn(at)
        at.button(key="play_hint").click().run()
        assert not at.exception, at.exception
        text = " ".join(m.value for m in at.markdown if "ヒント" in m.value)
        assert text and not re.search(r"[A-Za-z]{4,}", text), text


def test_a_whist_card_hint_says_the_tricks_of_each_card():
    """In Bid Whist's card play the hint is the double-dummy one: each card's tricks."""
    from engine import replay

    at = start("Bid Whist", None, seed="6")
    for _ in range(60):
        _to_my_turn(at)
        state = list(replay(stored(at)))[-1].state
        if state.phase_name == "play":
            break
        moves = [b.key for b in at.button if b.key and b.key.startswith("play_m_")]
        at.button(key=moves[0]).click().run()
    else:
        raise AssertionError("the card play never came")
    at.button(key="play_hint").click().run()
    text = _hint_text(at)
    assert "tricks" in text and "perfect play" in text, text
    values = re.findall(r": (\d+) tricks?$", text, re.M)
    assert values and len(values) == len(set(values))  # equal cards: one of them listed
    assert not NOTATION.search(text), text
