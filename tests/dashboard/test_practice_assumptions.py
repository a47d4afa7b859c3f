"""The practice page names the [A] values a drill rests on, opens the Learn page on the
table the question is about, asks again when a typed answer is no number, draws the
Stack 5 cards it asks about, and the puzzles and progress pages say what they count."""

from __future__ import annotations

import html
import re

import pytest

from dashboard.i18n import language
from dashboard.plugins import game_ui
from dashboard.practice.learner import PROGRESS
from dashboard.practice.view import ASKED
from dashboard.words.phrases import phrase_text
from engine.practice import drill, kinds
from tests.apptest import figures, open_page
from tests.dashboard.i18n_checks import english_leaks

GAMES = ["stock_holdem", "stack5", "owners_choice", "whist"]


def _first_with_assumptions(game: str, kind: str):
    for seed in range(200):
        d = drill(game, kind, seed)
        if d.assumptions:
            return d
    return None


def _ask(at, game: str, d) -> None:
    at.session_state[ASKED] = {game: (d.kind, d.seed)}
    at.run()


def _text(at) -> str:
    """The page's Markdown as read (Markdown's escapes taken off) and its HTML's text."""
    drawn = " ".join(html.unescape(re.sub(r"<[^>]+>", " ", h.proto.body)) for h in at.get("html"))
    return " ".join(m.value for m in at.markdown).replace("\\", "") + " " + drawn


CASES = [
    (game, kind)
    for game in GAMES
    for kind in kinds(game)
    if _first_with_assumptions(game, kind) is not None
]


@pytest.mark.parametrize("lang", [None, "ja", "zh-TW"])
def test_the_assumptions_a_drill_rests_on_are_on_the_page(lang):
    assert len(CASES) >= 10
    with language(lang or "en"):
        for game, kind in CASES:
            at = open_page(f"views/{game}/practice.py", lang=lang)
            d = _first_with_assumptions(game, kind)
            _ask(at, game, d)
            assert not at.exception
            text = _text(at)
            for a in d.assumptions:
                words = phrase_text(a.words, value=game_ui(game).practice.phrase_value)
                assert words in text, (game, kind, words)
            if lang:
                assert not english_leaks(at, lang), (game, kind, english_leaks(at, lang))


@pytest.mark.parametrize(
    ("kind", "variant"), [("whist_score", "whist4"), ("two_player_score", "whist2")]
)
def test_the_learn_link_opens_the_variant_asked_about(kind, variant):
    at = open_page("views/whist/practice.py")
    d = drill("whist", kind, 0)
    _ask(at, "whist", d)
    at.text_input(key="practice_typed").input(str(d.answer))
    at.button(key="practice_check").click().run()
    links = [m.value for m in at.markdown if "section=scoring" in m.value]
    assert links and f"v={variant}" in links[0], links


@pytest.mark.parametrize("typed", ["abc", "1.5", "seven"])
def test_typed_text_that_is_no_number_is_asked_again(typed):
    at = open_page("views/whist/practice.py")
    d = drill("whist", "bid_score", 3)
    _ask(at, "whist", d)
    at.text_input(key="practice_typed").input(typed)
    at.button(key="practice_check").click().run()
    assert not at.exception
    said = " ".join(e.value for e in at.error)
    assert "is not a number" in said and "whole number" in said, said
    assert not at.success and "Not quite" not in said
    opened, progress = at.session_state[PROGRESS]
    assert opened is None and not progress.reviews  # nothing recorded
    assert at.text_input(key="practice_typed")  # the question is still asked


def test_the_answer_component_takes_only_whole_numbers():
    from dashboard.components.answer import whole_number

    assert whole_number("12") and whole_number("-3") and whole_number("１２")
    assert not whole_number("abc") and not whole_number("1.5") and not whole_number("1_0")


def test_stack5_bust_chance_bomb_and_steal_draw_their_cards():
    from dashboard.stack5.draw import drill_picture

    for seed in range(20):
        bust = drill("stack5", "bust_next", seed)
        assert "×" not in str(bust.prompt) and len(str(bust.prompt)) < 160  # a short heading
        picture = drill_picture(bust)
        assert "The deck:" in picture
        for kind in ("bomb", "steal"):
            d = drill("stack5", kind, seed)
            assert "|" not in str(d.prompt)  # the rows are drawn, not listed in the heading
            picture = drill_picture(d)
            assert picture and "Player 1" in picture, kind
            for rows in d.position["rows"]:
                for row in rows:
                    assert picture.count("<span") >= len(row)


