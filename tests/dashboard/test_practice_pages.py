"""The Practice pages under AppTest: a question, its answer at once, the progress kept
under the learner's link (a new session, as after a server restart, finds it)."""

from __future__ import annotations

import re

import pytest

from dashboard.practice.view import ASKED
from engine.practice import drill
from engine.practice import kinds as drill_kinds
from tests.apptest import figures, open_page
from tests.dashboard.i18n_checks import english_leaks

GAMES = ["stock_holdem", "stack5", "owners_choice", "whist"]


def _on_view(at, game):
    kind, seed = at.session_state[ASKED][game]
    return drill(game, kind, seed)


def _answer(at, d, right: bool):
    """Answer the drill on view, rightly or wrongly."""
    if d.choices is not None:
        index = d.correct if right else (d.correct + 1) % len(d.choices)
        at.button(key=f"practice_choice_{index}").click().run()
    else:
        value = d.answer if right else "999999"
        at.text_input(key="practice_typed").input(str(value))
        at.button(key="practice_check").click().run()


@pytest.mark.parametrize("game", GAMES)
def test_a_right_and_a_wrong_answer_and_the_progress_kept(game):
    at = open_page(f"views/{game}/practice.py")
    assert not at.exception
    d = _on_view(at, game)
    assert d.kind.removeprefix(f"{game}.") in drill_kinds(game)
    _answer(at, d, right=True)
    assert not at.exception
    assert [s.value for s in at.success][0].startswith("Right")
    learner = at.query_params["learner"]
    learner = learner[0] if isinstance(learner, list) else learner
    assert learner
    at.button(key="practice_next").click().run()
    d2 = _on_view(at, game)
    assert (d2.kind, d2.seed) != (d.kind, d.seed)
    _answer(at, d2, right=False)
    errors = [e.value for e in at.error]
    assert errors and errors[0].startswith("Not quite"), errors
    # a new session with the learner's link (a reload, another day, a restarted server)
    again = open_page(f"views/{game}/practice.py")
    again.query_params["learner"] = learner
    again.run()
    assert not again.exception
    captions = " ".join(c.value for c in again.caption)
    assert "1 of 2 right" in captions, captions


@pytest.mark.parametrize("lang", ["ja", "zh-TW"])
def test_practice_in_every_language(lang):
    for game in GAMES:
        at = open_page(f"views/{game}/practice.py", lang=lang)
        assert not at.exception
        d = _on_view(at, game)
        _answer(at, d, right=True)
        assert not at.exception
        assert at.success, game
        text = " ".join(m.value for m in at.markdown)
        assert "Read the rule on the Learn page" not in text  # translated
        assert not english_leaks(at, lang), (game, english_leaks(at, lang))


@pytest.mark.parametrize("lang", ["ja", "zh-TW"])
@pytest.mark.parametrize("game", GAMES)
def test_puzzles_in_every_language(game, lang):
    from dashboard.i18n import language

    with language(lang):
        at = open_page(f"views/{game}/practice.py", lang=lang)
        at.button_group(key="practice_mode").set_value("puzzles").run()
        assert not at.exception
        assert not english_leaks(at, lang), english_leaks(at, lang)
        puzzle = _puzzle_on_view(at, game)
        wrong = next(c for c in puzzle.choices if c not in puzzle.best)
        _puzzle_button(at, puzzle, wrong).click().run()
        assert not at.exception and at.error
        assert not english_leaks(at, lang), english_leaks(at, lang)


def test_the_progress_page_shows_what_was_answered():
    at = open_page("views/stack5/practice.py")
    d = _on_view(at, "stack5")
    _answer(at, d, right=True)
    learner = at.query_params["learner"]
    page = open_page("views/progress.py")
    page.query_params["learner"] = learner[0] if isinstance(learner, list) else learner
    page.run()
    assert not page.exception
    assert [m.value for m in figures(page)][:1] == ["1"]
    assert page.dataframe and len(page.dataframe[0].value) == 1


