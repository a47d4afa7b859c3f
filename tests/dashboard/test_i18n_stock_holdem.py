"""Stock Hold'em in 日本語 and 繁體中文: every page opens and works in each
language with no English sentence of the catalogs left on it, the catalogs are complete,
and the engine's words (hands, price breakdown) and the drawings follow the glossary."""

from __future__ import annotations

import dataclasses
import re

import pytest

from dashboard.i18n import language
from dashboard.i18n_tools import problems
from tests.apptest import figures, html_tables, open_page
from tests.board import drawing, drawing_text, go, last_step
from tests.dashboard.i18n_checks import _english_pieces, page_text

LANGS = ("ja", "zh-TW")
LEARN = "views/stock_holdem/learn.py"
CALC = "views/stock_holdem/calculator.py"
TRACKER = "views/stock_holdem/table_tracker.py"
GAMES = "views/stock_holdem/games.py"


def _html(at) -> str:
    return " ".join(str(e.proto.body) for e in at.get("html"))


def _engine_docs() -> list[str]:
    """The ruleset fields' docs: engine text, translated by the engine-messages work later
    , shown as the rule form's help; not this area's to translate."""
    from engine.stock_holdem import StockHoldemRules

    return [f.metadata.get("doc", "") for f in dataclasses.fields(StockHoldemRules)]


def _clean(at, lang: str) -> None:
    """No exception, and no English sentence of the catalogs on the page (the engine's
    ruleset docs aside)."""
    assert not at.exception, at.exception
    text = " ".join(page_text(at).split())
    for doc in _engine_docs():
        text = text.replace(" ".join(doc.split()), "") if doc else text
    leaks = [p for p in _english_pieces(lang) if p in text]
    assert not leaks, leaks


def test_stock_holdem_catalogs_are_complete():
    mine = [p for p in problems() if "/stock_holdem.po" in p]
    assert not mine, "\n".join(mine)


@pytest.mark.parametrize("lang", LANGS)
def test_learn_page_in_each_language_and_its_live_examples(lang):
    # AppTest formats a widget's options with its format_func in the test process:
    # run the whole test in the page's language
    with language(lang):
        at = open_page(LEARN, lang=lang)
        _clean(at, lang)
        text = page_text(at)
        assert {"ja": "ストックホールデムを学ぶ", "zh-TW": "學習股票德州撲克"}[lang] in text
        # the rule book's Bear example, $25, its hands in the glossary's words
        at.multiselect(key="learn_sh_pick").set_value(["2F", "3A", "4S", "5W", "BEAR"]).run()
        _clean(at, lang)
        price = next(m.value for m in at.markdown if "**$25**" in m.value)
        assert {"ja": "基本株価", "zh-TW": "基本股價"}[lang] in price
        assert {"ja": "小ストレート", "zh-TW": "小順子"}[lang] in price
        at.multiselect(key="learn_sh_pick").set_value(["2F", "3A"]).run()
        assert any("3" in i.value for i in at.info)
        at.radio(key="learn_sh_turn").set_value("Player 1's second turn").run()
        _clean(at, lang)
        at.number_input(key="learn_sh_c0").set_value(2).run()  # chips 2, 2, 5, 2; previous 0
        assert any(
            {"ja": "**プレイヤー2**", "zh-TW": "**玩家2**"}[lang] in m.value for m in at.markdown
        )


@pytest.mark.parametrize("lang", LANGS)
def test_calculator_in_each_language_distribution_and_breakdown(lang):
    # AppTest formats a widget's options with its format_func in the test process:
    # run the whole test in the page's language
    with language(lang):
        at = open_page(CALC, lang=lang)
        _clean(at, lang)
        assert [m.label for m in figures(at)] == [
            {"ja": "株価の期待値", "zh-TW": "預期股價"}[lang],
            {"ja": "等確率の埋め方", "zh-TW": "等機率的填法"}[lang],
        ]
        for i, card in enumerate(["6S", "6W", "6A", "2F", "2S"]):
            at.text_input(key=f"sh_slot{i}").set_value(card)
        at.run()
        at.toggle(key="sh_stock_up").set_value(True).run()
        _clean(at, lang)
        assert not at.error
        assert [m.value for m in figures(at)] == ["$43"]
        drawn = " ".join(h.proto.body for h in at.get("html"))
        assert {"ja": "フルハウス 20", "zh-TW": "葫蘆 20"}[lang] in drawn
        assert "full house" not in page_text(at)


