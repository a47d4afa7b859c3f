"""Owner's Choice in 日本語 and 繁體中文: every page of the area opens and is used
in each language with no exception and no English sentence of the catalogs showing; the
owners_choice catalogs are complete; every sentence the engine writes about a turn or a
move's plan has its words in each language."""

from __future__ import annotations

import random
import re

import pytest

from dashboard.i18n import language
from dashboard.i18n_tools import problems
from dashboard.owners_choice.words import plan_words, turn_words
from engine import get_game
from engine.core.errors import Phrase
from engine.core.ruleset import describe
from engine.owners_choice import OwnersChoiceRules, move_outlook
from engine.owners_choice.state import PRE
from tests.apptest import alerts, html_tables, open_page
from tests.board import go, last_step
from tests.dashboard.i18n_checks import _english_pieces, english_leaks, page_text
from tests.dashboard.owners_choice.test_pages import unfold

LANGS = ["ja", "zh-TW"]
GAME_NAME = {"ja": "オーナーズチョイス", "zh-TW": "股市大戰"}


@pytest.fixture(autouse=True)
def _words_in(request):
    """AppTest formats a selectbox's value with the page's ``format_func`` in the test's own
    thread: the test speaks the page's language too."""
    lang = request.node.callspec.params.get("lang") if hasattr(request.node, "callspec") else None
    if lang is None:
        yield
        return
    with language(lang):
        yield


# The ruleset field docs come from engine/ and are translated in the engine's catalog;
# a catalog sentence that is also part of one of them is not counted as a leak.
FIELD_DOCS = " ".join(f.doc for f in describe(OwnersChoiceRules))


def no_trouble(at, lang):
    assert not at.exception, at.exception
    # Text shown through ui.plain() is Markdown-escaped ("set\\-up"): look at it unescaped too.
    text = " ".join(page_text(at).replace("\\", "").split())
    found = set(english_leaks(at, lang)) | {p for p in _english_pieces(lang) if p in text}
    leaks = sorted(p for p in found if p not in FIELD_DOCS)
    assert not leaks, f"English on the {lang} page: {leaks}"
    return at


def test_owners_choice_catalogs_are_complete():
    mine = [p for p in problems() if "/owners_choice.po" in p]
    assert not mine, "\n".join(mine)


def _moves(at):
    """The advisor's table of every move (the widest table on the page), if drawn."""
    tables = [t for t in html_tables(at) if t.shape[1] >= 5]
    return tables[0] if tables else None


@pytest.mark.parametrize("lang", LANGS)
def test_move_advisor_in_each_language_loads_a_recorded_position(lang):
    at = no_trouble(unfold(open_page("views/owners_choice/calculator.py", lang=lang)), lang)
    assert GAME_NAME[lang] in at.title[0].value
    assert alerts(at, "success") and _moves(at) is not None  # the advice is there, in the language
    at.number_input(key="oc_rec_turn").set_value(6).run()
    at.button(key="oc_rec_load").click().run()
    no_trouble(at, lang)
    assert not at.error
    at.number_input(key="oc_rec_game").set_value(9999).run()
    at.button(key="oc_rec_load").click().run()
    no_trouble(at, lang)
    assert at.error and "9999" in at.error[0].value  # the page's own message, translated
    assert "there is no game" not in at.error[0].value


@pytest.mark.parametrize("lang", LANGS)
def test_move_advisor_president_choice_after_a_tie_in_each_language(lang):
    at = no_trouble(unfold(open_page("views/owners_choice/calculator.py", lang=lang)), lang)
    at.number_input(key="oc_h_0_0").set_value(2).run()
    at.number_input(key="oc_h_1_0").set_value(2).run()
    at.selectbox(key="oc_pres_R").set_value("1").run()
    no_trouble(at, lang)
    assert not at.error
    plans = " ".join(str(v) for v in _moves(at).iloc[:, 3])
    assert "seat" not in plans  # the engine's plan sentences in the page's language


@pytest.mark.parametrize("lang", LANGS)
def test_learn_page_every_space_and_turn_order_in_each_language(lang):
    at = no_trouble(open_page("views/owners_choice/learn.py", lang=lang), lang)
    assert not at.error
    for kind in ["ALL", "EVENT", "DIVIDEND", "PRESIDENT", "R"]:
        at.selectbox(key="ocl_space").set_value(kind).run()
        no_trouble(at, lang)
    at.radio(key="ocl_turn").set_value("move, then trade").run()
    at.number_input(key="ocl_fund").set_value(0).run()
    at.selectbox(key="ocl_price").set_value(300).run()
    no_trouble(at, lang)
    assert not at.error
    text = page_text(at)
    for word in ("trades or moves", "is rolling", "chooses 'bankrupt'"):
        assert word not in text  # describe_turn() worded in the language


