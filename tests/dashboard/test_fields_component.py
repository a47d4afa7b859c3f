"""The table tools' field component (dashboard/components/fields.py): what a value sent by
the browser becomes, what a number field says, and the widgets a session without a
browser gets in its place."""

from __future__ import annotations

import pytest
from streamlit.testing.v1 import AppTest

from dashboard.components import fields as F


def test_a_sent_value_is_kept_as_its_field_keeps_it():
    text = F.Field("t", "Cards", max_chars=5)
    number = F.Field("n", "Price now", kind="number", low=1, high=57)
    switch = F.Field("s", "Stock-up +5", kind="switch")
    assert F.value_of(text, "7A 3F 9W") == "7A 3F"  # cut to its longest
    assert F.value_of(number, "１２") == 12 and F.value_of(number, "12.5") is None
    assert F.value_of(switch, True) is True and F.value_of(switch, "yes") is None
    assert F.value_of(text, 7) is None  # not text: not taken


def test_a_number_field_says_what_is_wrong_in_words():
    f = F.Field("n", "Price now", kind="number", low=1, high=57)
    assert F.number_problem(f, 12) is None
    assert F.number_problem(f, 99) == "Price now: 99 is out of range. From 1 to 57."
    assert F.number_problem(f, None) == "Price now: give a number. From 1 to 57."


def test_an_unknown_kind_is_named():
    with pytest.raises(ValueError, match="field kind 'date': one of text, number, switch"):
        F.Field("d", "Day", kind="date")


def test_a_said_lines_tone_is_checked():
    with pytest.raises(ValueError, match="tone 'loud': one of '', 'good', 'bad'"):
        F.field_rows("k", [], said="Made", tone="loud", browser=True)


def _page():
    import streamlit as st

    from dashboard.components.fields import Field, Row, field_rows

    st.session_state.setdefault("co", "7A")
    st.session_state.setdefault("price", 10)
    st.session_state.setdefault("up", False)
    field_rows(
        "k",
        [
            Row(
                (
                    Field("co", "Cards"),
                    Field("price", "Price now", kind="number", low=1, high=57),
                    Field("up", "Stock-up +5", kind="switch"),
                ),
                title="Company A",
                error="Price now: 99 is out of range.",
            )
        ],
    )
    st.write(f"read: {st.session_state.co} {st.session_state.price} {st.session_state.up}")


def test_without_a_browser_the_fields_are_widgets_with_the_same_keys():
    at = AppTest.from_function(_page).run()
    assert not at.exception
    assert at.text_input(key="co").value == "7A" and at.number_input(key="price").value == 10
    assert at.error[0].value == "Price now: 99 is out of range."
    at.text_input(key="co").input("3F").run()
    at.toggle(key="up").set_value(True).run()
    assert "read: 3F 10 True" in [m.value for m in at.markdown]


def _page_with_actions():
    import streamlit as st

    from dashboard.components.fields import Action, Field, Row, field_rows

    st.session_state.setdefault("co", "7A")
    st.session_state.setdefault("taps", [])

    def tapped(key: str) -> None:
        st.session_state.taps = [*st.session_state.taps, key]
        if key == "clear":
            st.session_state.co = ""

    field_rows(
        "k",
        [Row((Field("co", "Cards"),))],
        actions=(
            Action("clear", "Clear", help="Clears the cards."),
            Action("add", "Add", primary=True, disabled=True),
        ),
        on_action=tapped,
        actions_first=True,
    )
    st.write(f"read: {st.session_state.co!r} {st.session_state.taps}")


def test_without_a_browser_the_actions_are_buttons_with_their_keys():
    at = AppTest.from_function(_page_with_actions).run()
    assert not at.exception
    clear, add = at.button(key="clear"), at.button(key="add")
    assert clear.label == "Clear" and clear.help == "Clears the cards."
    assert add.disabled and add.proto.type == "primary"
    clear.click().run()
    assert "read: '' ['clear']" in [m.value for m in at.markdown]
    assert at.text_input(key="co").value == ""


def test_an_action_is_a_value_type_with_a_pasteable_repr():
    a = F.Action("tt_clear", "Clear", primary=True)
    assert eval(repr(a), {"Action": F.Action}) == a
