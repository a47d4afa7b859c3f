"""Review a Play game: the learner's own mistakes become their puzzles (AppTest). A Stack 5
game in which the learner always draws (a blunder once the row holds points and a bust is
likely) is ended, reviewed, and its blunder is the first puzzle Practice sets; the
progress page counts it apart from the shipped puzzles."""

from __future__ import annotations

import pytest

from dashboard.live import button_key
from dashboard.practice.learner import PROGRESS
from dashboard.practice.puzzles import SET, every_puzzle, puzzles
from dashboard.store.entries import default_store
from engine import GameRecord
from engine.puzzles import find_puzzles
from tests.apptest import figures, open_page
from tests.dashboard.test_play import bots_played, start, stored
from tests.dashboard.test_play_hint import _to_my_turn


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


def test_a_live_game_reviewed_for_one_seat_keeps_that_seats_mistakes():
    """A live Stack 5 game entered by taps (Aiko always draws, Ben plays the simple bot):
    at its end the learner names their seat and reviews it; Aiko's mistakes, and only
    hers, are the learner's own puzzles."""
    import random

    from engine import CHANCE, get_game
    from tests.dashboard.test_live_stack5_full_game import KEY, tap
    from tests.dashboard.test_live_stack5_full_game import start as start_live

    game = get_game("stack5")
    at = start_live("views/stack5/live.py", KEY, ["Aiko", "Ben"])
    assert not [b for b in at.button if b.key == f"{KEY}_review"]  # not before the end
    twin = game.new_initial_state(2)
    bot = game.make_bot("heuristic")
    rng = random.Random(5)
    while not twin.is_terminal():
        if twin.current_player() == CHANCE:
            outcomes = twin.chance_outcomes()
            action = rng.choices([a for a, _ in outcomes], [float(p) for _, p in outcomes])[0]
        elif twin.current_player() == 0 and "draw" in {str(a) for a in twin.legal_actions()}:
            action = "draw"
        else:
            action = bot.choose(twin, twin.current_player(), rng)
        tap(at, KEY, twin, action)
        twin.apply(action)
        assert len(twin.history) < 3000
    stored_live = default_store().load("live:stack5", at.query_params[KEY])[0]
    record = GameRecord.from_json(stored_live)
    assert record.actions == twin.history
    hers = find_puzzles([record], "stack5", seat=0)
    assert hers
    at.selectbox(key=f"{KEY}_review_seat").set_value(0).run()
    at.button(key=f"{KEY}_review").click().run()
    assert not at.exception, at.exception
    _opened, progress = at.session_state[PROGRESS]
    assert [p.id for p in progress.own("stack5")] == [p.id for p in hers]
    assert all(p.seat == 0 for p in progress.own("stack5"))


@pytest.mark.parametrize("lang", ["ja", "zh-TW"])
def test_own_puzzles_in_every_language(lang):
    """The review's notice, an own puzzle set and answered, and the progress page's count,
    each worded in the page's language."""
    from dashboard.i18n import language
    from dashboard.practice.progress import Progress
    from engine import simulate
    from tests.dashboard.i18n_checks import english_leaks

    rec = simulate("stack5", seed=3, players=["heuristic", "random"])
    own = find_puzzles([rec], "stack5", seat=1)
    mine = Progress.new(seed_base=0).with_own_puzzles(own)
    with language(lang):
        board = open_page("views/stack5/games.py", lang=lang)
        board.session_state["xp_stack5_live"] = rec.to_json()
        board.session_state["xp_stack5_review"] = (rec.to_json(), len(own))
        board.session_state[PROGRESS] = (None, mine)
        board.run()
        board.segmented_control(key="xp_stack5_source").set_value("Live game").run()
        assert not board.exception, board.exception
        assert board.success and not english_leaks(board, lang), english_leaks(board, lang)

        at = open_page("views/stack5/practice.py", lang=lang)
        at.session_state[PROGRESS] = (None, mine)
        at.button_group(key="practice_mode").set_value("puzzles").run()
        assert not at.exception, at.exception
        assert at.session_state[SET]["stack5"] == len(puzzles("stack5"))  # its own, first
        at.button(key=button_key("puzzle", "m", own[0].played)).click().run()
        assert not at.exception and at.error
        assert not english_leaks(at, lang), english_leaks(at, lang)
        answered = at.session_state[PROGRESS][1]

        page = open_page("views/progress.py", lang=lang)
        page.session_state[PROGRESS] = (None, answered)
        page.run()
        assert not page.exception, page.exception
        assert not english_leaks(page, lang), english_leaks(page, lang)


def test_the_review_says_how_many_hints_were_used():
    at = start("Stack 5", name="Aiko", seed="3", n=2)
    _to_my_turn(at)
    at.button(key="play_hint").click().run()
    at.button(key="play_end").click().run()
    at.button(key="play_end_yes").click().run()
    at.button(key="play_explore").click().run()
    assert not at.exception, at.exception
    assert [t.value for t in at.title] == ["Stack 5: games"]
    assert "Hint used: 1" in [c.value for c in at.caption]
