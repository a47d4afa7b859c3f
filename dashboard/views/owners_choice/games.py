import streamlit as st

from dashboard.explorer import render_explorer
from dashboard.live import render_live
from dashboard.owners_choice.explorer import LIVE, PLUGIN

mode = (
    st.segmented_control(
        "Mode", ["Explore games", "Live game"], default="Explore games", key="oc_mode"
    )
    or "Explore games"
)
if mode == "Explore games":
    render_explorer(PLUGIN)
    st.caption(
        "Recorded games: data/owners_choice/games.jsonl (heuristic bot in seat 0 against "
        "three random bots; the command is in data/owners_choice/README.md)."
    )
else:
    render_live(LIVE)
