import streamlit as st

from dashboard.stats_view import records_for, render_simulation_form, render_uploads, show_table
from engine import EngineError, get_game
from engine.core.registry import game_names
from engine.stats import StatTable, game_tables, length_frame, seats_frame, win_rates

st.title("Statistics across games")
st.caption(
    "Over the recorded games in `data/`, plus any you upload or simulate here in this session."
)
names = game_names(include_demo=True)
if not names:
    st.info("No game engine is installed yet.")
    st.stop()
game_name = st.selectbox("Game", names, format_func=lambda n: get_game(n).title, key="stats_game")
with st.expander("Add games: simulate a batch or upload records"):
    render_simulation_form(game_name)
    render_uploads()

records = records_for(game_name)
if not records:
    st.info("No games to count yet for this game: simulate a batch above.")
    st.stop()
st.markdown(f"**{len(records)} games** ({sum(r.result is None for r in records)} unfinished)")

seats = seats_frame(records)
show_table(
    StatTable("Win rate by seat", win_rates(seats, "seat"), x="seat", y="win_rate"), key="seat"
)
show_table(StatTable("Win rate by bot", win_rates(seats, "bot"), x="bot", y="win_rate"), key="bot")
show_table(
    StatTable(
        "Game length (actions, chance outcomes included)",
        length_frame(records),
        x="actions",
        y="games",
    ),
    key="length",
)
try:
    extra = game_tables(game_name, records)
except EngineError as exc:
    st.error(f"Could not compute the game's own figures: {exc}")
    extra = []
for i, table in enumerate(extra):
    show_table(table, key=f"extra{i}")
