"""Stack 5 in 日本語 and 繁體中文: every page opens in each language without an
exception and without English from the Stack 5 catalog, its main widgets work there, the
catalogs are complete, and the engine's texts (turn, events, outlooks, reasons) are worded
in the language from whole games."""

from __future__ import annotations

import random
import re

import pytest

from dashboard.i18n import language
from dashboard.i18n_tools import problems, read
from dashboard.live import button_key
from dashboard.stack5 import words
from engine import CHANCE, get_game
from engine.stack5 import draw_odds, draw_or_stop, row_outlook
from engine.stack5.history import last_event
from engine.stack5.rules import Stack5Rules
from tests.apptest import alerts, figures, open_page
from tests.board import go, last_step
from tests.dashboard.i18n_checks import LANG_DIRS, english_leaks, page_text

pytestmark = pytest.mark.filterwarnings("ignore")

LANGS = ("ja", "zh-TW")
LIVE = "live_stack5"


def _stack5_leaks(at, lang: str) -> list[str]:
    """English sentences of the Stack 5 catalog on the page (other areas' catalogs are
    their helpers' to check). The shared explorer's step line ("**Step 3 of 191** — …")
    shows the engine's turn phrase itself: it is the explorer's (dashboard/explorer/words.py)."""
    ids = [m.id for m in read(LANG_DIRS[lang], "stack5") if isinstance(m.id, str) and m.id]
    shown = " ".join(page_text(at).split())
    for line in at.markdown:
        if str(line.value).startswith("**"):
            step_line = " ".join(str(line.value).split())
            if re.match(
                r"\*\*[^*]*\d+[^*]*\d+[^*]*\*\*", step_line
            ):  # "**Step 3 of 191**" in any language
                shown = shown.replace(step_line, "")
    return [p for p in english_leaks(at, lang) if p in shown and any(p in i for i in ids)]


def _ok(at, lang: str) -> None:
    assert not at.exception, at.exception
    leaks = _stack5_leaks(at, lang)
    assert not leaks, f"English on the {lang} page: {leaks}"


def test_stack5_catalogs_are_complete():
    mine = [p for p in problems() if "/stack5.po" in p]
    assert not mine, "\n".join(mine)


def _learn_page_in_each_language_with_every_demo(lang):
    at = open_page("views/stack5/learn.py", lang=lang)
    _ok(at, lang)
    assert "Learn Stack 5" not in page_text(at)
    for special in ("D3", "NB", "CB", "ST", "JK"):
        at.radio(key="s5_learn_special").set_value(special).run()
        _ok(at, lang)
    at.radio(key="s5_learn_special").set_value("D3").run()
    at.selectbox(key="s5_learn_d3").set_value("B1 Y5 — Y5 repeats the 5 of R5: bust").run()
    _ok(at, lang)
    at.radio(key="s5_learn_special").set_value("JK").run()
    at.selectbox(key="s5_learn_jk").set_value("Both Jokers in one turn").run()
    _ok(at, lang)
    at.button(key="s5_learn_stop").click().run()  # the turn's main button
    _ok(at, lang)
    at.text_input(key="s5_learn_row").set_value("R1 B1").run()  # an illegal placement
    _ok(at, lang)
    assert at.error and not _ENGLISH.search(at.error[0].value)
    at.text_input(key="s5_learn_five").set_value("R1 R2 R3 R4 R5").run()
    _ok(at, lang)


def _calculator_in_each_language(lang):
    at = open_page("views/stack5/calculator.py", lang=lang)
    _ok(at, lang)
    assert figures(at)[0].value == "36.0%"
    at.pills(key="s5_drawn").set_value(["R1", "B2", "G3", "Y4"]).run()  # suggests stop
    _ok(at, lang)
    said = alerts(at, "warning")
    assert said and words.VERB["stop"] not in said[0]
    at.pills(key="s5_drawn").set_value(["R1"]).run()  # fewer than the minimum
    _ok(at, lang)
    at.session_state["s5_place_open"] = True  # the placement helper, as a tap opens it
    at.run()
    at.text_input(key="s5_row0").set_value("R1 R1").run()
    _ok(at, lang)
    text = page_text(at)
    assert "can still make" not in text and "cards to go" not in text


def _games_explorer_in_each_language(lang):
    at = open_page("views/stack5/games.py", lang=lang)
    _ok(at, lang)
    for step in range(1, 7):
        go(at, step)
        _ok(at, lang)
    go(at, last_step(at))
    _ok(at, lang)


def _live_page_in_each_language_through_a_bust_and_a_placement(lang):
    at = open_page("views/stack5/live.py", lang=lang)
    _ok(at, lang)
    at.segmented_control(key=f"{LIVE}_n").set_value(2).run()
    at.text_input(key=f"{LIVE}_name0").set_value("Aiko")
    at.text_input(key=f"{LIVE}_name1").set_value("Ben")
    at.button(key=f"{LIVE}_start").click().run()
    _ok(at, lang)
    for card in ("R1", "B2"):
        at.button(key=button_key(LIVE, "o", card)).click().run()
        _ok(at, lang)
    assert "Next draw" not in page_text(at)
    at.button(key=button_key(LIVE, "m", "draw")).click().run()
    at.button(key=button_key(LIVE, "o", "Y1")).click().run()  # repeats the 1: bust
    _ok(at, lang)
    at.button(key=button_key(LIVE, "m", "give 1")).click().run()
    _ok(at, lang)
    at.button(key=button_key(LIVE, "m", "place R1 row 1")).click().run()
    _ok(at, lang)


