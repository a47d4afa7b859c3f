"""Engine errors in the player's language: a coded error
(:meth:`engine.core.errors.EngineError.coded`) is worded from the engine catalog on the
pages, with its inner error and its phrases (places, reasons) worded too and the player's
input quoted as typed; every template of the catalog formats in every language; the
English text stays the engine's."""

from __future__ import annotations

import json
import re
import string

import pytest

from dashboard.i18n import error_text, language, pgettext
from dashboard.i18n_tools import extract, problems
from engine import EngineError, get_game
from engine.core.errors import ParseError, Phrase, quote_choices, word
from engine.core.records import parse_records
from engine.core.ruleset import make_ruleset, ruleset_from_toml
from engine.stack5.rules import Stack5Rules
from engine.stock_holdem.rules import StockHoldemRules
from engine.whist.score_sheet import ScoreSheet
from tests.apptest import alerts, open_page

pytestmark = pytest.mark.filterwarnings("ignore")

LANGS = {"ja": "ja", "zh-TW": "zh_TW"}
_ASCII_WORDS = re.compile(r"[A-Za-z]{3,}(?: [A-Za-z]{3,}){2,}")  # three English words in a row


def _worded(exc: EngineError, lang: str) -> str:
    with language(lang):
        return error_text(exc)


def _raised(fn, *args, **kwargs) -> EngineError:
    with pytest.raises(EngineError) as info:
        fn(*args, **kwargs)
    return info.value


def _errors(at) -> str:
    return " ".join(alerts(at, "error"))


# --- every template of the catalog ----------------------------------------------------------


def _coded_templates() -> list[tuple[str, str]]:
    return [(m.context, m.id) for m in extract("engine") if m.id and m.context]


def _dummy(template: str) -> dict:
    return {f: 1 for _, f, _, _ in string.Formatter().parse(template) if f}


@pytest.mark.parametrize("lang", LANGS)
def test_every_coded_template_is_translated_and_formats(lang):
    """The translated template of every coded error and phrase formats with the English
    template's parameters (a broken placeholder would make error_text fall back)."""
    broken, untranslated = [], []
    with language(lang):
        for code, template in _coded_templates():
            worded = pgettext(code, template)
            wordless = not any(lit.strip() for lit, *_ in string.Formatter().parse(template))
            if worded == template and not wordless:  # (only placeholders: no words to translate)
                untranslated.append(code)
                continue
            try:
                worded.format(**_dummy(template))
            except (KeyError, IndexError, ValueError) as exc:
                broken.append(f"{code}: {exc!r}")
    assert not broken, broken
    assert not untranslated, untranslated


def test_the_engine_catalogs_are_complete():
    assert not [p for p in problems() if "/engine.po" in p]


# --- English stays the engine's ---------------------------------------------------------------


def test_english_is_the_engines_message_exactly():
    exc = _raised(get_game("stack5").new_initial_state(2).apply, "fly away")
    # the engine's English, with what the player wrote quoted as an English page quotes it
    assert error_text(exc) == str(exc).replace("'fly away'", "“fly away”", 1)
    assert str(exc).startswith("'fly away': not a Stack 5 action; write “draw”, “stop”")
    assert quote_choices([]) == "nothing" and quote_choices(list("abcd"), limit=2) == (
        "'a', 'b', … (4 in all)"
    )


def test_a_phrase_is_its_english_text():
    where = Phrase.coded("sheet.line", "line {n}", n=3)
    assert where == "line 3" and f"{where}: x" == "line 3: x"
    assert ParseError.within(where, ParseError("bad")).args == ("line 3: bad",)


# --- per game, from the engine: the wording, the quoted input, inner errors ---------------


