"""The live page's tap pad, server side (dashboard/live/): the queue the browser sends
is applied once per tap, in order, with the store's version check; and the pads worked out
ahead say what the page shows after each tap. (The component's JavaScript is tested in a
real browser: tests/browser/test_tap_pad.py.)"""

from __future__ import annotations

from streamlit.testing.v1 import AppTest

from dashboard.components.board import HtmlOut, md_html
from dashboard.live import PAD_BUTTONS, tap_pads
from dashboard.plugins import game_ui
from dashboard.ui import plain
from engine import CHANCE, get_game

KEY = "live_stack5"


def _script():
    import streamlit as st

    from dashboard.live.page import _document, apply_taps
    from engine import GameRecord

    key = "live_stack5"
    doc = _document("stack5", key)
    if "id" not in st.session_state or st.session_state.pop("new", False):
        record = GameRecord(game="stack5", players=["A", "B"], actions=[], ruleset={}, meta={})
        st.session_state["id"] = doc.create(record).id
    for value in st.session_state.pop("values", []):
        value = {**value, "live": value.get("live", st.session_state["id"])}
        apply_taps("stack5", st.session_state["id"], key, value)
    opened = doc.read(st.session_state["id"])
    st.session_state["stored"] = list(opened.doc.actions)
    st.session_state["version"] = opened.version
    st.session_state["said"] = st.session_state.pop(f"{key}_error", "")


def table() -> AppTest:
    at = AppTest.from_function(_script, default_timeout=60)
    at.run()
    assert not at.exception and at.session_state["version"] == 1
    return at


def send(at: AppTest, tab: str, *taps: tuple[int, str, int, int]) -> AppTest:
    """One value of the pad: ``taps`` as ``(n, text, v, since)``."""
    at.session_state["values"] = [
        {"tab": tab, "taps": [dict(zip(("n", "text", "v", "since"), t, strict=True)) for t in taps]}
    ]
    at.run()
    assert not at.exception
    return at


def test_a_queue_sent_again_applies_each_tap_once_in_order():
    at = table()
    send(at, "t", (1, "R1", 1, 0))
    send(at, "t", (1, "R1", 1, 0), (2, "B2", 2, 0))  # R1 not yet known done in the browser
    send(at, "t", (1, "R1", 1, 0), (2, "B2", 2, 0), (3, "draw", 3, 0))
    assert at.session_state["stored"] == ["R1", "B2", "draw"]
    assert at.session_state["said"] == ""


def test_a_stale_tap_is_refused_in_words_then_a_fresh_one_is_taken():
    at = table()
    send(at, "one", (1, "R1", 1, 0))
    send(at, "two", (1, "B2", 1, 0))  # the second tab had not seen R1
    assert at.session_state["stored"] == ["R1"]
    assert "changed in another tab" in at.session_state["said"]
    assert "shown as stored now" in at.session_state["said"]
    send(at, "two", (2, "B2", 2, 1))  # made on the stored game (tap 1 known done)
    assert at.session_state["stored"] == ["R1", "B2"]


def test_a_tap_queued_after_a_refused_one_is_refused_with_it():
    at = table()
    send(at, "one", (1, "R1", 1, 0))
    send(at, "two", (1, "B2", 1, 0))  # refused: stale
    # queued right after B2, before the refusal came back: version 2 is the store's now,
    # but this tap was meant for the game with B2 in it
    send(at, "two", (1, "B2", 1, 0), (2, "Y3", 2, 0))
    assert at.session_state["stored"] == ["R1"]
    assert at.session_state["said"] == ""  # said once, with the first refusal


def test_a_new_game_in_the_same_tab_counts_its_taps_afresh():
    at = table()
    send(at, "t", (1, "R1", 1, 0), (2, "B2", 2, 0))
    at.session_state["new"] = True  # "End this game…", then a new one: the tab numbers anew
    send(at, "t", (1, "Y3", 1, 0))
    assert at.session_state["stored"] == ["Y3"]


def test_another_games_taps_and_junk_are_ignored():
    at = table()
    at.session_state["values"] = [
        {"tab": "t", "live": "another", "taps": [{"n": 1, "text": "R1", "v": 1, "since": 0}]},
        {"tab": "", "taps": [{"n": 1, "text": "R1", "v": 1, "since": 0}]},
        {"tab": "t", "taps": "R1"},
        {"tab": "t", "taps": [None, {"n": True, "text": "R1", "v": 1, "since": 0}]},
        {"tab": "t", "taps": [{"n": -1, "text": "R1", "v": 1, "since": 0}, {"n": 1}]},
    ]
    at.run()
    assert not at.exception and at.session_state["stored"] == []


