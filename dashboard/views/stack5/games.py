import streamlit as st

from dashboard.explorer.view import render_explorer
from dashboard.i18n import _
from dashboard.plugins import game_ui

render_explorer(game_ui("stack5"))
st.caption(
    _(
        "Each step shows every player's rows, the cards drawn this turn, busts and who "
        "received them, and the special cards as they act. The recorded games were played "
        "by the simple and random bots. Following a game at your table? Use the *Stack 5 "
        "live game* page."
    )
)
