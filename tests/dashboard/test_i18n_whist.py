"""Whist and Bid Whist in 日本語 and 繁體中文: every page opens in each language
without an exception and without English from the Whist catalog, its main widgets work
there, the catalogs are complete, and the engine's words (contracts, bids, score-sheet
deals and results) are re-worded in the language while the English stays the engine's."""

from __future__ import annotations

import random
import re

import pytest

from dashboard.i18n import language
from dashboard.i18n_tools import problems, read
from dashboard.whist import words
from engine import CHANCE, get_game
from engine.whist.rules import WhistRules
from engine.whist.score_sheet import ScoreSheet
from tests.apptest import alerts, figures, html_tables, open_page
from tests.board import drawing_text, go, last_step
from tests.dashboard.i18n_checks import LANG_DIRS, english_leaks, page_text
from tests.dashboard.test_store_pages import open_with

pytestmark = [pytest.mark.filterwarnings("ignore"), pytest.mark.xdist_group("whist_pages")]

LANGS = ("ja", "zh-TW")
GAME_OVER = {"ja": "ゲーム終了", "zh-TW": "遊戲結束"}


def _whist_leaks(at, lang: str) -> list[str]:
    """English sentences of the Whist catalog on the page (other areas' catalogs are their
    helpers' to check)."""
    ids = [m.id for m in read(LANG_DIRS[lang], "whist") if isinstance(m.id, str) and m.id]
    return [p for p in english_leaks(at, lang) if any(p in i for i in ids)]


def _ok(at, lang: str) -> None:
    assert not at.exception, at.exception
    leaks = _whist_leaks(at, lang)
    assert not leaks, f"English on the {lang} page: {leaks}"


def test_whist_catalogs_are_complete():
    mine = [p for p in problems() if "/whist.po" in p]
    assert not mine, "\n".join(mine)


@pytest.mark.parametrize("lang", LANGS)
def test_learn_page_in_each_language_every_variant_and_demo(lang):
    with language(lang):  # AppTest formats options in the test's thread
        at = open_page("views/whist/learn.py", lang=lang)
        _ok(at, lang)
        assert "Learn Whist" not in page_text(at)
        for variant in ("whist4", "bid2", "whist2", "bid4"):
            at.segmented_control(key="wl_variant").set_value(variant).run()
            _ok(at, lang)
            assert at.success, "the trick demo names its winner"
        at.selectbox(key="wl_kind").set_value("no trump low").run()
        at.multiselect(key="wl_trick").set_value(["3H", "AH", "2H"]).run()
        _ok(at, lang)
        assert any("**AH**" in s.value for s in at.success)
        at.selectbox(key="wl_ladder").set_value("bid 7 uptown").run()
        at.selectbox(key="wl_skind").set_value("notrump").run()
        at.number_input(key="wl_kseed").set_value(5).run()
        _ok(at, lang)


@pytest.mark.parametrize("lang", LANGS)
def test_score_sheet_in_each_language_bid_whist_to_the_end(lang):
    with language(lang):  # AppTest formats options in the test's thread
        at = open_page("views/whist/score_sheet.py", lang=lang)
        _ok(at, lang)
        at.segmented_control(key="ws_bid").set_value(4).run()
        at.number_input(key="ws_books").set_value(13).run()
        _ok(at, lang)
        at.button(key="ws_add").click().run()  # 4 uptown, 13 books: +7 ends the game
        _ok(at, lang)
        assert [m.value for m in figures(at)][:2] == ["7", "0"]
        assert any(GAME_OVER[lang] in s for s in alerts(at, "success"))
        assert "North–South" not in page_text(at)  # the default side names are worded too
        table = _deals(at).to_string()
        assert "uptown" not in table and "books" not in table
        at.session_state["wc_open"] = True  # the points calculator, folded at first
        at.run()
        at.segmented_control(key="wc_kind").set_value("notrump").run()
        _ok(at, lang)
        assert any("**+8**" in m.value for m in at.markdown)


