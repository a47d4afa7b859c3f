"""Dealing Whist: a random deal of a ruleset, and whether a deal entered as text (or
drawn, with its masks) is a valid one, with the reasons when it is not."""

from __future__ import annotations

import random
from collections import Counter
from typing import TYPE_CHECKING

from engine.core.errors import Phrase, Seat, word
from engine.whist import actions as A
from engine.whist.cards import CARD_CODE, CARD_TEXT, DECK52, DECK54, shuffle, sort_cards
from engine.whist.state_tables import BIT, BITS52, BITS54

if TYPE_CHECKING:
    from engine.whist.state import WhistState


def draw_deal(s: WhistState, rng: random.Random) -> A.Deal:
    """A random deal of the state's ruleset, dealt by its dealer."""
    if not s.two:
        if type(rng) is random.Random:  # the deck's card bits, shuffled as the cards
            bits = list(BITS54 if s.bidw else BITS52)
            shuffle(rng, bits)
        else:  # any other rng (a scripted one may set the cards) shuffles the cards
            deck = list(DECK54 if s.bidw else DECK52)
            shuffle(rng, deck)
            bits = [BIT[c] for c in deck]
        return A.deal_of_bits(bits, 12 if s.bidw else 13, s.bidw, s.dealer)
    deck = list(DECK54 if s.bidw else DECK52)
    shuffle(rng, deck)
    n = s.num_players
    hands = (
        [deck[12 * i : 12 * i + 12] for i in range(n)]
        if (s.bidw or s.two)
        else [deck[13 * i : 13 * i + 13] for i in range(4)]
    )
    pos = 12 * n if (s.bidw or s.two) else 52
    straw: tuple[()] | list[list[tuple[int, int]]] = ()
    if s.two:
        k = 6 if s.bidw else 7
        straw = []
        for _ in range(2):
            piles = [(deck[pos + j], deck[pos + k + j]) for j in range(k)]
            pos += 2 * k
            straw.append(piles)
    kitty = deck[pos : pos + 6] if s.bidw else ()
    turn = -1 if s.bidw else hands[s.dealer][-1]
    return A.deal_text(hands, kitty, straw, turn)


def deal_reasons(s: WhistState, action) -> list:
    """What is wrong with a deal entered as text (phrases; none for a valid deal):
    the number and sizes of the hands, the kitty, the straw piles, the turned card,
    and every card of the deck exactly once."""
    r = s.ruleset
    n = s.num_players
    why = []
    if len(action.hands) != n:
        why.append(
            Phrase.coded(
                "whist.deal_why_hand_count",
                "{title} deals {n} hands, not {given}",
                title=word(r.title),
                n=n,
                given=len(action.hands),
            )
        )
    size = 12 if (s.bidw or s.two) else 13
    for i, h in enumerate(action.hands):
        if len(h) != size:
            why.append(
                Phrase.coded(
                    "whist.deal_why_hand_size",
                    "hand {seat} has {given} cards, not {size}",
                    seat=i,
                    given=len(h),
                    size=size,
                )
            )
    if s.bidw and len(action.kitty) != 6:
        why.append(
            Phrase.coded(
                "whist.deal_why_kitty_size",
                "the kitty must be 6 cards, not {given}",
                given=len(action.kitty),
            )
        )
    if not s.bidw and action.kitty:
        why.append(Phrase.coded("whist.deal_why_no_kitty", "Whist has no kitty"))
    if s.two:
        k = 6 if s.bidw else 7
        if len(action.straw) != 2 or any(len(p) != k for p in action.straw):
            why.append(
                Phrase.coded(
                    "whist.deal_why_straw",
                    "each player needs {k} straw piles (down/up pairs)",
                    k=k,
                )
            )
    elif action.straw:
        why.append(Phrase.coded("whist.deal_why_straw_two", "straw piles are only for two players"))
    if s.bidw:
        if action.turn:
            why.append(Phrase.coded("whist.deal_why_bid_no_turn", "Bid Whist turns no card"))
    elif not action.turn:
        why.append(
            Phrase.coded(
                "whist.deal_why_turn_needed",
                "Whist needs the turned card (“turn: XX”, the dealer's last card)",
            )
        )
    elif (
        action.hands
        and len(action.hands) > s.dealer
        and (action.turn not in action.hands[s.dealer])
    ):
        why.append(
            Phrase.coded(
                "whist.deal_why_turn_hand",
                "the turned card {card} must be in the dealer's ({seat}) hand",
                card=action.turn,
                seat=Seat(s.dealer),
            )
        )
    cards = [c for h in action.hands for c in h] + list(action.kitty)
    cards += [c for piles in action.straw for pile in piles for c in pile]
    deck = {CARD_TEXT[c] for c in (DECK54 if s.bidw else DECK52)}
    dup = sorted(c for c, times in Counter(cards).items() if times > 1)
    if dup:
        why.append(
            Phrase.coded("whist.deal_why_twice", "cards dealt twice: {cards}", cards=" ".join(dup))
        )
    extra = sorted(set(cards) - deck)
    if extra:
        why.append(
            Phrase.coded(
                "whist.deal_why_not_in_deck",
                "cards not in this deck: {cards}",
                cards=" ".join(extra),
            )
        )
    missing = deck - set(cards)
    if missing and not why:
        why.append(
            Phrase.coded(
                "whist.deal_why_missing",
                "cards missing: {cards}",
                cards=" ".join(sort_cards(CARD_CODE[c] for c in missing)),
            )
        )
    return why


def drawn_deal_ok(s: WhistState, deal) -> bool:
    """A four-player deal that carries its masks, checked on the masks (the texts were
    made from them): right sizes, every card of the deck once, the turned card in the
    dealer's hand. ``False`` sends it to the full check, which says what is wrong."""
    masks, kitty = deal.codes
    if len(masks) != 4 or deal.straw or s.two:
        return False
    size = 12 if s.bidw else 13
    m0, m1, m2, m3 = masks
    if (
        m0.bit_count() != size
        or m1.bit_count() != size
        or m2.bit_count() != size
        or m3.bit_count() != size
    ):
        return False
    union = m0 | m1 | m2 | m3
    for c in kitty:
        union |= 1 << c
    if s.bidw:
        if len(kitty) != 6 or deal.turn:
            return False
        full = (1 << 54) - 1
    else:
        if kitty or deal.turn not in CARD_CODE:
            return False
        if not masks[s.dealer] >> CARD_CODE[deal.turn] & 1:
            return False
        full = (1 << 52) - 1
    return union == full


def joined(why: list) -> Phrase:
    """Reasons (phrases) as one phrase, ``first; second; …`` (a whole pattern for each
    join, so the app words the separator too)."""
    out = why[-1]
    for reason in reversed(why[:-1]):
        out = Phrase.coded("whist.reasons", "{first}; {rest}", first=reason, rest=out)
    return out
