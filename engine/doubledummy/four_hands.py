"""Exact double-dummy solver for four-hand Whist and Bid Whist card play (all hands known):
the readable reference of the C search :mod:`engine.doubledummy.four_hands_c`.

The question it answers: from a position in the play (four hands, the cards of the trick
in progress, whose turn), how many of the remaining tricks — the trick in progress
included — can seats 0+2 take when every player plays perfectly knowing every card?

The rules are the engine's Whist rules: cards rank by the contract's order
(:data:`engine.doubledummy.cards.LOW_VALUE` / :data:`~engine.doubledummy.cards.HIGH_VALUE`),
jokers are the highest trumps (big over little) and never win a no trump trick, the suit
to follow is set by the first non-joker card, and ``jokers_follow_trump`` (the club rule)
makes the jokers trump cards for following and a led joker a trump lead — the same rules
as ``WhistState``/``winning_index``; ``tests/engine/whist/test_solver.py`` checks the solver
against plain minimax over the engine's own states and against ``endplay`` (DDS).

How it searches: zero-window alpha-beta ("can seats 0+2 take at least t tricks?") driven
by MTD(f) for exact values, over 64-bit hand masks in which the bits of a suit are laid
out weakest to strongest for the contract. At each trick boundary a transposition table
keeps lower and upper bounds ("partition search", as in Bo Haglund's DDS and Ginsberg's
GIB): each search result comes with the cards its proof rests on (a trick won by a card
over another of its suit, the top cards a quick-trick bound counts), and the entry is
stored under the leader, the jokers' owners, each hand's suit lengths and, per suit, the
owners of the cards from the top down to the lowest such card only. A position whose
top cards in each suit have the same owners (the smaller cards may lie anywhere, cards
already played do not count) gets the same answer. Cards of one hand that are adjacent
in the current order (no card of another hand, or of the trick in progress, between
them) are one move;
quick tricks of the leader (cards no one can beat or ruff) give early cut-offs; moves are
ordered by simple trick-taking rules, and a leader first tries the lead that last decided
a search from the same hand (a follower: the card that last decided one with the same hand
and the same cards in the trick).

>>> from engine.doubledummy.cards import card, hand_of
>>> S, H = 0, 1  # suits; ranks 0 (the 2) to 12 (the ace)
>>> hands = [hand_of([card(S, 12), card(S, 11)]), hand_of([card(S, 10), card(H, 0)]),
...          hand_of([card(S, 1), card(S, 2)]), hand_of([card(H, 12), card(S, 3)])]
>>> s = Solver(hands, trump=-1)
>>> s.tricks(leader=0)  # A, K of spades
2
>>> Solver(hands, trump=1).tricks(leader=0)  # hearts trump: seat 3 ruffs the second spade
1
"""

from __future__ import annotations

import gc
from collections.abc import Sequence
from typing import Final

from engine.core.errors import EngineError
from engine.doubledummy.cards import BJ, HIGH_VALUE, JOKER_MASK, LJ, LOW_VALUE
from engine.doubledummy.four_hands_table import (
    RUNS,
    SuitInfo,
    rel_mask,
    store_bounds,
    suit_info,
    suit_runs,
)

