"""Stock Hold'em's plugin for the shared game explorer: the board as one seat (or an
omniscient viewer) sees it, holdings, and price / net-worth charts."""

from __future__ import annotations

import html

import polars as pl
import streamlit as st

from dashboard.charts import company_chart, seat_chart
from dashboard.explorer.words import player
from dashboard.i18n import N_, _, money
from dashboard.stock_holdem.draw import board_html, cards_html
from engine.stock_holdem.cards import COMPANIES
from engine.stock_holdem.state import CLEANUP


def holdings_frame(obs: dict, worth: list[int] | None = None) -> pl.DataFrame:
    """One row per player: money, chips, shares per company (and net worth when given)."""
    n = obs["num_players"]
    data = {
        _("player"): [player(p) + (" ★" if p == obs["start_player"] else "") for p in range(n)],
        _("money"): list(obs["money"]),
        _("chips"): list(obs["chips"]),
    }
    for co, name in enumerate(COMPANIES):
        data[name] = [obs["shares"][p][co] for p in range(n)]
    if worth is not None:
        data[_("net worth")] = worth
    return pl.DataFrame(data)


def holdings_html(frame: pl.DataFrame) -> str:
    """The holdings as a compact HTML table: ten columns fit the board's half of the page,
    where a dataframe scrolled sideways and hid the net worth."""
    cell = "padding:4px 6px;border-bottom:1px solid rgba(49,51,63,0.12);white-space:nowrap"

    def row(values, tag):
        return (
            "<tr>"
            + "".join(
                f"<{tag} style='{cell};text-align:{'left' if i == 0 else 'right'}'>"
                f"{html.escape(str(v))}</{tag}>"
                for i, v in enumerate(values)
            )
            + "</tr>"
        )

    head = row(frame.columns, "th")
    body = "".join(row(values, "td") for values in frame.iter_rows())
    return (
        "<div style='overflow-x:auto'><table style='border-collapse:collapse;font-size:14px'>"
        f"<thead style='color:#555'>{head}</thead><tbody>{body}</tbody></table></div>"
    )


def render_state(state, seat, out=st, *, over_banner: bool = True):
    """The table as ``seat`` sees it (``None``: everything); ``over_banner=False`` leaves
    the game-over banner to a page that says it with the players' own names."""
    obs = state.observation(seat)
    names = state.ruleset.company_names
    who = _("everything") if seat is None else _("what {player} sees").format(player=player(seat))
    out.caption(
        _(
            "Round {round} · showing {who} · ★ = start player · dotted outline = "
            "placed face down (others see only its back unless they peeked)"
        ).format(round=obs["round"], who=who)
    )
    out.html(board_html(obs, names))
    hands = "".join(
        f"<div style='margin:2px 0'><span style='display:inline-block;min-width:56px;"
        "white-space:nowrap;margin-right:4px'>"
        f"{player(p)}</span>{cards_html(h)}</div>"
        for p, h in enumerate(obs["hands"])
    )
    title = html.escape(_("Hands"))
    out.html(f"<div><b>{title}</b>{hands}</div>")
    out.html(holdings_html(holdings_frame(obs, state.net_worth())))
    if obs["results"]:
        last = obs["results"][-1]
        out.caption(
            _("Last price phase: {prices}").format(
                prices=", ".join(f"{names[co]} {money(p)}" for co, p in enumerate(last[2]))
            )
        )
    if over_banner and state.is_terminal():
        out.success(
            _(
                "Game over — final settlement (money + shares at the final prices + $1 per "
                "chip): {scores}; winner: {winners}"
            ).format(
                scores=", ".join(f"{player(p)} {money(v)}" for p, v in enumerate(state.returns())),
                winners=", ".join(player(w) for w in state.winners()),
            )
        )


def charts(df: pl.DataFrame, step: int):
    return [
        company_chart(df, "stock_holdem", COMPANIES, step, title=_("Company prices")),
        seat_chart(
            df,
            "worth_",
            step,
            title=_("Net worth (money + shares at current prices + chips)"),
            y_title="$",
        ),
        seat_chart(df, "money_", step, title=_("Money in hand"), y_title="$"),
    ]


#: the steps of a trading turn (engine.stock_holdem.state STEP_NAMES, in its order)
STEP_WORDS = (N_("place"), N_("sell"), N_("buy"), N_("end"))


def turn_words(state) -> str:
    """Who is to act, in the session's language (the engine's ``describe_turn`` with its
    seats as players)."""
    if state.is_terminal():
        return _("game over")
    rnd = state.round + 1
    if state.is_chance():
        return _("round {round}: the cards are to be dealt").format(round=rnd)
    who = player(state.current_player())
    if state.phase == CLEANUP:
        return _("round {round}, clean-up: {player} places its last card").format(
            round=rnd, player=who
        )
    return _("round {round}, {player}'s turn {turn} of {turns}: {step} step").format(
        round=rnd,
        player=who,
        turn=state.turn_number,
        turns=state.turns,
        step=_(STEP_WORDS[state.step]),
    )


MEASURE = N_(
    "Dollars, from what the trader could see. Each buy, sell and free action is graded "
    "with a share worth the price its company is expected to reach at this round's price "
    "phase (the cards the trader has not seen all equally likely) and a chip worth $1. "
    "A peek is graded by what knowing the card is worth for the trader's next sell, next "
    "buy and one free trade now (averaged over every card it could be), minus its chip; "
    "the other players' moves before then are not foreseen. Card placements are not graded."
)
