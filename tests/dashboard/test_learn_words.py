"""Issue 26: the words players learn from. Every learn page in 日本語 and 繁體中文 shows no
raw engine notation (actions such as ``buy C``, die faces such as ``all+1``, ``pay50``,
``all/-3``) except in code-styled examples (``st.code`` blocks; a page has no Markdown code
spans at all, see tests/dashboard/test_words.py), and the teaching slips the issue lists
stay fixed."""

from __future__ import annotations

import re

import pytest

from dashboard.i18n import _, language
from tests.apptest import open_page
from tests.dashboard.i18n_checks import page_text

pytestmark = [pytest.mark.filterwarnings("ignore"), pytest.mark.xdist_group("learn_words")]

LANGS = ("ja", "zh-TW")

#: the engines' action and face notation (engine.*.actions / the rulesets' die faces)
NOTATION = re.compile(
    r"\b(?:free |no )?(?:buy|sell)\b"
    r"|\bpeek\b|\bstock-up\b|\bplace\b|\bmove \d|\bname [A-Z]\b|\bdie (?:event|fund|[A-Z])\b"
    r"|\b(?:all|lowest|highest)[+-−]\d|\bpay\d|(?:\ball|\b\d+)/[-−]\d|\bdividends?\b"
    r"|\bdraw\b|\bstop\b|\bgive \d|\bsteal \d|\bplay [0-9AKQJLB]|\bdiscard [0-9AKQJLB]"
    r"|\bbid \d|\bdirection\b|\bdeal \w|\b(?:done|end|cash|fund|pay|pass|stay|bankrupt)\b"
)

#: each learn page and the widget settings that show its other examples
PAGES = {
    "stock_holdem": [{}],
    "stack5": [{"s5_learn_special": v} for v in ("D3", "NB", "CB", "ST", "JK")],
    "owners_choice": [{"ocl_space": v} for v in ("R", "ALL", "EVENT", "DIVIDEND", "PRESIDENT")]
    + [{"ocl_turn": "move, then trade"}],
    "whist": [{"wl_variant": v} for v in ("bid4", "bid2", "whist4", "whist2")],
}


def _shown(at) -> list[str]:
    """The page's text outside code blocks: text elements, labels and options, table and
    dataframe cells — but not the Ruleset values table, which lists each field's value as
    the ruleset (an edition file) writes it."""
    text = page_text(at)
    for el in at.code:
        text = text.replace(str(el.value), "")
    parts = [text]
    for el in at.table:
        parts.append(el.value.to_string())
    for el in at.dataframe:
        frame = el.value
        if _("meaning") in [str(c) for c in frame.columns]:
            continue
        parts.append(" ".join(str(c) for c in frame.columns))
        parts.append(frame.to_string(header=False, index=False))
    return parts


def _hits(at) -> list[str]:
    out = []
    for text in _shown(at):
        for line in text.splitlines():
            if NOTATION.search(line):
                out.append(line.strip()[:160])
    return out


@pytest.mark.parametrize("page", PAGES)
@pytest.mark.parametrize("lang", LANGS)
def test_item5_learn_pages_show_no_engine_notation(page, lang):
    with language(lang):
        at = open_page(f"views/{page}/learn.py", lang=lang)
        assert not at.exception
        hits = []
        for settings in PAGES[page]:
            for key, value in settings.items():
                widget = at.selectbox(key=key) if key == "ocl_space" else None
                if key == "s5_learn_special":
                    widget = at.radio(key=key)
                if widget is None:
                    try:
                        widget = at.radio(key=key)
                    except KeyError:
                        widget = at.segmented_control(key=key)
                widget.set_value(value).run()
            assert not at.exception
            hits += _hits(at)
    assert not hits, f"engine notation on the {page} learn page in {lang}:\n" + "\n".join(
        dict.fromkeys(hits)
    )


# --- what the catalogs and pages can show ---------------------------------

from dashboard.i18n_tools import read  # noqa: E402

DIRS = {"ja": "ja", "zh-TW": "zh_TW"}


def _strings(lang: str, domain: str) -> dict[str, str]:
    out = {}
    for m in read(DIRS[lang], domain):
        if isinstance(m.id, str) and m.id and isinstance(m.string, str):
            out[m.id] = m.string
    return out


def test_item1_whist_japanese_says_trick_not_book():
    for domain in ("whist", "common", "engine"):
        for mid, text in _strings("ja", domain).items():
            assert "ブック" not in text.replace("ルールブック", ""), (domain, mid)
    kitty = next(t for i, t in _strings("ja", "whist").items() if "**first book**" in i)
    assert "最初に取ったトリック（1組分）" in kitty


