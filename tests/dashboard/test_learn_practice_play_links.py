"""Learn, Practice and Play link to each other where a learner looks (AppTest), for each
game with a guided first game: the Learn page → the guided game and the drills; the
Practice page → the guided game and the Play page; a game on the Play page → the rules;
a rule card → its Learn section; the end of a guided game → the drills. (A drill's
answer → its Learn section: tests/dashboard/test_practice_assumptions.py.)"""

from __future__ import annotations

import pytest

from dashboard.nav import practice_page
from engine.tutorial import tutorial_games
from tests.apptest import open_page
from tests.dashboard.test_guided_game import over, start, step, to_card
from tests.dashboard.test_play import start as start_play

GAMES = tutorial_games()


def links(at) -> str:
    return " ".join(m.value for m in at.markdown) + " ".join(c.value for c in at.caption)


@pytest.mark.parametrize("game", GAMES)
def test_learn_opens_the_guided_game_and_the_drills(game):
    at = open_page(f"views/{game}/learn.py", lang="ja")
    assert not at.exception, at.exception
    text = links(at)
    assert f"/play?guide={game}&lang=ja" in text
    assert f"[ルールを練習する](/{practice_page(game).url_path}?lang=ja)" in text


@pytest.mark.parametrize("game", GAMES)
def test_practice_opens_the_guided_game_and_the_play_page(game):
    at = open_page(f"views/{game}/practice.py")
    assert not at.exception, at.exception
    text = links(at)
    assert f"[Play your first game](/play?guide={game}&lang=en)" in text
    assert "[Play against the bots](/play?lang=en)" in text


def test_a_game_on_the_play_page_opens_the_rules():
    at = start_play("Stack 5", name="Aiko", seed="3", n=2)
    assert "[Read the rules](/stack5_learn?lang=en)" in links(at)


def test_the_rule_card_opens_learn_and_the_end_opens_the_drills():
    at = start()
    to_card(at)
    assert "[Read this rule](/stack5_learn" in links(at)
    for _ in range(400):
        if over(at):
            break
        step(at)
    assert "[Practise these rules with drills](/stack5_practice?lang=en)" in links(at)
