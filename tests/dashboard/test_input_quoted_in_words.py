"""What a player wrote, inside an engine error, is quoted as the page's language quotes
(“R9” in English, 「R9」 in Japanese and Chinese), never as Python does ('R9'); a list the
message names reads as the language's list; an error inside an uploaded dataset keeps its
own code, so the page words it too; a player is "Player n" (1-based), and a count of one
share says "share". The engine's English (``str(exc)``, the command line's) stays Python's."""

from __future__ import annotations

import io

import pytest

from dashboard.i18n import error_text, language
from dashboard.owners_choice.words import company_words
from dashboard.words.phrases import phrase_text
from engine import EngineError
from engine.core.records import GameRecord
from engine.core.ruleset import make_ruleset
from engine.owners_choice import from_position
from engine.practice import drill
from engine.stack5.actions import parse_action as stack5_action
from engine.stack5.cards import deck_spec
from engine.stock_holdem.cards import company_index, parse_card
from engine.whist.actions import parse_action as whist_action
from engine.whist.rules import WhistRules

LANGS = ["en", "ja", "zh-TW"]
OPEN = {"en": "“", "ja": "「", "zh-TW": "「"}


def _raised(fn, *args, **kwargs) -> EngineError:
    with pytest.raises(EngineError) as info:
        fn(*args, **kwargs)
    return info.value


def _in(lang: str, exc) -> str:
    with language(lang):
        return error_text(exc)


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize(
    ("make", "written"),
    [
        (lambda: _raised(stack5_action, "frobnicate"), "frobnicate"),
        (lambda: _raised(stack5_action, "give 99999"), "give 99999"),
        (lambda: _raised(whist_action, "play ZZ"), "play ZZ"),
        (lambda: _raised(parse_card, "99Q"), "99Q"),
        (lambda: _raised(company_index, "Q"), "Q"),
        (lambda: _raised(make_ruleset, WhistRules, {"variant": "tall"}), "tall"),
    ],
    ids=["stack5-action", "stack5-within", "whist-within", "stock-card", "stock-co", "ruleset"],
)
def test_the_players_input_is_quoted_as_the_language_quotes(lang, make, written):
    exc = make()
    assert f"'{written}'" in str(exc), str(exc)  # the engine's English: Python's quotes
    text = _in(lang, exc)
    assert f"{OPEN[lang]}{written}" in text, text
    assert f"'{written}'" not in text, text


@pytest.mark.parametrize("lang", LANGS)
def test_stack5_specials_are_the_languages_list(lang):
    exc = _raised(deck_spec().code, "X9")
    text = _in(lang, exc)
    assert "'D3'" not in text and "'JK'" not in text, text
    if lang == "en":
        assert "“D3”, “NB”, “CB”, “ST”, “JK”" in text, text
    else:
        assert "「D3」、「NB」" in text, text


def _bad_upload() -> bytes:
    from engine.core.parquet import records_frame

    record = GameRecord("owners_choice", ["random", "random"], ["done", "buy Q"])
    buf = io.BytesIO()
    records_frame([record]).write_parquet(buf)
    return buf.getvalue()


@pytest.mark.parametrize(
    ("lang", "start"),
    [
        ("en", "games.parquet: row 1: action 2 “buy Q”: “buy Q”: no company “Q”"),
        ("ja", "games.parquet：1行目：2手目「buy Q」：「buy Q」：会社「Q」はありません"),
        ("zh-TW", "games.parquet：第 1 列："),
    ],
)
def test_an_upload_error_keeps_the_inner_code(lang, start):
    from engine.core.parquet import read_upload

    exc = _raised(
        read_upload, [("games.parquet", _bad_upload())], max_games=10, max_text_bytes=10**6
    )
    assert str(exc).startswith("games.parquet: row 1: action 2 "), str(exc)
    assert exc.code == "in" and exc.params["error"].code == "record.action", exc.code
    text = _in(lang, exc)
    assert text.startswith(start), text
    if lang != "en":
        assert "'buy Q'" not in text and "no company" not in text, text


@pytest.mark.parametrize(
    ("lang", "player"), [("en", "Player 1"), ("ja", "プレイヤー1"), ("zh-TW", "玩家1")]
)
def test_a_position_error_names_the_player_from_one(lang, player):
    exc = _raised(from_position, 3, holdings=[[9, 9, 0, 0], [0] * 4, [0] * 4])
    assert "seat 0 holds 18 shares" in str(exc), str(exc)
    text = _in(lang, exc)
    assert player in text and "0" not in text.split(player)[0], text
    assert "seat" not in text and "席" not in text and "座位" not in text, text
    exc = _raised(from_position, 3, holdings=[[1, -1, 0, 0], [0] * 4, [0] * 4])
    text = _in(lang, exc)
    assert player in text and "[" not in text, text
    assert "seat" not in text and "席" not in text and "座位" not in text, text


def _president_drill_buying_one():
    for seed in range(2000):
        d = drill("owners_choice", "president", seed)
        if d.position["shares"] == 1:
            return d
    raise AssertionError("no president drill trades one share")


def test_a_drill_says_one_share():
    d = _president_drill_buying_one()
    text = phrase_text(d.prompt, value=company_words)
    assert " 1 " in text and " shares and completes" not in text, text
    assert " share and completes" in text, text


@pytest.mark.parametrize("lang", ["ja", "zh_TW"])
def test_the_engine_catalogs_quote_what_to_write_as_the_language_does(lang):
    """What a player may write ('R3', 'bid 4 uptown') is quoted 「R3」 in Japanese and
    Chinese, as the app quotes what the player wrote, not as Python quotes a string."""
    import re

    from dashboard.i18n_tools import read

    python_quoted = re.compile(r"'[^'\s\"\\][^'\"\\]{0,25}'")
    found = [
        (m.context, m.string)
        for m in read(lang, "engine")
        if isinstance(m.string, str) and python_quoted.search(m.string)
    ]
    assert not found, found[:5]


def _upload_of(game: str, players: list[str]) -> bytes:
    from engine.core.parquet import records_frame

    buf = io.BytesIO()
    records_frame([GameRecord(game, players, [])]).write_parquet(buf)
    return buf.getvalue()


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        ("en", "a.parquet, b.parquet: these hold games of 2 different games"),
        (
            "ja",
            "a.parquet, b.parquet：2種類のゲームの記録が混ざっています"
            "（オーナーズチョイス、スタック5）",
        ),
    ],
)
def test_an_upload_of_two_games_names_them_in_the_language(lang, said):
    from engine.core.parquet import read_upload

    files = [
        ("a.parquet", _upload_of("owners_choice", ["random", "random"])),
        ("b.parquet", _upload_of("stack5", ["random", "random"])),
    ]
    exc = _raised(read_upload, files, max_games=10, max_text_bytes=10**6)
    text = _in(lang, exc)
    assert said in text, text
