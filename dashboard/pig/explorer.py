"""Pig's explorer plugin: the demo that proves the shared explorer."""

from __future__ import annotations

import streamlit as st

from dashboard.charts import seat_chart
from dashboard.explorer.words import player
from dashboard.i18n import _
from dashboard.ui import svg_img

DIE_PIPS = {
    1: [(50, 50)],
    2: [(25, 25), (75, 75)],
    3: [(25, 25), (50, 50), (75, 75)],
    4: [(25, 25), (75, 25), (25, 75), (75, 75)],
    5: [(25, 25), (75, 25), (50, 50), (25, 75), (75, 75)],
    6: [(25, 25), (75, 25), (25, 50), (75, 50), (25, 75), (75, 75)],
}


def die_svg(value: int, size: int = 44) -> str:
    """An SVG die face (pips up to 6, the number beyond)."""
    body = "".join(
        f'<circle cx="{x}" cy="{y}" r="9" fill="#222"/>' for x, y in DIE_PIPS.get(value, [])
    )
    if value not in DIE_PIPS:
        body = f'<text x="50" y="62" font-size="40" text-anchor="middle">{value}</text>'
    svg = (
        f'<svg width="{size}" height="{size}" viewBox="0 0 100 100">'
        f'<rect x="4" y="4" width="92" height="92" rx="16" fill="#fff" stroke="#333" '
        f'stroke-width="4"/>{body}</svg>'
    )
    return svg_img(svg, size, alt=_("die showing {value}").format(value=value))


def render_state(state, seat, out=st):
    obs = state.observation(seat)
    target = state.ruleset.target
    for s, score in enumerate(obs["scores"]):
        mark = " " + _("← to play") if s == obs["player"] and not state.is_terminal() else ""
        out.progress(min(score, target) / target, text=f"{player(s)}: {score} / {target}{mark}")
    last = state.history[-1] if state.history else ""
    die = ""
    if last.startswith("die "):
        die = die_svg(int(last.split()[1]))
    total = _("Turn total: {total}").format(total=f"<b>{obs['turn_total']}</b>")
    out.html(
        f'<div style="display:flex;gap:12px;align-items:center">{die}<span>{total}</span></div>'
    )
    if state.is_terminal():
        winners = ", ".join(player(w) for w in state.winners())
        out.success(_("Game over — winner: {winners}").format(winners=winners))


def charts(df, step):
    return [seat_chart(df, "score_", step, title=_("Banked score"), y_title=_("points"))]


def turn_words(state) -> str:
    if state.is_terminal():
        return _("game over")
    if state.is_chance():
        return _("the die is rolling")
    return _("{player} to act").format(player=player(state.current_player()))


def advice(state):
    obs = state.observation(None)
    need = state.ruleset.target - obs["scores"][obs["player"]]
    if state.is_chance():
        st.caption(_("Roll the die and enter the face."))
    elif obs["turn_total"] >= min(20, need):
        st.info(
            _("Hold-at-20 says: **hold** (turn total {total}).").format(total=obs["turn_total"])
        )
    else:
        st.info(
            _("Hold-at-20 says: **roll** (turn total {total}).").format(total=obs["turn_total"])
        )
