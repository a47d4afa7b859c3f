"""Whist and Bid Whist for search: determinizations for information-set MCTS.

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

import math
import random

from engine.core.errors import EngineError
from engine.core.search import SearchBot, rank_utility
from engine.whist.cards import CARD_CODE, DECK52, DECK54, JOKER_MASK, SUIT_MASK
from engine.whist.scoring import bid_whist_points
from engine.whist.state import DEAL, END, HONOUR_RANKS, PLAY, WhistState

#: iterations per decision of the registered ``mcts`` bot (well under 1 s on one core)
ITERATIONS = 100
#: share of the iterations credited to the heuristic's move in the final pick
PRIOR_WEIGHT = 0.25
#: scale of the score lead (points) in the logistic utility before the end
TEMPERATURE = 2.0
_ATTEMPTS = 200
#: tricks left (the one in progress included) from which a four-player card is chosen by
#: perfect-information Monte Carlo over the double-dummy solver (0: never); 5 before the
#: solver was compiled; at 7, 20 worlds cost about 0.15 s (median), at 8 about 0.3 s
DD_TRICKS = 7
#: sampled worlds solved for each such card
DD_WORLDS = 20
#: value those cards by the deal's points for the side (Bid Whist: made or set, the books
#: over six), not by raw books
DD_POINTS = True
#: bid, name the trump and discard by search (False: the heuristic's choices). Measured on
#: the shipped ladder's first seeds against the bot before (5 tricks by books, searched
#: bids) on the same deals: 7 tricks by points with searched bids +0.33 ± 0.14 net points
#: a deal (44 games), with the heuristic's bids +0.47 ± 0.14 (64 games; the two +0.06 ±
#: 0.14 apart): the heuristic's bids cost no search time
SEARCH_BIDS = False
#: books the search bot adds to the heuristic's estimate of its hand when it bids: it
#: makes more of its contracts than the heuristic (77.8 % against 62.4 % as declarer in
#: the ladder with 0), so it can afford to bid more. Net points a deal of the search
#: bot's side over the heuristic's, against the same bot with 0, on the same 800 deals
#: (seeds 20000-20399, each played both ways round; tuning, not the ladder's seeds):
#: 1.0 +0.37 ± 0.09, 1.5 +0.51 ± 0.11 (+0.14 ± 0.07 over 1.0), 2.0 -0.12 ± 0.10 below
#: 1.5 on the first 403; 1.0, but 3.0 for whether to bid 3 at all, +0.38 ± 0.13. The
#: ladder with 1.5: 67.4 % against the heuristic, 58.6 % with 0 (data/ladder/README.md)
BID_EXTRA = 1.5
#: compare the root moves on common worlds (the j-th iteration through each move samples
#: the same world: see :class:`engine.core.search.SearchBot`); off: over the 200 games of
#: the shipped ladder's seeds it won 56.5 % against the heuristic, the plain search 57.0 %
PAIRED = False


def void_masks(state: WhistState) -> list[int]:
    """Per seat, the cards it cannot hold: the suits it failed to follow (public)."""
    club = state.ruleset.jokers_follow_trump
    trump = state.trump
    void = [0] * state.num_players
    obs_tricks = [(t[1], t[2]) for t in state.tricks]
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

    hands = {p: set() for p in order}
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


def evaluate(state: WhistState) -> list[float]:
    """At the end, the winners; before it, a logistic of each side's score lead."""
    if state.phase == END:
        return rank_utility(state)
    sc = state.scores
    return [
        1.0 / (1.0 + math.exp(-(sc[p & 1] - sc[1 - (p & 1)]) / TEMPERATURE))
        for p in range(state.num_players)
    ]


def _deal_over(leaf: WhistState):
    """End a rollout when the leaf's deal has been scored."""
    deal = leaf.deal_no

    def stop(s: WhistState) -> bool:
        return s.phase in (DEAL, END) or s.deal_no != deal

    return stop