@pytest.mark.parametrize(
    "lang, expected",
    [("ja", "スタック5の行動ではありません"), ("zh-TW", "不是 Stack\u00a05 的行動")],
)
def test_stack5_bad_action_text_is_worded(lang, expected):
    exc = _raised(get_game("stack5").new_initial_state(2).apply, "fly away")
    text = _worded(exc, lang)
    assert expected in text and "「fly away」" in text
    assert "「steal S row R」" in text  # the written forms stay as typed
    assert "not a Stack 5 action" not in text


@pytest.mark.parametrize("lang", LANGS)
def test_owners_choice_refused_buy_names_the_rule_in_the_language(lang):
    from engine.owners_choice import from_position

    state = from_position(2, holdings=[[6, 6, 0, 0], [0, 0, 1, 0]], cash=[900, 0])
    exc = _raised(state.apply, "buy B")
    text = _worded(exc, lang)
    assert "「buy B」" in text and "12" in text, text
    assert ("株" if lang == "ja" else "股") in text and "shares" not in text
    bad = _worded(_raised(state.apply, "buy Q"), lang)
    assert "「Q」" in bad and "'Q'" not in bad and "no company" not in bad, bad


@pytest.mark.parametrize(
    "lang, expected",
    [("ja", "カードは手番の最初にだけ置けます"), ("zh-TW", "牌只能在回合開始時放置")],
)
def test_stock_holdem_why_illegal_is_worded(lang, expected):
    import random

    from engine.stock_holdem.cards import card_text

    state = get_game("stock_holdem").new_initial_state(3)
    state.apply(state.sample_chance(random.Random(1)))
    card = card_text(state.hands[state.current_player()][0])
    exc = _raised(state.apply, f"place {card} A")  # no card is placed in the first turn
    text = _worded(exc, lang)
    assert expected in text and f"「place {card} A」" in text, text


@pytest.mark.parametrize("lang", LANGS)
def test_a_bad_ruleset_value_is_worded(lang):
    exc = _raised(make_ruleset, Stack5Rules, {"colours": "RR"})
    text = _worded(exc, lang)
    assert "「RR」" in text and "a letter is repeated" not in text
    exc = _raised(make_ruleset, StockHoldemRules, {"start_money": 7})
    text = _worded(exc, lang)
    assert "start_money" in text and "is not" not in text
    exc = _raised(ruleset_from_toml, Stack5Rules, 'target = "x"')
    text = _worded(exc, lang)
    assert "「x」" in text and ("ルールファイル" if lang == "ja" else "規則檔") in text
    assert not _ASCII_WORDS.search(text.replace("Stack5Rules", "")), text


@pytest.mark.parametrize("lang", LANGS)
def test_a_bad_record_is_refused_in_the_language_with_the_inner_error(lang):
    record = {
        "format": "tabletop-record",
        "version": 1,
        "game": "owners_choice",
        "players": ["a", "b"],
        "actions": ["buy Q"],
    }
    text = json.dumps(record) + "\n"
    exc = _raised(parse_records, text, source="games.jsonl")
    assert str(exc).startswith(
        "games.jsonl: game 1 (line 1): action 1 “buy Q”: 'buy Q': no company"
    )
    worded = _worded(exc, lang)
    assert "games.jsonl" in worded and "「buy Q」" in worded and "「Q」" in worded
    assert ("1手目" if lang == "ja" else "第 1 步") in worded
    assert not _ASCII_WORDS.search(worded), worded


@pytest.mark.parametrize("lang", LANGS)
def test_a_bad_score_sheet_line_is_worded(lang):
    sheet = ScoreSheet("bid4")
    sheet.add_bid(0, 4, "uptown", 10)
    csv_text = sheet.to_csv().replace(",4,uptown,", ",x,uptown,")
    exc = _raised(ScoreSheet.from_csv, csv_text)
    assert str(exc) == "line 2: column 'bid': 'x' is not a whole number"
    worded = _worded(exc, lang)
    assert "「bid」" in worded and "「x」" in worded and "not a whole number" not in worded
    assert ("2行目" if lang == "ja" else "第 2 行") in worded


