"""Whist and Bid Whist positions from what a seat sees: the worlds (determinizations) a
search plays in, for information-set MCTS and perfect-information Monte Carlo.

A seat sees its own hand, every card played, the turned-up trump card (4-player Whist),
the face-up straw cards (two players), and — as declarer of Bid Whist — the kitty it
took and its own discards. It also knows how many cards every hand, straw pile, kitty and
discard holds, and which suits a player has shown void: a player who did not follow the
suit led holds none of it (with ``jokers_follow_trump`` the jokers count as trumps for
following, so a player who did not follow a trump lead holds neither trumps nor jokers).

:func:`sample_world` deals the cards the seat has not seen into those places at random,
the hands of players with voids filled first among the cards they may hold, and returns
a full state: hands, kitty, discards and face-down straw cards replaced, the honours
counted afresh from the sampled holdings. Everything the seat sees is unchanged, so the
sampled world's ``observation(seat)`` equals the real one. The fill is uniform among the
worlds consistent with the voids up to the order in which constrained hands are filled
(the bids are not used to weigh the worlds). The world's history is empty: the real one
holds the deal.

It reads the real state only through ``observation(seat)`` and public fields (sizes, the
tricks); the hidden holdings are written, never read.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from engine.core.errors import EngineError
from engine.whist.cards import CARD_CODE, DECK52, DECK54, JOKER_MASK, SUIT_MASK
from engine.whist.state import HONOUR_RANKS, WhistState

#: tries of the plain random fill before the card-by-card fill (``_tight_fill``)
_ATTEMPTS = 200


def void_masks(state: WhistState) -> list[int]:
    """Per seat, the cards it cannot hold: the suits it failed to follow (public)."""
    club = state.ruleset.jokers_follow_trump
    trump = state.trump
    void = [0] * state.num_players
    obs_tricks: list[tuple[Sequence[int], Sequence[int]]] = [(t[1], t[2]) for t in state.tricks]
    obs_tricks.append((state.trick_seats, state.trick_cards))
    for seats, cards in obs_tricks:
        led = -1
        for s, c in zip(seats, cards):
            if led >= 0:
                follow = SUIT_MASK[led] | JOKER_MASK if (led == trump and club) else SUIT_MASK[led]
                if not (1 << c) & follow:
                    void[s] |= follow
            elif c < 52:
                led = c // 13
            elif trump >= 0 and club:
                led = trump
    return void


def _codes(texts) -> set[int]:
    return {CARD_CODE[t] for t in texts or ()}


def sample_world(state: WhistState, seat: int, rng: random.Random) -> WhistState:
    """A full state consistent with everything ``seat`` has seen (module docstring)."""
    world = state.clone()
    world.history = []
    obs = state.observation(seat)
    if obs["phase"] in ("dealer", "deal", "end"):
        return world  # nothing is dealt yet (or left to play)
    n = state.num_players
    seen = _codes(obs["hand"]) | _codes(c for t in obs["tricks"] for _, c in t["cards"])
    seen |= _codes(c for _, c in obs["trick"]) | _codes(obs["kitty"]) | _codes(obs["discards"])
    if obs["turn_card"]:
        seen.add(CARD_CODE[obs["turn_card"]])
    ups = [[CARD_CODE[p["up"]] if p["up"] else -1 for p in piles] for piles in obs["straw"] or []]
    seen |= {c for piles in ups for c in piles if c >= 0}
    hidden = [c for c in (DECK54 if state.ruleset.bidding else DECK52) if c not in seen]

    # the places to fill: other hands (less the turned-up card still held), then the
    # kitty (before it is taken), unseen discards and face-down straw cards
    turn = CARD_CODE[obs["turn_card"]] if obs["turn_card"] else -1
    played = _codes(c for t in obs["tricks"] for _, c in t["cards"]) | _codes(
        c for _, c in obs["trick"]
    )
    # the turned-up card stays in the dealer's hand, in view, until played
    turn_holder = obs["dealer"] if turn >= 0 and turn not in played else -1
    hand_need = {}
    for p in range(n):
        if p != seat:
            hand_need[p] = obs["hand_sizes"][p] - (p == turn_holder)
    kitty_need = obs["kitty_size"] if obs["kitty"] is None else 0
    discard_need = obs["discard_count"] if obs["discards"] is None else 0
    downs = [[p["down"] for p in piles] for piles in obs["straw"] or []]
    free_need = kitty_need + discard_need + sum(map(sum, downs))
    if sum(hand_need.values()) + free_need != len(hidden):
        raise EngineError("whist: the unseen cards do not fill the unseen places")

    void = void_masks(state)
    order = sorted(hand_need, key=lambda p: -bin(void[p]).count("1"))
    for _ in range(_ATTEMPTS):
        pool = hidden[:]
        rng.shuffle(pool)
        hands = {}
        ok = True
        for p in order:
            allowed = [c for c in pool if not void[p] >> c & 1]
            if len(allowed) < hand_need[p]:
                ok = False
                break
            take = set(allowed[: hand_need[p]])
            hands[p] = take
            pool = [c for c in pool if c not in take]
        if ok:
            break
    else:  # a fill this tight (e.g. the only three unseen clubs in one hand of three cards)
        hands, pool = _tight_fill(hidden, order, hand_need, void, rng)

    new_hands = list(world.hands)
    for p, cards in hands.items():
        m = 0
        for c in cards:
            m |= 1 << c
        if p == turn_holder:
            m |= 1 << turn
        new_hands[p] = m
    world.hands = new_hands
    rest = pool
    if kitty_need:
        world.kitty = tuple(rest[:kitty_need])
        rest = rest[kitty_need:]
    if discard_need:
        world.discards = rest[:discard_need]
        rest = rest[discard_need:]
    if world.piles is not None:
        for s, piles in enumerate(world.piles):
            for i, pile in enumerate(piles):
                k = downs[s][i]
                if k:
                    pile[: len(pile) - 1] = rest[:k]
                    rest = rest[k:]
    if state.kitty_taken and seat != state.declarer and obs["kitty"] is None:
        # the kitty went into the declarer's hand: any six of its cards then will do
        d = state.declarer
        played = {c for t in state.tricks for s, c in zip(t[1], t[2]) if s == d}
        played |= {c for s, c in zip(state.trick_seats, state.trick_cards) if s == d}
        pool_k = list(world.discards) + sorted(
            (c for c in range(54) if world.hands[d] >> c & 1), key=lambda _: rng.random()
        )
        pool_k += sorted(played)
        world.kitty = tuple(pool_k[:6])
    _recount_honours(state, world)
    world._legal = None  # the cached moves of the seat to act were the real hand's
    return world


def _tight_fill(hidden, order, need, void, rng: random.Random):
    """The hands drawn card by card, each card to a place that leaves the rest a fill
    (Hall's condition over the hands, the kitty, discards and straw taking any card):
    always a consistent world, for the fills random tries rarely find."""
    pool = hidden[:]
    rng.shuffle(pool)
    k = len(order)
    # which hands may hold each card, as a mask over ``order``
    elig = [sum(1 << i for i, p in enumerate(order) if not void[p] >> c & 1) for c in pool]
    left = [0] * (1 << k)  # cards still to place, by their mask
    for m in elig:
        left[m] += 1
    cap = [need[p] for p in order]
    free = len(pool) - sum(cap)

    def fits() -> bool:
        for t in range(1 << k):
            held = sum(cap[i] for i in range(k) if t >> i & 1) + free
            if sum(n for m, n in enumerate(left) if n and m & ~t == 0) > held:
                return False
        return True

    hands: dict[int, set[int]] = {p: set() for p in order}
    rest = []
    for c, m in zip(pool, elig):
        left[m] -= 1
        places = [i for i in range(k) if m >> i & 1 and cap[i]] + ([k] if free else [])
        rng.shuffle(places)
        for i in places:
            if i == k:
                free -= 1
            else:
                cap[i] -= 1
            if fits():
                break
            if i == k:
                free += 1
            else:
                cap[i] += 1
        else:  # pragma: no cover - the real deal fits, so some place always does
            raise EngineError("whist: no consistent world found")
        if i == k:
            rest.append(c)
        else:
            hands[order[i]].add(c)
    return hands, rest


def _recount_honours(state: WhistState, world: WhistState) -> None:
    """The honours each seat held when dealt (Whist): its hand plus the cards it played."""
    if not (
        state.turn_card >= 0 and (not state.two or state.ruleset.high_game_trump == "dealer_last")
    ):
        return
    suit = state.turn_card // 13
    honours = [13 * suit + r for r in HONOUR_RANKS]
    played = [0] * state.num_players
    for tr in state.tricks:
        for s, c in zip(tr[1], tr[2]):
            played[s] |= 1 << c
    for s, c in zip(state.trick_seats, state.trick_cards):
        played[s] |= 1 << c
    world.honours = [
        sum(1 for c in honours if (world.hands[i] | played[i]) >> c & 1)
        for i in range(state.num_players)
    ]


__all__ = ["sample_world", "void_masks"]