def test_an_owners_choice_puzzle_set_mid_trade_shows_where_the_trade_leads():
    from dashboard.owners_choice.draw import holdings_html
    from engine.puzzles import load_puzzles

    differ = 0
    for puzzle in load_puzzles("owners_choice"):
        state = puzzle.state()
        table = holdings_html(state)
        if not state.trade_open():
            assert "middle of a trade" not in table
            continue
        assert "middle of a trade" in table
        settled = state.settled_presidents()
        differ += settled != state.pres
        rows = table.split("<tr>")[2 : 2 + state.num_players]
        for p, row in enumerate(rows):
            cells = row.split("<td")[3:7]
            assert [("★" in cell) for cell in cells] == [settled[c] == p for c in range(4)]
    assert differ >= 10


def test_the_first_puzzle_is_counted_as_the_first():
    at = open_page("views/owners_choice/practice.py")
    at.button_group(key="practice_mode").set_value("puzzles").run()
    captions = " ".join(c.value for c in at.caption)
    from dashboard.practice.puzzles import puzzles

    assert f"Puzzle 1 of {len(puzzles('owners_choice'))}" in captions, captions


def test_progress_chart_lines_never_look_the_same():
    """More rules than colours: each line still differs (colour, dash and marker)."""
    import json

    from dashboard import palette
    from dashboard.practice.learner import LEARNERS
    from dashboard.practice.progress import Progress, line_style

    styles = [line_style(i, palette.SERIES) for i in range(30)]
    assert len(set(styles)) == 30
    mine = Progress.new(seed_base=0)
    rules = [k for g in GAMES for k in (f"{g}.{kind}" for kind in kinds(g))][:9]
    for kind in rules:
        mine = mine.review(kind, 0, right=True)
    opened = LEARNERS.create(mine)
    page = open_page("views/progress.py")
    page.query_params["learner"] = opened.id
    page.run()
    assert not page.exception
    spec = json.loads(page.get("plotly_chart")[0].proto.spec)
    seen = [
        (t["line"]["color"], t["line"].get("dash"), t["marker"].get("symbol")) for t in spec["data"]
    ]
    assert len(seen) == 9 and len(set(seen)) == 9, seen
    assert spec["layout"]["xaxis"]["tickformat"] == "%m/%d"  # no English month names
    columns = list(page.dataframe[0].value.columns)
    assert columns[:2] == ["Rule", "Right"], columns  # what fits a phone's width first
    captions = " ".join(c.value for c in page.caption)
    assert "Puzzle rating" not in captions  # no puzzle tried: no rating to explain


def test_the_progress_page_explains_the_puzzle_rating():
    at = open_page("views/stack5/practice.py")
    at.button_group(key="practice_mode").set_value("puzzles").run()
    from dashboard.practice.puzzles import SET, puzzles

    puzzle = puzzles("stack5")[at.session_state[SET]["stack5"]]
    from dashboard.live import button_key

    at.button(key=button_key("puzzle", "m", puzzle.best[0])).click().run()
    learner = at.query_params["learner"]
    page = open_page("views/progress.py")
    page.query_params["learner"] = learner[0] if isinstance(learner, list) else learner
    page.run()
    captions = " ".join(c.value for c in page.caption)
    assert "Puzzle rating" in captions and "starts at 25" in captions, captions


def test_the_learner_stays_in_the_link_when_the_page_menu_opens_progress():
    at = open_page("views/stack5/practice.py")
    d = drill("stack5", *at.session_state[ASKED]["stack5"])
    if d.choices is not None:
        at.button(key=f"practice_choice_{d.correct}").click().run()
    else:
        at.text_input(key="practice_typed").input(str(d.answer))
        at.button(key="practice_check").click().run()
    learner = at.query_params["learner"]
    learner = learner[0] if isinstance(learner, list) else learner
    assert learner
    at.query_params.pop("learner")  # a page menu link carries no learner
    at.switch_page("views/progress.py").run()
    assert not at.exception
    kept = at.query_params.get("learner")
    kept = kept[0] if isinstance(kept, list) else kept
    assert kept == learner
    assert [m.value for m in figures(at)][:1] == ["1"]
