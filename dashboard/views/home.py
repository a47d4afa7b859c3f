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
for page in SECTIONS["All games"]:
    st.page_link(page.script, label=page.title, icon=page.icon)
st.caption(
    "Every rule the original sources leave open is an explicit, changeable assumption: "
    "see *Rule assumptions*."
)
