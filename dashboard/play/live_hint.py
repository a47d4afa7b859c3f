"""The live page's Hint, under the coach: for the player to move, the move a strong player
would choose and why (:func:`engine.hints.hint`), drawn as the Play page draws it
(:mod:`dashboard.play.hint`), with that player's name. It stays until the game moves on."""

from __future__ import annotations

import streamlit as st

from dashboard.i18n import _
from dashboard.play.hint import draw_hint, keep, shown
from dashboard.ui import callback
from engine import CHANCE, GameRecord


def _slot(key: str) -> str:
    return f"{key}_hint_shown"


def _ask(key: str, live_id: str, record: GameRecord, state) -> None:
    from engine.hints import hint

    found = hint(record.game, state, state.current_player(), seed=live_id)
    if found is not None:
        keep(live_id, record, found, _slot(key))


def draw_live_hint(key: str, live_id: str, record: GameRecord, state) -> None:
    """The Hint button for the player to move, or the hint asked for at this position."""
    if (
        state.is_terminal()
        or state.current_player() in (CHANCE, None)
        or state.current_player() < 0
    ):
        return
    found = shown(live_id, record, _slot(key))
    if found is not None:
        draw_hint(record, state, found, you=False)
        return
    st.button(
        _("Hint"),
        icon=":material/lightbulb:",
        key=f"{key}_hint",
        help=_("The move a strong player would choose here, and why"),
        on_click=callback(_ask),
        args=(key, live_id, record, state),
    )
