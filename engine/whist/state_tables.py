"""The Whist state's tables, made once: the legal actions of every holding (plays and
discards, by suit), what a seat that follows the suit led may play, each contract's card
strengths, the bids allowed over each bid, and the seats of a trick. The state's hot
paths (``WhistState.apply`` and ``legal_actions``) look these up instead of computing.
"""

from __future__ import annotations

from engine.whist import actions as A
from engine.whist.cards import SUIT_MASK
from engine.whist.scoring import strength_table

NEXT_SEAT = ((1, 2, 3, 0), (1, 0))  # by ``two``: the seat after each seat in a trick
#: by ``two`` and leader: the seats of a whole trick in order
TRICK_SEATS = (
    tuple((s, (s + 1) % 4, (s + 2) % 4, (s + 3) % 4) for s in range(4)),
    ((0, 1, 0, 1), (1, 0, 1, 0)),
)
PLAYS: list[list[tuple]] = []
STRONG: dict[tuple[int, bool], tuple] = {}


def strong_tables(trump: int, low: bool) -> tuple:
    """The strength tables (:func:`engine.whist.scoring.strength_table`) of a contract, indexed by
    the suit led (-1, no suit led, last)."""
    key = (trump, low)
    out = STRONG.get(key)
    if out is None:
        out = STRONG[key] = tuple(strength_table(trump, low, led) for led in (0, 1, 2, 3, -1))
    return out


DISCARDS: list[list[tuple]] = []


def _action_tables(out: list, actions: tuple) -> list[list[tuple]]:
    """Per suit, the actions (``A.PLAY`` or ``A.DISCARD``) of every 13-bit holding,
    lowest card first, then the jokers' (little, big): made once, on first use."""
    if not out:
        for suit in range(4):
            table: list[tuple] = [()] * 8192
            base = 13 * suit
            for sub in range(1, 8192):
                low = sub & -sub
                table[sub] = (actions[base + low.bit_length() - 1],) + table[sub ^ low]
            out.append(table)
        out.append([(), (actions[52],), (actions[53],), (actions[52], actions[53])])
    return out


def play_tables() -> list[list[tuple]]:
    """The Play actions of every holding (see :func:`_action_tables`)."""
    return _action_tables(PLAYS, A.PLAY)


FOLLOW: list[tuple] = []


def follow_tables() -> list[tuple]:
    """By suit: its card mask, the place of its bits, and the Play actions of each of its
    holdings (what a seat that follows that suit may play)."""
    if not FOLLOW:
        t = PLAYS or play_tables()
        FOLLOW.extend((SUIT_MASK[s], 13 * s, t[s]) for s in range(4))
    return FOLLOW


FOLLOW_BY: dict[tuple[int, bool], tuple] = {}


def follow_by_led(trump: int, club: bool) -> tuple:
    """``follow_tables()`` by the suit led, with ``None`` where the follower's legal cards
    need the general rule: no suit led (a joker, index -1) or trump led under the club
    rule (the jokers follow trump). Made once per contract kind."""
    key = (trump, club)
    out = FOLLOW_BY.get(key)
    if out is None:
        by_led: list = list(FOLLOW or follow_tables())
        if club and trump >= 0:
            by_led[trump] = None
        out = FOLLOW_BY[key] = (*by_led, None)
    return out


BIT = tuple(1 << c for c in range(54))  # by card: its bit in a card mask
#: ``BIT`` and a 0 last: the bit of a Play's ``code``, none for -1 (not a card)
CARD_BIT = (*BIT, 0)
BITS54 = BIT  # the bits of the 54-card deck (Bid Whist), card order
BITS52 = BIT[:52]  # the bits of the 52-card deck (Whist)


def discard_actions(mask: int) -> tuple:
    """The Discard actions of a hand mask, lowest card first."""
    t = DISCARDS or _action_tables(DISCARDS, A.DISCARD)
    return (
        t[0][mask & 0x1FFF]
        + t[1][mask >> 13 & 0x1FFF]
        + t[2][mask >> 26 & 0x1FFF]
        + t[3][mask >> 39 & 0x1FFF]
        + t[4][mask >> 52]
    )


def _bid_table() -> dict[tuple[int, bool], tuple]:
    """legal bidding actions by (rank of the high bid or -1, whether passing is allowed)."""
    out: dict[tuple[int, bool], tuple] = {}
    for rank in [-1] + sorted({b.rank for b in A.ALL_BIDS}):
        over = tuple(b for b in A.ALL_BIDS if b.rank > rank)
        out[rank, False] = over
        out[rank, True] = (A.PASS,) + over
    return out


BIDS = _bid_table()
