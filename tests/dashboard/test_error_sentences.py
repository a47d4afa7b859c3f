"""Engine errors on a page read as sentences a player would write: in English too the
message is worded from its template (the player's input in “…”, not Python's quotes; a seat
as "Player n"; a capital letter to start, the inner parts as they are), an Owner's Choice
company by its name, the analysis's and the puzzles' errors coded like every other, and the
president die drill says "nobody holds it" as a sentence of its own. The engine's English
(``str(exc)``, the command line's) stays as it was."""

from __future__ import annotations

import json
import re

import pytest

from dashboard.i18n import error_text, language
from dashboard.owners_choice.words import company_words
from dashboard.words.phrases import phrase_text
from engine import EngineError
from engine.analysis import ANALYSED, analysis_module, positions
from engine.core.errors import Phrase
from engine.core.records import GameRecord, parse_records
from engine.owners_choice import from_position
from engine.practice import drill
from engine.puzzles import Puzzle, load_puzzles, parse_puzzles
from engine.stack5.cards import deck_spec

_ASCII_WORDS = re.compile(r"[A-Za-z]{3,}(?: [A-Za-z]{3,}){2,}")  # three English words in a row


def _raised(fn, *args, **kwargs) -> EngineError:
    with pytest.raises(EngineError) as info:
        fn(*args, **kwargs)
    return info.value


def _in(lang: str, exc) -> str:
    with language(lang):
        return error_text(exc)


# --- English on a page ------------------------------------------------------------------------
def test_english_quotes_the_input_with_curly_quotes():
    exc = _raised(deck_spec().code, "X9")
    assert str(exc).startswith("'X9': not a Stack 5 card")  # the engine's, unchanged
    said = error_text(exc)
    assert said.startswith("“X9”: not a Stack 5 card"), said
    assert "'X9'" not in said


def test_english_starts_with_a_capital_letter_and_lists_in_curly_quotes():
    exc = _raised(analysis_module, "pig")
    assert str(exc).startswith("no analysis for 'pig' games; analysed games: '")
    listed = ", ".join(f"“{g}”" for g in ANALYSED)
    assert error_text(exc) == f"No analysis for “pig” games; analysed games: {listed}"


def test_only_the_first_letter_of_the_whole_message_is_a_capital():
    record = {"format": "tabletop-record", "version": 1, "game": "owners_choice"}
    text = json.dumps(record | {"players": ["a", "b"], "actions": ["buy Q"]}) + "\n"
    exc = _raised(parse_records, text, source="games.jsonl")
    said = error_text(exc)
    # a file's name is what the player wrote: kept; the inner parts stay lower-case
    assert said.startswith(
        "games.jsonl: game 1 (line 1): action 1 “buy Q”: “buy Q”: no company “Q”"
    )
    where = Phrase.coded("where.line", "line {n}", n=3)
    inner = _raised(from_position(3, cash=[90, 690, 690]).apply, "buy Y")
    said = error_text(EngineError.within(where, inner))
    assert said == "Line 3: “buy Y” is not allowed: Player 1 has $90; a yellow share costs $100"


def test_a_seat_is_a_player_on_an_english_page():
    exc = _raised(from_position(3, holdings=[[12, 0, 0, 0], [0] * 4, [0] * 4]).apply, "buy Y")
    assert "seat 0 holds 12 shares" in str(exc)
    said = error_text(exc)
    assert said == "“buy Y” is not allowed: Player 1 holds 12 shares, the most a player may hold"


# --- Owner's Choice: a company by its name ----------------------------------------------------
@pytest.mark.parametrize(
    ("lang", "said"),
    [
        ("en", "Player 1 has $90; a yellow share costs $100"),
        ("ja", "プレイヤー1の所持金は $90、黄の株は1株 $100 です"),
        ("zh-TW", "玩家1有 $90；一股黃要價 $100"),
    ],
)
def test_an_owners_choice_refusal_names_the_company(lang, said):
    exc = _raised(from_position(3, cash=[90, 690, 690]).apply, "buy Y")
    text = _in(lang, exc)
    assert said in text, text
    assert not re.search(r"\bY share|席|座位", text), text