# Typed throughout (module constants Final), so that a compiler of typed Python (mypyc)
# could take it as it is; the fast path is the C search, four_hands.c.
_LJ: Final[int] = LJ
_BJ: Final[int] = BJ
_JOKERS: Final[int] = JOKER_MASK
_SUIT: Final[tuple[int, ...]] = tuple(0x1FFF << (13 * s) for s in range(4))
#: the cards of a card's suit stronger than it
_ABOVE: Final[tuple[int, ...]] = tuple(_SUIT[c // 13] & ~((2 << c) - 1) for c in range(52))
_BIG: Final = 99
#: the answer bit of a search result; the bits below it are the cards its proof rests on
_YES: Final = 1 << 60
_REL: Final = (1 << 54) - 1


#: a position as the search takes it: hands (internal masks), leader, trick cards, led suit
Position = tuple[list[int], int, list[int], int]


def _high_bit(m: int) -> int:
    return m.bit_length() - 1


class Solver:
    """Double-dummy values of positions of one deal (fixed contract).

    ``hands`` are four engine card masks (bit ``c`` = engine card ``c``), ``trump`` a suit
    0-3 or -1 for no trump, ``low`` the downtown order (A > 2 > … > K), ``club`` the
    ``jokers_follow_trump`` rule. One solver keeps its transposition table for every
    position of the deal: build it once per deal and ask :meth:`tricks` /
    :meth:`at_least` for each position.
    """

    trump: int
    low: bool
    club: bool
    to_int: list[int]
    to_eng: list[int]
    #: bucket key -> [(prefix shifts, 5 bits a suit, owners pattern -> [lower bound,
    #: upper bound])] (a list: probed in order, without building item tuples)
    tt: dict[int, list[tuple[int, dict[int, list[int]]]]]
    #: a leader's hand (its mask, the seat above bit 54) -> the lead that last decided a
    #: search from it (a cut-off), tried first the next time that hand is on lead; a
    #: follower's hand xor the trick's cards shifted 7 bits (under 62 bits: a short int
    #: when compiled; a rare clash only tries another card first) -> the same for its card
    best_lead: dict[int, int]
    _best: int
    _suit_memo: dict[int, SuitInfo]
    _lead_memo: dict[int, tuple[int, ...]]
    _follow_memo: dict[int, tuple[int, ...]]
    _fmemo: dict[int, tuple[int, ...]]
    nodes: int
    h: list[int]

    def __init__(
        self, hands: Sequence[int], trump: int = -1, low: object = False, club: object = False
    ) -> None:
        if len(hands) != 4:
            raise EngineError(f"the solver needs four hands, got {len(hands)}")
        if not -1 <= trump <= 3:
            raise EngineError(f"trump {trump!r} must be a suit 0-3 or -1 for no trump")
        self.trump = trump
        self.low = bool(low)
        self.club = bool(club) and trump >= 0
        value = LOW_VALUE if self.low else HIGH_VALUE
        # engine card -> internal card (suit * 13 + strength, strength 12 = strongest)
        self.to_int = [13 * (c // 13) + value[c % 13] for c in range(52)] + [_LJ, _BJ]
        self.to_eng = [0] * 54
        for e, i in enumerate(self.to_int):
            self.to_eng[i] = e
        self.tt = {}
        self.best_lead = {}
        self._best = -1
        self._suit_memo = {}
        self._lead_memo = {}
        self._follow_memo = {}
        self._fmemo = {}
        self.nodes = 0
        self.h = [0, 0, 0, 0]
        self._set_hands(hands)

    # --- conversions --------------------------------------------------------------------
    def _internal(self, mask: int) -> int:
        out = 0
        to_int = self.to_int
        while mask:
            low = mask & -mask
            out |= 1 << to_int[low.bit_length() - 1]
            mask ^= low
        return out

    def _set_hands(self, hands: Sequence[int]) -> None:
        self.h = [self._internal(m) for m in hands]
        if any(self.h[i] & self.h[j] for i in range(4) for j in range(i)):
            raise EngineError("a card is in two hands")

    # --- public questions ---------------------------------------------------------------
    def tricks(
        self,
        hands: Sequence[int] | None = None,
        leader: int = 0,
        trick: Sequence[int] = (),
        guess: int | None = None,
    ) -> int:
        """Tricks seats 0+2 take from here (the trick in progress included) with best
        play by all. ``trick`` lists the engine cards played to it so far, from
        ``leader`` on (all four: the trick is finished but still counted); ``hands``
        (engine masks, without the trick's cards) default to the solver's deal."""
        pos = self._position(hands, leader, trick)
        total = self._remaining(pos)
        lb, ub = 0, total
        g = total // 2 if guess is None else min(max(guess, 0), total)
        while lb < ub:
            t = min(max(g, lb + 1), ub)
            if self._run(pos, t):
                lb = t
                g = t + 1
            else:
                ub = t - 1
                g = t - 1
        return lb

    def at_least(
        self,
        target: int,
        hands: Sequence[int] | None = None,
        leader: int = 0,
        trick: Sequence[int] = (),
    ) -> bool:
        """Whether seats 0+2 can take at least ``target`` tricks from here."""
        return self._run(self._position(hands, leader, trick), target)

    def move_classes(
        self, hands: Sequence[int] | None = None, leader: int = 0, trick: Sequence[int] = ()
    ) -> list[list[int]]:
        """The legal cards (engine ints) of the seat to play, grouped into classes of
        equivalent cards (same double-dummy value), each strongest card first; the
        classes come in the search's move order (likely best first)."""
        h, leader, tcards, led = self._position(hands, leader, trick)
        seat = (leader + len(tcards)) & 3
        tmask, best_v, best_seat, cur_led = 0, -1, -1, -1
        for i, c in enumerate(tcards):
            tmask |= 1 << c
            if c < 52 and cur_led < 0:
                cur_led = c // 13
            v = self._value(c, cur_led)
            if v > best_v:
                best_v, best_seat = v, (leader + i) & 3
        legal = self._legal(h[seat], led)
        alive = h[0] | h[1] | h[2] | h[3] | tmask
        saved, self.h = self.h, h
        try:
            reps = self._order(
                self._reps(legal, alive), seat, len(tcards), led, best_v, best_seat, True
            )
        finally:
            self.h = saved
        out: list[list[int]] = []
        for rep in reps:
            cls = [rep]
            if rep >= 52:
                cls = [c for c in (_LJ, _BJ) if legal >> c & 1]
            else:
                c = rep + 1
                while c < 13 * (rep // 13 + 1) and not (alive >> c & 1 and not legal >> c & 1):
                    if legal >> c & 1:
                        cls.append(c)
                    c += 1
            out.append([self.to_eng[c] for c in sorted(cls, reverse=True)])
        return out

    # --- positions ----------------------------------------------------------------------
    def _position(self, hands: Sequence[int] | None, leader: int, trick: Sequence[int]) -> Position:
        if not 0 <= leader <= 3:
            raise EngineError(f"leader {leader!r} must be a seat 0-3")
        if len(trick) > 4:
            raise EngineError(f"a trick has at most 4 cards, got {len(trick)}")
        h = self.h if hands is None else [self._internal(m) for m in hands]
        tcards = [self.to_int[c] for c in trick]
        # every hand holds as many cards as the leader's once the trick is complete
        size = h[leader].bit_count() + (1 if tcards else 0)
        for j in range(1, 4):
            if h[(leader + j) & 3].bit_count() + (1 if j < len(tcards) else 0) != size:
                raise EngineError(
                    f"the hands hold {[m.bit_count() for m in h]} cards: with seat {leader}"
                    f" leading and {len(tcards)} cards played to the trick they must match"
                )
        led = -1
        for c in tcards:
            if c < 52:
                led = c // 13
                break
        if tcards and tcards[0] >= 52 and self.club:
            led = self.trump
        return list(h), leader, tcards, led

    @staticmethod
    def _remaining(pos: Position) -> int:
        h, leader, tcards, _ = pos
        return h[leader].bit_count() + (1 if tcards else 0)

    def _run(self, pos: Position, target: int) -> bool:
        h, leader, tcards, led = pos
        saved = self.h
        self.h = list(h)
        # the search makes no reference cycles: the cycle collector would only walk its
        # ever-growing tables again and again (a sixth of the time)
        collecting = gc.isenabled()
        gc.disable()
        try:
            if not tcards:
                return bool(self._node(leader, target) & _YES)
            best_v, best_seat, tmask = -1, -1, 0
            cur_led = -1
            for i, c in enumerate(tcards):
                tmask |= 1 << c
                if c < 52 and cur_led < 0:
                    cur_led = c // 13
                v = self._value(c, cur_led)
                if v > best_v:
                    best_v, best_seat = v, (leader + i) & 3
            if len(tcards) == 4:  # a finished trick (the last card just played)
                return bool(self._node(best_seat, target - (0 if best_seat & 1 else 1)) & _YES)
            seat = (leader + len(tcards)) & 3
            r = self._trick(seat, len(tcards), led, best_v, best_seat, tmask, target, -1)
            return bool(r & _YES)
        finally:
            self.h = saved
            if collecting:
                gc.enable()

    def _value(self, c: int, led: int) -> int:
        """Strength of internal card ``c`` in a trick whose suit is ``led`` (-1 none)."""
        if c >= 52:
            return 200 + c if self.trump >= 0 else -1
        s = c // 13
        if s == self.trump:
            return 100 + c
        if s == led:
            return c
        return -1

    def _legal(self, hand: int, led: int) -> int:
        if led >= 0:
            group = _SUIT[led]
            if self.club and led == self.trump:
                group |= _JOKERS
            g = hand & group
            if g:
                return g
        return hand

    @staticmethod
    def _reps(legal: int, alive: int) -> tuple[int, ...]:
        """One card (the lowest) of each run of equivalent legal cards."""
        out: list[int] = []
        for base in (0, 13, 26, 39):
            m = legal >> base & 0x1FFF
            if not m:
                continue
            k = (m | (alive >> base & 0x1FFF) << 13) << 6 | base
            found = RUNS.get(k)
            if found is None:
                found = suit_runs(legal, alive, base)
            out += found
        if legal >> 52:
            if legal >> 53 & 1:
                out.append(_BJ)
            elif legal >> 52 & 1:
                out.append(_LJ)
        return tuple(out)

    # --- the search ---------------------------------------------------------------------
    def _key(self, leader: int) -> tuple[int, list[SuitInfo]]:
        """The position's table bucket (leader, jokers' owners, each hand's length in each
        suit) and, per suit, (owners of the suit's cards strongest first as base-4
        digits after a leading 1, number of cards, alive 13-bit mask)."""
        h = self.h
        h0, h1, h2, h3 = h[0], h[1], h[2], h[3]
        memo = self._suit_memo
        # 62 bits (a short int when compiled): the last suit's lengths follow from the
        # others and the hand size, the same for all four hands at a trick boundary
        bkey = (
            leader
            | ((h0 >> 52) | (h1 >> 52) << 2 | (h2 >> 52) << 4 | (h3 >> 52) << 6) << 2
            | h[leader].bit_count() << 58
        )
        infos: list[SuitInfo] = []
        sh = 10
        for s in (0, 13, 26, 39):
            x = (
                (h0 >> s & 0x1FFF)
                | (h1 >> s & 0x1FFF) << 13
                | (h2 >> s & 0x1FFF) << 26
                | (h3 >> s & 0x1FFF) << 39
            )
            info = memo.get(x)
            if info is None:
                info = suit_info(x)
                memo[x] = info
            infos.append(info)
            if sh < 58:
                bkey |= info.lens << sh
            sh += 16
        return bkey, infos

    def _quick(self, leader: int) -> tuple[int, int]:
        """Tricks the leader's side takes for sure: the leader cashes cards no other hand
        can beat or ruff (in no trump then crosses to the partner's top cards). Also the
        suits (bit per suit) whose top cards that count rests on."""
        h = self.h
        mine = h[leader]
        o1, o2, o3 = h[(leader + 1) & 3], h[(leader + 2) & 3], h[(leader + 3) & 3]
        others = o1 | o2 | o3
        trump = self.trump
        total = limited = total_p = limited_p = side = 0
        used = 0
        ruffing = 0
        if trump >= 0:
            if mine >> 53 & 1:
                total += 1
                if mine >> 52 & 1:
                    total += 1
            elif mine >> 52 & 1 and not others >> 53 & 1:
                total += 1
            ruffing = _SUIT[trump] | _JOKERS
        for s in range(4):
            m = mine & _SUIT[s]
            if not m:
                continue
            oth = others & _SUIT[s]
            top = (m >> (oth.bit_length())).bit_count() if oth else m.bit_count()
            if not top:
                continue
            used |= 1 << s
            if trump < 0:
                total += top
            elif s == trump:
                if not others & _JOKERS:
                    total += top
            else:
                # rounds before an opponent, or the partner, may ruff
                safe = _BIG
                if o1 & ruffing:
                    safe = min(safe, (o1 & _SUIT[s]).bit_count())
                if o3 & ruffing:
                    safe = min(safe, (o3 & _SUIT[s]).bit_count())
                if o2 & ruffing:
                    safe_p = min(safe, (o2 & _SUIT[s]).bit_count())
                else:
                    safe_p = safe
                if safe >= _BIG:
                    total_p += top
                else:
                    limited_p = max(limited_p, min(top, safe))
                if safe_p >= _BIG:
                    side += top
                else:
                    limited = max(limited, min(top, safe_p))
        if trump >= 0:
            # the partner never has to ruff our winners while he holds enough other cards
            with_p, without_p = total + side + limited, total + total_p + limited_p
            if without_p > with_p and (o2 & ~ruffing).bit_count() >= without_p:
                return without_p, used
            return with_p, used
        if total < mine.bit_count():
            # no trump: then lead a small card to the partner's top cards in a suit; the
            # partner keeps them if he has enough other cards to play to our winners
            partner = o2
            spare_cards = partner.bit_count()
            best = 0
            best_s = 0
            for s in range(4):
                p = partner & _SUIT[s]
                if not p or not mine & _SUIT[s]:
                    continue
                rest = (mine | o1 | o3) & _SUIT[s]
                top = (p >> rest.bit_length()).bit_count() if rest else p.bit_count()
                if top > best and spare_cards - top >= total:
                    best = top
                    best_s = s
            if best:
                total += best
                used |= 1 << best_s
        return total + limited, used

    def _node(self, leader: int, target: int) -> int:
        """At a trick boundary: can seats 0+2 take ``target`` of the remaining tricks?
        Returns :data:`_YES` (or 0) plus the mask of the cards whose ranks the answer
        rests on (see :func:`store_bounds`)."""
        if target <= 0:
            return _YES
        h = self.h
        n = h[leader].bit_count()
        if target > n:
            return 0
        bkey, infos = self._key(leader)
        c0, c1, c2, c3 = infos[0].code, infos[1].code, infos[2].code, infos[3].code
        bucket = self.tt.get(bkey)
        if bucket is None:
            bucket = []
            self.tt[bkey] = bucket
        else:
            # each suit's owners prefix (its leading 1 included) packed after the
            # previous ones: the widths follow from the entry's shifts and the bucket's
            # suit lengths, so the key is unique within the entry's dict
            w0, w1, w2 = 2 * infos[0].n + 1, 2 * infos[1].n + 1, 2 * infos[2].n + 1
            for j, (ks, pats) in enumerate(bucket):
                s0, s1, s2 = ks & 31, ks >> 5 & 31, ks >> 10 & 31
                e = pats.get(
                    (c0 >> s0)
                    | (c1 >> s1) << (w0 - s0)
                    | (c2 >> s2) << (w0 - s0 + w1 - s1)
                    | (c3 >> (ks >> 15)) << (w0 - s0 + w1 - s1 + w2 - s2)
                )
                if e is not None:
                    if e[0] >= target:
                        if j:  # the entry that decided goes first next time
                            bucket[j], bucket[0] = bucket[0], bucket[j]
                        return _YES | rel_mask(infos, ks)
                    if e[1] < target:
                        if j:
                            bucket[j], bucket[0] = bucket[0], bucket[j]
                        return rel_mask(infos, ks)
        lb, ub, lrel, urel = self._bounds(leader, n, infos)
        if lb >= target:
            store_bounds(bucket, infos, lrel, lb, n)
            return _YES | lrel
        if ub < target:
            store_bounds(bucket, infos, urel, 0, ub)
            return urel
        self.nodes += 1
        lead_key = h[leader] | leader << 54
        r = self._trick(leader, 0, -1, -1, -1, 0, target, lead_key)
        if r & _YES:
            store_bounds(bucket, infos, r, target, n)
        else:
            store_bounds(bucket, infos, r, 0, target - 1)
        if self._best >= 0:
            self.best_lead[lead_key] = self._best
        return r

    def _bounds(self, leader: int, n: int, infos: list[SuitInfo]) -> tuple[int, int, int, int]:
        """Bounds on the tricks of seats 0+2 from the leader's quick tricks and, in a
        trump contract, the top trump (it wins a trick whenever it is played); with the
        cards each bound rests on (for the transposition table)."""
        lb, ub, lrel, urel = 0, n, 0, 0
        qt, used = self._quick(leader)
        if qt:
            rel = 0
            for i in range(4):
                if used >> i & 1:
                    info = infos[i]
                    rel |= info.tops[info.run] << (13 * i)
            if leader & 1:
                ub, urel = n - qt, rel
            else:
                lb, lrel = qt, rel
        trump = self.trump
        if trump >= 0:
            # the hand holding the top trumps (jokers first) takes one trick with each
            h = self.h
            group = _SUIT[trump] | _JOKERS
            cards = (h[0] | h[1] | h[2] | h[3]) & group
            if cards:
                c = _high_bit(cards)
                holder = 0
                while not h[holder] >> c & 1:
                    holder += 1
                mine = h[holder]
                run = 0
                while cards and mine >> c & 1:
                    run += 1
                    cards ^= 1 << c
                    c = _high_bit(cards)
                rel = 0
                if not cards & _JOKERS:  # the run reached the trump suit
                    info = infos[trump]
                    if info.run:
                        rel = info.tops[info.run] << (13 * trump)
                if holder & 1:
                    if n - run < ub or (n - run == ub and rel.bit_count() < urel.bit_count()):
                        ub, urel = n - run, rel
                elif run > lb or (run == lb and rel.bit_count() < lrel.bit_count()):
                    lb, lrel = run, rel
                # a trick holding a trump is won by a trump: a side wins every trick its
                # longer trump hand plays a trump to, but those the other side overtrumps
                # (each costs that side a trump); it rests on lengths only
                t0, t1 = (h[0] & group).bit_count(), (h[1] & group).bit_count()
                t2, t3 = (h[2] & group).bit_count(), (h[3] & group).bit_count()
                g = max(t0, t2) - t1 - t3
                if g >= lb:
                    lb, lrel = g, 0
                g = max(t1, t3) - t0 - t2
                if n - g <= ub:
                    ub, urel = n - g, 0
        return lb, ub, lrel, urel

    def _trick(
        self,
        seat: int,
        pos: int,
        led: int,
        best_v: int,
        best_seat: int,
        tmask: int,
        target: int,
        key: int = -1,
    ) -> int:
        """The rest of a trick from ``seat`` (the ``pos``-th card): :data:`_YES` (or 0) plus
        the cards whose ranks the answer rests on (a cut-off keeps the refuting move's,
        an exhausted node unites all its moves'). ``key`` (a lead only): the leader's hand
        in :attr:`best_lead`, whose lead is tried first."""
        h = self.h
        hand = legal = h[seat]
        following = False
        if led >= 0:  # follow suit when able (see _legal)
            group = _SUIT[led]
            if self.club and led == self.trump:
                group |= _JOKERS
            if hand & group:
                legal = hand & group
                following = True
        alive = h[0] | h[1] | h[2] | h[3] | tmask
        if following and not legal >> 52:
            # following suit: the runs of one suit (see suit_runs) in move order, memoised
            # under one int (the suit's legal and alive cards, best_v, partner winning)
            base = 13 * led
            k = ((legal >> base) | (alive >> base & 0x1FFF) << 13) << 6 | base
            fk = (
                k << 9
                | (best_v + 1) << 1
                | (1 if best_seat >= 0 and (best_seat ^ seat) & 1 == 0 else 0)
            )
            moves = self._fmemo.get(fk)
            if moves is None:
                moves = suit_runs(legal, alive, base)
                if len(moves) > 1:
                    moves = self._order(moves, seat, pos, led, best_v, best_seat)
                self._fmemo[fk] = moves
        else:
            moves = self._reps(legal, alive)
            if len(moves) > 1:
                moves = self._order(moves, seat, pos, led, best_v, best_seat)
        if pos and len(moves) > 1:
            # a follower: the card that last decided a search with the same hand and the
            # same cards in the trick (the same ones, whatever the other hands hold)
            key = hand ^ tmask << 7
        if key >= 0 and len(moves) > 1:
            first = self.best_lead.get(key)
            if first is not None and moves[0] != first and first in moves:
                moves = (first,) + tuple([c for c in moves if c != first])
        maxing = _YES if not seat & 1 else 0
        nxt = (seat + 1) & 3
        trump = self.trump
        club = self.club
        rel = 0
        for c in moves:
            bit = 1 << c
            h[seat] = hand ^ bit
            # the trick's suit and this card's strength (see _value)
            new_led = led
            if c >= 52:
                v = 200 + c if trump >= 0 else -1
                if pos == 0 and club:
                    new_led = trump
            else:
                s = c // 13
                if new_led < 0:
                    new_led = s
                v = 100 + c if s == trump else (c if s == new_led else -1)
            if v > best_v:
                bv, bs = v, seat
            else:
                bv, bs = best_v, best_seat
            if pos == 3:
                r = self._node(bs, target - (1 if not bs & 1 else 0))
                if 0 <= bv < 200:  # a card that beat another of its suit won by rank
                    w = bv - 100 if bv >= 100 else bv
                    if (tmask | bit) & _SUIT[w // 13] & ~(1 << w):
                        r |= 1 << w
            else:
                r = self._trick(nxt, pos + 1, new_led, bv, bs, tmask | bit, target, -1)
            h[seat] = hand
            if r & _YES == maxing:
                if pos == 0:
                    self._best = c
                elif key >= 0:
                    self.best_lead[key] = c
                return r
            rel |= r
        if pos == 0:
            self._best = -1
        rel &= _REL
        # every move failed: the answer also rests on the cards searched standing for the
        # others of their run (see _runs). A run that reaches from above the lowest card
        # the answer rests on in its suit to below it is no longer one run in a position
        # that differs below that card (another hand's card may lie inside it there), so
        # the answer also rests on the run's lowest card, the one searched
        for c in moves:
            if c >= 52:
                continue
            low = rel & _SUIT[c // 13]
            if not low:
                continue
            low &= -low  # the lowest card the answer rests on in this suit
            if low <= 1 << c:
                continue
            above = alive & _ABOVE[c]
            while above:  # the run's next card up: is it ours (legal)?
                nxt = above & -above
                if not legal & nxt:
                    break
                if nxt >= low:
                    rel |= 1 << c
                    break
                above ^= nxt
        return rel | (_YES ^ maxing)

    def _order(
        self,
        moves: tuple[int, ...],
        seat: int,
        pos: int,
        led: int,
        best_v: int,
        best_seat: int,
        plain: bool = False,
    ) -> tuple[int, ...]:
        """Likely best first: a leader cashes top cards (in the search not those an
        opponent can ruff: they go with the suit's low leads) then leads low, in the search
        from suits where the partner holds the top card or can ruff, not into an
        opponent's ruff nor away from the leader's own top card (``plain``: by rank only,
        the order :meth:`move_classes` gives); followers win as cheaply as possible
        unless the partner is winning, else play low."""
        # the memo keys are ints: the moves in 6-bit digits (card + 1) then the rest
        mk = 0
        if pos == 0:
            h = self.h
            others = h[(seat + 1) & 3] | h[(seat + 2) & 3] | h[(seat + 3) & 3]
            tops = 0  # bit i: moves[i] is a card no other hand beats in its suit
            for i, c in enumerate(moves):
                mk = mk << 6 | (c + 1)
                if c < 52 and not others & _ABOVE[c]:
                    tops |= 1 << i
            # per suit: the partner holds its top card (bit 0), an opponent void in it
            # can ruff (bit 1), the partner void in it can ruff (bit 2)
            o1, o2, o3 = h[(seat + 1) & 3], h[(seat + 2) & 3], h[(seat + 3) & 3]
            trump = self.trump
            ruffing = _SUIT[trump] | _JOKERS if trump >= 0 else 0
            feats = 0
            for s in range(0 if plain else 4):
                sm = _SUIT[s]
                f = 0
                p = o2 & sm
                if p and p.bit_length() > ((o1 | o3) & sm).bit_length():
                    f = 1
                if (
                    h[seat] & sm
                    and (h[seat] & sm).bit_length() > ((o1 | o2 | o3) & sm).bit_length()
                ):
                    f |= 8
                if ruffing and s != trump:
                    if (not o1 & sm and o1 & ruffing) or (not o3 & sm and o3 & ruffing):
                        f |= 2
                    if not p and o2 & ruffing:
                        f |= 4
                feats |= f << (4 * s)
            lkey = (mk << 16 | tops) << 16 | feats
            found = self._lead_memo.get(lkey)
            if found is None:
                found = self._lead_order(moves, tops, feats)
                self._lead_memo[lkey] = found
            return found
        for c in moves:
            mk = mk << 6 | (c + 1)
        partner_wins = best_seat >= 0 and (best_seat & 1) == (seat & 1)
        fkey = ((mk << 3 | (led + 1)) << 9 | (best_v + 1)) << 1 | (1 if partner_wins else 0)
        found = self._follow_memo.get(fkey)
        if found is None:
            found = self._follow_order(moves, led, best_v, partner_wins)
            self._follow_memo[fkey] = found
        return found

    def _lead_order(self, moves: tuple[int, ...], tops: int, feats: int) -> tuple[int, ...]:
        trump = self.trump
        top = {c for i, c in enumerate(moves) if tops >> i & 1}

        def lead_key(c: int) -> tuple[int, int]:
            if c >= 52:
                return (0, -c) if trump >= 0 else (3, c)
            f = feats >> (4 * (c // 13)) & 15
            if c in top and not f & 2:
                return (1, -c)
            score = (f & 1) * 2 + (f >> 2 & 1) * 2 - (f >> 1 & 1) * 2 - (f >> 3 & 1)
            return (2, (2 - score) * 16 + c % 13)

        return tuple(sorted(moves, key=lead_key))

    def _follow_order(
        self, moves: tuple[int, ...], led: int, best_v: int, partner_wins: bool
    ) -> tuple[int, ...]:
        trump = self.trump

        def follow_key(c: int) -> tuple[int, int]:
            if c >= 52:
                v = 200 + c if trump >= 0 else -1
            else:
                s = c // 13
                v = 100 + c if s == trump else (c if s == led or led < 0 else -1)
            wins = v > best_v
            strength = v if v >= 0 else c % 13 - 20
            if partner_wins or not wins:
                return (0 if not wins else 1, strength)
            return (0, strength - 1000)

        return tuple(sorted(moves, key=follow_key))
