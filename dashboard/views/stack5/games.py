import streamlit as st

from dashboard.explorer import render_explorer
from dashboard.stack5.explorer import PLUGIN

render_explorer(PLUGIN)
st.caption(
    "Each step shows every player's rows, the cards drawn this turn, busts and who received "
    "them, and the special cards as they act. Recorded games: data/stack5/ (the commands "
    "are in data/stack5/README.md). Following a game at your table? Use the *Stack 5 live "
    "game* page."
)
