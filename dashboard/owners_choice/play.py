"""Owner's Choice on the live page and against the bots: the board with names, the whole
move table (``move_outlook``) with the best moves (ties shown as ties), and buttons for
trades, moves (the best highlighted) and dice. Words and pictures only."""

from __future__ import annotations

import html

import streamlit as st

from dashboard.game_ui import Group
from dashboard.i18n import N_, _, error_text, ngettext
from dashboard.live import percent
from dashboard.owners_choice.draw import (
    COLOURS,
    INK,
    board_svg,
    fund_words,
    holdings_html,
    roll_svg,
    show,
    space_word,
    track_svg,
)
from dashboard.owners_choice.play_words import oc_company, oc_die_face
from dashboard.owners_choice.words import plan_words, turn_words
from dashboard.play.words import who
from dashboard.ui import plain
from engine import EngineError
from engine.owners_choice import move_outlook
from engine.owners_choice.state import PRE

TITLES = {
    "buy": N_("Buy a share"),
    "sell": N_("Sell a share"),
    "move": N_("Move the pawn"),
    "name": N_("Name a company"),
}
LABELS = {
    "done": N_("Done trading"),
    "pay": N_("Pay the fee, roll the president die"),
    "fund": N_("Roll the Fund die"),
    "bankrupt": N_("Go bankrupt (leave)"),
    "stay": N_("Stay in the game"),
}
# The companies' names on the buttons (the engine's COMPANY_NAMES, in the page's language).
COMPANY_WORDS = {"R": N_("red"), "Y": N_("yellow"), "B": N_("blue"), "G": N_("green")}


def board(state, names: list[str], you: int | None = None, out=None) -> None:
    """The board, the prices and every player's holdings by name (all of it is public).
    ``out``: where to draw (default ``st``; the live page's tap pad passes an HTML
    collector)."""
    out = st if out is None else out
    last = state.history[-1] if state.history else ""
    svg = board_svg(state.ruleset.board, state.pos, centre=fund_words(state.fund))
    show(svg, width=300, out=out)
    die = roll_svg(last)
    if die:
        show(die, caption=_("last roll"), out=out)
    show(track_svg(state.ruleset, [state.price(c) for c in range(4)]), out=out)
    out.html(holdings_html(state, seat_names=list(names)))
    out.caption(
        _("Fund ${fund} · turn {turn} · ★ = president · ▶ = to act").format(
            fund=state.fund, turn=state.turn
        )
    )


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
    if face == "dividend":
        shown = _("$ dividend")
    elif letter in COLOURS:
        shown = face  # a president die's face: a move on the stock track, "+2"
    else:  # the Fund and the event dice: what the face does, in words
        from dashboard.owners_choice.words import face_words

        shown = face_words(face)
    return f"**{shown}** {percent(probability)}", css


def outlook_rows(state):
    """The move table and the best distances for the player about to move (ties: all)."""
    rows = move_outlook(state)
    me = state.active
    top = max(r.delta[me] for r in rows)
    return rows, [r.distance for r in rows if r.delta[me] == top]


def coach(state, names: list[str], out=None) -> set[str]:
    """Whose turn it is, and before a move the move advisor's table; returns the best
    moves (highlighted on their buttons). ``out``: as :func:`board`'s."""
    out = st if out is None else out
    if state.phase != PRE:
        out.caption(_("Now: {turn}").format(turn=plain(_turn_words(state, names))))
        return set()
    try:
        rows, best = outlook_rows(state)
    except EngineError as exc:
        out.caption(_("No move table here: {error}").format(error=error_text(exc)))
        return set()
    me = state.active
    # the moves as their buttons say them ("2 spaces"), not as typed ("move 2")
    words = _(" or ").join(ngettext("{n} space", "{n} spaces", d).format(n=d) for d in best)
    tie = _(" (a tie: equally good)") if len(best) > 1 else ""
    out.markdown(
        _(
            "Move advisor for **{player}**: best **{moves}**{tie} — expected "
            "change of each player's net worth ($) after the landing space:"
        ).format(player=plain(who(names, me)), moves=words, tie=tie)
    )
    out.html(advice_html(rows, names, me, state.num_players, best))
    return {f"move {d}" for d in best}


def advice_html(rows, names: list[str], me: int, n: int, best) -> str:
    """The move table as a compact HTML table that fits the coach's column: one row per
    distance (the best bold), each player's expected change, what happens on the line
    below it (a dataframe of seven columns scrolled sideways there)."""
    cell = "padding:3px;text-align:right;white-space:nowrap"
    you = _("{name} (you)")
    heads = [_("move"), _("lands on")] + [
        you.format(name=who(names, p)) if p == me else who(names, p) for p in range(n)
    ]
    head = "".join(
        f"<th style='{cell};text-align:{'left' if i == 1 else 'right'};font-size:13px;"
        "white-space:normal;word-break:keep-all;vertical-align:bottom'>"
        # a name breaks before "(you)", never inside "Player 2"
        f"{html.escape(h).replace(' ', chr(0xA0)).replace(chr(0xA0) + '(', ' (')}</th>"
        for i, h in enumerate(heads)
    )
    body = []
    for r in rows:
        weight = "font-weight:600;" if r.distance in best else ""
        deltas = "".join(
            f"<td style='{cell}'>{round(float(r.delta[p]), 1):g}</td>" for p in range(n)
        )
        body.append(
            f"<tr style='{weight}border-top:1px solid rgba(49,51,63,0.12)'>"
            f"<td style='{cell}'>{r.distance}</td>"
            f"<td style='{cell};text-align:left'>{html.escape(space_word(r.space_type))}</td>"
            f"{deltas}</tr>"
        )
        plan = _named(r.plan, names, n)
        if plan:
            body.append(
                f"<tr><td></td><td colspan='{n + 1}' style='padding:0 5px 4px;color:#666;"
                f"font-size:12px'>{html.escape(plan)}</td></tr>"
            )
    return (
        "<div style='overflow-x:auto'><table style='border-collapse:collapse;font-size:14px'>"
        f"<thead style='color:#555'><tr>{head}</tr></thead><tbody>{''.join(body)}</tbody>"
        "</table></div>"
    )


def _named(text: str, names: list[str], n: int) -> str:
    """A move's plan with ``seat N`` replaced by the player's name ('' for none)."""
    return plan_words(text, lambda p: who(names, p))


def _turn_words(state, names) -> str:
    return turn_words(state.describe_turn(), lambda p: who(names, p))


def groups(state, actions: list, names: list[str], best: set[str]) -> list[Group]:
    """Buy / sell (one button per company, in its colour), move (1…N), the rest."""
    by_kind: dict[str, list] = {}
    for a in actions:
        by_kind.setdefault(a.kind, []).append(a)
    out: list[Group] = []
    for kind in ("buy", "sell", "move", "name"):
        if kind in by_kind:
            choices = []
            for a in by_kind.pop(kind):
                if kind == "move":
                    d = int(a.arg)
                    label = ngettext("{n} space", "{n} spaces", d).format(n=d)
                else:
                    label = _(COMPANY_WORDS[a.arg]) if a.arg in COMPANY_WORDS else oc_company(a.arg)
                choices.append((a, label, str(a) in best))
            out.append((_(TITLES[kind]), "", choices))
    rest = [a for kind in by_kind.values() for a in kind]
    if rest:
        out.append(
            (
                "",
                "",
                [
                    (a, _(LABELS[a.kind]) if a.kind in LABELS else str(a), str(a) in best)
                    for a in rest
                ],
            )
        )
    return out
