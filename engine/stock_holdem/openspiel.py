"""Stock Hold'em inside OpenSpiel (:mod:`engine.adapters.openspiel`): its action texts and
its deal, dealt card by card (only the cards the deal uses: the board and the hands)."""

from __future__ import annotations

from engine.core.protocol import OpenSpielHooks


def texts(ruleset, players: int) -> tuple[str, ...]:
    """Every action text under ``ruleset`` and ``players``, in a fixed order."""
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
    return tuple(dict.fromkeys(out))


def deal_node(state):
    """At the deal: (every card, how many the deal uses, the card-text function)."""
    from engine.stock_holdem.cards import ALL_CARDS, card_text
    from engine.stock_holdem.state import DEAL

    if state.phase != DEAL:
        return None
    return ALL_CARDS, 12 + state.num_players * state.hand_size, card_text


HOOKS = OpenSpielHooks(
    long_name="Stock Hold'em", texts=texts, max_moves=1000, perfect=False, deal_node=deal_node
)