@pytest.mark.parametrize("lang", LANGS)
def test_word_parameters_are_translated(lang):
    exc = _raised(get_game("stack5").new_initial_state(2).apply, "give ²")
    worded = _worded(exc, lang)
    assert "「²」" in worded and "a seat or row number" not in worded
    assert word("a seat or row number") == "a seat or row number"


# --- on the pages (AppTest words a widget's options in the test's thread: each test runs
# in the page's language) ---------------------------------------------------------------------


@pytest.mark.parametrize(
    "lang, expected",
    [("ja", "スタック5のカードではありません"), ("zh-TW", "不是 Stack\u00a05 的牌")],
)
def test_stack5_calculator_shows_a_bad_card_in_the_language(lang, expected):
    with language(lang):
        at = open_page("views/stack5/calculator.py", lang=lang)
        at.session_state["s5_place_open"] = True  # the placement helper, as a tap opens it
        at.run()
        at.text_input(key="s5_row0").set_value("R1 ZZ").run()
    assert not at.exception
    errors = _errors(at)
    assert expected in errors and "「ZZ」" in errors, errors


@pytest.mark.parametrize(
    "lang, expected",
    [("ja", "見たカード 1 「ZZ」：カードではありません"), ("zh-TW", "已見的牌 1 「ZZ」：不是牌")],
)
def test_stock_holdem_calculator_shows_a_bad_seen_card_in_the_language(lang, expected):
    with language(lang):
        at = open_page("views/stock_holdem/calculator.py", lang=lang)
        at.text_input(key="sh_seen").set_value("ZZ").run()
    assert not at.exception
    errors = _errors(at)
    assert expected in errors, errors


@pytest.mark.parametrize("lang", LANGS)
def test_score_sheet_import_shows_the_bad_line_in_the_language(lang):
    sheet = ScoreSheet("bid4")
    sheet.add_bid(0, 4, "uptown", 10)
    csv_text = sheet.to_csv().replace(",4,uptown,", ",x,uptown,")
    with language(lang):
        at = open_page("views/whist/score_sheet.py", lang=lang)
        at.session_state["ws_import_open"] = True  # the import, folded at first
        at.run()
        upload = at.file_uploader(key="ws_import")
        upload.set_value(("s.csv", csv_text.encode(), "text/csv")).run()
    assert not at.exception
    errors = _errors(at)
    assert "「x」" in errors and ("2行目" if lang == "ja" else "第 2 行") in errors, errors
    assert "not a whole number" not in errors


@pytest.mark.parametrize("lang", LANGS)
def test_statistics_upload_refuses_a_bad_record_in_the_language(lang):
    record = {
        "format": "tabletop-record",
        "version": 1,
        "game": "owners_choice",
        "players": ["a", "b"],
        "actions": ["buy Q"],
    }
    content = (json.dumps(record) + "\n").encode()
    with language(lang):
        at = open_page("views/statistics.py", lang=lang)
        box = at.selectbox(key="stats_game")
        box.select_index(box.options.index({"ja": "オーナーズチョイス", "zh-TW": "股市大戰"}[lang]))
        at.run()
        at.file_uploader(key="stats_upload").set_value(("bad.jsonl", content, "text/plain")).run()
    assert not at.exception
    errors = _errors(at)
    assert "「buy Q」" in errors and ("1手目" if lang == "ja" else "第 1 步") in errors, errors
    assert "no company" not in errors


