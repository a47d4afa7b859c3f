"""The kind of each graded Stack 5 decision, and the situation it was made in (for the
Insights across games, :mod:`engine.insights`).

Kinds: ``draw_stop`` (draw another card or stop) and ``placement`` (where a card goes).
Situations: for draw or stop, the cards held this turn (``held_0`` … ``held_3``,
``held_4_plus``); for a placement, what it does to the row: ``new_row`` (onto an empty
row), ``extend_row``, ``complete_row`` (its fifth card) or ``discard_row`` (a row
discarded to make room).

>>> from engine.stack5 import setup_position
>>> s = setup_position({0: ["R1 R2 R3 R4"]})
>>> for a in ["G5", "B3"]: s.apply(a)
>>> decision_kind(s, "draw"), situation(s, "draw")
('draw_stop', 'held_2')
"""

from __future__ import annotations

KINDS = ("draw_stop", "placement")


def decision_kind(state, action) -> str:
    """``draw_stop`` or ``placement`` (``other`` for a decision not graded today)."""
    word = str(action).split()[0]
    if word in ("draw", "stop"):
        return "draw_stop"
    return "placement" if word == "place" else "other"


def situation(state, action) -> str:
    """Where the decision was made (see the module docstring)."""
    words = str(action).split()
    kind = decision_kind(state, action)
    if kind == "draw_stop":
        held = len(state.hand)
        return f"held_{held}" if held < 4 else "held_4_plus"
    if kind != "placement":
        return "other"
    if "discard" in words:
        return "discard_row"
    row = int(words[-1]) - 1  # a checked record's row number
    seat = state.placer if state.placer >= 0 else state.player
    cards = len(state.rows[seat][row])
    if cards == 0:
        return "new_row"
    return "complete_row" if cards == 4 else "extend_row"