def test_item2_downtown_is_worded_from_the_order_not_low_cards():
    bidding = next(i for i in _strings("ja", "whist") if i.startswith("One round, starting left"))
    assert "low cards win" not in bidding and "A 2 3 … K" in bidding
    for lang, order in (("ja", "A>2>3>…>K"), ("zh-TW", "A 2 3 … K")):
        text = _strings(lang, "whist")[bidding]
        assert order in text and "弱いカード" not in text and "小牌贏" not in text


def test_item3_one_name_for_the_president_die():
    for lang in DIRS:
        for domain in ("owners_choice", "common", "engine"):
            for mid, text in _strings(lang, domain).items():
                assert "company die" not in mid and "company's die" not in mid, mid
                assert "公司骰" not in text, (domain, mid)


def _assumptions(at) -> list[str]:
    return [m.value for m in at.markdown if m.value.startswith(":orange-badge[")]


@pytest.mark.parametrize("lang", LANGS)
def test_item4_event_die_and_trade_limit_are_flagged_on_the_owners_choice_page(lang):
    event = {"ja": "イベントダイス", "zh-TW": "事件骰"}[lang]
    limit = {"ja": "1手番の最大取引数", "zh-TW": "每回合最多交易數"}[lang]
    with language(lang):
        at = open_page("views/owners_choice/learn.py", lang=lang)
        flags = _assumptions(at)
    assert sum(event in f for f in flags) >= 2  # the faces (section 5) and section 7
    assert any(limit in f and "30" in f for f in flags)


@pytest.mark.parametrize("lang", LANGS)
def test_item5_event_table_numbers_players_like_the_page(lang):
    player = {"ja": "プレイヤー", "zh-TW": "玩家"}[lang]
    with language(lang):
        at = open_page("views/owners_choice/learn.py", lang=lang)
        at.selectbox(key="ocl_space").set_value("EVENT").run()
    columns = [str(c) for c in at.dataframe[0].value.columns]
    assert [f"{player}{n}" for n in (1, 2, 3)] == columns[-3:]
    assert not any("現金" in c for c in columns)


@pytest.mark.parametrize("lang", LANGS)
def test_item6_the_kitty_tab_flags_what_the_article_does_not_say(lang):
    kitty = {"ja": "キティー", "zh-TW": "底牌"}[lang]
    with language(lang):
        at = open_page("views/whist/learn.py", lang=lang)
    assert any(kitty in f and "宣言者" * (lang == "ja") in f for f in _assumptions(at))
    tab = next(
        m.value
        for m in at.markdown
        if "**" in m.value
        and kitty in m.value
        and "6" in m.value
        and ("トリック（1組分）" in m.value or "第一墩" in m.value)
    )
    assert "宣言者だけ" not in tab and "只有莊家" not in tab


@pytest.mark.parametrize("lang", LANGS)
def test_item7_the_bull_as_ten_is_flagged_on_the_stock_holdem_page(lang):
    bull, rule = {"ja": ("ブル", "ブルを10として数える"), "zh-TW": ("牛市", "牛市算作 10")}[lang]
    with language(lang):
        at = open_page("views/stock_holdem/learn.py", lang=lang)
    assert any(bull in f and rule in f for f in _assumptions(at))


def test_wording_japanese_follows_the_articles():
    whist, stack5, oc = (
        _strings("ja", "whist"),
        _strings("ja", "stack5"),
        _strings("ja", "owners_choice"),
    )
    assert whist["Contract"] == "このラウンドのルール"
    assert whist["Deal"] == "手札を配る"
    assert not any("コントラクト" in t or "決定した宣言" in t for t in whist.values())
    assert not any(re.search("キティ(?!ー)", t) for t in whist.values())
    assert stack5["Stop"] == stack5["stop"] == "やめる"
    assert "指す" not in stack5["Play this move"]
    setup = next(t for i, t in oc.items() if i.startswith("Each player gets **${cash}**"))
    assert "好きな株を1株" not in setup and "好きな数だけ" in setup


def test_wording_taiwanese_expected_value():
    for domain in ("owners_choice", "common", "stock_holdem", "stack5", "whist"):
        assert not any("期待值" in t for t in _strings("zh-TW", domain).values())


def test_expected_money_on_learn_owners_choice_is_written_like_all_money():
    """'+$33.33', as every other page writes money, never '+33.33 $'."""
    import re

    at = open_page("views/owners_choice/learn.py")
    said = " ".join(m.value for m in at.markdown if "expected Δ" in m.value)
    assert re.search(r"expected Δ [+-]\\\$\d+\.\d\d", said), said
    assert not re.search(r"\d \$", said)