def _whole_game_texts(seed: int):
    """Every turn and event phrase, outlook and reason of a seeded bot game."""
    game = get_game("stack5")
    state = game.new_initial_state(3)
    bot = game.make_bot("heuristic")
    rng = random.Random(seed)
    phrases, outlooks, reasons = set(), [], set()
    while not state.is_terminal():
        phrases.add(state.describe_turn())
        if state.current_player() == CHANCE:
            outcomes = state.chance_outcomes()
            action = rng.choices([a for a, _ in outcomes], [float(p) for _, p in outcomes])[0]
        else:
            action = bot.choose(state, state.current_player(), rng)
        state.apply(action)
        phrases.add(last_event(state))
        obs = state.observation(None)
        for rows in obs["rows"]:
            outlooks.extend(row_outlook(r) for r in rows if r)
        if obs["phase"] == "decide":
            odds = draw_odds(obs["hand"], obs["unseen"] or obs["discard"], horizon=1)
            reasons.add(draw_or_stop(odds)[1])
    phrases.add(state.describe_turn())
    return phrases - {""}, outlooks, reasons


# English words the engine's texts use; none may be left once worded in another language
# (card codes such as R3, JK are notation and stay).
_ENGLISH = re.compile(r"\b(?!(?:[RBGYP]\d|JK|D3|NB|CB|ST)\b)[A-Za-z]{2,}\b")


@pytest.mark.parametrize("lang", LANGS)
def test_engine_texts_of_whole_games_are_worded_in_each_language(lang):
    phrases, outlooks, reasons = set(), [], set()
    for seed in range(3):
        p, o, r = _whole_game_texts(seed)
        phrases |= p
        outlooks += o
        reasons |= r
    assert len(phrases) > 40 and outlooks and reasons
    with language(lang):
        for text in phrases:
            worded = words.phrase(text)
            assert not _ENGLISH.search(worded), (text, worded)
        for outlook in outlooks:
            assert not _ENGLISH.search(words.outlook_text(outlook)), outlook
        for why in reasons:
            assert not _ENGLISH.search(words.why_text(why)), why
        for rules in (
            Stack5Rules(),
            Stack5Rules(min_draw_counts="own", draw3_joker="counts_for_both"),
        ):
            for text in (words.minimum_draw_text(rules), words.draw3_joker_text(rules)):
                assert not _ENGLISH.search(text), text


def test_engine_texts_stay_exactly_the_engines_in_english():
    """In English the engine's texts are shown as written, its seats named as players
    ("seat 0" is Player 1, as on every page)."""
    import re

    phrases, outlooks, reasons = _whole_game_texts(0)
    for text in phrases:
        named = re.sub(r"seat (\d+)", lambda m: f"Player {int(m[1]) + 1}", text)
        assert words.phrase(text) == named
    assert [words.outlook_text(o) for o in outlooks] == [str(o) for o in outlooks]
    for why in reasons:
        assert words.why_text(why) == why
    for rules in (
        Stack5Rules(),
        Stack5Rules(min_draws=1, min_draw_counts="own", draw3_joker="counts_for_both"),
    ):
        assert words.minimum_draw_text(rules) == str(rules.minimum_draw_text())
        assert words.draw3_joker_text(rules) == str(rules.draw3_joker_text())


def test_rule_texts_write_counts_in_digits_and_sentences_without_spaces_in_ja():
    """English spells a rule's count out ("two"); 日本語 writes it in digits, its sentences
    one after another without a space."""
    with language("ja"):
        text = words.minimum_draw_text(Stack5Rules(min_draws=3))
    assert "3" in text and "three" not in text and " " not in text, text


def test_a_phrase_names_its_seats_with_the_namer_given():
    state = get_game("stack5").new_initial_state(3)
    assert words.phrase(state.describe_turn(), lambda s: f"P{s}") == "P0 draws a card"


@pytest.mark.parametrize("lang", LANGS)
def test_learn_page_in_each_language_with_every_demo(lang):
    # AppTest formats widget values with the page's format_func in the test's own thread:
    # in the page's language
    with language(lang):
        _learn_page_in_each_language_with_every_demo(lang)


@pytest.mark.parametrize("lang", LANGS)
def test_calculator_in_each_language(lang):
    # AppTest formats widget values with the page's format_func in the test's own thread:
    # in the page's language
    with language(lang):
        _calculator_in_each_language(lang)


@pytest.mark.parametrize("lang", LANGS)
def test_games_explorer_in_each_language(lang):
    # AppTest formats widget values with the page's format_func in the test's own thread:
    # in the page's language
    with language(lang):
        _games_explorer_in_each_language(lang)


@pytest.mark.parametrize("lang", LANGS)
def test_live_page_in_each_language_through_a_bust_and_a_placement(lang):
    # AppTest formats widget values with the page's format_func in the test's own thread:
    # in the page's language
    with language(lang):
        _live_page_in_each_language_through_a_bust_and_a_placement(lang)


def _play_against_the_bots(lang):
    at = open_page("views/play.py", lang=lang)
    at.selectbox(key="play_game").set_value("Stack 5").run()
    at.selectbox(key="play_n_Stack 5").set_value(2).run()
    at.text_input(key="play_name").set_value("Aiko")
    at.text_input(key="play_seed").set_value("3")
    at.button(key="play_start").click().run()
    _ok(at, lang)
    for _ in range(40):  # a few turns: draws, decisions, placements, the bot's turns
        moves = [b.key for b in at.button if b.key and b.key.startswith("play_m_")]
        if not moves and not any(b.key == "play_skip" for b in at.button):
            break
        at.button(key=moves[0] if moves else "play_skip").click().run()
        _ok(at, lang)


@pytest.mark.parametrize("lang", LANGS)
def test_play_stack5_against_the_bots_in_each_language(lang):
    with language(lang):
        _play_against_the_bots(lang)