class WhistSearchBot(SearchBot):
    """SO-ISMCTS, and near the end of a four-player deal (``dd_tricks`` tricks left or
    fewer) perfect-information Monte Carlo, the field's standard for trick-taking card
    play (GIB): ``dd_worlds`` worlds are sampled (:func:`sample_world`), each legal card
    is valued in each world by the exact double-dummy books the player's side then takes
    (:class:`engine.whist.solver.Solver`, one solve per class of equivalent cards), and
    the card with the highest total is played (ties: the heuristic's card, then the order
    of ``legal_actions()``).

    ``dd_points`` (Bid Whist): a card's value in a world is the deal's points for the
    side with those books — made, the books over six; set, minus the bid; no trump
    doubled; a defender counts the declarers' points against it — so a card that makes
    (or sets) the contract in more worlds beats one that takes a book more on average.
    ``dd_nodes``: stop sampling worlds once the solver has searched that many nodes (at
    least ``dd_min_worlds``; 0: always ``dd_worlds``) — a budget that is deterministic.
    ``search_bids=False``: bids, trump and discards are the heuristic's (the prior).
    """

    def __init__(
        self,
        *,
        dd_tricks: int = DD_TRICKS,
        dd_worlds: int = DD_WORLDS,
        dd_points: bool = DD_POINTS,
        dd_nodes: int = 0,
        dd_min_worlds: int = 4,
        search_bids: bool = SEARCH_BIDS,
        **kwargs,
    ):
        super().__init__(**kwargs)
        self.dd_tricks = dd_tricks
        self.dd_worlds = dd_worlds
        self.dd_points = dd_points
        self.dd_nodes = dd_nodes
        self.dd_min_worlds = dd_min_worlds
        self.search_bids = search_bids

    def choose(self, state: WhistState, seat: int, rng: random.Random):
        if (
            self.dd_tricks
            and state.num_players == 4
            and state.phase == PLAY
            and state.n_tricks - len(state.tricks) <= self.dd_tricks
        ):
            legal = state.legal_actions()
            if len(legal) > 1:
                return self._double_dummy(state, seat, rng, legal)
        if not self.search_bids and state.phase != PLAY:
            if self._prior is None and self._prior_factory is not None:
                self._prior = self._prior_factory()
            if self._prior is not None:
                self.last_iterations = 0
                return self._prior.choose(state, seat, rng)
        return super().choose(state, seat, rng)

    def _double_dummy(self, state: WhistState, seat: int, rng: random.Random, legal):
        from engine.whist.solver import Solver

        if self._prior is None and self._prior_factory is not None:
            self._prior = self._prior_factory()
        first = self._prior.choose(state, seat, rng) if self._prior is not None else None
        left = state.n_tricks - len(state.tricks)
        side = seat & 1
        by_code = {a.code: a for a in legal}
        totals = dict.fromkeys(legal, 0.0)
        value = self._valuer(state, seat, left)
        nodes = worlds = 0
        while worlds < self.dd_worlds and (
            not self.dd_nodes or worlds < self.dd_min_worlds or nodes < self.dd_nodes
        ):
            world = self.sample_world(state, seat, rng)
            hands = list(world.hands)
            trick = list(world.trick_cards)
            solver = Solver(hands, world.trump, world.low, world.ruleset.jokers_follow_trump)
            guess = None
            for cls in solver.move_classes(hands, world.leader, trick):
                after = list(hands)
                after[seat] ^= 1 << cls[0]
                ns = solver.tricks(after, world.leader, trick + [cls[0]], guess)
                guess = ns
                v = value(ns if side == 0 else left - ns)
                for c in cls:
                    totals[by_code[c]] += v
            nodes += solver.nodes
            worlds += 1
        self.last_iterations = worlds
        return max(legal, key=lambda a: (totals[a], a == first))

    def _valuer(self, state: WhistState, seat: int, left: int):
        """The value to ``seat``'s side of taking ``k`` of the ``left`` tricks: the
        books, or (``dd_points``, Bid Whist) the deal's points for the side (made: the
        books over six; set: minus the bid; no trump doubled), the books breaking ties."""
        side = seat & 1
        if not (self.dd_points and state.bidw and state.declarer >= 0):
            return float
        d = state.declarer & 1
        mine, theirs = state.books[side], state.books[1 - side]
        bid, kind = state.bid_number, state.kind

        def value(k: int) -> float:
            if side == d:
                pts = bid_whist_points(bid, kind, mine + k)
            else:
                pts = -bid_whist_points(bid, kind, theirs + left - k)
            return pts + 0.01 * k

        return value


def search_bot(
    iterations: int | None = ITERATIONS, seconds: float | None = None, **options
) -> SearchBot:
    """SO-ISMCTS over :func:`sample_world`; heuristic rollouts to the end of the deal,
    valued by the score lead (:func:`evaluate`); the heuristic's choice is tried first
    at the root. The tree stays out of the next deal (a deal is one chance node). The
    last ``DD_TRICKS`` tricks of a four-player deal are played by perfect-information
    Monte Carlo over the double-dummy solver, cards valued by the deal's points
    (``DD_POINTS``); bids, trump and discards are the heuristic's unless ``SEARCH_BIDS``,
    bidding with ``BID_EXTRA`` (option ``bid_extra``) books more than its estimate
    (:class:`WhistSearchBot`; ``options`` override its settings)."""
    from engine.whist.bots import HeuristicBot

    bid_extra = options.pop("bid_extra", BID_EXTRA)
    options = {
        "dd_tricks": DD_TRICKS,
        "dd_worlds": DD_WORLDS,
        "dd_points": DD_POINTS,
        "search_bids": SEARCH_BIDS,
        **options,
    }
    return WhistSearchBot(
        **options,
        iterations=iterations,
        seconds=seconds,
        rollout=HeuristicBot,
        prior=lambda: HeuristicBot(bid_extra=bid_extra),
        prior_weight=PRIOR_WEIGHT,
        sample_world=sample_world,
        evaluate=evaluate,
        cutoff=_deal_over,
        max_chance_children=0,
        paired=PAIRED,
    )


__all__ = [
    "BID_EXTRA",
    "DD_POINTS",
    "DD_TRICKS",
    "DD_WORLDS",
    "ITERATIONS",
    "SEARCH_BIDS",
    "WhistSearchBot",
    "evaluate",
    "sample_world",
    "search_bot",
    "void_masks",
]
