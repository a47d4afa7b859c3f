"""Exact double-dummy search for two-player Whist and Bid Whist (straw piles, every card
known): the readable reference of the C search :mod:`engine.doubledummy.two_hands_c`.

:class:`engine.doubledummy.four_hands.Solver` is a four-hand search (a hand per seat of a trick);
in the two-player games one player plays the first and the third card of each trick and
the other the second and the fourth, from a hand and from the face-up cards of straw
piles whose cards under them turn up as they are played (RULES.md §4.3). This module is
a small search of its own for that game, exact, with every card known — in a record the
face-down straw cards are chance outcomes already dealt, so the rest of a deal is a game
of perfect information.

The question: from a position in the play (each player's cards left, the trick so far,
who led it), how many of the remaining tricks (the trick in progress included) does seat 0
take when both play perfectly? Zero-window alpha-beta ("at least t?") driven by MTD(f),
with a transposition table of bounds at each trick's start (keyed by both players' cards
left and the leader) and hand cards of one player adjacent in the contract's order (no
other card left, nor a card of the trick, between them) searched as one move. A straw
card is never merged with another: playing it turns up the card beneath.

The rules are the engine's: the trick winner is :func:`engine.doubledummy.cards.winning_index`
(jokers the highest trumps, never winning a no trump trick), the suit to follow is set
by the first non-joker card, jokers may be played when leading or void (the club rule,
``jokers_follow_trump``, makes them trumps for following and a led joker a trump lead).
``tests/engine/whist/test_solver2.py`` checks it against plain minimax over the engine's
own states.

>>> from engine.doubledummy.cards import card, hand_of
>>> S = 0  # spades; ranks 0 (the 2) to 12 (the ace)
>>> s = Solver2([hand_of([card(S, 12), card(S, 11)]), hand_of([card(S, 10), card(S, 0)])],
...             [(), ()], trump=-1)
>>> s.tricks(leader=0)  # one trick of four cards: AS wins it
1
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.core.errors import EngineError
from engine.doubledummy.cards import HIGH_VALUE, JOKER_MASK, LOW_VALUE, winning_index

_SUIT = tuple(0x1FFF << (13 * s) for s in range(4))


class Solver2:
    """Double-dummy values of the positions of one two-player deal (fixed contract).

    ``hands``: the two players' hand masks (engine card bits); ``piles``: per player a
    sequence of straw piles, each ``(face_down, face_up)`` engine cards (the deal's
    piles: which cards are still there is read from the position's masks); ``trump`` a
    suit 0-3 or -1; ``low`` the downtown order; ``club`` the jokers_follow_trump rule;
    ``misere``: each player wants as few tricks as it can (the two-player Whist Low
    game): seat 1 then plays for seat 0's tricks, seat 0 against them.
    """

    def __init__(
        self,
        hands: Sequence[int],
        piles: Sequence[Sequence[tuple[int, int]]],
        trump: int = -1,
        low: bool = False,
        club: bool = False,
        misere: bool = False,
    ) -> None:
        if len(hands) != 2 or len(piles) != 2:
            raise EngineError("the two-player search needs two hands and two rows of piles")
        self.trump = trump
        self.low = bool(low)
        self.club = bool(club) and trump >= 0
        self.misere = bool(misere)
        self.hand_cards = (hands[0], hands[1])  # cards dealt to hand (never straw)
        self.piles = tuple(tuple((int(d), int(u)) for d, u in p) for p in piles)
        value = LOW_VALUE if self.low else HIGH_VALUE
        # a card's place in the contract's order within its suit (jokers: LJ < BJ)
        self.order = [13 * (c // 13) + value[c % 13] for c in range(52)] + [52, 53]
        self.tt: dict[tuple, list[int]] = {}
        self.nodes = 0

    # --- rules --------------------------------------------------------------------------
    def playable(self, seat: int, left: int) -> int:
        """The cards ``seat`` may play from (hand and face-up straw), ``left`` its cards."""
        m = left & self.hand_cards[seat]
        for d, u in self.piles[seat]:
            if left >> u & 1:
                m |= 1 << u
            elif left >> d & 1:
                m |= 1 << d
        return m

    def legal(self, seat: int, left: int, trick: Sequence[int]) -> int:
        p = self.playable(seat, left)
        if not trick:
            return p
        led = -1
        for c in trick:
            if c < 52:
                led = c // 13
                break
        if self.club and trick[0] >= 52:
            led = self.trump
        if led < 0:
            return p
        group = _SUIT[led]
        if self.club and led == self.trump:
            group |= JOKER_MASK
        return p & group or p

    def _winner(self, trick: Sequence[int], leader: int) -> int:
        # (under the club rule a led joker is a trump lead, but a joker in the trick wins
        # it whatever was led: the suit to follow does not change the winner)
        i = winning_index(trick, self.trump, self.low)
        return leader if i % 2 == 0 else 1 - leader

    # --- public questions -----------------------------------------------------------------
    def tricks(
        self,
        left: Sequence[int] | None = None,
        leader: int = 0,
        trick: Sequence[int] = (),
        guess: int | None = None,
    ) -> int:
        """Tricks seat 0 takes from here (the trick in progress included) with best play
        by both. ``left``: each player's cards not yet played (hand and straw; default
        the deal's); ``trick``: the cards played to the trick so far from ``leader`` on."""
        left = self._left(left)
        total = self._remaining(left, trick)
        lb, ub = 0, total
        g = total // 2 if guess is None else min(max(guess, 0), total)
        while lb < ub:
            t = min(max(g, lb + 1), ub)
            if self._ge(left[0], left[1], leader, list(trick), t):
                lb, g = t, t + 1
            else:
                ub, g = t - 1, t - 1
        return lb

    def at_least(
        self, target: int, left: Sequence[int] | None = None, leader: int = 0, trick=()
    ) -> bool:
        """Whether seat 0 can take at least ``target`` tricks from here."""
        left = self._left(left)
        return self._ge(left[0], left[1], leader, list(trick), target)

    def move_classes(self, left=None, leader: int = 0, trick=()) -> list[list[int]]:
        """The legal cards of the seat to play, grouped into classes of equivalent cards
        (each class: hand cards adjacent in the order; a straw card alone)."""
        left = self._left(left)
        seat = leader if len(trick) % 2 == 0 else 1 - leader
        return self._classes(seat, left, list(trick))

    # --- search -----------------------------------------------------------------------------
    def _left(self, left):
        if left is None:
            full = []
            for s in (0, 1):
                m = self.hand_cards[s]
                for d, u in self.piles[s]:
                    m |= 1 << d | 1 << u
                full.append(m)
            return full
        if len(left) != 2:
            raise EngineError("give each player's cards left (two masks)")
        return list(left)

    @staticmethod
    def _remaining(left, trick) -> int:
        n = left[0].bit_count() + left[1].bit_count() + len(trick)
        if n % 4:
            raise EngineError(f"{n} cards left with the trick: not whole tricks")
        return n // 4

    def _classes(self, seat: int, left: list[int], trick: list[int]) -> list[list[int]]:
        legal = self.legal(seat, left[seat], trick)
        hand = self.hand_cards[seat]
        alive = left[0] | left[1]
        for c in trick:
            alive |= 1 << c
        order = self.order
        cards = []
        m = legal
        while m:
            low = m & -m
            cards.append(low.bit_length() - 1)
            m ^= low
        cards.sort(key=lambda c: order[c], reverse=True)
        # alive cards by order position, to see what lies between two cards
        pos_alive = 0
        a = alive
        while a:
            low = a & -a
            pos_alive |= 1 << order[low.bit_length() - 1]
            a ^= low
        out: list[list[int]] = []
        for c in cards:
            prev = out[-1][-1] if out else -1
            if (
                prev >= 0
                and hand >> c & 1
                and hand >> prev & 1
                and (c >= 52) == (prev >= 52)
                and (c >= 52 or c // 13 == prev // 13)
                and not (pos_alive >> (order[c] + 1)) & ((1 << (order[prev] - order[c] - 1)) - 1)
            ):
                out[-1].append(c)
            else:
                out.append([c])
        return out

    def _key(self, l0: int, l1: int, leader: int) -> tuple:
        """A trick start's table key: the cards left by their rank among the cards left
        of their suit (positions alike but for cards already played share an entry), as
        hand cards and straw piles of each player, and the leader."""
        order = self.order
        alive = l0 | l1
        rel = {}
        for s in range(4):
            m = alive & _SUIT[s]
            cards = []
            while m:
                low = m & -m
                cards.append(low.bit_length() - 1)
                m ^= low
            cards.sort(key=order.__getitem__)
            for k, c in enumerate(cards):
                rel[c] = 13 * s + k
        rel[52], rel[53] = 52, 53
        parts: list = [leader]
        for seat, left in ((0, l0), (1, l1)):
            h = 0
            m = left & self.hand_cards[seat]
            while m:
                low = m & -m
                h |= 1 << rel[low.bit_length() - 1]
                m ^= low
            ps = []
            for d, u in self.piles[seat]:
                if left >> u & 1:
                    ps.append(rel[u] * 64 + (rel[d] if left >> d & 1 else 63))
                elif left >> d & 1:
                    ps.append(rel[d] * 64 + 63)
            ps.sort()
            parts.append(h)
            parts.append(tuple(ps))
        return tuple(parts)

    def _ge(self, l0: int, l1: int, leader: int, trick: list[int], target: int) -> bool:
        """Can seat 0 take at least ``target`` tricks from this position?"""
        self.nodes += 1
        n = len(trick)
        if n == 4:
            w = self._winner(trick, leader)
            won = 1 if w == 0 else 0
            return self._ge(l0, l1, w, [], target - won)
        if target <= 0:
            return True
        remaining = (l0.bit_count() + l1.bit_count() + n) // 4
        if target > remaining:
            return False
        key = None
        if n == 0:
            key = self._key(l0, l1, leader)
            b = self.tt.get(key)
            if b is not None:
                if b[0] >= target:
                    return True
                if b[1] < target:
                    return False
        seat = leader if n % 2 == 0 else 1 - leader
        left = [l0, l1]
        classes = self._classes(seat, left, trick)
        order = self.order
        if n == 0:
            classes.sort(key=lambda cls: -(order[cls[0]] % 13 if cls[0] < 52 else 13))
        maximise = (seat == 0) != self.misere
        result = not maximise
        for cls in classes:
            c = cls[-1] if len(cls) > 1 else cls[0]
            bit = 1 << c
            trick.append(c)
            if seat == 0:
                ok = self._ge(l0 ^ bit, l1, leader, trick, target)
            else:
                ok = self._ge(l0, l1 ^ bit, leader, trick, target)
            trick.pop()
            if ok == maximise:
                result = maximise
                break
        if key is not None:
            b = self.tt.get(key)
            if b is None:
                b = self.tt[key] = [0, remaining]
            if result:
                b[0] = max(b[0], target)
            else:
                b[1] = min(b[1], target - 1)
        return result
