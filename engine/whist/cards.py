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

import random
from collections.abc import Iterable

from engine.core.errors import ParseError, word

SUITS = "SHDC"
#: each suit's name (a word the app translates)
SUIT_NAMES = {"S": word("spades"), "H": word("hearts"), "D": word("diamonds"), "C": word("clubs")}
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


def _not_a_card(text) -> ParseError:
    return ParseError.coded(
        "whist.card_unknown",
        "{text!r}: not a card; write rank 2-10 J Q K A then suit S H D C (like “10H”, “AS”), "
        "or “BJ” / “LJ” for the jokers",
        text=text,
    )


def parse_card(text: str) -> int:
    """The card int of ``text`` (case-insensitive, ``T`` accepted for 10)."""
    if not isinstance(text, str):
        raise _not_a_card(text)
    t = text.strip().upper()
    if t.startswith("T") and len(t) == 2:
        t = "10" + t[1]
    code = CARD_CODE.get(t)
    if code is None:
        raise _not_a_card(text)
    return code


def card_text(card: int) -> str:
    return CARD_TEXT[card]


def suit_of(card: int) -> int:
    """0..3, or -1 for a joker (jokers have no suit)."""
    return -1 if card >= 52 else card // 13


def parse_suit(text: str) -> int:
    t = text.strip().upper()[:1] if isinstance(text, str) else ""
    if not t or t not in SUITS or len(text.strip()) != 1:
        full: dict[str, str] = {v: k for k, v in SUIT_NAMES.items()}
        if isinstance(text, str) and text.strip().lower() in full:
            return SUITS.index(full[text.strip().lower()])
        raise ParseError.coded(
            "whist.suit_unknown", "{text!r}: not a suit; write S, H, D or C", text=text
        )
    return SUITS.index(t)


def display_key(card: int) -> tuple[int, int]:
    """Sort key: jokers first (big first), then suits S H D C, high ranks first."""
    if card >= 52:
        return (-1, -card)
    return (card // 13, -(card % 13))


#: ``display_key`` as one int per card, for a sort with a C-level key
DISPLAY_ORDER: tuple[int, ...] = tuple(
    sorted(range(54), key=display_key).index(c) for c in range(54)
)


def sort_cards(cards: Iterable[int]) -> list[str]:
    return [CARD_TEXT[c] for c in sorted(cards, key=DISPLAY_ORDER.__getitem__)]


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


def _shuffle_same_draws(rng: random.Random, x: list) -> None:
    """``Random.shuffle`` written out (CPython's algorithm: ``_randbelow`` by
    ``getrandbits`` with rejection), so a deal costs no Python call per card."""
    getrandbits = rng.getrandbits
    for i, k in _STEPS[len(x)]:
        j = getrandbits(k)
        while j > i:
            j = getrandbits(k)
        x[i], x[j] = x[j], x[i]


# per list length n < 64: the swap positions i (n-1 down to 1) with (i + 1).bit_length()
_STEPS = tuple(tuple((i, (i + 1).bit_length()) for i in range(n - 1, 0, -1)) for n in range(64))


def _same_as_library() -> bool:
    """Whether :func:`_shuffle_same_draws` gives exactly ``Random.shuffle``'s result and
    leaves the generator in the same state (checked once, at import)."""
    if random.Random.shuffle is not _LIBRARY_SHUFFLE:  # pragma: no cover - patched
        return False
    for seed in range(8):
        a, b = random.Random(seed), random.Random(seed)
        x, y = list(range(54)), list(range(54))
        a.shuffle(x)
        _shuffle_same_draws(b, y)
        if x != y or a.getstate() != b.getstate():  # pragma: no cover - other Python
            return False
    return True


_LIBRARY_SHUFFLE = random.Random.shuffle
_FAST_SHUFFLE = _same_as_library()


def shuffle(rng: random.Random, cards: list) -> None:
    """``rng.shuffle(cards)``: the same order and the same draws from ``rng`` (recorded
    games depend on it), faster for a plain ``random.Random``."""
    if _FAST_SHUFFLE and type(rng) is random.Random and len(cards) < 64:
        _shuffle_same_draws(rng, cards)
    else:
        rng.shuffle(cards)


_HOLDING_TEXTS: list[list[tuple[str, ...]]] = []


def _holding_texts() -> list[list[tuple[str, ...]]]:
    """Per suit, the card texts of every 13-bit holding, highest first; then the jokers'
    (big first): made once, on first use."""
    if not _HOLDING_TEXTS:
        for suit in range(4):
            table: list[tuple[str, ...]] = [()] * 8192
            for sub in range(1, 8192):
                top = sub.bit_length() - 1
                table[sub] = (CARD_TEXT[13 * suit + top],) + table[sub ^ (1 << top)]
            _HOLDING_TEXTS.append(table)
        _HOLDING_TEXTS.append([(), ("LJ",), ("BJ",), ("BJ", "LJ")])
    return _HOLDING_TEXTS


def mask_texts(mask: int) -> tuple[str, ...]:
    """The texts of a card mask in display order (as :func:`sort_cards`).

    >>> mask_texts(mask_of([parse_card(t) for t in ["2S", "BJ", "AH", "KS"]]))
    ('BJ', 'KS', '2S', 'AH')
    """
    t = _HOLDING_TEXTS or _holding_texts()
    return (
        t[4][mask >> 52]
        + t[0][mask & 0x1FFF]
        + t[1][mask >> 13 & 0x1FFF]
        + t[2][mask >> 26 & 0x1FFF]
        + t[3][mask >> 39 & 0x1FFF]
    )


_HOLDING_CODES: list[list[tuple[int, ...]]] = []


def mask_codes(mask: int) -> tuple[int, ...]:
    """The cards of a mask in display order (as :func:`sort_cards`, card ints).

    >>> mask_codes(mask_of([parse_card(t) for t in ["2S", "BJ", "AH", "KS"]]))
    (53, 11, 0, 25)
    """
    t = _HOLDING_CODES or _holding_codes()
    return (
        t[4][mask >> 52]
        + t[0][mask & 0x1FFF]
        + t[1][mask >> 13 & 0x1FFF]
        + t[2][mask >> 26 & 0x1FFF]
        + t[3][mask >> 39 & 0x1FFF]
    )


def _holding_codes() -> list[list[tuple[int, ...]]]:
    """The tables of :func:`mask_codes`: :func:`_holding_texts` as card ints."""
    if not _HOLDING_CODES:
        code = CARD_CODE.__getitem__
        for table in _HOLDING_TEXTS or _holding_texts():
            _HOLDING_CODES.append([tuple(map(code, texts)) for texts in table])
    return _HOLDING_CODES
