import streamlit as st

from dashboard.explorer import render_explorer
from dashboard.stack5.explorer import LIVE, PLUGIN

st.title("Stack 5 games")
st.caption(
    "Step through recorded or freshly simulated games: every player's rows, the cards "
    "drawn, busts and who received them, special cards, and the points over the game."
)
modes = ["Explore games"] + (["Live game"] if LIVE is not None else [])
mode = st.segmented_control("Mode", modes, default="Explore games", key="s5_mode") or modes[0]
if mode == "Explore games":
    render_explorer(PLUGIN)
else:
    from dashboard.live import render_live

    render_live(LIVE)
