"""The Play page's Hint: on the learner's turn, the move a strong player would choose and
why, in the game's own measure (:func:`engine.hints.hint`), worded for the player: the
move as the game's buttons word it, the reason phrase, and the best few moves' values.
The hints asked for are counted in the stored game's meta (:data:`HINTS`)."""

from __future__ import annotations

import streamlit as st

from dashboard.i18n import _, ngettext, pgettext
from dashboard.play.words import bot_label
from dashboard.plugins import game_ui
from dashboard.words.phrases import phrase_text
from dashboard.words.units import amount
from engine import GameRecord
from engine.hints import Hint

HINTS = "hints"  # the record's meta: how many hints the player asked for
SHOWN = "play_hint"  # session key: (play id, actions so far, the hint shown)
ROWS = 4  # the best moves listed with their values, one for each value


def hints_used(record: GameRecord) -> int:
    """The hints asked for in this game (0 for a game stored before hints were counted)."""
    n = record.meta.get(HINTS, 0)
    return n if isinstance(n, int) and not isinstance(n, bool) and n > 0 else 0


def count_hint(record: GameRecord) -> None:
    record.meta[HINTS] = hints_used(record) + 1


def keep(play_id: str, record: GameRecord, hint: Hint, slot: str = SHOWN) -> None:
    """Show ``hint`` until the game moves on (``slot``: the session key a page keeps it in)."""
    st.session_state[slot] = (play_id, len(record.actions), hint)


def shown(play_id: str, record: GameRecord, slot: str = SHOWN) -> Hint | None:
    """The hint asked for at this very position, if any."""
    kept = st.session_state.get(slot)
    if kept and kept[0] == play_id and kept[1] == len(record.actions):
        return kept[2]
    return None


def _reason(hint: Hint) -> str:
    """The reason in words; the bot's name, where a bot chose, as the app names bots."""
    bot = hint.reason.code == "hint.bot"
    return phrase_text(hint.reason, value=bot_label if bot else None)


def draw_hint(record: GameRecord, state, hint: Hint, you: bool = True) -> None:
    """The hint in words: the move, why, and the best moves' values; ``you``: the moves
    said to the player who asked (else with the name of the player to move)."""
    ui = game_ui(record.game)
    names = record.players
    seat = hint.seat

    def words(text: str) -> str:
        return ui.describe_move(state.parse_action(text), names, seat, you=seat if you else None)

    legal = {str(a) for a in state.legal_actions()}
    lines = [_("**Hint:** {move}").format(move=words(hint.best)), _reason(hint)]
    rows: list[tuple[str, float]] = []
    for t, v in hint.values:  # one move for each value (Whist's equal cards: one of them)
        if t in legal and all(abs(v - w) > 1e-9 for _t, w in rows):
            rows.append((t, v))
    rows = rows[:ROWS]
    if len(rows) > 1:
        row = pgettext("a move and its value", "{move}: {value}")
        lines += ["- " + row.format(move=words(t), value=amount(v, hint.unit)) for t, v in rows]
    box = st.container(border=True)
    box.markdown("  \n".join(lines[:2]) + ("\n\n" + "\n".join(lines[2:]) if rows[1:] else ""))
    if hint.measure is not None:
        box.caption(phrase_text(hint.measure))


def used_line(record: GameRecord) -> str:
    """``Hints used: N`` for the finished game."""
    n = hints_used(record)
    return ngettext("Hint used: {n}", "Hints used: {n}", n).format(n=n)
