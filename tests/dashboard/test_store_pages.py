"""Live games and the score sheet live in the durable store: they survive a reload (a new
session on the same URL), refuse another game's id and writes from a stale tab, and say
"no longer stored" for an unknown id — never a traceback. Callbacks never crash the page;
player names are plain text. Every test runs on both backends, the SQLite file and
PostgreSQL (``store_location`` in tests/conftest.py)."""

from __future__ import annotations

import pytest
from streamlit.testing.v1 import AppTest

from dashboard.store.entries import default_store
from dashboard.ui import CRASH_MESSAGE, check_name
from engine import EngineError, GameRecord
from tests.apptest import APP, figures, html_tables, open_page

pytestmark = pytest.mark.usefixtures("store_location")
PIG = "live_pig"
OC = "live_owners_choice"


def open_with(script: str, **params) -> AppTest:
    """A new browser tab (a new session) opened on ``script`` with ``params`` in the URL."""
    at = AppTest.from_file(APP, default_timeout=120)
    at.run()
    for k, v in params.items():
        at.query_params[k] = v
    at.switch_page(script)
    at.run()
    assert not at.exception, at.exception
    return at


def click(at, label: str, **kw):
    at.button[[b.label for b in at.button].index(label)].click().run(**kw)
    assert not at.exception, at.exception
    return at


def errors(at) -> str:
    return " ".join(e.value for e in at.error)


def warnings(at) -> str:
    return " ".join(w.value for w in at.warning)


# --- live games ---------------------------------------------------------------------------------


def start_pig(**names) -> AppTest:
    at = open_page("views/pig/demo.py")
    at.segmented_control(key="pig_mode").set_value("Live game").run()
    for seat, name in names.items():
        at.text_input(key=f"{PIG}_name{seat[-1]}").set_value(name)
    click(at, "Start the game")
    return at


def pig_tab(live_id: str) -> AppTest:
    at = open_with("views/pig/demo.py", **{PIG: live_id})
    at.segmented_control(key="pig_mode").set_value("Live game").run()
    assert not at.exception
    return at


def apply(at, choice: str):
    kind = "o" if choice.startswith("die ") else "m"  # one tap on the outcome or move
    at.button(key=f"{PIG}_{kind}_" + choice.replace(" ", "-20-")).click().run()
    assert not at.exception, at.exception


def test_live_game_survives_a_reload_in_a_new_session():
    at = start_pig()
    live_id = at.query_params[PIG]
    apply(at, "roll")
    apply(at, "die 4")
    again = pig_tab(live_id)
    assert any("Event 2**" in m.value for m in again.markdown)
    record = GameRecord.from_json(default_store().load("live:pig", live_id)[0])
    assert record.actions == ["roll", "die 4"]


def test_live_move_from_a_stale_tab_is_refused_not_overwritten():
    tab_a = start_pig()
    live_id = tab_a.query_params[PIG]
    tab_b = pig_tab(live_id)
    apply(tab_a, "roll")
    tab_b.text_input(key=f"{PIG}_typed").set_value("roll")  # tab B still shows the start
    tab_b.button(key=f"{PIG}_apply_typed").click().run()
    assert "changed in another tab" in errors(tab_b)
    record = GameRecord.from_json(default_store().load("live:pig", live_id)[0])
    assert record.actions == ["roll"]
    apply(tab_b, "die 3")  # tab B now shows the latest: its next move counts
    record = GameRecord.from_json(default_store().load("live:pig", live_id)[0])
    assert record.actions == ["roll", "die 3"]


def test_a_stack5_link_on_the_owners_choice_page_is_refused_in_words():
    stack5_id = default_store().create(
        "live:stack5", GameRecord("stack5", ["A", "B"], []).to_json()
    )
    at = open_with("views/owners_choice/live.py", **{OC: stack5_id})
    assert "this link is for a Stack 5 live game, not an Owner's Choice live game" in warnings(
        at
    ).replace("This link", "this link")
    assert any(b.label == "Start the game" for b in at.button)  # a new game is offered


def test_an_unknown_live_id_says_no_longer_stored_and_offers_a_new_game():
    at = open_with("views/owners_choice/live.py", **{OC: "AAAAAAAAAAAAAAAAAAAAAA"})
    assert "no longer stored" in warnings(at)
    assert any(b.label == "Start the game" for b in at.button)
    at = open_with("views/owners_choice/live.py", **{OC: "x" * 5000})
    assert "no longer stored" in warnings(at)