@pytest.mark.parametrize("lang", LANGS)
def test_score_sheet_in_each_language_whist_games(lang):
    with language(lang):  # AppTest formats options in the test's thread
        at = open_page("views/whist/score_sheet.py", lang=lang)
        at.segmented_control(key="ws_v").set_value("whist4").run()
        at.number_input(key="ws_tricks").set_value(8)
        at.segmented_control(key="ws_hside").set_value(1)
        at.segmented_control(key="ws_hon").set_value(4)
        at.button(key="ws_add").click().run()
        _ok(at, lang)
        assert [m.value for m in figures(at)][:2] == ["2", "4"]
        at.segmented_control(key="ws_v").set_value("whist2").run()
        at.segmented_control(key="ws_game").set_value("high")
        at.button(key="ws_add").click().run()
        _ok(at, lang)
        assert "high" not in _deals(at).to_string()


def test_score_sheet_default_name_typed_back_is_stored_in_english():
    """The translated default names show in the name fields; leaving them as they are keeps
    the sheet's names (and the English page) unchanged."""
    with language("ja"):
        at = open_page("views/whist/score_sheet.py", lang="ja")
        at.session_state["ws_names_open"] = True  # the names' fold opened
        at.run()
        assert at.text_input(key="ws_name0").value == "南北"
        at.button(key="ws_add").click().run()
    assert not at.exception and [m.label for m in figures(at)][:2] == ["南北", "東西"]
    english = open_with("views/whist/score_sheet.py", sheet=at.query_params["sheet"])
    assert not english.exception
    assert [m.label for m in figures(english)][:2] == ["North–South", "East–West"]


@pytest.mark.parametrize("lang", LANGS)
def test_games_page_in_each_language_steps_to_the_end(lang):
    with language(lang):  # AppTest formats options in the test's thread
        at = open_page("views/whist/games.py", lang=lang)
        _ok(at, lang)
        go(at, last_step(at))
        _ok(at, lang)
        assert GAME_OVER[lang] in drawing_text(at)


# --- the engine's words -----------------------------------------------------------------
ENGLISH_WORDS = ("uptown", "downtown", "no trump", "high", "low", "trump", "bid", "pass")


def _contracts_and_bids_of_whole_games():
    """Every contract and bid text the engine wrote in whole games of all four variants."""
    game = get_game("whist")
    contracts, bids = set(), set()
    for variant, n in (("bid4", 4), ("whist4", 4), ("bid2", 2), ("whist2", 2)):
        for seed in range(6):
            rng = random.Random(seed)
            state = game.new_initial_state(n, variant=variant)
            bot = game.make_bot("heuristic")
            while not state.is_terminal():
                if state.current_player() == CHANCE:
                    state.apply(state.sample_chance(rng))
                else:
                    state.apply(bot.choose(state, state.current_player(), rng))
                obs = state.observation(None)
                if obs["contract"]:
                    contracts.add(obs["contract"])
                bids.update(b for _, b in obs["bids"])
                if len(contracts) > 40 and variant != "bid4":
                    break
    return contracts, bids


def test_contracts_and_bids_from_whole_games_are_worded_in_each_language():
    contracts, bids = _contracts_and_bids_of_whole_games()
    assert any("no trump" in c for c in contracts) and any("uptown" in c for c in contracts)
    assert "high" in {c.split()[0] for c in contracts} and "pass" in bids
    for text, reword in [(c, words.contract_words) for c in contracts] + [
        (b, words.bid_words) for b in bids
    ]:
        with language("en"):  # English: the engine's own words, a suit as its symbol
            shown = reword(text)
            assert not re.search(r"\b[SHDC]\b", shown), shown
            plain = re.sub(r"\s*\b[SHDC]\b", "", text)  # "trump H": "♥ hearts are trumps"
            assert plain in shown or (plain == "trump" and shown.endswith(" are trumps")), shown
        for lang in LANGS:
            with language(lang):
                shown = reword(text)
            left = [w for w in ENGLISH_WORDS if w in shown.lower()]
            assert not left, f"{text!r} in {lang}: {shown!r}"


