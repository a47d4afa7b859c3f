"""Double dummy: the tricks a side takes when every player plays perfectly, every card known.

Positions in, tricks out, for trick-taking games played with one 52-card pack and up
to two jokers (the Whist family: a trump suit or none, aces high or low, jokers as the
highest trumps). Cards and hands are plain ints (:mod:`engine.doubledummy.cards`); the
library knows no game's types, and a game adapts its positions to it.

- four hands, one per seat of a trick (:func:`new_solver`, :func:`tricks`): the tricks
  seats 0+2 take;
- two hands with straw piles, one player playing the first and third card of each trick
  (:func:`new_solver2`): the tricks seat 0 takes.

Each has a readable Python reference (:mod:`~engine.doubledummy.four_hands`,
:mod:`~engine.doubledummy.two_hands`) and a fast C twin giving the same answers
(``four_hands.c``, ``two_hands.c``), used when built (:mod:`engine.doubledummy.build`,
``make install``; :func:`status` says which). :mod:`engine.doubledummy.dds_map` maps the
positions DDS can solve exactly onto bridge deals, for ``endplay``.

>>> from engine.doubledummy.cards import card, hand_of
>>> S, H = 0, 1  # suits; ranks 0 (the 2) to 12 (the ace)
>>> hands = [hand_of([card(S, 12), card(S, 11)]), hand_of([card(S, 10), card(H, 0)]),
...          hand_of([card(S, 1), card(S, 2)]), hand_of([card(H, 12), card(S, 3)])]
>>> tricks(hands, leader=0), tricks(hands, trump=H, leader=0)
(2, 1)
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.doubledummy.four_hands_c import new_solver
from engine.doubledummy.four_hands_c import status as _four_hands_status
from engine.doubledummy.two_hands_c import SearchBudget, c_search, new_solver2

__all__ = ["SearchBudget", "c_search", "new_solver", "new_solver2", "status", "tricks"]


def tricks(
    hands: Sequence[int],
    trump: int = -1,
    low: bool = False,
    club: bool = False,
    *,
    leader: int = 0,
    trick: Sequence[int] = (),
) -> int:
    """The tricks seats 0+2 take from a four-hand position (the trick in progress
    included) with perfect play by all: ``hands`` the four hands' cards left as bit
    masks, ``leader`` the seat who led (or leads) the trick, ``trick`` its cards so far.
    One question; for many positions of one deal keep a :func:`new_solver` (its table
    serves them all)."""
    hands = list(hands)
    if len(hands) != 4:
        raise ValueError(f"hands: 4 hands expected, got {len(hands)}")
    deal = list(hands)
    for j, c in enumerate(trick):  # the hands as they stood when the trick began
        deal[(leader + j) % 4] |= 1 << c
    return new_solver(deal, trump, low, club).tricks(hands, leader, trick)


def status() -> dict[str, str]:
    """Which search each kind of position gets, in words (the C one when built)."""
    two = "C (two_hands.c)" if c_search() else "Python (two_hands.c not built or not current)"
    return {"four_hands": _four_hands_status(), "two_hands": two}
