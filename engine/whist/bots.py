"""Whist bots. The heuristic bot decides from ``observation(seat)`` only.

It bids from counted likely books per suit and direction, names the best trump or
direction, discards to keep trumps and long strong suits (voiding short side suits), and
plays standard card play: lead masters (trumps first when declaring), otherwise low from
the longest suit; second hand low unless holding a master; win as cheaply as possible;
do not overtake a partner who is already winning with a master; ruff when void; discard
the least useful card.

>>> from engine import simulate
>>> rec = simulate("whist", seed=4, players=["heuristic", "random", "heuristic", "random"])
>>> rec.result["winners"]
[0, 2]
"""

from __future__ import annotations

import random

from engine.core.protocol import Bot
from engine.whist import actions as A
from engine.whist.cards import CARD_CODE, HIGH_VALUE, LOW_VALUE, SUITS

PARTNER_BOOKS = 2.0  # what a partner's 12 cards add on average to a 4-player contract


def _strength(c: int, low: bool) -> int:
    return (LOW_VALUE if low else HIGH_VALUE)[c % 13]


def estimate_books(cards: list[int], trump: int, low: bool) -> float:
    """Likely tricks of ``cards`` in a contract (trump -1 = no trump), by simple counts."""
    by_suit: list[list[int]] = [[], [], [], []]
    jokers = 0
    for c in cards:
        if c >= 52:
            jokers += 1
        else:
            by_suit[c // 13].append(12 - _strength(c, low))  # 0 = top card of the suit
    est = 0.0
    if trump >= 0:
        est += jokers
        pos = sorted(by_suit[trump])
        n = len(pos)
        for k, weight in ((0, 1.0), (1, 0.8), (2, 0.6)):
            if k in pos and n > k:
                est += weight
        est += max(0, n + jokers - 3) * 0.9
        for s in range(4):
            if s == trump:
                continue
            p = sorted(by_suit[s])
            if 0 in p:
                est += 0.9
            if 1 in p and len(p) >= 2:
                est += 0.5
            if len(p) <= 1 and n >= 3:
                est += 0.5 * (2 - len(p))  # ruffing values
        return est
    for s in range(4):
        p = sorted(by_suit[s])
        top = 0
        while top < len(p) and p[top] == top:
            top += 1
        est += top
        if top >= 2 and len(p) >= 5:
            est += len(p) - 4
        elif top == 0 and 1 in p and len(p) >= 2:
            est += 0.4
    return est


def best_contract(cards: list[int], nt_bonus: float = 0.3) -> tuple[float, str, int, bool]:
    """(estimate, kind, trump, low) of the best contract for these cards; no trump counts
    ``nt_bonus`` books more (it outranks and scores double)."""
    best = (-1.0, "uptown", 0, False)
    for low in (False, True):
        for t in range(4):
            e = estimate_books(cards, t, low)
            if e > best[0]:
                best = (e, "downtown" if low else "uptown", t, low)
        e = estimate_books(cards, -1, low) + nt_bonus
        if e > best[0]:
            best = (e, "notrump", -1, low)
    return best


class HeuristicBot(Bot):
    """``bid_extra``: books added to the hand's estimate when bidding, ``nt_bonus``: to no
    trump's. The registered heuristic bids with 0 and 0.3; the search bot, which makes
    more of its contracts, with more (``engine.whist.search.BID_EXTRA``)."""

    name = "heuristic"

    def __init__(self, bid_extra: float = 0.0, nt_bonus: float = 0.3):
        self.bid_extra = bid_extra
        self.nt_bonus = nt_bonus

    def choose(self, state, seat: int, rng: random.Random):
        obs = state.observation(seat)
        legal = state.legal_actions()
        if len(legal) == 1:
            return legal[0]
        phase = obs["phase"]
        hand = [CARD_CODE[c] for c in obs["hand"]]
        tops = []
        if obs["straw"]:
            tops = [CARD_CODE[p["up"]] for p in obs["straw"][seat] if p["up"]]
        if phase == "bid":
            return self._bid(obs, hand + tops, legal, seat)
        if phase == "trump":
            _, kind, t, low = best_contract(hand + tops)
            want_low = obs["kind"] == "downtown"
            if obs["kind"] == "notrump":
                hi = estimate_books(hand + tops, -1, False)
                lo = estimate_books(hand + tops, -1, True)
                return A.DIRECTIONS[1 if lo > hi else 0]
            scores = [estimate_books(hand + tops, s, want_low) for s in range(4)]
            return A.TRUMPS[max(range(4), key=scores.__getitem__)]
        if phase == "discard":
            trump = SUITS.index(obs["trump"]) if obs["trump"] else -1
            c = min(hand, key=lambda x: self._keep_value(x, hand, trump, obs["low"]))
            return A.DISCARD[c]
        if phase == "declare":
            cards = hand + tops
            t = CARD_CODE[obs["turn_card"]] // 13
            est = estimate_books(cards, t, False) * 26 / max(1, len(cards))
            return A.DECLARES[0 if est >= 7.5 else 1]
        return self._play(obs, seat, hand, tops, legal, state.num_players)

    # --- bidding ------------------------------------------------------------------------
    def _bid(self, obs, cards, legal, seat):
        est, kind, _, _ = best_contract(cards, self.nt_bonus)
        extra = 1.5 + (PARTNER_BOOKS if len(obs["hand_sizes"]) == 4 else 1.0)
        number = int(est + extra + self.bid_extra) - 6
        partner_high = False
        if obs["bids"] and len(obs["hand_sizes"]) == 4:
            high = [s for s, b in obs["bids"] if b != "pass"]
            partner_high = bool(high) and high[-1] == (seat + 2) % 4
        bids = [a for a in legal if isinstance(a, A.Bid)]
        if A.PASS in legal and (partner_high or number < 3):
            return A.PASS
        for b in bids:  # the cheapest bid we expect to make, of our kind
            if b.number <= max(number, 3) and (
                b.kind == kind or (kind != "notrump" and b.kind == kind)
            ):
                return b
        if A.PASS in legal:
            return A.PASS
        return min(bids, key=lambda b: (b.rank, b.kind != kind))

    @staticmethod
    def _keep_value(c: int, hand: list[int], trump: int, low: bool) -> float:
        if c >= 52:
            return 100.0 if trump >= 0 else -10.0
        s = c // 13
        strength = _strength(c, low)
        if s == trump:
            return 50.0 + strength
        length = sum(1 for x in hand if x < 52 and x // 13 == s)
        return (
            strength + (1.5 * length if trump < 0 else 0.5 * length) + (8 if strength == 12 else 0)
        )

    # --- card play ----------------------------------------------------------------------
    def _play(self, obs, seat, hand, tops, legal, n):
        trump = SUITS.index(obs["trump"]) if obs["trump"] else -1
        low = obs["low"]
        cards = [CARD_CODE[a.card] for a in legal]
        mine = set(hand) | set(tops)
        gone = {CARD_CODE[c] for t in obs["tricks"] for _, c in t["cards"]}
        gone |= {CARD_CODE[c] for _, c in obs["trick"]}
        gone |= {CARD_CODE[c] for c in obs["discards"] or []}
        deck = range(54 if obs["variant"].startswith("bid") else 52)
        unseen = [c for c in deck if c not in mine and c not in gone]

        def power(c, led):
            if c >= 52:
                return 1000 + c if trump >= 0 else -1
            s = c // 13
            r = _strength(c, low)
            if s == trump:
                return 100 + r
            return r if s == led else -1

        def master(c):
            if c >= 52:
                return trump >= 0 and all(u < c for u in unseen if u >= 52)
            s = c // 13
            r = _strength(c, low)
            if any(u < 52 and u // 13 == s and _strength(u, low) > r for u in unseen):
                return False
            return not (s == trump and trump >= 0 and any(u >= 52 for u in unseen))

        def cheap(cs):
            return min(cs, key=lambda x: self._keep_value(x, list(mine), trump, low))

        trick = [(s, CARD_CODE[c]) for s, c in obs["trick"]]
        if obs["kind"] == "low":  # two-player Low game: take as few tricks as possible
            return A.PLAY[self._duck(trick, cards, power, low)]
        if not trick:
            declaring = (
                obs["declarer"] is not None
                and obs["declarer"] >= 0
                and (obs["declarer"] % 2 == seat % 2)
            )
            trumps_out = trump >= 0 and any(u >= 52 or u // 13 == trump for u in unseen)
            masters = [c for c in cards if master(c)]
            if declaring and trumps_out:
                mt = [c for c in masters if c >= 52 or c // 13 == trump]
                if mt:
                    return A.PLAY[max(mt, key=lambda c: power(c, -1))]
            side = [c for c in masters if c < 52 and c // 13 != trump]
            if side:
                return A.PLAY[max(side, key=lambda c: _strength(c, low))]
            plain = (
                [c for c in cards if c < 52 and c // 13 != trump]
                or [c for c in cards if c < 52]
                or cards
            )
            counts: dict[int, int] = {}
            for c in plain:
                counts[c // 13 if c < 52 else 4] = counts.get(c // 13 if c < 52 else 4, 0) + 1
            longest = max(counts, key=counts.__getitem__)
            pool = [c for c in plain if (c // 13 if c < 52 else 4) == longest]
            return A.PLAY[min(pool, key=lambda c: _strength(c, low) if c < 52 else -1)]
        led = next((c // 13 for _, c in trick if c < 52), -1)
        win_i = max(range(len(trick)), key=lambda i: power(trick[i][1], led))
        win_seat, win_card = trick[win_i]
        best_p = power(win_card, led)
        partner = seat if n == 2 else (seat + 2) % 4
        last = len(trick) == 3
        friend_winning = win_seat in (partner, seat)
        if friend_winning and (last or master(win_card) or (n == 4 and len(trick) == 2)):
            return A.PLAY[cheap(cards)]

        def power_with(c):
            lead = led if led >= 0 else (c // 13 if c < 52 else -1)
            return power(c, lead)

        winners = [c for c in cards if power_with(c) > best_p]
        if not winners:
            return A.PLAY[cheap(cards)]
        masters = [c for c in winners if master(c)]
        if last:
            return A.PLAY[min(winners, key=power_with)]
        if masters:
            return A.PLAY[min(masters, key=power_with)]
        if len(trick) >= 2 or n == 2:
            return A.PLAY[max(winners, key=power_with)]
        return A.PLAY[cheap(cards)]

    @staticmethod
    def _duck(trick, cards, power, low) -> int:
        """Low game: lead low; follow with the highest card that does not win, else the
        highest card (the trick is lost anyway, so shed the danger)."""
        if not trick:
            return min(cards, key=lambda c: (_strength(c, low), c))
        led = next((c // 13 for _, c in trick if c < 52), -1)
        best = max(power(c, led) for _, c in trick)
        safe = [c for c in cards if power(c, led if led >= 0 else c // 13) < best]
        pool = safe or cards
        return max(pool, key=lambda c: (_strength(c, low), c))
