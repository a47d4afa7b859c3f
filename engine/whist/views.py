"""What a Whist state shows: its contract in words and what a seat sees of it."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.core.errors import EngineError, Phrase, Seat
from engine.whist import actions as A
from engine.whist.cards import CARD_TEXT, SUITS, cards_of, sort_cards
from engine.whist.phases import BID, DEAL, DEALER, DECLARE, DISCARD, END, PLAY, TRUMP

if TYPE_CHECKING:
    from engine.whist.state import WhistState


def describe_turn(s: WhistState) -> Phrase:
    """Who acts now in ``s``, in words (:meth:`WhistState.describe_turn`)."""
    p = s.phase
    if p == DEALER:
        return Phrase.coded("whist.turn_first_dealer", "chance draws the first dealer")
    if p == DEAL:
        return Phrase.coded("whist.turn_deal", "chance deals ({seat} deals)", seat=Seat(s.dealer))
    if p == END:
        return Phrase.coded("whist.turn_over", "game over")
    seat = Seat(s.to_act)
    if p == DISCARD:
        return Phrase.coded(
            "whist.turn_discard",
            "{seat} to discard ({n} more)",
            seat=seat,
            n=6 - len(s.discards),
        )
    if p == TRUMP and s.kind == "notrump":
        return Phrase.coded("whist.turn_direction", "{seat} to name the direction", seat=seat)
    if p == BID:
        return Phrase.coded("whist.turn_bid", "{seat} to bid", seat=seat)
    if p == TRUMP:
        return Phrase.coded("whist.turn_trump", "{seat} to name the trump suit", seat=seat)
    if p == DECLARE:
        return Phrase.coded("whist.turn_declare", "{seat} to declare high or low", seat=seat)
    return Phrase.coded("whist.turn_play", "{seat} to play a card", seat=seat)


def contract_text(s: WhistState) -> Phrase | str:
    """The contract of the current deal in words (a :class:`Phrase`), '' before it is
    known.

    >>> from engine import get_game
    >>> s = get_game("whist").new_initial_state(first_dealer=0)
    >>> s.contract_text()
    ''
    >>> s.declarer, s.bid_number, s.kind, s.trump = 1, 4, "uptown", 0
    >>> s.contract_text(), s.contract_text().code
    ('4 uptown S', 'whist.contract_suit')
    """
    if s.bidw:
        if s.declarer < 0:
            return ""
        n = s.bid_number
        if s.kind == "notrump":
            if s.phase == TRUMP:
                return Phrase.coded("whist.contract_nt", "{number} no trump", number=n)
            if s.low:
                return Phrase.coded("whist.contract_nt_low", "{number} no trump low", number=n)
            return Phrase.coded("whist.contract_nt_high", "{number} no trump high", number=n)
        kind = A.KIND_WORDS[s.kind]
        if s.trump >= 0:
            return Phrase.coded(
                "whist.contract_suit",
                "{number} {kind} {suit}",
                number=n,
                kind=kind,
                suit=SUITS[s.trump],
            )
        return Phrase.coded("whist.contract_kind", "{number} {kind}", number=n, kind=kind)
    if s.two:
        if not s.hl_game:
            return ""
        if s.hl_game == "low":
            return Phrase.coded("whist.contract_low", "low")
        if s.trump >= 0:
            return Phrase.coded("whist.contract_high_suit", "high {suit}", suit=SUITS[s.trump])
        return Phrase.coded("whist.contract_high_nt", "high no trump")
    if s.trump >= 0:
        return Phrase.coded("whist.contract_trump", "trump {suit}", suit=SUITS[s.trump])
    return ""


def observation(s: WhistState, seat: int | None = None) -> dict:
    """What ``seat`` sees (``None`` = omniscient). Card lists are texts, sorted."""
    n = s.num_players
    omni = seat is None
    if not omni and not (isinstance(seat, int) and 0 <= seat < n):
        raise EngineError(f"seat {seat!r} is not a seat of this game (0-{n - 1})")
    hands = [sort_cards(cards_of(s.hands[i])) if omni or i == seat else None for i in range(n)]
    straw = None
    if s.piles is not None:
        straw = [
            [
                {
                    "up": CARD_TEXT[p[-1]] if p else None,
                    "down": len(p) - 1 if p else 0,
                    "down_cards": [CARD_TEXT[c] for c in p[:-1]] if omni else None,
                }
                for p in piles
            ]
            for piles in s.piles
        ]
    sees_kitty = omni or (s.kitty_taken and seat == s.declarer)
    return {
        "variant": s.ruleset.variant,
        "seat": seat,
        "phase": s.phase_name,
        "to_act": s.to_act if s.phase in (BID, TRUMP, DISCARD, DECLARE, PLAY) else None,
        "dealer": s.dealer,
        "deal_no": s.deal_no,
        "scores": list(s.scores),
        "hands": hands,
        "hand": hands[seat] if seat is not None else None,
        "hand_sizes": [s.hands[i].bit_count() for i in range(n)],
        "straw": straw,
        "kitty": sort_cards(s.kitty) if sees_kitty else None,
        "kitty_size": len(s.kitty) if not s.kitty_taken else 0,
        "discards": sort_cards(s.discards) if (omni or seat == s.declarer) else None,
        "discard_count": len(s.discards),
        "turn_card": CARD_TEXT[s.turn_card] if s.turn_card >= 0 else None,
        "bids": [(s, str(b)) for s, b in s.bids],
        "declarer": s.declarer if s.bidw else s.hl_declarer,
        "contract": s.contract_text(),
        "kind": s.kind or s.hl_game,
        "trump": SUITS[s.trump] if s.trump >= 0 else None,
        "low": s.low,
        "declarations": [s.hl_first, s.hl_game],
        "tricks": [
            {
                "leader": t[0],
                "cards": [(s, CARD_TEXT[c]) for s, c in zip(t[1], t[2])],
                "winner": t[3],
                "win_index": t[4],
            }
            for t in s.tricks
        ],
        "trick": [(s, CARD_TEXT[c]) for s, c in zip(s.trick_seats, s.trick_cards)],
        "led": SUITS[s.led] if s.led >= 0 else None,
        "books": list(s.books),
        "deal_log": [dict(d) for d in s.deal_log],
    }
