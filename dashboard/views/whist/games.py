import streamlit as st

from dashboard.explorer import render_explorer
from dashboard.whist.explorer import PLUGIN

render_explorer(PLUGIN)
st.caption(
    "Simulate plays the default variant (Bid Whist, 4 players); recorded files hold games "
    "of all four variants (data/whist/)."
)
