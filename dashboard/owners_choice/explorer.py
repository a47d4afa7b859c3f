"""Owner's Choice plugins for the shared game explorer and the live-game tracker."""

from __future__ import annotations

import streamlit as st

from dashboard.charts import company_chart, seat_chart, step_chart
from dashboard.explorer.words import player
from dashboard.i18n import N_, _, number
from dashboard.owners_choice.draw import (
    board_svg,
    fund_words,
    holdings_html,
    roll_svg,
    show,
    space_word,
    track_svg,
)
from dashboard.owners_choice.words import plan_words, turn_words
from engine.owners_choice import COMPANIES, move_outlook
from engine.owners_choice.state import PRE


def _roll_words(state, text: str) -> str:
    """A die's roll in words (the red die shows +1), not its action text."""
    from dashboard.owners_choice.play_words import describe
    from engine import CHANCE, EngineError

    try:
        return describe(state.parse_action(text), [], CHANCE)
    except EngineError:
        return text


def render_state(state, seat=None, out=st) -> None:
    """Board and pawn, prices on the track, holdings and presidents, Fund, last die."""
    last = state.history[-1] if state.history else ""
    show(board_svg(state.ruleset.board, state.pos, centre=fund_words(state.fund)), out=out)
    die = roll_svg(last)
    if die:
        show(die, caption=_("last roll: {roll}").format(roll=_roll_words(state, last)), out=out)
    show(track_svg(state.ruleset, [state.price(c) for c in range(4)]), out=out)
    out.html(holdings_html(state))
    out.caption(
        _("Fund ${fund} · pawn on {pos} ({space}) · turn {turn} · ★ = president").format(
            fund=state.fund,
            pos=state.pos,
            space=space_word(state.space_name(state.pos)),
            turn=state.turn,
        )
    )
    if state.is_terminal():
        out.success(
            _("Game over — every share sold at its price; winner: {winners}").format(
                winners=", ".join(player(w) for w in state.winners())
            )
        )


def charts(df, step):
    return [
        company_chart(df, "owners_choice", COMPANIES, step, title=_("Stock prices")),
        seat_chart(df, "worth_", step, title=_("Net worth (cash + shares at market)"), y_title="$"),
        step_chart(df, ["fund"], step, title=_("The Fund"), y_title="$", names=[_("Fund")]),
    ]


MEASURE = N_(
    "Dollars of net worth. Each move, trade and choice is graded by how much it is "
    "expected to change the player's net worth (cash plus shares at today's prices) over "
    "the next roll, every die face counted, assuming presidents pick what is best for "
    "themselves and nobody goes bankrupt. Buying the first shares is not graded."
)


def whose_turn(state) -> str:
    """Who is to act, in the page's language, seats as players."""
    return turn_words(state.describe_turn(), player)


def advice(state) -> None:
    """The move advisor for the player about to move."""
    if state.phase != PRE:
        st.caption(turn_words(state.describe_turn(), player))
        return
    rows = move_outlook(state)
    me = state.active
    best = max(rows, key=lambda o: o.delta[me])
    gain = float(best.delta[me])
    st.info(
        _(
            "Move advisor: **move {distance}** to {space} (expected {gain} for {player}; {plan})."
        ).format(
            distance=best.distance,
            space=space_word(best.space_type),
            gain=("+" if gain >= 0 else "-") + number(abs(gain), 1),
            player=player(me),
            plan=plan_words(best.plan, player) or "-",
        )
    )
