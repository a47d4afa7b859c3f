import streamlit as st

from dashboard.explorer import render_explorer
from dashboard.live import render_live
from dashboard.pig.explorer import LIVE, PLUGIN

st.info(
    "Pig is the small dice race that demonstrates the engine core, the explorer and the "
    "live-game tracker: roll as often as you like, a 1 loses the turn's total, hold to "
    "bank it."
)
mode = (
    st.segmented_control(
        "Mode", ["Explore games", "Live game"], default="Explore games", key="pig_mode"
    )
    or "Explore games"
)
if mode == "Explore games":
    render_explorer(PLUGIN)
else:
    render_live(LIVE)
