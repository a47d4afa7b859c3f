"""Whist's plugin for the shared game explorer: state view and score charts."""

from __future__ import annotations

import re

import streamlit as st

from dashboard.charts import step_chart
from dashboard.explorer import ExplorerPlugin, player
from dashboard.whist.draw import back_html, card_html, cards_html, row, straw_html, trick_html
from engine.whist.history import history


def side_names(n: int) -> list[str]:
    return ["Players 1+3", "Players 2+4"] if n == 4 else ["Player 1", "Player 2"]


def _players_html(html: str) -> str:
    """A drawing's seat labels as players (``seat 0`` under a card → ``Player 1``)."""
    return re.sub(r">seat (\d+)<", lambda m: f">{player(int(m[1]))}<", html)


def render_state(state, seat: int | None) -> None:
    obs = state.observation(seat)
    n = state.num_players
    names = side_names(n)
    r = state.ruleset
    target = r.bid_target if r.bidding else r.whist_target
    score = " · ".join(f"{names[i]}: **{obs['scores'][i]}**" for i in range(2))
    goal = f"±{target}" if r.bidding else f"{target}"
    deal = obs["deal_no"] + (0 if state.is_terminal() else 1)
    st.markdown(f"**{r.title}** · deal {deal} · {score} (end at {goal})")
    if obs["dealer"] is not None and obs["dealer"] >= 0:
        facts = [f"dealer: {player(obs['dealer'])}"]
        if obs["contract"]:
            who = (
                f" by {player(obs['declarer'])}"
                if obs["declarer"] is not None and obs["declarer"] >= 0
                else ""
            )
            facts.append(f"contract: **{obs['contract']}**{who}")
        if obs["to_act"] is not None:
            facts.append(f"to act: {player(obs['to_act'])} ({obs['phase']})")
        facts.append(f"books this deal: {names[0]} {obs['books'][0]}, {names[1]} {obs['books'][1]}")
        st.markdown(" · ".join(facts))
    if obs["bids"]:
        st.caption("Bidding: " + ", ".join(f"{player(s)} {b}" for s, b in obs["bids"]))
    if obs["turn_card"]:
        st.html(row("Turned", card_html(obs["turn_card"], size=30)))

    parts = []
    for i in range(n):
        hand = obs["hands"][i]
        label = player(i) + (" (D)" if i == obs["dealer"] else "")
        if hand is None:
            body = back_html(size=28, label=str(obs["hand_sizes"][i]))
        else:
            body = cards_html(hand, size=30)
        parts.append(row(label, body))
        if obs["straw"]:
            parts.append(row(f"Straw {i}", straw_html(obs["straw"][i])))
    if state.bidw:
        if obs["kitty"] is not None and not state.kitty_taken:
            parts.append(row("Kitty", cards_html(obs["kitty"], size=30)))
        elif obs["kitty_size"]:
            parts.append(row("Kitty", back_html(size=28, label=str(obs["kitty_size"]))))
        if obs["discard_count"]:
            body = (
                cards_html(obs["discards"], size=28)
                if obs["discards"] is not None
                else back_html(size=28, label=str(obs["discard_count"]))
            )
            parts.append(row("Discard", body + " <small>(the declarer's first book)</small>"))
    st.html("".join(parts))

    if obs["trick"]:
        st.markdown("**Trick in progress**")
        st.html(_players_html(trick_html(obs["trick"])))
    if obs["tricks"]:
        last = obs["tricks"][-1]
        st.markdown(f"**Last trick** — won by {player(last['winner'])}")
        st.html(_players_html(trick_html(last["cards"], last["win_index"])))
        with st.expander(f"All {len(obs['tricks'])} tricks of this deal"):
            st.html(
                "".join(
                    row(
                        f"{k + 1}. → P{t['winner'] + 1}",
                        _players_html(trick_html(t["cards"], t["win_index"], size=26)),
                    )
                    for k, t in enumerate(obs["tricks"])
                )
            )
    if obs["deal_log"]:
        with st.expander(f"Deals scored so far ({len(obs['deal_log'])})"):
            st.dataframe(
                [
                    {
                        "deal": d["deal"] + 1,
                        "dealer": player(d["dealer"]),
                        "contract": d["contract"],
                        "books": f"{d['books'][0]}-{d['books'][1]}",
                        "points": f"{d['points'][0]:+d} / {d['points'][1]:+d}",
                        "total": f"{d['scores'][0]} / {d['scores'][1]}",
                    }
                    for d in obs["deal_log"]
                ],
                hide_index=True,
                width="stretch",
            )
    if state.is_terminal():
        st.success(f"Game over — winners: {', '.join(player(w) for w in state.winners())}")


def charts(df, step):
    n_seats = 4 if df["actor"].max() is not None and df["actor"].max() >= 2 else 2
    names = side_names(n_seats)
    return [
        step_chart(
            df, ["score_0", "score_1"], step, title="Score per side", y_title="points", names=names
        ),
        step_chart(
            df,
            ["books_0", "books_1"],
            step,
            title="Books this deal",
            y_title="books",
            names=names,
        ),
    ]


MEASURE = (
    "Tricks. Each card played is graded by the tricks its side can still take with "
    "the best play of everyone as if all hands were face up (double dummy); it says "
    "what was possible, not what a player could have known. Here the last five tricks "
    "of each four-player deal are graded (a whole deal can take minutes to solve)."
)

PLUGIN = ExplorerPlugin(
    game="whist", render_state=render_state, history=history, charts=charts, measure=MEASURE
)