def test_a_hand_edited_live_entry_is_refused_in_words_and_forgotten():
    """The shape check of the stored document: another game's record under this game's
    kind, or text that is no record, says so and offers a new game (the link is dropped)."""
    stack5 = GameRecord("stack5", ["A", "B"], []).to_json()
    wrong = default_store().create("live:owners_choice", stack5)
    at = open_with("views/owners_choice/live.py", **{OC: wrong})
    shown = warnings(at)
    assert "This link is for a Stack 5 live game, not an Owner's Choice live game." in shown
    assert any(b.label == "Start the game" for b in at.button)
    assert OC not in at.query_params
    damaged = default_store().create("live:owners_choice", "{not a record")
    at = open_with("views/owners_choice/live.py", **{OC: damaged})
    assert "here: An Owner's Choice live game is damaged and cannot be read." in warnings(at)
    assert any(b.label == "Start the game" for b in at.button)
    assert OC not in at.query_params


def test_typed_move_with_a_superscript_digit_shows_a_message_not_a_traceback():
    at = open_page("views/owners_choice/live.py")
    click(at, "Start the game")
    for text in ("move ²", "buy " + "9" * 5000, "", "[x](http://e.vil)"):
        at.text_input(key=f"{OC}_typed").set_value(text)
        at.button(key=f"{OC}_apply_typed").click().run()
        assert not at.exception, (text, at.exception)
        assert errors(at), text
        assert not errors(at).startswith(CRASH_MESSAGE)


def test_an_unexpected_callback_error_becomes_the_friendly_message(monkeypatch):
    monkeypatch.delenv("TABLETOP_DEBUG", raising=False)
    at = start_pig()

    def broken(*args, **kwargs):
        raise KeyError("boom")

    monkeypatch.setattr("dashboard.live.page.final_state", broken)
    at.session_state[f"{PIG}_state"] = None  # no cached state: the tap replays the record
    at.button(key=f"{PIG}_m_roll").click().run()
    assert not at.exception
    assert errors(at).startswith(CRASH_MESSAGE)
    assert "Traceback" not in errors(at)


def test_player_names_are_plain_text_and_capped():
    link = "[click](http://e.vil) ![img](http://e.vil/x.png)"
    at = start_pig(name0=link[:40])
    turn = next(m.value for m in at.markdown if m.value.endswith("** to act:"))
    assert "](" not in turn and "\\[click\\]" in turn
    at = open_page("views/pig/demo.py")
    at.segmented_control(key="pig_mode").set_value("Live game").run()
    at.text_input(key=f"{PIG}_name0").set_value("N" * 41)
    click(at, "Start the game")
    if PIG in at.query_params:  # the widget itself cut the name to 40 characters
        record = GameRecord.from_json(default_store().load("live:pig", at.query_params[PIG])[0])
        assert len(record.players[0]) <= 40
    else:
        assert "at most 40" in errors(at)
    with pytest.raises(EngineError, match="at most 40"):
        check_name("N" * 41, "seat 0 name", "Player 1")
    assert check_name("  Ann \n Lee ", "seat 0 name", "Player 1") == "Ann Lee"
    assert check_name("", "seat 0 name", "Player 1") == "Player 1"


# --- score sheet --------------------------------------------------------------------------------


def add_bid_deal(at, books: int):
    at.number_input(key="ws_books").set_value(books)
    return click(at, "Add deal")


def test_score_sheet_survives_a_reload_in_a_new_session():
    at = open_page("views/whist/score_sheet.py")
    add_bid_deal(at, 10)  # side 0 bids 3, makes 10: +4
    add_bid_deal(at, 8)  # set: -3
    sheet_id = at.query_params["sheet"]
    reloaded = open_with("views/whist/score_sheet.py", sheet=sheet_id)
    assert [m.value for m in figures(reloaded)] == ["1", "0"]
    assert len(_deals(reloaded)) == 2


