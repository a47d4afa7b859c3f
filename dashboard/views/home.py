import streamlit as st

from dashboard.nav import SECTIONS
from engine import EngineError, get_game

st.title("Tabletop suite")
st.markdown(
    "Learn, compute and replay four tabletop games: **Stock Hold'em**, **Stack 5**, "
    "**Owner's Choice** and **Whist / Bid Whist**.\n\n"
    "- **Learn** the rules step by step, each rule beside a live example you can change.\n"
    "- **Compute** at the table: exact prices and odds between two turns.\n"
    "- **Explore** whole games played by the engine's bots (or uploaded), move by move, "
    "beside plotted price and score histories."
)
GAMES = {
    "Stock Hold'em": "stock_holdem",
    "Stack 5": "stack5",
    "Owner's Choice": "owners_choice",
    "Whist & Bid Whist": "whist",
}
cols = st.columns(2)
for i, (section, name) in enumerate(GAMES.items()):
    with cols[i % 2].container(border=True):
        st.subheader(section)
        try:
            game = get_game(name)
            st.caption(game.description or game.title)
        except EngineError:
            st.caption("Coming soon: the engine for this game is being built.")
        for page in SECTIONS[section]:
            st.page_link(page.script, label=page.title, icon=page.icon)
st.divider()
st.subheader("At the table")
st.caption("Tools to follow a real game between two turns.")
for script, label in [
    ("views/stock_holdem/table_tracker.py", "Stock Hold'em table tracker: all six price odds"),
    ("views/stack5/live.py", "Stack 5 live game: bust odds and placements as you play"),
    ("views/owners_choice/live.py", "Owner's Choice live game: the move advisor each turn"),
    ("views/whist/score_sheet.py", "Whist / Bid Whist score sheet"),
]:
    st.page_link(script, label=label, icon=":material/table_restaurant:")
st.divider()
for page in SECTIONS["All games"]:
    st.page_link(page.script, label=page.title, icon=page.icon)
st.caption(
    "Every rule the original sources leave open is an explicit, changeable assumption: "
    "see *Rule assumptions*."
)
