"""The library's card encoding: plain ints and bit masks, no game's card type.

A card is an int ``suit * 13 + rank``, suits 0..3 and ranks 0..12 from the lowest (2) to
the highest (ace) when aces are high; 52 is the little joker and 53 the big one. A hand
is an int bit mask (bit ``c`` set = card ``c`` held). A contract is ``trump`` (a suit
0..3, or -1 for no trump), ``low`` (ranks run ace, 2, 3, … king: downtown, no trump
low) and ``club`` (a led joker is a trump lead). The Whist game
(:mod:`engine.whist.cards`) numbers its cards the same way, suits ``S H D C``, so its
hands are passed as they are.

>>> card(1, 12), BJ, hand_of([card(0, 12), LJ]) == (1 << 12) | (1 << 52)
(25, 53, True)
>>> winning_index([card(1, 3), card(1, 11), BJ, card(0, 0)], trump=0, low=False)
2
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

LJ = 52
BJ = 53
ACE = 12
JOKER_MASK = (1 << LJ) | (1 << BJ)
#: the 13 cards of each suit as a mask
SUIT_MASK: tuple[int, ...] = tuple(((1 << 13) - 1) << (13 * s) for s in range(4))
#: rank strength when aces are high and 2 low (uptown, whist, no trump high)
HIGH_VALUE: tuple[int, ...] = tuple(range(13))
#: rank strength for downtown / no trump low: A > 2 > 3 > … > K
LOW_VALUE: tuple[int, ...] = tuple(12 if r == ACE else 11 - r for r in range(13))


def card(suit: int, rank: int) -> int:
    """The card of ``suit`` (0..3) and ``rank`` (0 = the 2 … 12 = the ace)."""
    if not (0 <= suit < 4 and 0 <= rank < 13):
        raise ValueError(f"suit {suit!r} must be 0-3 and rank {rank!r} 0-12")
    return suit * 13 + rank


def hand_of(cards: Iterable[int]) -> int:
    """The bit mask of ``cards``."""
    out = 0
    for c in cards:
        out |= 1 << c
    return out


_STRENGTH: dict[tuple[int, bool, int], tuple[int, ...]] = {}


def strength_table(trump: int, low: bool, led: int) -> tuple[int, ...]:
    """Each card's strength in a trick (-1 = cannot win): jokers over trumps over the
    suit led; memoised per (trump, low, led)."""
    key = (trump, low, led)
    table = _STRENGTH.get(key)
    if table is None:
        out = []
        for c in range(54):
            if c >= 52:
                v = 1000 + c if trump >= 0 else -1
            else:
                s, r = divmod(c, 13)
                if low:
                    r = LOW_VALUE[r]
                v = 100 + r if s == trump else r if s == led else -1
            out.append(v)
        table = _STRENGTH[key] = tuple(out)
    return table


def winning_index(cards: Sequence[int], trump: int, low: bool) -> int:
    """Index of the card that wins the trick ``cards`` (in play order; ``trump`` -1 = no
    trump), -1 if none can: the suit to follow is the first non-joker card's, jokers are
    the highest trumps (big over little) and never win in no trump; the first of equal
    cards wins."""
    led = -1
    for c in cards:
        if c < 52:
            led = c // 13
            break
    table = strength_table(trump, low, led)
    best, at = -1, -1
    for i, c in enumerate(cards):
        if table[c] > best:
            best, at = table[c], i
    return at
