import streamlit as st

from dashboard.explorer import render_explorer
from dashboard.whist.explorer import PLUGIN

render_explorer(PLUGIN)
st.caption(
    "To simulate another variant, write it in the ruleset overrides, e.g. "
    '`variant = "whist4"` (or "bid2", "whist2" with 2 players). Recorded files hold games '
    "of all four variants (data/whist/)."
)
