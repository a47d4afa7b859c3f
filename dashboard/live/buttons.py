"""The live page's buttons as Streamlit draws them: their keys (which CSS and the browser
tests pick them by), their looks, the groups of moves and the grid of a chance event's
outcomes with their probabilities."""

from __future__ import annotations

import functools
import re

import streamlit as st

from dashboard.game_ui import GameUI, Group
from dashboard.i18n import _
from dashboard.ui import (
    plain,
)
from engine import CHANCE, EngineError

# --- button keys and looks -------------------------------------------------------------------


@functools.lru_cache(maxsize=4096)
def button_key(key: str, kind: str, text: str) -> str:
    """The widget key of the button for action ``text`` (``kind``: ``o`` chance outcome,
    ``m`` move); made of letters, digits, ``_`` and ``-`` so CSS can pick it."""
    slug = re.sub(r"[^A-Za-z0-9]", lambda m: f"-{ord(m.group()):x}-", str(text))
    return f"{key}_{kind}_{slug}"


@functools.lru_cache(maxsize=8192)
def cached_md_html(text: str) -> str:
    """:func:`dashboard.components.board.md_html`, remembered (the pads of every run say
    the same words again and again)."""
    from dashboard.components.board import md_html

    return md_html(text)


def percent(probability) -> str:
    p = float(probability)
    return f"{p:.0%}" if p >= 0.095 else f"{p:.1%}"


def _css(rules: list[tuple[str, str]]) -> None:
    """Style buttons by their key (Streamlit gives each keyed widget the class
    ``st-key-<key>``). The colours hold when hovered, pressed or focused too: on a touch
    screen the hover stays where the finger was, so the next button drawn there would
    otherwise look empty; a hover only darkens a little."""
    states = ("", ":hover", ":active", ":focus", ":focus-visible")
    body = "".join(
        ",".join(f".st-key-{k} button{s}" for s in states) + f"{{{css}}}"
        f".st-key-{k} button:hover{{filter:brightness(0.92)}}"
        for k, css in rules
        if css
    )
    if body:
        st.html(f"<style>{body}</style>")


# --- the buttons ------------------------------------------------------------------------------


def draw_groups(groups: list[Group], on_tap, key: str) -> None:
    """Each group: its title and picture, then its buttons in a wrapping row."""
    for i, (title, picture, choices) in enumerate(groups):
        if title or picture:
            head = st.container(horizontal=True, gap="small", vertical_alignment="center")
            if picture:
                head.html(picture, width="content")
            if title:
                head.markdown(title, width="content")
        row = st.container(horizontal=True, gap="small", key=f"{key}_group{i}")
        for action, label, highlighted in choices:
            text = str(action)
            row.button(
                label,
                key=button_key(key, "m", text),
                type="primary" if highlighted else "secondary",
                on_click=on_tap,
                args=(text,),
            )


def chance_grid(plugin: GameUI, state, names, on_tap, key: str) -> bool:
    """The outcome buttons of a chance event; False when its outcomes cannot be listed
    (a whole deal: then it is typed)."""
    try:
        outcomes = state.chance_outcomes()
    except EngineError:
        st.info(_("This chance event (a whole deal) is entered as text under *Type a move*."))
        return False
    st.markdown(_("**What came up?** Tap it:"))
    grid = st.container(horizontal=True, gap="small", key=f"{key}_outcomes")
    rules = []
    for action, p in outcomes:
        text = str(action)
        bkey = button_key(key, "o", text)
        if plugin.live.outcome is not None:
            label, css = plugin.live.outcome(action, p)
        else:
            label, css = f"{text} · {percent(p)}", ""
        rules.append((bkey, css))
        grid.button(
            label,
            key=bkey,
            on_click=on_tap,
            args=(text,),
            help=_("{outcome}: probability {fraction} ({percent})").format(
                outcome=plain(plugin.describe_move(action, names, CHANCE)),
                fraction=p,
                percent=f"{float(p):.1%}",
            ),
        )
    _css(rules)
    return True
