"""A second click on the chosen option of a one-choice control keeps the choice: the
explorer's game source (and the other one-choice segmented controls) are required, and
an empty value from the browser still leaves the explorer on the last source."""

from __future__ import annotations

import pytest

from tests.apptest import open_page


@pytest.mark.parametrize(
    "page, key",
    [
        ("views/stack5/games.py", "xp_stack5_source"),
        ("views/pig/demo.py", "pig_mode"),
        ("views/whist/learn.py", "wl_variant"),
    ],
)
def test_one_choice_controls_cannot_be_deselected(page, key):
    at = open_page(page)
    assert at.segmented_control(key=key).proto.required


def test_the_score_sheets_target_cannot_be_deselected():
    at = open_page("views/whist/score_sheet.py")
    at.segmented_control(key="ws_v").set_value("whist4").run()
    assert at.segmented_control(key="ws_target").proto.required


def test_an_empty_game_source_keeps_the_last_choice():
    at = open_page("views/stack5/games.py")
    at.segmented_control(key="xp_stack5_source").set_value("Simulate").run()
    assert any(b.label == "Simulate" for b in at.button)
    at.segmented_control(key="xp_stack5_source").set_value(None).run()
    assert any(b.label == "Simulate" for b in at.button)  # still the simulate form
    at.run()
    assert at.segmented_control(key="xp_stack5_source").value == "Simulate"
    assert not at.exception
