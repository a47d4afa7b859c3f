"""The kind of each graded Stock Hold'em decision, and the situation it was made in (for
the Insights across games, :mod:`engine.insights`).

Kinds: ``trade`` (the sell and buy steps, free actions), ``placement`` (a card placed;
not graded today) and ``peek``. Situations: ``sell_step`` (sell or not), ``buy_step``
(buy or not), ``free_action`` (free sale or purchase, stock-up, cash), ``peek_company``
(a company's face-down card), ``peek_hand`` (a card in another hand), ``placement``.

>>> decision_kind(None, "no sell"), situation(None, "no sell"), situation(None, "stock-up C")
('trade', 'sell_step', 'free_action')
>>> decision_kind(None, "peek hand 2.3"), situation(None, "peek hand 2.3")
('peek', 'peek_hand')
"""

from __future__ import annotations

KINDS = ("trade", "placement", "peek")
_SITUATION = {
    "sell": "sell_step",
    "buy": "buy_step",
    "no": None,  # "no sell" / "no buy": by the next word
    "free": "free_action",
    "stock-up": "free_action",
    "cash": "free_action",
    "place": "placement",
}


def situation(state, action) -> str:
    words = str(action).split()
    if words[0] == "peek":
        return "peek_hand" if words[1:2] == ["hand"] else "peek_company"
    if words[0] == "no" and len(words) > 1:
        return f"{words[1]}_step" if words[1] in ("sell", "buy") else "other"
    return _SITUATION.get(words[0]) or "other"


def decision_kind(state, action) -> str:
    where = situation(state, action)
    if where in ("sell_step", "buy_step", "free_action"):
        return "trade"
    if where.startswith("peek"):
        return "peek"
    return "placement" if where == "placement" else "other"