@pytest.mark.parametrize("lang", ["en", "ja", "zh-TW"])
def test_an_owners_choice_position_error_names_the_company(lang):
    exc = _raised(from_position, prices=[100, 105, 100, 100])
    text = _in(lang, exc)
    assert {"en": "yellow", "ja": "黄", "zh-TW": "黃"}[lang] in text, text
    assert not re.search(r"\bY\b", text), text
    exc = _raised(from_position, holdings=[[2, 0, 0, 0], [1, 0, 0, 0]], presidents=[1, 0, 0, 0])
    text = _in(lang, exc)
    assert {"en": "red", "ja": "赤", "zh-TW": "紅"}[lang] in text, text
    assert {"en": "Player 2", "ja": "プレイヤー2", "zh-TW": "玩家2"}[lang] in text, text
    assert {"en": "Player 1", "ja": "プレイヤー1", "zh-TW": "玩家1"}[lang] in text, text


def test_a_rolling_company_die_is_named_by_the_company():
    s = from_position(3)
    s.phase, s.die = 4, 1  # the yellow president die is rolling
    assert str(s.describe_turn()) == "the yellow die is rolling"
    with language("ja"):
        assert phrase_text(s.describe_turn()) == "黄のダイスを振っています"


# --- the analysis's and the puzzles' errors are coded -----------------------------------------
def test_a_record_that_does_not_replay_is_a_coded_error():
    record = GameRecord("owners_choice", ["random", "random"], ["done", "buy Q"])
    with pytest.raises(EngineError) as info:
        for _ in positions(record):
            pass
    exc = info.value
    assert exc.code == "record.action" and exc.params["n"] == 2, exc
    said = error_text(exc)
    assert said.startswith("Action 2 “buy Q”: “buy Q”: no company “Q”"), said
    text = _in("ja", exc)
    assert text.startswith("2手目「buy Q」：「buy Q」：会社「Q」はありません"), text


def _puzzle() -> dict:
    return json.loads(load_puzzles("owners_choice")[0].to_json())


@pytest.mark.parametrize(
    "change",
    [
        lambda d: d.pop("gap"),
        lambda d: d.update(extra=1),
        lambda d: d.update(format="other"),
        lambda d: d.update(seat=9),
        lambda d: d.update(prefix=[1]),
        lambda d: d.update(rating=[25, 0]),
        lambda d: d.update(unit=3),
    ],
)
@pytest.mark.parametrize("lang", ["ja", "zh-TW"])
def test_a_bad_puzzle_file_is_a_coded_error_in_the_language(change, lang):
    data = _puzzle()
    change(data)
    exc = _raised(parse_puzzles, json.dumps(data) + "\n", source="mine.jsonl")
    assert exc.code == "in" and exc.params["error"].code.startswith("puzzle."), str(exc)
    text = _in(lang, exc)
    assert text.startswith("mine.jsonl"), text
    assert "puzzle:" not in text and not _ASCII_WORDS.search(text), text


def test_a_puzzle_that_does_not_replay_is_a_coded_error():
    data = _puzzle()
    data["prefix"] = data["prefix"][:3] + ["fly away"]
    exc = _raised(Puzzle.from_json(json.dumps(data)).state)
    assert exc.code == "in" and exc.params["where"].code == "puzzle.where"
    assert exc.params["error"].code == "record.action"
    assert error_text(exc).startswith(f"Puzzle {data['id']}: action 4 “fly away”: "), exc
    with language("ja"):
        assert error_text(exc).startswith(f"パズル {data['id']}：4手目「fly away」："), exc


# --- the president die drill: nobody holds it -------------------------------------------------
def _president_drill(prompt_code: str):
    for seed in range(400):
        d = drill("owners_choice", "president", seed)
        if d.prompt.code == prompt_code:
            return d
    raise AssertionError(f"no president drill asks {prompt_code}")


@pytest.mark.parametrize(
    ("lang", "said", "not_said"),
    [
        ("en", "president die is in the pool (nobody holds it).", "is with nobody"),
        ("ja", "社長ダイスはプールにあり、誰も持っていません。", "にあります"),
        ("zh-TW", "總裁骰在公共區，沒有人持有。", "在 無人"),
    ],
)
def test_the_president_die_in_the_pool_is_a_sentence(lang, said, not_said):
    d = _president_drill("owners_choice.drill.president.from_pool")
    with language(lang):
        text = phrase_text(d.prompt, value=company_words)
    assert said in text and not_said not in text, text
    assert "なし（" not in text and "無人（" not in text, text


def test_a_president_die_a_player_holds_is_still_said_with_the_player():
    d = _president_drill("owners_choice.drill.president")
    with language("ja"):
        text = phrase_text(d.prompt, value=company_words)
    assert re.search(r"社長ダイスはプレイヤー\dが持っています", text), text
