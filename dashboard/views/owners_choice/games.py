import streamlit as st

from dashboard.explorer.view import render_explorer
from dashboard.i18n import _
from dashboard.plugins import game_ui

render_explorer(game_ui("owners_choice"))
st.caption(
    _(
        "Recorded games: a simple bot as Player 1 against three random bots. Following a game "
        "at your table? Use the *Owner's Choice live game* page."
    )
)
