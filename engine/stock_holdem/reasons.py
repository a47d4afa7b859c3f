"""Why a Stock Hold'em move is refused, in the rules' words.

:meth:`StockHoldemState.legal_actions` lists what may be played (tables written for
speed); :func:`why_illegal` says, for any move, which rule forbids it now. The two are the
same rules written twice, clause by clause, so a test holds them together: every illegal
move gets a reason and every legal one none. The clauses are asked in a fixed order (the
phase, the chips, then the move's own rules), and the first that forbids the move names it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.core.errors import Phrase, Seat, Word
from engine.stock_holdem.actions import _BEAR_PUBLIC, SLOT_BITS, Move
from engine.stock_holdem.cards import BEAR, COMPANIES, card_text
from engine.stock_holdem.phases import _STEP_WORDS, BUY, CLEANUP, END, PLACE, SELL, TRADE
from engine.stock_holdem.rules import FACE_UP, SLOTS

if TYPE_CHECKING:
    from engine.stock_holdem.state import StockHoldemState


def why_illegal(s: StockHoldemState, m: Move) -> Phrase | Word | None:
    """The rule that forbids ``m`` now, in plain words (for error messages); ``None``
    when no rule does. This is legality written a second time, clause by clause, beside
    the tables of :meth:`legal_actions` (a test holds the two together)."""
    p = s.current_player()
    r = s.ruleset
    co = m.company
    name = COMPANIES[co] if co >= 0 else ""
    costs = {"cash": r.cost_cash, "peek": r.cost_peek, "peek hand": r.cost_peek,
             "free sell": r.cost_free_sell,
             "free buy": r.cost_free_buy, "stock-up": r.cost_stock_up}  # fmt: skip
    if s.phase == CLEANUP and m.kind != "place":
        return Phrase.coded(
            "stock.why_cleanup",
            "in the clean-up step seat {p} can only place its last card",
            p=p,
        )
    if m.kind in costs and s.chips[p] < costs[m.kind]:
        return Phrase.coded(
            "stock.why_chips",
            "{kind} costs {cost} chips and seat {p} has {chips}",
            kind=m.kind,
            cost=costs[m.kind],
            p=p,
            chips=s.chips[p],
        )
    if m.kind == "place":
        why: Phrase | Word | None = _why_place(s, m, p, name)
        if why is not None:
            return why
    if s.phase == TRADE and s.step == PLACE and m.kind not in costs and m.kind != "place":
        return Phrase.coded(
            "stock.why_place_before",
            "seat {p} must first place a card (from the second turn on)",
            p=p,
        )
    for clause in (_why_trade, _why_peek_hand, _why_peek, _why_stock_up):
        why = clause(s, m, p, name)
        if why is not None:
            return why
    if m.kind == "end" and s.step != END:
        return Phrase.coded("stock.why_end", "the turn ends only after the buy step")
    return None


def _why_place(s: StockHoldemState, m: Move, p: int, name: str) -> Phrase | None:
    """A card is placed at the start of a turn (not the first), from the hand, on a
    company with a free slot."""
    if s.phase == TRADE and s.step != PLACE:
        if s.turn_index < s.num_players:
            return Phrase.coded(
                "stock.why_place_first",
                "a card is placed only at the start of a turn, and not in the first turn",
            )
        return Phrase.coded("stock.why_placed", "seat {p} already placed a card this turn", p=p)
    if m.card not in s.hands[p]:
        return Phrase.coded(
            "stock.why_not_held",
            "seat {p} does not hold {card}",
            p=p,
            card=card_text(m.card),
        )
    if len(s.board[m.company]) >= SLOTS:
        return Phrase.coded(
            "stock.why_company_full", "company {name} already has 5 cards", name=name
        )
    return None


def _why_trade(s: StockHoldemState, m: Move, p: int, name: str) -> Phrase | None:
    """Selling and buying: in their step, a share held, a share left, the money, and
    after the first turn only the company the card was placed on."""
    co = m.company
    if m.kind in ("sell", "no sell") and s.step != SELL:
        return Phrase.coded(
            "stock.why_not_sell_step",
            "it is the {step} step, not the sell step",
            step=_STEP_WORDS[s.step],
        )
    if m.kind in ("buy", "no buy") and s.step != BUY:
        return Phrase.coded(
            "stock.why_not_buy_step",
            "it is the {step} step, not the buy step",
            step=_STEP_WORDS[s.step],
        )
    if m.kind in ("sell", "free sell") and not s.shares[p][co]:
        return Phrase.coded(
            "stock.why_no_share", "{p} owns no share of company {name}", p=Seat(p), name=name
        )
    if m.kind in ("buy", "free buy"):
        if s.supply(co) <= 0:
            return Phrase.coded(
                "stock.why_sold_out", "no share of company {name} is left", name=name
            )
        if s.money[p] < s.prices[co]:
            return Phrase.coded(
                "stock.why_money",
                "{p} has ${money}, company {name} costs ${price}",
                p=Seat(p),
                money=s.money[p],
                name=name,
                price=s.prices[co],
            )
        if m.kind == "buy" and s.placed >= 0 and co != s.placed:
            return Phrase.coded(
                "stock.why_buy_placed",
                "after the first turn a seat buys only the company it placed a card on this "
                "turn ({company})",
                company=COMPANIES[s.placed],
            )
    return None


def _why_peek_hand(s: StockHoldemState, m: Move, p: int, name: str) -> Phrase | Word | None:
    """Peeking into another seat's hand: when the ruleset allows it, at a card that is
    there, not a bear, not already known."""
    if m.kind != "peek hand":
        return None
    if not s.ruleset.peek_hands:
        return Phrase.coded(
            "stock.why_no_peek_hands",
            "this ruleset allows peeking only at cards on companies (peek_hands)",
        )
    if m.seat == p:
        return Phrase.coded("stock.why_own_hand", "that is the seat's own hand")
    if m.seat >= s.num_players or m.slot >= len(s.hands[m.seat]):
        held = len(s.hands[m.seat]) if m.seat < s.num_players else 0
        return Phrase.coded(
            "stock.why_hand_size",
            "seat {seat} holds {held} card(s)",
            seat=m.seat,
            held=held,
        )
    if s.hands[m.seat][m.slot] == BEAR:
        return _BEAR_PUBLIC
    if s.known[p] >> s.hands[m.seat][m.slot] & 1:
        return Phrase.coded("stock.why_known", "seat {p} already knows that card", p=p)
    return None


def _why_peek(s: StockHoldemState, m: Move, p: int, name: str) -> Phrase | None:
    """Peeking at a company's card: a face-down card that is there, not a bear, not
    already known."""
    if m.kind != "peek":
        return None
    co = m.company
    if m.slot >= len(s.board[co]):
        return Phrase.coded(
            "stock.why_empty_slot",
            "company {name} has no card in slot {slot}",
            name=name,
            slot=m.slot + 1,
        )
    if m.slot < FACE_UP:
        return Phrase.coded(
            "stock.why_face_up",
            "slot {slot} of company {name} is face up",
            slot=m.slot + 1,
            name=name,
        )
    if s.board[co][m.slot] == BEAR:
        return Phrase.coded(
            "stock.why_bear_slot",
            "slot {slot} of company {name}: {bear}",
            slot=m.slot + 1,
            name=name,
            bear=_BEAR_PUBLIC,
        )
    if not s.peekable[p] & SLOT_BITS[co][m.slot]:
        return Phrase.coded("stock.why_known", "seat {p} already knows that card", p=p)
    return None


def _why_stock_up(s: StockHoldemState, m: Move, p: int, name: str) -> Phrase | None:
    """A stock-up chip: while the ruleset's chips last, up to its limit per company."""
    if m.kind != "stock-up":
        return None
    r = s.ruleset
    if sum(s.stock_up) >= r.stock_up_chips:
        return Phrase.coded(
            "stock.why_chips_placed",
            "all {chips} stock-up chips are placed",
            chips=r.stock_up_chips,
        )
    if s.stock_up[m.company] >= r.stock_up_per_company:
        return Phrase.coded(
            "stock.why_stock_up_full",
            "company {name} already has {n} stock-up chip(s)",
            name=name,
            n=s.stock_up[m.company],
        )
    return None