def test_score_sheet_write_from_a_stale_tab_is_refused():
    tab_a = open_page("views/whist/score_sheet.py")
    add_bid_deal(tab_a, 10)
    sheet_id = tab_a.query_params["sheet"]
    tab_b = open_with("views/whist/score_sheet.py", sheet=sheet_id)
    add_bid_deal(tab_a, 8)  # bid 3 set: -3
    add_bid_deal(tab_b, 12)  # based on the one-deal sheet: refused
    assert "changed in another tab" in errors(tab_b)
    assert [m.value for m in figures(tab_b)] == ["1", "0"]  # the latest, A's two deals
    add_bid_deal(tab_b, 10)
    assert [m.value for m in figures(tab_b)] == ["5", "0"], errors(tab_b)
    assert len(_deals(tab_b)) == 3


def test_score_sheet_unknown_or_foreign_id_starts_a_new_sheet():
    at = open_with("views/whist/score_sheet.py", sheet="AAAAAAAAAAAAAAAAAAAAAA")
    assert "no longer stored" in warnings(at)
    add_bid_deal(at, 10)
    assert at.query_params["sheet"] != "AAAAAAAAAAAAAAAAAAAAAA"
    live_id = default_store().create("live:pig", GameRecord("pig", ["A", "B"], []).to_json())
    at = open_with("views/whist/score_sheet.py", sheet=live_id)
    assert "(this link is for a Pig (demo) live game" in warnings(at)


def test_a_damaged_score_sheet_starts_a_new_one():
    damaged = default_store().create("score_sheet", '{"sheets": {"bid4_0": 7}}')
    at = open_with("views/whist/score_sheet.py", sheet=damaged)
    assert "This score sheet is damaged and cannot be read" in warnings(at)
    assert "sheet" not in at.query_params
    add_bid_deal(at, 10)
    assert at.query_params["sheet"] != damaged


def test_score_sheet_import_of_a_huge_cell_is_refused_in_words():
    at = open_page("views/whist/score_sheet.py")
    bad = ('variant,declarer,bid,kind,books\nbid4,0,4,"' + "x" * 140_000 + '",9\n').encode()
    at.session_state["ws_import_open"] = True  # the import, folded at first
    at.run()
    at.file_uploader(key="ws_import").set_value(("big.csv", bad, "text/csv")).run()
    assert not at.exception
    assert "Import refused" in errors(at) and "too long" in errors(at)
    big = b"variant\n" + b"bid4\n" * 250_000
    at.file_uploader(key="ws_import").set_value(("huge.csv", big, "text/csv")).run()
    assert "at most 1,000,000" in errors(at)


# --- links that open nothing: said once, in the page's language ------------------------------

BOGUS = "AAAAAAAAAAAAAAAAAAAAAA"


@pytest.mark.parametrize(
    ("lang", "said"),
    [("en", "no longer stored"), ("ja", "もう保存されていません"), ("zh-TW", "已不再儲存")],
)
def test_a_bogus_play_link_is_refused_in_the_pages_language(lang, said):
    at = open_with("views/play.py", play=BOGUS, lang=lang)
    shown = warnings(at)
    assert said in shown, shown
    if lang != "en":
        assert not any(w in shown for w in ("stored", "entry", "'play'", "start a new one"))
    assert "Start a new game below" in shown if lang == "en" else True


@pytest.mark.parametrize("lang", ["en", "ja", "zh-TW"])
def test_a_bogus_sheet_link_says_it_once(lang):
    at = open_with("views/whist/score_sheet.py", sheet=BOGUS, lang=lang)
    shown = warnings(at)
    assert shown
    for phrase in ("no longer stored", "もう保存されていません", "已不再保存", "已不再儲存"):
        assert shown.count(phrase) <= 1, shown
    if lang != "en":
        assert "stored" not in shown and "score sheet" not in shown, shown


def test_name_fields_start_empty_so_typing_never_appends_to_a_default():
    at = open_page("views/owners_choice/live.py")
    first = at.text_input(key=f"{OC}_name0")
    assert first.value == "" and first.placeholder == "Player 1"
    at.text_input(key=f"{OC}_name1").set_value("Ben")
    click(at, "Start the game")
    live_id = at.query_params[OC]
    live_id = live_id[0] if isinstance(live_id, list) else live_id
    record = GameRecord.from_json(default_store().load("live:owners_choice", live_id)[0])
    assert record.players[:2] == ["Player 1", "Ben"]  # an empty field keeps its default
    play = open_page("views/play.py")
    assert play.text_input(key="play_name").value == ""
    assert play.text_input(key="play_name").placeholder == "You"


def _deals(at):
    """The score sheet's table of deals (the page's widest HTML table)."""
    return max(html_tables(at), key=lambda t: t.shape[1])
