"""The guided game's "Why not…?": on the learner's turn, under the legal moves (the page's
buttons), the moves a learner may try that the rules refuse now (the engine's
:func:`engine.tutorial.tries`), drawn muted. A tap shows the engine's reason in the
player's language and changes nothing: the game is not touched, only the session notes
which try to explain, for this very position (the stored record's version)."""

from __future__ import annotations

import streamlit as st

from dashboard.i18n import _
from dashboard.live import button_key
from dashboard.plugins import game_ui
from dashboard.ui import plain
from dashboard.words.phrases import phrase_text
from engine import GameRecord
from engine.tutorial import Try, tries

#: the session key of the try being explained: ``(play id, record version, action text)``
ASKED = "guide_why"
#: the container of the try buttons (its CSS class ``st-key-guide_tries`` mutes them)
BOX = "guide_tries"
MUTED = (
    f".st-key-{BOX} button{{opacity:.62;border-style:dashed}}"
    f".st-key-{BOX} button:hover{{opacity:.85}}"
)


def _ask(play_id: str, version: int, text: str) -> None:
    st.session_state[ASKED] = (play_id, version, text)


def reason_text(record: GameRecord, reason) -> str:
    """The engine's reason in the player's language. A seat is said as "Player n" (the
    page's heading says which the learner is): the learner's name is "You", which a
    sentence in the third person cannot take."""
    return phrase_text(reason, value=game_ui(record.game).practice.phrase_value)


def why_not(record: GameRecord, state, play_id: str, version: int) -> None:
    """Say that the buttons are the legal moves; then the tries, muted, and the reason of
    the one tapped (kept while the position stays as it is)."""
    st.caption(_("The moves you can make are the buttons."))
    found: list[Try] = tries(state)
    if not found:
        return
    by_text = {t.action: t for t in found}
    ui = game_ui(record.game)
    actions = [state.parse_action(t.action) for t in found]
    groups = ui.button_groups(state, actions, record.players, set())
    st.html(f"<style>{MUTED}</style>")
    box = st.container(key=BOX)
    box.caption(_("Why not…? Tap a move the rules do not allow now to see why."))
    for i, (title, picture, choices) in enumerate(groups):
        if title or picture:
            head = box.container(horizontal=True, gap="small", vertical_alignment="center")
            if picture:
                head.html(picture, width="content")
            if title:
                head.markdown(title, width="content")
        row = box.container(horizontal=True, gap="small", key=f"{BOX}_group{i}")
        for action, label, _best in choices:  # never highlighted: none is a good move
            text = str(action)
            row.button(
                label,
                key=button_key("guide_try", "t", text),
                on_click=_ask,
                args=(play_id, version, text),
            )
    asked = st.session_state.get(ASKED)
    if asked and asked[:2] == (play_id, version) and asked[2] in by_text:
        reason = reason_text(record, by_text[asked[2]].reason)
        st.warning(_("Not allowed: {reason}").format(reason=plain(reason)), icon=":material/block:")
