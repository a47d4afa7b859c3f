"""A practice question's choices as one Streamlit component (Components v2: inline HTML,
CSS and JavaScript, no iframe, no build step) that shows the verdict the moment a choice
is tapped.

A drill's answer and explanation are known when it is asked (:mod:`engine.practice`), so
the page sends them with the question: the choices, the verdict and explanation for a
right and for a wrong answer, and the progress line either way. A tap draws the verdict
at once and sends the choice to the server as the component's state; the server records
the review (FSRS) and its next run draws the same verdict, so nothing moves when it
arrives. "Next question" is a trigger: the server picks the next drill.

``data-answer`` on the root says the choice shown (``""`` before one) and
``data-confirmed`` whether the server has it (the browser tests and the bench wait on
them).
"""

from __future__ import annotations

import re
import unicodedata
from pathlib import Path

import streamlit as st

from dashboard.components.tap import compact

_HERE = Path(__file__).resolve().parent

_card = st.components.v2.component(
    "tabletop_answer",
    html='<div class="tt-answer" data-answer="" data-confirmed="0"></div>',
    # its styles are in the start page's <head> (dashboard/frame/head.py): a stylesheet
    # inserted when the first one mounts makes a phone restyle the whole page
    css=None,
    js=compact((_HERE / "answer.js").read_text(encoding="utf-8")),
    isolate_styles=False,  # the page's fonts and colours; every rule is under .tt-answer
)


def whole_number(text: str) -> bool:
    """Whether ``text`` is a whole number as the engine reads one (a phone's full-width
    digits too); anything else is asked again, never counted as an answer.

    >>> whole_number(" 12 "), whole_number("-3"), whole_number("１２"), whole_number("abc")
    (True, True, True, False)
    """
    return (
        re.fullmatch(r"[+-]?\d+", unicodedata.normalize("NFKC", text).strip(), re.ASCII) is not None
    )


def answer_card(key: str, data: dict, on_answer, on_next) -> None:
    """The card; ``data``: ``q`` (the question's id), ``choices`` (labels, plain text) and
    ``correct`` (an index), or ``choices`` ``None`` and ``number`` (the whole number to
    type) with the field's ``label``, ``placeholder``, ``check``, ``empty`` and ``nan``
    (said for text that is not a whole number, which is not taken as an answer) words;
    ``given`` (the answer the server has, or ``None``) and ``given_right``, ``right`` /
    ``wrong`` (the verdict's HTML either way), ``explain`` (HTML), ``next`` (the button's
    label), ``stats`` / ``stats_right`` / ``stats_wrong`` (the progress line now and after
    each outcome). ``on_answer(index)`` and ``on_next()`` run before the rerun they cause,
    once per question (a value for another question is ignored)."""
    widget = f"{key}_answer"

    def answered():
        value = (st.session_state.get(widget) or {}).get("answer")
        if isinstance(value, dict) and value.get("q") == data["q"]:
            i = value.get("i")
            if data.get("choices") is None:  # a typed number: the text as typed
                if isinstance(i, str) and 0 < len(i.strip()) <= 40 and whole_number(i):
                    on_answer(i.strip())
            elif isinstance(i, int) and not isinstance(i, bool) and 0 <= i < len(data["choices"]):
                on_answer(i)

    def next_():
        value = (st.session_state.get(widget) or {}).get("next")
        if value == data["q"]:
            on_next()

    _card(
        key=widget,
        data=data,
        on_answer_change=answered,
        on_next_change=next_,
        height="content",
    )
