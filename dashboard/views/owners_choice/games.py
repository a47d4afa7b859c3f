import streamlit as st

from dashboard.explorer import render_explorer
from dashboard.owners_choice.explorer import PLUGIN

render_explorer(PLUGIN)
st.caption(
    "Recorded games: data/owners_choice/games.jsonl (heuristic bot in seat 0 against "
    "three random bots; the command is in data/owners_choice/README.md). Following a game "
    "at your table? Use the *Owner's Choice live game* page."
)
