"""Stock Hold'em's guided first game: the rule moments the state machine shows (see
:mod:`engine.tutorial`).

The Learn page's sections (``dashboard/views/stock_holdem/learn.py``, anchors):
``components``, ``setup``, ``trading``, ``free-actions``, ``cleanup``, ``price``,
``preparation``, ``settlement``. ``components`` and ``setup`` cannot come up in play (what
is in the box, and the start money and chips by player count); every other section does.
The clean-up comes up only when a round ends with room left on a company, which the
search prefers.
"""

from __future__ import annotations

from typing import cast

from engine.core.errors import Phrase
from engine.core.protocol import State
from engine.stock_holdem.actions import Move
from engine.stock_holdem.cards import COMPANIES
from engine.stock_holdem.state import BUY, CLEANUP, OVER, SELL, TRADE, StockHoldemState
from engine.tutorial import Guide, rule

SECTIONS = (
    "components",
    "setup",
    "trading",
    "free-actions",
    "cleanup",
    "price",
    "preparation",
    "settlement",
)
REACHABLE = ("trading", "free-actions", "cleanup", "price", "preparation", "settlement")

RULES = (
    rule("stock_holdem.tutorial.buy", "Buying a share raises its price by $1", "trading"),
    rule("stock_holdem.tutorial.sell", "Selling a share lowers its price by $1", "trading"),
    rule("stock_holdem.tutorial.no_trade", "No sale or no purchase earns a chip", "trading"),
    rule("stock_holdem.tutorial.place", "Placing a card face down on a company", "trading"),
    rule("stock_holdem.tutorial.peek", "Peeking at a face-down card", "free-actions"),
    rule("stock_holdem.tutorial.free_trade", "A free sale or purchase", "free-actions"),
    rule("stock_holdem.tutorial.stock_up", "Stock-up: a chip that raises a price", "free-actions"),
    rule("stock_holdem.tutorial.cash", "Cashing a chip for $1", "free-actions"),
    rule("stock_holdem.tutorial.chip_limit", "Chips over the limit pay $1 each", "free-actions"),
    rule("stock_holdem.tutorial.cleanup", "Clean-up: the cards left are placed", "cleanup"),
    rule("stock_holdem.rule.price", "The price of a company", "price"),
    rule("stock_holdem.rule.start_player", "The new start player", "preparation"),
    rule("stock_holdem.rule.settlement", "The final settlement", "settlement"),
)

#: the free actions by the first word of their text
_FREE = {
    "peek": "stock_holdem.tutorial.peek",
    "free": "stock_holdem.tutorial.free_trade",
    "stock-up": "stock_holdem.tutorial.stock_up",
    "cash": "stock_holdem.tutorial.cash",
}


def detect(before: State, action: str, after: State) -> list[str]:
    """The codes of the rules that apply at this step, read from the state machine: its
    phase and step, prices, money, chips and the rounds it priced."""
    b, a = cast(StockHoldemState, before), cast(StockHoldemState, after)
    out = []
    first = action.split(" ", 1)[0]
    if b.phase == TRADE:
        seat = b.current_player()
        if first == "buy":
            out.append("stock_holdem.tutorial.buy")
        elif first == "sell":
            out.append("stock_holdem.tutorial.sell")
        elif first == "no":
            out.append("stock_holdem.tutorial.no_trade")
            if a.money[seat] > b.money[seat]:
                out.append("stock_holdem.tutorial.chip_limit")
        elif first == "place":
            out.append("stock_holdem.tutorial.place")
        elif first in _FREE:
            out.append(_FREE[first])
    if a.phase == CLEANUP and b.phase != CLEANUP:
        out.append("stock_holdem.tutorial.cleanup")
    if len(a.results) > len(b.results):
        out.append("stock_holdem.rule.price")
        if a.phase != OVER:
            out.append("stock_holdem.rule.start_player")
    if a.phase == OVER and b.phase != OVER:
        out.append("stock_holdem.rule.settlement")
    return out


#: the refusals a learner's try is offered with, by the step: a trade's own limits
TRY_REASONS = {
    SELL: ("sell", frozenset({"stock.why_no_share"})),
    BUY: ("buy", frozenset({"stock.why_money", "stock.why_sold_out", "stock.why_buy_placed"})),
}
#: the most tries offered at once
MOST = 2


def tries(state: State) -> list[tuple[object, Phrase]]:
    """The refused trades a learner may try now, each with the engine's reason
    (``why_illegal``): in the sell step a company they own no share of, in the buy step a
    share they cannot afford, a sold-out company or one they did not place a card on; at
    most :data:`MOST`."""
    s = cast(StockHoldemState, state)
    if s.phase != TRADE or s.step not in TRY_REASONS:
        return []
    kind, codes = TRY_REASONS[s.step]
    legal = {str(a) for a in s.legal_actions()}
    out: list[tuple[object, Phrase]] = []
    for co in range(len(COMPANIES)):
        move = Move(kind, company=co)
        why = None if str(move) in legal else s.why_illegal(move)
        if isinstance(why, Phrase) and why.code in codes and len(out) < MOST:
            out.append((move, why))
    return out


GUIDE = Guide(RULES, SECTIONS, REACHABLE, detect, tries)
