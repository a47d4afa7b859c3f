"""Stack 5's plugins for the shared game explorer and the live-game tracker."""

from __future__ import annotations

import streamlit as st

from dashboard.charts import seat_chart
from dashboard.explorer import ExplorerPlugin, player, player_words
from dashboard.live import LivePlugin
from dashboard.stack5.draw import cards_html, player_html
from engine import EngineError
from engine.stack5 import draw_odds, draw_or_stop
from engine.stack5.history import history, last_event


def render_state(state, seat):
    obs = state.observation(seat)
    target = state.ruleset.target
    if state.is_terminal():
        won = obs["scores"][obs["winner"]]
        st.success(f"Game over — {player(obs['winner'])} wins with {won} points (target {target}).")
    else:
        st.markdown(f"**Turn of {player(obs['player'])}** · {player_words(state.describe_turn())}")
    last = state.history[-1] if state.history else ""
    event = last_event(state)
    if event:
        st.markdown(f"**What happened:** {player_words(event)}")
    parts = []
    if obs["hand"]:
        parts.append(("Drawn this turn", obs["hand"]))
    if obs["to_place"]:
        parts.append((f"{player(obs['placer'])} places", obs["to_place"]))
    if obs["stolen"]:
        parts.append(("Stolen card", [obs["stolen"]]))
    if obs["effect"]:
        parts.append(("Taking effect", [obs["effect"]]))
    html = ""
    for title, cards in parts:
        html += f'<div style="margin:4px 0"><div style="font-size:13px">{title}</div>'
        html += cards_html(cards, "md") + "</div>"
    for s, rows in enumerate(obs["rows"]):
        note = "← drawing" if s == obs["player"] and not state.is_terminal() else ""
        head = player_html(s, rows, obs["scores"][s], target, note)
        html += head.replace(f">Seat {s} ", f">{player(s)} ", 1)
    st.html(html)
    st.caption(
        f"Deck {obs['deck_size']} cards · discard pile {sum(obs['discard'].values())} cards"
        f" · reshuffles {obs['reshuffles']}" + (f" · last action: {last}" if last else "")
    )


def charts(df, step):
    return [
        seat_chart(df, "score_", step, title="Points of every player", y_title="points"),
        seat_chart(df, "row_cards_", step, title="Cards in each player's rows", y_title="cards"),
    ]


MEASURE = (
    "Points you can expect to keep. Each draw or stop is graded by the points the turn is "
    "expected to keep, every card left in the deck counted with its chance and the drawer "
    "choosing well after it (a reshuffle is not foreseen). Each placement is graded against "
    "the other places for the same card by how close it brings the rows to their best "
    "scoring combination (a rough guide: a row is worth the points it can still make, "
    "scaled by how full it is)."
)

PLUGIN = ExplorerPlugin(
    game="stack5", render_state=render_state, history=history, charts=charts, measure=MEASURE
)


def advice(state):
    obs = state.observation(None)
    if obs["phase"] != "decide":
        return
    try:
        odds = draw_odds(
            obs["hand"],
            obs["unseen"] or obs["discard"],
            state.ruleset,
            horizon=1,
            jokers_this_turn=obs["jokers_this_turn"],
        )
    except EngineError as exc:  # pragma: no cover - the engine keeps hands legal
        st.error(str(exc))
        return
    verb, why = draw_or_stop(odds)
    st.info(
        f"Next draw: bust {float(odds.bust):.1%}, second Joker {float(odds.double_joker):.1%}."
        f" Suggestion: **{verb}** — {why}."
    )


LIVE = LivePlugin(
    game="stack5",
    render_state=render_state,
    advice=advice,
    explorer_page="views/stack5/games.py",
)
