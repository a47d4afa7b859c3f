"""The fixed action-text space of each game under a ruleset and player count.

OpenSpiel needs a finite, stable action-id space per game. Each function below lists
every action text the game can produce under its ruleset (player moves and chance
outcomes), in a fixed order; an action's id is its index. The cards of a deal that the
engine makes as ONE chance action are dealt one at a time by the adapter, as chance
actions ``card X`` (listed here too).

Only the syntax is enumerated: many texts are never legal in a given game (a Joker in a
Stack 5 ``place`` is, a Number Bomb is not). ``tests/engine/test_openspiel_adapter.py`` checks
over random games that every legal action text is listed.
"""

from __future__ import annotations


def stack5_texts(ruleset, players: int) -> tuple[str, ...]:
    from engine.stack5.cards import deck_spec

    names = list(deck_spec(ruleset).names)
    rows = range(1, ruleset.max_rows + 1)
    out = ["draw", "stop", *names]
    out += [f"give {s}" for s in range(players)]
    out += [f"steal {s} row {r}" for s in range(players) for r in rows]
    out += [f"place {c} row {r}" for c in names for r in rows]
    out += [f"place {c} discard row {r}" for c in names for r in rows]
    return _unique(out)


def owners_choice_texts(ruleset, players: int) -> tuple[str, ...]:
    from engine.owners_choice import actions as oc

    out = [str(a) for group in (oc.BUY, oc.SELL, oc.NAME_ACTIONS, oc.MOVE) for a in group]
    out += ["done", "pay", "fund", "bankrupt", "stay"]
    out += [str(a) for raw in oc.dice_actions(ruleset).raw for a in raw]
    return _unique(out)


def stock_holdem_texts(ruleset, players: int) -> tuple[str, ...]:
    from engine.stock_holdem import actions as sh
    from engine.stock_holdem.cards import ALL_CARDS, card_text
    from engine.stock_holdem.rules import SLOTS

    out = [str(m) for group in sh.PLACE_MOVES for m in group]
    for kind in ("sell", "buy", "free sell", "free buy", "stock-up"):
        out += [str(sh.Move(kind, co)) for co in range(6)]
    out += ["no sell", "no buy", "cash", "end"]
    out += [str(sh.Move("peek", co, slot=k)) for co in range(6) for k in range(SLOTS)]
    out += [str(sh.Move("peek hand", slot=k, seat=s)) for s in range(players) for k in range(6)]
    out += [f"card {card_text(c)}" for c in ALL_CARDS]
    return _unique(out)


def whist_texts(ruleset, players: int) -> tuple[str, ...]:
    from engine.whist import actions as wa
    from engine.whist.cards import CARD_TEXT, SUITS

    out = [f"dealer {s}" for s in range(players)]
    out += ["pass", *(str(b) for b in wa.ALL_BIDS)]
    out += [f"trump {s}" for s in SUITS]
    out += ["direction high", "direction low", "declare high", "declare low"]
    out += [f"discard {c}" for c in CARD_TEXT]
    out += [f"play {c}" for c in CARD_TEXT]
    out += [f"card {c}" for c in CARD_TEXT]
    return _unique(out)


def _unique(texts: list[str]) -> tuple[str, ...]:
    seen: dict[str, None] = {}
    for t in texts:
        seen.setdefault(t, None)
    return tuple(seen)