@pytest.mark.parametrize("lang", LANGS)
def test_table_tracker_in_each_language_buttons_and_figures(lang):
    # AppTest formats a widget's options with its format_func in the test process:
    # run the whole test in the page's language
    with language(lang):
        at = open_page(TRACKER, lang=lang)
        _clean(at, lang)
        at.session_state["tt_dist_open"] = True  # the six charts, folded at first
        at.run()
        _clean(at, lang)
        expected = {"ja": "期待値", "zh-TW": "期望值"}[lang]
        assert sum(m.value.startswith(expected) for m in at.markdown) == 6
        at.text_input(key="tt_co0").set_value("3A 9F 7? ZZ").run()  # a typo stays beside A
        assert not at.exception
        assert {"ja": "入力を直してください", "zh-TW": "請修正輸入"}[lang] in _html(at)
        at.button(key="tt_new_round").click().run()
        _clean(at, lang)
        at.button(key="tt_clear").click().run()
        _clean(at, lang)
        at.session_state["tt_players_open"] = True  # the players' part, folded at first
        at.run()
        _clean(at, lang)
        worth = next(t for t in html_tables(at) if t.shape[1] == 4)
        assert list(worth.columns)[1] == {"ja": "総資産の期待値", "zh-TW": "預期總資產"}[lang]
        assert worth.iloc[0, 0] == {"ja": "あなた", "zh-TW": "你"}[lang]


@pytest.mark.parametrize("lang", LANGS)
def test_games_page_in_each_language_simulates_to_the_final_settlement(lang):
    # AppTest formats a widget's options with its format_func in the test process:
    # run the whole test in the page's language
    with language(lang):
        at = open_page(GAMES, lang=lang)
        _clean(at, lang)
        at.segmented_control(key="xp_stock_holdem_source").set_value("Simulate").run()
        submit = next(b for b in at.button if b.key.startswith("FormSubmitter:xp_stock_holdem_sim"))
        submit.click().run()
        assert not at.exception, at.exception
        go(at, last_step(at))
        _clean(at, lang)
        over = {"ja": "ゲーム終了 — 最終決算", "zh-TW": "遊戲結束 — 最終結算"}[lang]
        assert over in drawing_text(at)
        assert "shares left" not in _html(at) + drawing(at)


@pytest.mark.parametrize("lang", LANGS)
def test_drawings_and_hand_words_follow_the_glossary(lang):
    from dashboard.stock_holdem import words
    from dashboard.stock_holdem.draw import board_html, card_html, legend_html
    from engine.stock_holdem import price

    with language(lang):
        back = card_html("?A")
        assert {"ja": ">裏<", "zh-TW": ">背面<"}[lang] in back
        assert {"ja": "錨", "zh-TW": "錨"}[lang] in legend_html()
        assert "BULL" in card_html("BULL")  # printed on the card: stays
        b = price("10A 10F 10S 10W BULL")
        line = words.explain(b)
        assert {"ja": "4シンボル", "zh-TW": "四花色"}[lang] in line
        assert {"ja": "5カード", "zh-TW": "五條"}[lang] in line
        board = board_html(
            {
                "stock_up": [0] * 6,
                "prices": [10] * 6,
                "board": [["3A", "7F"]] * 6,
                "supply": [11, 1, 11, 11, 11, 11],
            }
        )
        assert {"ja": "残り1株", "zh-TW": "剩 1 股"}[lang] in board


def _whole_game_states():
    import random

    from engine import get_game

    state = get_game("stock_holdem").new_initial_state(4)
    rng = random.Random(5)
    while True:
        yield state
        if state.is_terminal():
            return
        if state.is_chance():
            state.apply(state.sample_chance(rng))
        else:
            state.apply(rng.choice(state.legal_actions()))


def test_games_page_turn_words_in_english_are_the_engine_phrase_through_a_whole_game():
    from dashboard.explorer.words import turn_text
    from dashboard.game_ui import GameUI
    from dashboard.stock_holdem.explorer import turn_words

    plain = GameUI(game="stock_holdem", render_state=None, history=None, charts=None)
    for state in _whole_game_states():
        assert turn_words(state) == turn_text(plain, state)


@pytest.mark.parametrize("lang", LANGS)
def test_games_page_turn_words_through_a_whole_game_use_the_glossary(lang):
    from dashboard.stock_holdem.explorer import turn_words

    seen = set()
    with language(lang):
        for state in _whole_game_states():
            text = turn_words(state)
            assert "step" not in text and "round" not in text and "seat" not in text, text
            seen.add(text.split("：")[0].split("、")[-1].split("，")[-1])
    assert {"ja": "後処理ステップ", "zh-TW": "清理階段"}[lang] in seen


@pytest.mark.parametrize("lang", ["en", *LANGS])
def test_the_engine_turn_phrase_is_worded_from_its_code_through_a_whole_game(lang):
    """``describe_turn()`` is a coded phrase: worded in each language with the seats as
    players, the same words as the games page (so that page can take them from here)."""
    from dashboard.stock_holdem import words
    from dashboard.stock_holdem.explorer import turn_words

    with language(lang):
        for state in _whole_game_states():
            text = words.turn_text(state.describe_turn())
            assert text == turn_words(state), (state.describe_turn(), text)
            if lang != "en":
                assert not re.search(r"[A-Za-z]{2,}", text), text
