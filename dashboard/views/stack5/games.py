import streamlit as st

from dashboard.explorer import render_explorer
from dashboard.stack5.explorer import LIVE, PLUGIN

modes = ["Explore games"] + (["Live game"] if LIVE is not None else [])
mode = st.segmented_control("Mode", modes, default="Explore games", key="s5_mode") or modes[0]
if mode == "Explore games":
    render_explorer(PLUGIN)
    st.caption(
        "Each step shows every player's rows, the cards drawn this turn, busts and who "
        "received them, and the special cards as they act."
    )
else:
    from dashboard.live import render_live

    render_live(LIVE)
