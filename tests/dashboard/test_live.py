"""The live-game tracker, proved on Pig: set up, enter chance outcomes and moves through
the widgets to the end, undo, and open the game in the explorer."""

from __future__ import annotations

from dashboard.live import button_key
from engine import GameRecord, replay
from tests.apptest import alerts, open_page, open_rules

KEY = "live_pig"


def start_live() -> object:
    at = open_page("views/pig/demo.py")
    at.segmented_control(key="pig_mode").set_value("Live game").run()
    at.text_input(key=f"{KEY}_name0").set_value("Ann")
    at.text_input(key=f"{KEY}_name1").set_value("Bob")
    open_rules(at, f"{KEY}_rules")
    at.number_input(key=f"{KEY}_rules_target").set_value(12)
    at.button(key=f"{KEY}_start").click().run()
    assert not at.exception
    return at


def enter(at, choice: str):
    """One tap: the chance outcome's button or the move's button."""
    kind = "o" if choice.startswith("die ") else "m"
    at.button(key=button_key(KEY, kind, choice)).click().run()
    assert not at.exception


def test_play_a_live_game_to_the_end_with_undo():
    at = start_live()
    assert at.query_params.get(KEY)
    enter(at, "roll")
    enter(at, "die 6")
    enter(at, "roll")
    enter(at, "die 2")
    at.button(key=f"{KEY}_undo").click().run()  # the 2 was a mistake: it was a 5
    enter(at, "die 5")
    enter(at, "hold")  # Ann banks 11
    enter(at, "roll")
    enter(at, "die 1")  # Bob loses his turn
    enter(at, "roll")
    enter(at, "die 3")
    enter(at, "hold")  # Ann reaches 14 ≥ 12
    assert any("Game over — won by Ann" in s.value for s in at.success)
    assert "xp_pig_live" not in at.session_state  # set only when the user opens the explorer
    at.button(key=f"{KEY}_explore").click().run()
    record = GameRecord.from_json(at.session_state["xp_pig_live"])
    assert record.players == ["Ann", "Bob"] and record.ruleset == {"target": 12}
    assert record.actions == [
        "roll",
        "die 6",
        "roll",
        "die 5",
        "hold",
        "roll",
        "die 1",
        "roll",
        "die 3",
        "hold",
    ]
    assert list(replay(record))[-1].state.returns() == [14, 0]


def test_a_typed_illegal_move_is_refused_without_change():
    at = start_live()
    at.text_input(key=f"{KEY}_typed").set_value("hold")
    at.button(key=f"{KEY}_apply_typed").click().run()
    assert any("“hold” is not allowed now" in e.value for e in at.error)
    assert not at.exception
    assert "Event 0**" in " ".join(m.value for m in at.markdown)


def test_live_game_survives_a_new_session_with_the_url():
    at = start_live()
    enter(at, "roll")
    live_id = at.query_params[KEY]
    again = open_page("views/pig/demo.py")
    again.query_params[KEY] = live_id
    again.segmented_control(key="pig_mode").set_value("Live game").run()
    assert "Event 1**" in " ".join(m.value for m in again.markdown)


def test_the_folded_rules_form_draws_no_widget_and_keeps_what_was_set():
    """Folded (as a page opens), the ruleset form draws no widget (each costs the first
    load); a value set while it was open is kept once folded, and the game starts with it."""
    at = open_page("views/pig/demo.py")
    at.segmented_control(key="pig_mode").set_value("Live game").run()
    assert f"{KEY}_rules_target" not in [w.key for w in at.number_input]
    open_rules(at, f"{KEY}_rules")
    at.number_input(key=f"{KEY}_rules_target").set_value(12).run()
    at.session_state[f"{KEY}_rules_open"] = False  # folded again
    at.run()
    at.run()  # a second run without the widget: the value is still kept
    assert f"{KEY}_rules_target" not in [w.key for w in at.number_input]
    open_rules(at, f"{KEY}_rules")  # opened again: the field shows what was set
    assert at.number_input(key=f"{KEY}_rules_target").value == 12
    at.session_state[f"{KEY}_rules_open"] = False
    at.run()
    at.button(key=f"{KEY}_start").click().run()
    assert not at.exception
    at.button(key=f"{KEY}_explore").click().run()
    assert GameRecord.from_json(at.session_state["xp_pig_live"]).ruleset == {"target": 12}


def test_a_refused_rule_stays_said_when_the_form_is_folded():
    at = open_page("views/pig/demo.py")
    at.segmented_control(key="pig_mode").set_value("Live game").run()
    open_rules(at, f"{KEY}_rules")
    at.number_input(key=f"{KEY}_rules_target").set_value(0).run()  # out of range
    at.session_state[f"{KEY}_rules_open"] = False
    at.run()
    said = alerts(at, "error")  # under the fold's link
    assert any(e.startswith("Rules: Target") for e in said), said
