import streamlit as st

from dashboard.explorer import render_explorer
from dashboard.i18n import _
from dashboard.owners_choice.explorer import PLUGIN

render_explorer(PLUGIN)
st.caption(
    _(
        "Recorded games: a simple bot as Player 1 against three random bots. Following a game "
        "at your table? Use the *Owner's Choice live game* page."
    )
)
