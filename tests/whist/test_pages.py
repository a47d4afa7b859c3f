"""The Whist pages under AppTest: no exception, the expected output."""

import pytest

from tests.apptest import open_page

pytestmark = pytest.mark.xdist_group("whist_pages")


def test_games_page_steps_through_a_recorded_game():
    at = open_page("views/whist/games.py")
    assert not at.exception
    last = next(b for b in at.button if b.key and b.key.endswith("_last"))
    last.click()
    at.run()
    assert not at.exception
    text = " ".join(m.value for m in at.markdown)
    assert "game over" in text and "Last trick" in text
