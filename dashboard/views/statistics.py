import streamlit as st

from dashboard.i18n import _, ngettext
from dashboard.stats.insights import render_insights
from dashboard.stats.records import figures_for, pending_tables, player_count_choice
from dashboard.stats.simulate import render_simulation_form
from dashboard.stats.table_view import show_table
from dashboard.stats.uploads import render_uploads
from engine import get_game
from engine.core.registry import game_names

st.title(_("Statistics across games"))
st.caption(
    _("Over the games recorded with the app, plus any you upload or simulate here in this session.")
)
names = game_names(include_demo=True)
if not names:
    st.info(_("No game engine is installed yet."))
    st.stop()
game_name = st.selectbox(
    _("Game"), names, format_func=lambda n: _(get_game(n).title), key="stats_game"
)
with st.expander(_("Add games: simulate a batch or upload records")):
    render_simulation_form(game_name)
    render_uploads(game_name)

players = player_count_choice(game_name)
figures = figures_for(game_name, players)
if not figures.games:
    st.info(_("No games to count yet for this game: simulate a batch above."))
    st.stop()
headline = ngettext(
    "**{games} game** ({unfinished} unfinished)",
    "**{games} games** ({unfinished} unfinished)",
    figures.games,
).format(games=figures.games, unfinished=figures.unfinished)
if players:
    headline += " " + ngettext("with {n} player", "with {n} players", players).format(n=players)
st.markdown(headline)
if figures.error:
    st.error(figures.error)
keys = ["seat", "bot", "length"]
for i, table in enumerate(figures.tables):
    key = keys[i] if i < len(keys) else f"extra{i - len(keys)}"
    show_table(table, key=key, game=game_name, fig=figures.charts[i])
if figures.pending:  # many games: the game's own tables are counted off the page
    for i, table in enumerate(pending_tables(game_name, players) or []):
        show_table(table, key=f"extra{i}", game=game_name)
render_insights(game_name, players)
