"""The game explorer shared by every game: choose a recorded, simulated or uploaded game,
then step through it beside the game's own state view, charts and graded decisions.

A game plugs in its :class:`dashboard.game_ui.GameUI`; its page is
``render_explorer(game_ui("<game>"))``. The parts, each in its own module:

- :mod:`dashboard.explorer.sources`: where the game comes from (recorded files, a
  simulation, an upload, the live page) and the control that chooses;
- :mod:`dashboard.explorer.board`: the analysis board — like an analysis board, and
  stepping in the browser with no round trip: the drawn position, the move list, the
  charts with their cursor and the grade of the step are one component
  (:mod:`dashboard.components.board`) sent the whole game once. ←/→ step and Home/End jump
  from anywhere on the page, a click on a move or on a chart jumps there; the server hears
  the step afterwards (debounced) only to keep the address bar and the bot hint current,
  and then reruns only that part (``st.fragment``). States are replayed and every step
  drawn once per record (cached by content);
- :mod:`dashboard.explorer.url`: the address bar (source, file, game number and step: a
  link opens that position, a reload keeps it);
- :mod:`dashboard.explorer.grades`: the graded decisions;
- :mod:`dashboard.explorer.words`: seats as players and the other words they share.
"""

from __future__ import annotations

import streamlit as st

from dashboard.explorer.board import show_board
from dashboard.explorer.sources import choose_record
from dashboard.explorer.url import drop_url, jump_to, link_notices, refuse_step
from dashboard.game_ui import GameUI
from dashboard.i18n import _
from dashboard.practice.own_puzzles import review_notice


def render_explorer(plugin: GameUI) -> None:
    """The whole explorer UI for one game."""
    key = f"xp_{plugin.game}"
    st.title(_("{game}: games").format(game=plugin.title_text()))
    st.caption(
        _(
            "Step with ← → (Home / End for the ends) anywhere on the page; click a move or a "
            "point of a chart to jump there. The address bar links to this exact position."
        )
    )
    record = choose_record(plugin, key)
    if record is None:
        drop_url("step")
        return
    record_json = record.to_json()
    if st.session_state.get(f"{key}_current") != record_json:
        st.session_state[f"{key}_current"] = record_json
        st.session_state[f"{key}_step"] = 0
        url_step = st.session_state.pop(f"{key}_url_step", None)
        if url_step:  # opened from a link: its step (too far = the start, said)
            last = len(record.actions)
            if url_step > last:
                refuse_step(key, url_step, last)
            jump_to(key, url_step if url_step <= last else 0)
    link_notices(key)
    review_notice(plugin.game, key, record_json)
    show_board(plugin, key, record_json)
