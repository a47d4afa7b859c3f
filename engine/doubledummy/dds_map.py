"""Whist and Bid Whist positions solved by endplay (Bo Haglund's DDS) where that is exact.

A double-dummy result depends only on who holds which card, on each suit's order among
the cards still in play (in the hands and in the trick in progress) and on which suit is
trump. A position of the engine therefore maps onto a bridge position, solved by DDS,
when its cards follow bridge's rules once each suit's cards in play are renumbered in
the engine's order (the highest becomes the ace, the next the king, …):

- **Uptown and classic Whist**: the engine's order (2 low, ace high) as it is.
- **Downtown and no trump low**: the engine's downtown order (ace, then 2, 3, … king
  lowest: :data:`engine.doubledummy.cards.LOW_VALUE`), renumbered, so the ace maps to the
  bridge ace, the 2 to the king, … the king to the lowest card in play.
- **Jokers in a trump contract with** ``jokers_follow_trump`` (the club rule): the jokers
  are cards of the trump suit for following and a led joker is a trump lead, so they
  map to the top trumps (big joker, then little joker, then the trump ace or, downtown,
  the trump ace then 2…). Mapped only while the trump suit has at most 13 cards in play
  (jokers included): two trumps or jokers must have been discarded or played first.
- **Jokers under the default rule** (a joker has no suit: it may be played only when
  leading or holding no card of the suit led, and after a led joker the next card sets
  the suit): bridge has no such card, so a position with a joker in a hand, or a joker
  that led the trick in progress, is **not mapped**. A joker played to the trick in
  progress after a suit card (a ruff by the highest trump, played because its owner
  had none of the suit led) maps to a top trump.
- **Jokers in no trump** never win and have no suit (the same rule either way): a
  position with a joker in play is **not mapped**.

Every position that is not mapped (:func:`bridge_cards` returns None: those above, or a
suit with more than 13 cards in play) is solved by the engine's own exact solver
(:class:`engine.doubledummy.four_hands.Solver`), as is every position when endplay is not
installed (:func:`available`). :mod:`engine.whist.analysis` (the grade of each card) and
:mod:`engine.whist.grading.par` (the double-dummy table) both ask :func:`oracle` and fall back
that way; ``tests/engine/whist/test_dds_map.py`` checks every mapped value against the
own solver's and brute force.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from engine.doubledummy.cards import BJ, HIGH_VALUE, LJ, LOW_VALUE

#: bridge rank letters, strongest first (the cards in play of a suit take them in order)
_RANKS = "AKQJT98765432"
_SUITS = "SHDC"


def available() -> bool:
    """Whether endplay (DDS) is installed."""
    try:
        import endplay.dds  # noqa: F401
    except ImportError:
        return False
    return True


def bridge_cards(
    hands: Sequence[int], trick: Sequence[int], trump: int, low: bool, club: bool
) -> dict[int, tuple[int, int]] | None:
    """Each engine card in play (the four hands' masks and the trick in progress) ->
    (bridge suit 0-3 = S H D C, bridge rank index 0 = ace … 12 = 2), or None when the
    position cannot be mapped exactly (see the module docstring)."""
    in_play = 0
    for m in hands:
        in_play |= m
    for c in trick:
        in_play |= 1 << c
    jokers = in_play >> 52
    if jokers:
        if trump < 0:
            return None
        if not club:
            held = 0
            for m in hands:
                held |= m
            if held >> 52 or (trick and trick[0] >= 52):
                return None
    value = LOW_VALUE if low else HIGH_VALUE
    out: dict[int, tuple[int, int]] = {}
    for s in range(4):
        cards = [13 * s + r for r in range(13) if in_play >> (13 * s + r) & 1]
        cards.sort(key=lambda c: value[c % 13], reverse=True)
        if s == trump:
            cards = [j for j in (BJ, LJ) if in_play >> j & 1] + cards
        if len(cards) > 13:
            return None
        for i, c in enumerate(cards):
            out[c] = (s, i)
    return out


def oracle(
    trump: int, low: bool = False, club: bool = False
) -> Callable[[Sequence[int], int, Sequence[int]], dict[int, int] | None] | None:
    """A function ``(hands, leader, trick) -> {engine card: NS tricks from here}`` for
    the legal cards of the seat to play (the trick in progress included; ``hands``
    without the trick's cards, as :meth:`engine.doubledummy.four_hands.Solver.tricks` takes them),
    solved by DDS; it returns None for a position that is not mapped. ``oracle`` itself
    is None when endplay is not installed."""
    if not available():
        return None
    from endplay.dds import solve_board
    from endplay.types import Deal, Denom, Player

    club = bool(club) and trump >= 0
    denom = Denom.nt if trump < 0 else Denom(trump)

    def values(hands: Sequence[int], leader: int, trick: Sequence[int]) -> dict[int, int] | None:
        cards = bridge_cards(hands, trick, trump, low, club) if len(trick) < 4 else None
        if cards is None:
            return None
        back = {v: c for c, v in cards.items()}
        full = list(hands)
        for j, c in enumerate(trick):
            full[(leader + j) & 3] |= 1 << c
        holdings = []
        for m in full:
            suits: list[list[int]] = [[], [], [], []]
            rest = m
            while rest:
                low_bit = rest & -rest
                s, r = cards[low_bit.bit_length() - 1]
                suits[s].append(r)
                rest ^= low_bit
            holdings.append(".".join("".join(_RANKS[r] for r in sorted(x)) for x in suits))
        deal = Deal("N:" + " ".join(holdings))
        deal.trump = denom
        deal.first = Player(leader)
        for c in trick:
            s, r = cards[c]
            deal.play(_SUITS[s] + _RANKS[r])
        seat = (leader + len(trick)) & 3
        remaining = full[leader].bit_count()
        out = {}
        for card, tricks in solve_board(deal):
            eng = back[(int(card.suit), _RANKS.index(card.rank.abbr))]
            out[eng] = tricks if seat % 2 == 0 else remaining - tricks
        return out

    return values


def ns_tricks(
    hands: Sequence[int], leader: int, trick: Sequence[int], trump: int, low: bool, club: bool
) -> int | None:
    """NS tricks from the position (the trick in progress included) by DDS, or None (not
    mapped, or endplay not installed)."""
    ask = oracle(trump, low, club)
    if ask is None:
        return None
    vals = ask(hands, leader, trick)
    if vals is None:
        return None
    seat = (leader + len(trick)) & 3
    return max(vals.values()) if seat % 2 == 0 else min(vals.values())
