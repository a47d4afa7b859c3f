"""Review a Play game: the learner's own mistakes become their puzzles (AppTest). A Stack 5
game in which the learner always draws (a blunder once the row holds points and a bust is
likely) is ended, reviewed, and its blunder is the first puzzle Practice sets; the
progress page counts it apart from the shipped puzzles."""

from __future__ import annotations

from dashboard.learner import PROGRESS
from dashboard.live import button_key
from dashboard.puzzles_view import SET, every_puzzle, puzzles
from engine.puzzles import find_puzzles
from tests.apptest import figures, open_page
from tests.dashboard.test_play import bots_played, start, stored


def blunder_then_end(at, limit: int = 60):
    """Always draw (the first move otherwise) until one of our decisions is a puzzle,
    then end the game. Returns our puzzles in the stored record."""
    draw = button_key("play", "m", "draw")
    for _ in range(limit):
        bots_played(at)
        moves = [b.key for b in at.button if b.key and b.key.startswith("play_m_")]
        if not moves:
            at.button(key="play_skip").click().run()
            continue
        at.button(key=draw if draw in moves else moves[0]).click().run()
        assert not at.exception, at.exception
        mine = find_puzzles([stored(at)], "stack5", seat=0)
        if mine:
            at.button(key="play_end").click().run()
            at.button(key="play_end_yes").click().run()
            return mine
    raise AssertionError(f"no mistake of ours within {limit} moves")


def test_a_reviewed_blunder_is_the_first_puzzle_in_practice_and_counted_apart():
    at = start("Stack 5", name="Aiko", seed="3", n=2)
    mine = blunder_then_end(at)
    assert all(p.seat == 0 for p in mine)
    review = at.button(key="play_explore")
    assert review.label == "Review this game" and review.proto.type == "primary"
    review.click().run()
    assert not at.exception, at.exception
    # the board opens the game graded, and the mistakes are the learner's own puzzles
    assert at.session_state["xp_stack5_grade"] is True
    said = [s.value for s in at.success if "in Practice, first in line" in s.value]
    assert len(said) == 1 and said[0].startswith(str(len(mine))), [s.value for s in at.success]
    assert [t.value for t in at.title] == ["Stack 5: games"]
    opened, progress = at.session_state[PROGRESS]
    assert [p.id for p in progress.own("stack5")] == [p.id for p in mine]
    learner = opened.id  # stored: another visit finds it under its link

    practice = open_page("views/stack5/practice.py")
    practice.query_params["learner"] = learner
    practice.run()
    practice.button_group(key="practice_mode").set_value("puzzles").run()
    assert not practice.exception, practice.exception
    every, own_from = every_puzzle("stack5", practice.session_state[PROGRESS][1])
    index = practice.session_state[SET]["stack5"]
    assert index == own_from == len(puzzles("stack5")) and every[index].id == mine[0].id
    assert any("Your own puzzle" in c.value for c in practice.caption)
    played = button_key("puzzle", "m", mine[0].played)
    practice.button(key=played).click().run()  # the same mistake again
    assert [e.value for e in practice.error][0].startswith("Not the best move")
    assert any("In your game you played" in m.value for m in practice.markdown)

    page = open_page("views/progress.py")
    page.query_params["learner"] = learner
    page.run()
    assert not page.exception, page.exception
    labels = [m.label for m in figures(page)]
    values = dict(zip(labels, [m.value for m in figures(page)], strict=True))
    assert values["Puzzles solved"] == "0 / 0"
    assert values["Your own puzzles solved"] == "0 / 1"
    assert any(f"{len(mine)} kept, 1 tried" in c.value for c in page.caption)
