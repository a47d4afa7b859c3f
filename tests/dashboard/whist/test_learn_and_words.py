"""Whist words a player reads, in the three languages: the Learn page's rules table says
what each rule means without the engine's codes or raw values; the page flags the order of
tricks and honours as an assumption where it teaches scoring; no trump is called high or
low (never uptown/downtown, and zh-TW's low is the reversed order, not "low cards win");
a classic Whist contract is its suit in words, never "trump H"; the Japanese words follow
the glossary (キティー) and say "house rule", never a clubs-like クラブルール."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from dashboard.i18n import language
from dashboard.whist import words
from engine.core.errors import Phrase
from tests.apptest import APP, open_page

pytestmark = pytest.mark.xdist_group("whist_pages")

LOCALES = Path(__file__).resolve().parents[3] / "dashboard" / "locales"
LANGS = ("en", "ja", "zh-TW")

#: what the rules table must not show: variant codes, Python values, value codes, files
NOTATION = re.compile(
    r"\b(bid4|whist4|bid2|whist2|False|True|dealer_last|RULES\.md)\b|'[a-z_ N]+'|(?<!\w)-1\b|"
    r"0\.\.3|\+target"
)


@pytest.mark.parametrize("lang", LANGS)
def test_the_learn_pages_rules_table_has_no_codes_or_raw_values(lang):
    at = open_page("views/whist/learn.py", lang=lang)
    assert not at.exception, at.exception
    table = at.dataframe[-1].value  # the ruleset, last on the page
    text = " ".join(str(v) for row in table.itertuples(index=False) for v in row)
    assert len(table) >= 9
    found = [m.group(0) for m in NOTATION.finditer(text)]
    assert not found, (found, text[:600])


SAID = {
    "en": "Tricks are scored before honours: a side that reaches the target by tricks wins",
    "ja": "トリックの得点はオナーより先に数えます",
    "zh-TW": "墩分先於大牌分計算",
}
BADGE = {"en": "Assumption", "ja": "仮定", "zh-TW": "假設"}


@pytest.mark.parametrize("lang", LANGS)
def test_the_learn_page_flags_the_order_of_tricks_and_honours_as_an_assumption(lang):
    at = AppTest.from_file(APP, default_timeout=120)
    at.query_params.update(lang=lang, v="whist4")  # the Learn page on four-player Whist
    at.run()
    at.switch_page("views/whist/learn.py").run()
    assert not at.exception, at.exception
    flagged = [m.value for m in at.markdown if SAID[lang] in m.value]
    assert len(flagged) == 1, [m.value for m in at.markdown][:40]
    assert flagged[0].startswith(f":orange-badge[{BADGE[lang]}] "), flagged[0]


def test_the_no_trump_call_is_high_or_low_and_zh_tw_low_is_the_reversed_order():
    said = {}
    for lang in LANGS:
        with language(lang):
            said[lang] = (
                words.TURN_WORDERS["whist.turn_direction"](0),
                words.contract_words(
                    Phrase.coded("whist.contract_nt_low", "{number} no trump low", number=5)
                ),
                words.contract_words(
                    Phrase.coded("whist.contract_trump", "trump {suit}", suit="H")
                ),
            )
    assert "no trump high or low" in said["en"][0] and "uptown" not in said["en"][0]
    assert "ノートランプ" in said["ja"][0] and "アップタウン" not in said["ja"][0]
    assert "無王" in said["zh-TW"][0] and "高牌制" not in said["zh-TW"][0]
    assert said["zh-TW"][1] == "5 無王（逆序）"
    assert said["en"][2] == "♥ hearts are trumps"
    assert said["ja"][2] == "♥ ハートが切り札"
    assert said["zh-TW"][2] == "♥ 紅心為王牌"


def test_the_catalogs_say_low_cards_never_win_and_use_the_glossarys_words():
    zh = "".join(
        (LOCALES / "zh_TW" / "LC_MESSAGES" / f"{d}.po").read_text("utf-8")
        for d in ("whist", "engine")
    )
    assert "小牌勝" not in zh and "大牌勝或小牌勝" not in zh
    ja = "".join(
        (LOCALES / "ja" / "LC_MESSAGES" / f"{d}.po").read_text("utf-8") for d in ("whist", "engine")
    )
    assert not re.search(r"キティ(?!ー)", ja)
    assert "クラブルール" not in ja and "クラブのルール" not in ja