def test_a_bad_learner_link_is_said_in_words():
    at = open_page("views/stack5/practice.py")
    at.query_params["learner"] = "nope"
    at.run()
    assert not at.exception
    warnings = " ".join(w.value for w in at.warning)
    assert "no longer stored" in warnings and "starts afresh" in warnings


def _puzzle_on_view(at, game):
    from dashboard.practice.puzzles import SET, puzzles

    return puzzles(game)[at.session_state[SET][game]]


def _puzzle_button(at, puzzle, text):
    from dashboard.live import button_key

    return at.button(key=button_key("puzzle", "m", text))


@pytest.mark.parametrize("game", GAMES)
def test_a_puzzle_solved_and_one_missed(game):
    at = open_page(f"views/{game}/practice.py")
    at.button_group(key="practice_mode").set_value("puzzles").run()
    assert not at.exception
    puzzle = _puzzle_on_view(at, game)
    _puzzle_button(at, puzzle, puzzle.best[0]).click().run()
    assert not at.exception
    assert [s.value for s in at.success][0].startswith("Solved")
    text = " ".join(m.value for m in at.markdown)
    assert "In the game:" in text
    at.button(key="puzzle_next").click().run()
    second = _puzzle_on_view(at, game)
    assert second.id != puzzle.id
    wrong = next(c for c in second.choices if c not in second.best)
    _puzzle_button(at, second, wrong).click().run()
    assert [e.value for e in at.error][0].startswith("Not the best move")
    # the rating and the two attempts are stored under the learner's link
    from dashboard.practice.learner import PROGRESS

    _opened, progress = at.session_state[PROGRESS]
    assert progress.rating is not None and len(progress.puzzle_cards) == 2
    assert [r.right for r in progress.reviews] == [True, False]


@pytest.mark.parametrize(
    ("lang", "words"), [(None, "No free action"), ("ja", "フリーアクションなし")]
)
def test_a_choice_that_is_no_action_is_worded_by_the_game(lang, words):
    """Stock Hold'em's grading offers "(no free action)": the plugin words it."""
    from dashboard.i18n import language
    from dashboard.practice.puzzles import SET, puzzles

    with language(lang or "en"):
        at = open_page("views/stock_holdem/practice.py", lang=lang)
        at.button_group(key="practice_mode").set_value("puzzles").run()
        index = next(
            i for i, p in enumerate(puzzles("stock_holdem")) if "(no free action)" in p.choices
        )
        at.session_state[SET] = {**at.session_state[SET], "stock_holdem": index}
        at.run()
        assert not at.exception

        label = _puzzle_button(at, _puzzle_on_view(at, "stock_holdem"), "(no free action)").label
        assert words in label and "(" not in label


@pytest.mark.parametrize("lang", ["ja", "zh-TW"])
def test_the_progress_page_in_every_language(lang):
    """The progress page with answers on it (its table, chart and due dates) words every
    sentence in the page's language."""
    from dashboard.i18n import language

    with language(lang):
        at = open_page("views/stack5/practice.py", lang=lang)
        _answer(at, _on_view(at, "stack5"), right=True)
        at.button(key="practice_next").click().run()
        _answer(at, _on_view(at, "stack5"), right=False)
        learner = at.query_params["learner"]
        page = open_page("views/progress.py", lang=lang)
        page.query_params["learner"] = learner[0] if isinstance(learner, list) else learner
        page.run()
        assert not page.exception
        assert [m.value for m in figures(page)][:1] == ["2"]
        assert not english_leaks(page, lang), english_leaks(page, lang)
        table = page.dataframe[0].value  # the rules' names, games and due dates worded too
        cells = [*table.columns, *(str(v) for row in table.itertuples(index=False) for v in row)]
        names = {"Stack 5", "Stack\u00a05"}  # the glossary keeps the name in Chinese
        assert not [c for c in cells if c not in names and re.search("[A-Za-z]{3}", c)], cells