def _taps(after) -> list[str]:
    if after.current_player() == CHANCE:
        return [str(a) for a, _p in after.chance_outcomes()]
    return [str(a) for a in after.legal_actions()]


def test_each_tap_leads_to_the_pad_of_the_position_after_it():
    ui = game_ui("stack5")
    names = ["Ann", "Ben"]
    state = get_game("stack5").new_initial_state(2)
    for text in ("R1", "B2"):
        state.apply(text)
    pads, strings = tap_pads(ui, state, names, 2, "B2", {"stop"}, KEY)
    root = pads[0]
    assert "Event 2" in strings[root["h"]]
    # the coach's pick is highlighted (on the pads that carry its advice)
    assert [strings[b[0]] for g in root["g"] for b in g[2] if b[3]] == ["stop"]
    assert set(root["x"]) == {"draw", "stop"}
    for text, index in root["x"].items():
        action = state.parse_action(text)
        words = ui.describe_move(action, names, state.current_player())
        after = state.clone()
        after.apply(action)
        pad = pads[index]
        head = strings[pad["h"]]
        assert "Event 3" in head and md_html(plain(words)) in head
        assert sorted(strings[b[0]] for g in pad["g"] for b in g[2]) == sorted(_taps(after))
        # the board and the advice after the tap, drawn ahead, and the advice's pick
        board, advice = HtmlOut(), HtmlOut()
        ui.board(after, names, out=board)
        best = ui.live.coach(after, names, out=advice)
        assert [_drawn(runs, strings) for runs in pad["v"]] == [board.text(), advice.text()]
        assert {strings[b[0]] for g in pad["g"] for b in g[2] if b[3]} == best & set(_taps(after))
        assert strings[pad["w"][1]] == text
    # a draw's card is worked out too: the turn after it is drawn at once
    drawn = pads[root["x"]["draw"]]
    assert set(drawn["x"]) == set(_taps(_after(state, "draw")))


def _after(state, text):
    after = state.clone()
    after.apply(text)
    return after


def test_the_pads_worked_out_ahead_stay_within_the_budget():
    """At the start thirty cards each lead to thirty: only the first tap is worked out."""
    ui = game_ui("stack5")
    state = get_game("stack5").new_initial_state(2)
    pads, _strings = tap_pads(ui, state, ["Ann", "Ben"], 0, None, set(), KEY)
    assert len(pads[0]["x"]) == len(_taps(state)) and len(pads) == 1 + len(pads[0]["x"])
    assert not any("x" in pad for pad in pads[1:])
    assert sum(len(g[2]) for pad in pads[1:] for g in pad["g"]) > PAD_BUTTONS  # level 1: all


def _drawn(runs, strings: list[str]) -> str:
    """A drawing sent as runs of pieces (``_Strings.runs``), as the pad's code joins them."""
    return "".join("".join(strings[a : a + k]) for a, k in runs)


def _resolved(pad: dict, strings: list[str]) -> dict:
    """A pad with its texts, not their indices (and without what only the pads ahead have)."""
    return {
        "h": strings[pad["h"]],
        "l": [strings[i] for i in pad["l"]],
        "o": strings[pad["o"]] if "o" in pad else None,
        "v": [_drawn(runs, strings) for runs in pad.get("v", [])],
        "g": [
            [
                strings[t] if t else "",
                strings[p],
                [[strings[i] if k != 3 else i for k, i in enumerate(b)] for b in buttons],
            ]
            for t, p, buttons in pad["g"]
        ],
    }


def test_the_pad_drawn_ahead_is_the_pad_the_server_sends_after_the_tap():
    """What a tap draws at once (its pad worked out ahead: heading, lines, buttons with
    their odds and highlights, board, advice) is what the server's rerun draws after it,
    so nothing on screen moves when the tap is confirmed: every tap of a few positions."""
    ui = game_ui("stack5")
    names = ["Ann", "Ben"]
    state = get_game("stack5").new_initial_state(2)
    for n, text in enumerate(("R1", "B2", "draw", "Y3", "stop")):
        pads, strings = tap_pads(ui, state, names, n, None, set(), KEY)
        actor = state.current_player()
        for tap, index in list(pads[0]["x"].items())[:6]:
            after = state.clone()
            after.apply(tap)
            words = ui.describe_move(state.parse_action(tap), names, actor)
            again, again_strings = tap_pads(ui, after, names, n + 1, words, set(), KEY)
            assert _resolved(pads[index], strings) == _resolved(again[0], again_strings), tap
        state.apply(text)
