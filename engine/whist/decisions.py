"""The kind of each graded Whist / Bid Whist decision, and the situation it was made in
(for the Insights across games, :mod:`engine.insights`).

Kinds: ``bid`` (a bid or a pass), ``trump`` (naming the trump suit or the direction, or
declaring a high or low game), ``kitty`` (the declarer's discards after taking the kitty)
and ``card`` (a card played). Situations: a bid ``first_to_speak`` or ``after_bids``; a
card ``lead``, ``follow`` (the suit led), ``ruff`` (a trump on another suit) or
``throw`` (another suit, not trump); ``trump`` and ``kitty`` as their kind.

>>> from engine import read_jsonl, states
>>> from pathlib import Path
>>> rec = read_jsonl(Path(__file__).parents[2] / "data" / "whist" / "bid4.jsonl")[2]
>>> sts = states(rec)
>>> first = next(i for i, a in enumerate(rec.actions) if a.startswith("play "))
>>> decision_kind(sts[first], rec.actions[first]), situation(sts[first], rec.actions[first])
('card', 'lead')
>>> situation(sts[first + 1], rec.actions[first + 1]) in ("follow", "ruff", "throw")
True
"""

from __future__ import annotations

from engine.whist.cards import JOKERS, parse_card

KINDS = ("bid", "trump", "kitty", "card")
_KIND_OF = {
    "bid": "bid",
    "pass": "bid",
    "trump": "trump",
    "direction": "trump",
    "declare": "trump",
    "discard": "kitty",
    "play": "card",
}


def decision_kind(state, action) -> str:
    return _KIND_OF.get(str(action).split()[0], "other")


def situation(state, action) -> str:
    kind = decision_kind(state, action)
    if kind == "bid":
        return "after_bids" if state.bids else "first_to_speak"
    if kind != "card":
        return kind
    if not state.trick_cards:
        return "lead"
    card = parse_card(str(action).split()[1])
    suit = None if card in JOKERS else card // 13
    if suit is not None and suit == state.led:
        return "follow"
    if suit is None or suit == state.trump:
        return "ruff" if state.led != state.trump else "follow"
    return "throw"
