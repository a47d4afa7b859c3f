"""The Bots page: the shipped ladder per game, the head-to-head matrix, and a small match
with a progress bar, in player words."""

from __future__ import annotations

import time

from tests.apptest import open_page
from tests.dashboard.test_words import DEVELOPER_WORDS, rendered_text


def test_bots_page_shows_the_ladder_and_head_to_head_of_the_chosen_game():
    at = open_page("views/bots.py")
    assert not at.exception, at.exception
    assert at.title[0].value == "Bots"
    at.selectbox(key="bots_game").set_value("stack5").run()
    assert not at.exception, at.exception
    if at.dataframe:  # the shipped ladder
        assert len(at.dataframe) == 2
        bots = list(at.dataframe[0].value["Bot"])
        assert "simple bot" in bots and any(b.startswith("search bot") for b in bots)


def test_bots_page_runs_a_small_match_with_a_progress_bar_in_player_words():
    at = open_page("views/bots.py")
    at.selectbox(key="bots_game").set_value("owners_choice").run()
    before = len(at.dataframe)
    at.multiselect[0].set_value(["random", "heuristic"])
    at.number_input[0].set_value(2)
    at.button[0].click().run()
    assert not at.exception, at.exception
    assert at.button(key="bots_cancel")  # played in a worker process, with a Cancel button
    finished(at)
    assert any(s.value == "Match played: 2 games." for s in at.success)
    assert len(at.dataframe) == before + 2
    ratings = at.dataframe[-2].value
    assert set(ratings["Bot"]) == {"random bot", "simple bot"}
    assert sum(ratings["Games"]) >= 2
    for text in rendered_text(at):
        for word, pattern in DEVELOPER_WORDS.items():
            assert not pattern.search(text), (word, text)


def finished(at, seconds: float = 120) -> None:
    """Rerun the page (as its progress fragment does twice a second) until the match is over."""
    deadline = time.monotonic() + seconds
    while "bots_job" in at.session_state and time.monotonic() < deadline:
        time.sleep(0.3)
        at.run()
    assert "bots_job" not in at.session_state and not at.exception, at.exception


def test_bots_page_cancels_a_match():
    at = open_page("views/bots.py")
    at.selectbox(key="bots_game").set_value("stack5").run()
    at.multiselect[0].set_value(["heuristic", "mcts"])
    at.number_input[0].set_value(20)
    at.number_input[1].set_value(60)
    at.button[0].click().run()
    at.button(key="bots_cancel").click().run()
    # stopping after the game in play, or at once when no worker had taken the match yet
    stopping = any("Stopping after the game" in c.value for c in at.caption)
    assert stopping or "bots_job" not in at.session_state
    finished(at)
    assert any(i.value.startswith("Match cancelled:") for i in at.info), [i.value for i in at.info]


def test_bots_page_asks_for_two_bots():
    at = open_page("views/bots.py")
    at.multiselect[0].set_value(["random"])
    at.button[0].click().run()
    assert not at.exception
    assert any("two bots" in w.value for w in at.warning)


def test_bots_page_says_when_the_two_best_ratings_overlap(monkeypatch):
    """Overlapping likely ranges are said in words (the shipped Whist ladder: the search
    bot rated above the simple bot, their ranges overlapping, the search bot ahead 59 %
    head to head); ranges apart say nothing."""
    import json
    from pathlib import Path

    ladders = Path(__file__).resolve().parents[2] / "data" / "ladder"

    shipped = json.loads((ladders / "whist.json").read_text())
    r = shipped["ratings"]
    assert r[1]["high"] >= r[0]["low"]  # they overlap
    at = open_page("views/bots.py")
    at.selectbox(key="bots_game").set_value("whist").run()
    assert not at.exception, at.exception
    notes = [c.value for c in at.caption if "overlap" in c.value]
    assert len(notes) == 1 and "simple bot" in notes[0] and "search bot" in notes[0]
    at.selectbox(key="bots_game").set_value("owners_choice").run()
    ladder = json.loads((ladders / "owners_choice.json").read_text())["ratings"]
    overlap = ladder[1]["high"] >= ladder[0]["low"]
    assert any("overlap" in c.value for c in at.caption) == overlap


def test_the_ladder_shows_who_won_next_to_the_bots_name():
    """On a phone only the first columns fit: the share won comes right after the name."""
    at = open_page("views/bots.py")
    assert list(at.dataframe[0].value.columns[:2]) == ["Bot", "Won"]


def test_bots_page_says_an_out_of_range_count_in_the_pages_language():
    """zh-TW: no "Press Enter to submit form" over the fields (the form submits on its
    button only), and a count out of range gets the app's own message, no match."""
    from dashboard.i18n import language

    with language("zh-TW"):  # AppTest words the widgets' options in this thread
        at = open_page("views/bots.py", lang="zh-TW")
        at.selectbox(key="bots_game").set_value("stack5").run()
        forms = [f.proto.form for f in at.get("form") if f.proto.form.form_id == "bots_match"]
        assert forms and forms[0].enter_to_submit is False
        assert at.number_input(key="bots_games").proto.min < 0  # no bounds: no English range
        at.number_input(key="bots_games").set_value(99)
        at.button[0].click().run()
        assert not at.exception, at.exception
        said = [e.value for e in at.error]
        assert said and "99" in said[0] and "超出範圍" in said[0], said
        assert "bots_job" not in at.session_state
