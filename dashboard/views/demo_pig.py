import streamlit as st

from dashboard.explorer import render_explorer
from dashboard.pig.explorer import PLUGIN

st.info(
    "Pig is the small dice race that demonstrates the engine core and this explorer: "
    "roll as often as you like, a 1 loses the turn's total, hold to bank it."
)
render_explorer(PLUGIN)
