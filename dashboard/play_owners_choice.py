"""Owner's Choice on the live page and against the bots: the board with names, the whole
move table (``move_outlook``) with the best moves (ties shown as ties), and buttons for
trades, moves (the best highlighted) and dice. Words and pictures only."""

from __future__ import annotations

from dataclasses import replace

import polars as pl
import streamlit as st

from dashboard.live import Group, percent
from dashboard.owners_choice.draw import (
    COLOURS,
    INK,
    board_svg,
    holdings_html,
    roll_svg,
    show,
    track_svg,
)
from dashboard.owners_choice.explorer import LIVE as BASE
from dashboard.play_words import oc_company, oc_die_face, who
from dashboard.ui import plain
from engine import EngineError
from engine.owners_choice import move_outlook
from engine.owners_choice.state import PRE


def board(state, names: list[str], seat: int | None = None) -> None:
    last = state.history[-1] if state.history else ""
    show(board_svg(state.ruleset.board, state.pos, centre=f"Fund ${state.fund}"), width=300)
    die = roll_svg(last)
    if die:
        show(die, caption="last roll")
    show(track_svg(state.ruleset, [state.price(c) for c in range(4)]))
    st.html(holdings_html(state, seat_names=list(names)))
    st.caption(f"Fund ${state.fund} · turn {state.turn} · ★ = president · ▶ = to act")


def outcome(action, probability) -> tuple[str, str]:
    """A die-looking button: the face on the die's colour, with its probability."""
    which, face = oc_die_face(action.arg)
    letter = action.arg.split(" ", 1)[0]
    if letter in COLOURS:
        bg, fg = COLOURS[letter], INK[letter]
    elif which == "Fund":
        bg, fg = "#111", "#fff"
    else:
        bg, fg = "#fff", "#222"
    css = (
        f"background:{bg};color:{fg};border:3px solid #333;border-radius:12px;"
        "min-width:58px;min-height:52px;font-weight:700;padding:2px 8px;"
    )
    shown = "$ dividend" if face == "dividend" else face
    return f"**{shown}** {percent(probability)}", css


def outlook_rows(state):
    """The move table and the best distances for the player about to move (ties: all)."""
    rows = move_outlook(state)
    me = state.active
    top = max(r.delta[me] for r in rows)
    return rows, [r.distance for r in rows if r.delta[me] == top]


def coach(state, names: list[str]) -> set[str]:
    if state.phase != PRE:
        st.caption(f"Now: {plain(_turn_words(state, names))}")
        return set()
    try:
        rows, best = outlook_rows(state)
    except EngineError as exc:
        st.caption(f"No move table here: {exc}")
        return set()
    me = state.active
    n = state.num_players
    frame = pl.DataFrame(
        {
            "move": [r.distance for r in rows],
            "lands on": [r.space_type for r in rows],
            **{
                f"{who(names, p)}{' (you)' if p == me else ''}": [
                    round(float(r.delta[p]), 1) for r in rows
                ]
                for p in range(n)
            },
            "what happens": [_named(r.plan, names, n) for r in rows],
        }
    )
    words = " or ".join(f"move {d}" for d in best)
    tie = " (a tie: equally good)" if len(best) > 1 else ""
    st.markdown(
        f"Move advisor for **{plain(who(names, me))}**: best **{words}**{tie} — expected "
        f"change of each player's net worth ($) after the landing space:"
    )
    st.dataframe(frame, hide_index=True, width="stretch", height=min(36 * (len(rows) + 1) + 6, 300))
    return {f"move {d}" for d in best}


def _named(text: str, names: list[str], n: int) -> str:
    """An engine sentence with ``seat N`` replaced by the player's name."""
    for p in range(n):
        text = text.replace(f"seat {p}", who(names, p))
    return "" if text == "-" else text


def _turn_words(state, names) -> str:
    return _named(state.describe_turn(), names, state.num_players)


def groups(state, actions: list, names: list[str], best: set[str]) -> list[Group]:
    """Buy / sell (one button per company, in its colour), move (1…N), the rest."""
    by_kind: dict[str, list] = {}
    for a in actions:
        by_kind.setdefault(a.kind, []).append(a)
    out: list[Group] = []
    titles = {
        "buy": "Buy a share",
        "sell": "Sell a share",
        "move": "Move the pawn",
        "name": "Name a company",
    }
    for kind in ("buy", "sell", "move", "name"):
        if kind in by_kind:
            choices = []
            for a in by_kind.pop(kind):
                label = f"{a.arg} spaces" if kind == "move" else oc_company(a.arg)
                if kind == "move" and a.arg == "1":
                    label = "1 space"
                choices.append((a, label, str(a) in best))
            out.append((titles[kind], "", choices))
    rest = [a for kind in by_kind.values() for a in kind]
    if rest:
        labels = {
            "done": "Done trading",
            "pay": "Pay the fee, roll the company die",
            "fund": "Roll the Fund die",
            "bankrupt": "Go bankrupt (leave)",
            "stay": "Stay in the game",
        }
        out.append(("", "", [(a, labels.get(a.kind, str(a)), str(a) in best) for a in rest]))
    return out


LIVE = replace(BASE, board=board, coach=coach, outcome=outcome, groups=groups)
