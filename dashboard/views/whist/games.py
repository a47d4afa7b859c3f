import streamlit as st

from dashboard.explorer.view import render_explorer
from dashboard.i18n import _
from dashboard.plugins import game_ui

render_explorer(game_ui("whist"))
st.caption(
    _(
        "To simulate another variant, choose Simulate and pick it under Rules (Whist or Bid "
        "Whist, with 4 or 2 players). The recorded files hold games of all four variants."
    )
)
