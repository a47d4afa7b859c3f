"""Cards as small ints, their text form, and bit masks of hands.

A card is an int: ``suit * 13 + rank`` with suits ``S H D C`` = 0..3 and ranks
``2 … 10 J Q K A`` = 0..12; the little joker is 52 and the big joker 53. A hand is an
int bit mask (bit ``c`` set = card ``c`` held), cheap to copy and to test.

>>> parse_card("10h"), card_text(21), parse_card("BJ")
(21, '10H', 53)
>>> parse_card("1H")  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
engine.core.errors.ParseError: '1H': not a card; write rank 2-10 J Q K A then suit S H D C ...
>>> sort_cards([parse_card(t) for t in ["2S", "BJ", "AH", "KS"]])
['BJ', 'KS', '2S', 'AH']
"""

from __future__ import annotations

from collections.abc import Iterable

from engine.core.errors import ParseError

SUITS = "SHDC"
SUIT_NAMES = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}
SUIT_SYMBOLS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
RANKS = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
LJ = 52
BJ = 53
JOKERS = (LJ, BJ)
ACE = 12

CARD_TEXT: tuple[str, ...] = tuple(r + s for s in SUITS for r in RANKS) + ("LJ", "BJ")
CARD_CODE: dict[str, int] = {t: i for i, t in enumerate(CARD_TEXT)}
SUIT_MASK: tuple[int, ...] = tuple(((1 << 13) - 1) << (13 * s) for s in range(4))
JOKER_MASK = (1 << LJ) | (1 << BJ)
DECK52 = tuple(range(52))
DECK54 = tuple(range(54))

#: rank strength when aces are high and 2 low (uptown, whist, no trump high)
HIGH_VALUE = tuple(range(13))
#: rank strength for downtown / no trump low: A > 2 > 3 > … > K
LOW_VALUE = tuple(12 if r == ACE else 11 - r for r in range(13))

_ALLOWED = (
    "write rank 2-10 J Q K A then suit S H D C (like '10H', 'AS'), or 'BJ' / 'LJ' for the jokers"
)


def parse_card(text: str) -> int:
    """The card int of ``text`` (case-insensitive, ``T`` accepted for 10)."""
    if not isinstance(text, str):
        raise ParseError(f"{text!r}: not a card; {_ALLOWED}")
    t = text.strip().upper()
    if t.startswith("T") and len(t) == 2:
        t = "10" + t[1]
    code = CARD_CODE.get(t)
    if code is None:
        raise ParseError(f"{text!r}: not a card; {_ALLOWED}")
    return code


def card_text(card: int) -> str:
    return CARD_TEXT[card]


def suit_of(card: int) -> int:
    """0..3, or -1 for a joker (jokers have no suit)."""
    return -1 if card >= 52 else card // 13


def parse_suit(text: str) -> int:
    t = text.strip().upper()[:1] if isinstance(text, str) else ""
    if not t or t not in SUITS or len(text.strip()) != 1:
        full = {v: k for k, v in SUIT_NAMES.items()}
        if isinstance(text, str) and text.strip().lower() in full:
            return SUITS.index(full[text.strip().lower()])
        raise ParseError(f"{text!r}: not a suit; write S, H, D or C")
    return SUITS.index(t)


def display_key(card: int) -> tuple[int, int]:
    """Sort key: jokers first (big first), then suits S H D C, high ranks first."""
    if card >= 52:
        return (-1, -card)
    return (card // 13, -(card % 13))


def sort_cards(cards: Iterable[int]) -> list[str]:
    return [CARD_TEXT[c] for c in sorted(cards, key=display_key)]


def mask_of(cards: Iterable[int]) -> int:
    m = 0
    for c in cards:
        m |= 1 << c
    return m


def cards_of(mask: int) -> list[int]:
    """The cards of a bit mask, lowest first."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out
