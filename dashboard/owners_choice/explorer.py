"""Owner's Choice plugins for the shared game explorer and the live-game tracker."""

from __future__ import annotations

import streamlit as st

from dashboard.charts import company_chart, seat_chart, step_chart
from dashboard.explorer import ExplorerPlugin, player, player_words
from dashboard.live import LivePlugin
from dashboard.owners_choice.draw import board_svg, holdings_html, roll_svg, show, track_svg
from engine.owners_choice import COMPANIES, move_outlook
from engine.owners_choice.history import history
from engine.owners_choice.state import PRE


def render_state(state, seat=None) -> None:
    """Board and pawn, prices on the track, holdings and presidents, Fund, last die."""
    last = state.history[-1] if state.history else ""
    show(board_svg(state.ruleset.board, state.pos, centre=f"Fund ${state.fund}"))
    die = roll_svg(last)
    if die:
        show(die, caption=f"last roll: {last}")
    show(track_svg(state.ruleset, [state.price(c) for c in range(4)]))
    st.html(holdings_html(state))
    st.caption(
        f"Fund ${state.fund} · pawn on {state.pos} ({state.space_name(state.pos)}) · "
        f"turn {state.turn} · ★ = president"
    )
    if state.is_terminal():
        st.success(
            "Game over — every share sold at its price; winner: "
            + ", ".join(player(w) for w in state.winners())
        )


def charts(df, step):
    return [
        company_chart(df, "owners_choice", COMPANIES, step, title="Stock prices"),
        seat_chart(df, "worth_", step, title="Net worth (cash + shares at market)", y_title="$"),
        step_chart(df, ["fund"], step, title="The Fund", y_title="$", names=["Fund"]),
    ]


MEASURE = (
    "Dollars of net worth. Each move, trade and choice is graded by how much it is "
    "expected to change the player's net worth (cash plus shares at today's prices) over "
    "the next roll, every die face counted, assuming presidents pick what is best for "
    "themselves and nobody goes bankrupt. Buying the first shares is not graded."
)

PLUGIN = ExplorerPlugin(
    game="owners_choice",
    render_state=render_state,
    history=history,
    charts=charts,
    measure=MEASURE,
)


def advice(state) -> None:
    """The move advisor for the player about to move."""
    if state.phase != PRE:
        st.caption(player_words(state.describe_turn()))
        return
    rows = move_outlook(state)
    me = state.active
    best = max(rows, key=lambda o: o.delta[me])
    st.info(
        f"Move advisor: **move {best.distance}** to {best.space_type} "
        f"(expected {float(best.delta[me]):+.1f} for {player(me)}; {player_words(best.plan)})."
    )


LIVE = LivePlugin(
    game="owners_choice",
    render_state=render_state,
    advice=advice,
    explorer_page="views/owners_choice/games.py",
)