@pytest.mark.parametrize("lang", LANGS)
def test_games_explorer_steps_to_the_end_in_each_language(lang):
    at = no_trouble(open_page("views/owners_choice/games.py", lang=lang), lang)
    go(at, 1)
    no_trouble(at, lang)
    go(at, last_step(at))
    no_trouble(at, lang)
    assert not at.error


@pytest.mark.parametrize("lang", LANGS)
def test_live_game_with_move_advisor_in_each_language(lang):
    key = "live_owners_choice"
    at = no_trouble(open_page("views/owners_choice/live.py", lang=lang), lang)
    at.segmented_control(key=f"{key}_n").set_value(2).run()
    at.button(key=f"{key}_start").click().run()
    no_trouble(at, lang)
    for move in ["buy R", "buy R", "done", "done", "move 1"]:
        at.button(key=f"{key}_m_" + move.replace(" ", "-20-")).click().run()
        no_trouble(at, lang)
    assert not at.error
    assert "Move advisor" not in page_text(at)


def _sentences(games: int = 25):
    """Every describe_turn() and move plan the engine writes in ``games`` random games."""
    game = get_game("owners_choice")
    rng = random.Random(16)
    turns, plans = set(), set()
    for n in (2, 3, 4, 5):
        for _g in range(games // 4 + 1):
            s = game.new_initial_state(n)
            steps = 0
            while not s.is_terminal() and steps < 400:
                turns.add(s.describe_turn())
                if s.phase == PRE:
                    plans.update(o.plan for o in move_outlook(s))
                if s.is_chance():
                    s.apply(s.sample_chance(rng))
                else:
                    s.apply(rng.choice(s.legal_actions()))
                steps += 1
            turns.add(s.describe_turn())
    return turns, plans


def _coded(phrase) -> list:
    """The coded pieces of a phrase (the parts of a joined one)."""
    assert isinstance(phrase, Phrase) and phrase.code, phrase
    return list(phrase.params["parts"]) if phrase.code == "join" else [phrase]


def test_every_turn_and_plan_sentence_of_whole_games_has_words_in_each_language():
    turns, plans = _sentences()
    assert any("die is rolling" in t for t in turns) and any("Fund die" in p for p in plans)
    codes = {c.code for t in turns for c in _coded(t)}
    codes |= {c.code for p in plans - {"-"} for c in _coded(p)}
    assert {"oc.turn_setup", "oc.turn_roll_event", "oc.plan_fund", "oc.plan_pay"} <= codes
    for plan in plans - {"-"}:
        assert all(part.code for part in _coded(plan)), plan
    for lang in LANGS:
        with language(lang):
            for text in turns:
                worded = turn_words(text)
                assert worded != text and "seat" not in worded, (lang, text, worded)
            for plan in plans - {"-"}:
                worded = plan_words(plan, lambda p: f"P{p}")
                assert "seat" not in worded and "rolls" not in worded, (lang, plan, worded)
                if "seat " in plan:  # the seat named as the page names it
                    assert "P" in worded, (lang, plan, worded)


def test_turn_and_plan_words_in_english_are_the_engine_text_with_players_named():
    from dashboard.owners_choice.words import TURN_WORDS

    turns, plans = _sentences(8)
    for text in turns:
        if text.code in TURN_WORDS:  # the engine's notation ('buy R', 'done') said in words
            worded = turn_words(text, lambda p: f"seat {p}")
            assert "'" not in worded and worded.startswith("seat "), (text, worded)
        else:  # a company by its colour ("the B die" → "the blue die")
            said = turn_words(text, lambda p: f"seat {p}")
            colours = {"R": "red", "Y": "yellow", "B": "blue", "G": "green"}
            letters = {text.replace(f" {c} ", f" {w} ") for c, w in colours.items()}
            assert said == text or said in letters, (text, said)
    for plan in plans - {"-"}:  # companies by their colour ("R: …" → "red: …")
        said, english = plan_words(plan, lambda p: f"seat {p}"), str(plan)
        for letter, colour in {"R": "red", "Y": "yellow", "B": "blue", "G": "green"}.items():
            english = re.sub(rf"\b{letter}\b", colour, english)
        assert said == english, (said, english)
        if "seat 0" in plan:
            assert "Ann" in plan_words(plan, lambda p: "Ann")
    assert plan_words("-") == ""