@pytest.mark.parametrize("lang", LANGS)
def test_an_upload_error_names_games_and_json_faults_in_the_language(lang):
    """No Python-quoted list of the engine's game names and no json module English (its
    "Expecting value"): the games by their titles in the page's language, the place of
    a JSON fault, a long action's text cut short."""
    good = {"format": "tabletop-record", "version": 1, "players": ["a", "b"], "actions": []}
    chess = json.dumps(dict(good, game="chess")) + "\n"
    worded = _worded(_raised(parse_records, chess, source="x.jsonl"), lang)
    assert "'stock_holdem'" not in worded and "chess" in worded, worded
    assert ("スタック5" if lang == "ja" else "股市大戰") in worded, worded
    worded = _worded(_raised(parse_records, "hello\n", source="x.jsonl"), lang)
    assert "Expecting" not in worded and "JSON" in worded, worded
    deal = json.dumps(dict(good, game="stock_holdem", actions=["deal " + "A:1A,2A " * 30]))
    worded = _worded(_raised(parse_records, deal + "\n", source="x.jsonl"), lang)
    assert "A:1A,2A " * 5 not in worded.split("：", 3)[-2], worded  # the action cut short


@pytest.mark.parametrize("lang", LANGS)
def test_what_may_be_written_is_quoted_as_the_language_quotes(lang):
    """A list of allowed values (``quote_choices``) in an engine message is quoted 「…」 and
    listed with 、 on a ja or zh-TW page, not as Python writes it."""
    record = {"format": "tabletop-record", "version": 1, "game": "stack5", "players": ["a", "b"]}
    record["actions"] = []
    record["ruleset"] = {"nope": 1}
    worded = _worded(_raised(parse_records, json.dumps(record) + "\n", source="x.jsonl"), lang)
    assert "「colour_bombs」、「colours」" in worded, worded  # the fields, listed as written
    assert "', '" not in worded, worded


@pytest.mark.parametrize("lang", LANGS)
def test_a_tampered_record_names_the_card_not_the_whole_deck(lang):
    """A card dealt that the deck no longer holds: the message says which, and lists at
    most a dozen of the cards left (with how many), not the whole deck."""
    from engine import get_game, simulate

    data = json.loads(simulate(get_game("stack5"), 1, ["heuristic", "heuristic"]).to_json())
    data["actions"][5] = "place R9 row 1"
    worded = _worded(_raised(parse_records, json.dumps(data) + "\n", source="x.jsonl"), lang)
    assert "「place R9 row 1」" in worded and "「G2」" in worded, worded
    assert "「JK」" not in worded and "30" in worded, worded  # cut short, counted


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize(
    ("field", "value", "said"),
    [
        ("ruleset", {"target": None}, {"ja": "空の値", "zh-TW": "空值"}),
        ("ruleset", {"target": True}, {"ja": "はい（true）", "zh-TW": "是（true）"}),
        (
            "ruleset",
            {"colours": ["R", "B"]},
            {"ja": "リスト（「R」、「B」）", "zh-TW": "清單（「R」、「B」）"},
        ),
        ("seed", [1, [2, 3]], {"ja": "長さ2のリスト", "zh-TW": "長度為 2 的清單"}),
        ("meta", ["x"], {"ja": "リスト（「x」）", "zh-TW": "清單（「x」）"}),
        (
            "ruleset",
            {"target": {"a": 1}},
            {"ja": "1組の名前と値の表", "zh-TW": "含 1 組名稱與值的表"},
        ),
    ],
    ids=["null", "true", "list", "nested", "meta-list", "table"],
)
def test_a_wrong_value_in_a_record_is_said_in_words(lang, field, value, said):
    """A record's value of the wrong kind is named in words (an empty value, yes/no, a
    list by its items, a table by its size), never as Python writes it (None, True,
    ['R', 'B'], {'a': 1})."""
    record = {"format": "tabletop-record", "version": 1, "game": "stack5", "players": ["a", "b"]}
    record["actions"] = []
    record[field] = value
    worded = _worded(_raised(parse_records, json.dumps(record) + "\n", source="x.jsonl"), lang)
    assert said[lang] in worded, worded
    if field == "ruleset":  # the game by its title, not the ruleset's class
        assert "Rules" not in worded, worded
        assert ("スタック5" if lang == "ja" else "Stack\u00a05") in worded, worded
    for python in ("None", "True", "['", "[1", "{'"):
        assert python not in worded, worded
