"""The kind of each graded Owner's Choice decision, and the situation it was made in (for
the Insights across games, :mod:`engine.insights`).

Kinds: ``move`` (which space to move to), ``trade`` (buy, sell, or done trading),
``president`` (pay or fund), ``all_space`` (the company named on an ALL space),
``bankruptcy`` (leave or stay). Situations: a trade ``before_move`` or ``after_move``;
the other kinds have one situation each, named as the kind.

>>> from engine.owners_choice import from_position
>>> s = from_position(holdings=[[3, 0, 0, 0], [0, 2, 0, 0]], cash=[400, 500], fund=200)
>>> decision_kind(s, "buy B"), situation(s, "buy B"), decision_kind(s, "move 2")
('trade', 'before_move', 'move')
"""

from __future__ import annotations

KINDS = ("move", "trade", "president", "all_space", "bankruptcy")
_KIND_OF = {
    "move": "move",
    "buy": "trade",
    "sell": "trade",
    "done": "trade",
    "pay": "president",
    "fund": "president",
    "name": "all_space",
    "bankrupt": "bankruptcy",
    "stay": "bankruptcy",
}


def decision_kind(state, action) -> str:
    return _KIND_OF.get(str(action).split()[0], "other")


def situation(state, action) -> str:
    kind = decision_kind(state, action)
    if kind != "trade":
        return kind
    phase = state.observation(None)["phase"]
    return "after_move" if phase == "post-move" else "before_move"