def test_score_sheet_deals_and_results_reworded_from_the_sheets_own_data():
    """In English the words are the engine's text exactly; in ja/zh-TW no English is left."""
    sheets = []
    lost = ScoreSheet("bid4", WhistRules(variant="bid4"))
    lost.add_bid(0, 4, "notrump", 7)  # set: -8, the side loses
    sheets.append(lost)
    won = ScoreSheet("bid2", WhistRules(variant="bid2"))
    won.add_bid(0, 3, "uptown", 8)
    won.add_bid(1, 7, "downtown", 13)  # +7, the side wins
    sheets.append(won)
    w4 = ScoreSheet("whist4", WhistRules(variant="whist4"))
    w4.add_whist(8, 1, 4)  # 2 - 4 (honours)
    w4.add_whist(13)  # side 1 reaches 9
    sheets.append(w4)
    w2 = ScoreSheet("whist2", WhistRules(variant="whist2"))
    w2.add_two_player_whist("high", 9, 0)
    w2.add_two_player_whist("low", 3)
    sheets.append(w2)
    for sheet in sheets:
        assert sheet.result(), sheet.variant
        with language("en"):
            assert [words.entry_words(e, sheet.names) for e in sheet.entries] == list(
                sheet.frame()["deal entered"]
            )
            assert words.result_words(sheet.result()) == sheet.result()
        for lang in LANGS:
            with language(lang):
                texts = [words.entry_words(e, sheet.names) for e in sheet.entries]
                texts.append(words.result_words(sheet.result()))
            for text in texts:
                assert not any(w in text for w in ("books", "tricks", "wins", "loses", "high"))
                assert "North" not in text and "Player" not in text, text


def test_score_sheet_result_words_default_names_and_keeps_given_ones():
    """A result names the sides: the default names in the page's language, names the
    players gave exactly as given; a player-given name that reads like a word stays too."""
    given = ScoreSheet("bid4", WhistRules(variant="bid4"), names=("Ann & Bo", "uptown"))
    given.add_bid(1, 7, "uptown", 13)
    default = ScoreSheet("bid4", WhistRules(variant="bid4"))
    default.add_bid(1, 7, "uptown", 13)
    with language("ja"):
        assert words.result_words(given.result()).startswith("uptown")
        assert "Ann & Bo" not in words.result_words(given.result())
        assert words.result_words(default.result()).startswith("東西")
    with language("en"):
        assert words.result_words(default.result()) == "East–West wins with 7 (reached +7)"


def test_the_words_read_no_engine_english_back():
    """The words come from codes, parameters and action values: no pattern is left."""
    import inspect

    source = inspect.getsource(words)
    assert "import re" not in source and "re.compile" not in source
    with language("ja"):  # a bid's record text is read by the engine's parser
        assert words.bid_words("bid 4 nt") == words.bid_words("bid 4 notrump") != "bid 4 notrump"
        assert words.bid_words("not a bid") == "not a bid"


def test_whose_turn_on_the_games_page_is_worded_in_each_language_at_every_step():
    """Every turn of the shipped records of each variant (deal, discard, bid, direction,
    trump, declare, play, end) in the games page's words: no English left in ja/zh-TW, and
    in English the seat is named as a player."""
    from pathlib import Path

    from dashboard.whist.words import turn_words
    from engine import read_jsonl
    from engine.core.records import states

    codes = set()
    data = Path(__file__).resolve().parents[2] / "data" / "whist"
    for name in ("bid4.jsonl", "bid2.jsonl", "whist4.jsonl", "whist2.jsonl"):
        for state in states(read_jsonl(data / name)[0]):
            codes.add(state.describe_turn().code)
            with language("en"):
                english = turn_words(state)
            assert "seat" not in english, english
            for lang in LANGS:
                with language(lang):
                    shown = turn_words(state)
                assert not re.search(r"[A-Za-z]{3,}", shown.replace("Bid", "")), (lang, shown)
    assert {
        "whist.turn_first_dealer",
        "whist.turn_deal",
        "whist.turn_bid",
        "whist.turn_play",
    } <= codes
    assert "whist.turn_over" in codes and "whist.turn_discard" in codes


@pytest.mark.parametrize(("lang", "player"), [("ja", "プレイヤー4"), ("zh-TW", "玩家4")])
def test_a_refused_action_names_the_seat_to_act_as_a_player(lang, player):
    """A refusal quotes whose turn it is (a phrase with a seat): in the language, the seat
    is the player, never the engine's ``seat 3``; in English the message is the engine's."""
    from dashboard.i18n import error_text
    from engine.core.errors import IllegalAction

    state = get_game("whist").new_initial_state(first_dealer=3)
    with pytest.raises(IllegalAction) as refused:
        state.apply("pass")
    assert str(refused.value) == "'pass' is not allowed now (chance deals (seat 3 deals))"
    with language(lang):
        shown = error_text(refused.value)
    assert player in shown and "seat" not in shown


def _deals(at):
    """The score sheet's table of deals (the page's widest HTML table)."""
    return max(html_tables(at), key=lambda t: t.shape[1])
