"""The shared explorer, proved on the Pig demo: simulate, step, jump, upload."""

from __future__ import annotations

from streamlit.testing.v1 import AppTest

from engine import simulate
from tests.apptest import open_page

PAGE = "views/demo_pig.py"


def explorer() -> AppTest:
    return open_page(PAGE)


def simulate_one(at: AppTest, seed: int = 5) -> AppTest:
    at.segmented_control(key="xp_pig_source").set_value("Simulate").run()
    at.number_input(key="xp_pig_seed").set_value(seed)
    at.button[[b.label for b in at.button].index("Simulate")].click().run()
    return at


def step_text(at: AppTest) -> str:
    return next(m.value for m in at.markdown if m.value.startswith("**Step"))


def test_simulate_and_step_through():
    at = simulate_one(explorer())
    assert not at.exception
    record = simulate("pig", 5, ["hold20", "hold20"])  # the form defaults
    assert step_text(at).startswith(f"**Step 0 of {len(record.actions)}**")
    at.button(key="xp_pig_next").click().run()
    assert step_text(at).startswith("**Step 1 of")
    assert f"`{record.actions[0]}`" in step_text(at)
    at.button(key="xp_pig_last").click().run()
    assert step_text(at).startswith(f"**Step {len(record.actions)} of")
    at.button(key="xp_pig_prev").click().run()
    assert step_text(at).startswith(f"**Step {len(record.actions) - 1} of")
    at.slider(key="xp_pig_step").set_value(3).run()
    assert step_text(at).startswith("**Step 3 of")
    at.button(key="xp_pig_first").click().run()
    assert step_text(at).startswith("**Step 0 of")
    assert len(at.get("plotly_chart")) == 1
    assert not at.exception


def test_view_as_one_seat():
    at = simulate_one(explorer())
    at.selectbox(key="xp_pig_view").set_value(1).run()
    assert not at.exception


def test_simulate_with_ruleset_overrides_and_player_count():
    at = open_page("views/whist/games.py")
    at.segmented_control(key="xp_whist_source").set_value("Simulate").run()
    at.selectbox(key="xp_whist_n").set_value(2)
    at.selectbox(key="xp_whist_rules_variant").set_value("whist2")  # the ruleset form
    at.button[[b.label for b in at.button].index("Simulate")].click().run()
    assert not at.exception and not at.error
    assert any("heuristic vs heuristic · seed 1" in c.value for c in at.caption)


def test_simulate_with_a_bad_override_shows_an_error():
    at = open_page("views/whist/games.py")
    at.segmented_control(key="xp_whist_source").set_value("Simulate").run()
    at.number_input(key="xp_whist_rules_bid_target").set_value(99)  # allowed: 1 to 50
    at.button[[b.label for b in at.button].index("Simulate")].click().run()
    assert not at.exception
    assert "99 is out of range" in at.error[0].value
