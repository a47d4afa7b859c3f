"""Stock Hold'em for search: determinizations for information-set MCTS.

What a seat does not see is the face of some cards: the other seats' hands (but their
backs, and the cards it peeked at with hand peeks), the face-down cards on the companies
that it neither placed nor peeked at (but their backs), and the cards left aside by the
deal. Every back shows either the number or the symbol (Bear's back is unique), so a
world consistent with the seat's view is any reassignment of the unseen cards among the
unseen places *with the same back*.

:func:`sample_world` draws such a reassignment uniformly: a random permutation of the
unseen cards within each back, applied to the board, the hands and what every other seat
knows (a card another seat peeked at stays known to it under its new face). The cards the
seat sees, all public numbers, and every seat's peek rights are unchanged, so the
sampled world's ``observation(seat)`` equals the real one. The deal of a later round is
still chance (the search samples it).

The search bot (:func:`search_bot`, registered as ``mcts``) is flat Monte Carlo over the
root moves on common random numbers (:class:`PairedSearchBot`): the j-th sample of every
root move starts from the same sampled world and rolls out with the same random stream,
so two moves' means differ by the moves more than by the luck; successive halving spends
the samples on the better moves.
"""

from __future__ import annotations

import math
import random
import time

from engine.core.protocol import Bot
from engine.core.search import SearchBot, expected_rank_share, rank_utility
from engine.stock_holdem.cards import ALL_CARDS, BEAR, backs
from engine.stock_holdem.rules import FACE_UP
from engine.stock_holdem.state import (
    BUY,
    CLEANUP,
    DEAL,
    END_TURN,
    NO_BUY,
    NO_SELL,
    OP_CASH,
    OP_END,
    OP_NO_BUY,
    OP_NO_SELL,
    OP_PEEK,
    OP_PEEK_HAND,
    OP_PLACE,
    OVER,
    PLACE,
    PLACE_BY_OPEN,
    PLACE_MOVES,
    SELL,
    TRADE,
    StockHoldemState,
)

_PASS = frozenset((OP_NO_SELL, OP_NO_BUY, OP_END))

#: samples (root move x sampled world) per decision of the registered ``mcts`` bot
ITERATIONS = 1000
#: moves the search leaves to the prior: a sampled world knows every card, so it cannot
#: value a peek; cash only turns a chip into the dollar it is worth anyway
_UNSEARCHED = frozenset((OP_CASH, OP_PEEK, OP_PEEK_HAND))
#: distance between the seeds of the samples' streams
_STRIDE = 1_000_003


def seen_cards(state: StockHoldemState, seat: int) -> set[int]:
    """The cards whose face ``seat`` sees now (this round)."""
    seen = set(state.hands[seat])
    mask = state.known[seat]
    for co, cards in enumerate(state.board):
        for k, c in enumerate(cards):
            if k < FACE_UP or c == BEAR or state.placer[co][k] == seat or (mask >> c) & 1:
                seen.add(c)
    for p, hand in enumerate(state.hands):
        if p != seat:
            for c in hand:
                if c == BEAR or (mask >> c) & 1:
                    seen.add(c)
    return seen


#: how much higher (utility, see :func:`evaluate`) another move's mean must be than the
#: prior's (:class:`~engine.stock_holdem.bots.ForesightBot`) to be played instead
MARGIN = 0.0
#: scale of the net-worth differences (dollars) in the logistic utility (tuning games,
#: share ahead of the heuristic: $10 0.609, $20 0.647, $40 0.675, $80 0.675)
TEMPERATURE = 40.0


def sample_world(state: StockHoldemState, seat: int, rng: random.Random) -> StockHoldemState:
    """A full state consistent with everything ``seat`` has seen (see the module
    docstring). The world's history is empty: the real one holds the deal."""
    world = state.clone()
    world.history = []
    if state.phase in (DEAL, OVER):
        return world  # nothing is hidden between rounds and at the end
    seen = seen_cards(state, seat)
    back = backs(state.ruleset.card_back_parity)
    groups: dict[str, list[int]] = {}
    for c in ALL_CARDS:
        if c not in seen:
            groups.setdefault(back[c], []).append(c)
    sigma = list(ALL_CARDS)
    for cards in groups.values():
        shuffled = cards[:]
        rng.shuffle(shuffled)
        for a, b in zip(cards, shuffled):
            sigma[a] = b
    world.board = [[sigma[c] for c in cards] for cards in state.board]
    world.hands = [[sigma[c] for c in hand] for hand in state.hands]
    known = []
    for p, mask in enumerate(state.known):
        if p == seat:
            known.append(mask)
            continue
        new = 0
        while mask:
            low = mask & -mask
            new |= 1 << sigma[low.bit_length() - 1]
            mask ^= low
        known.append(new)
    world.known = known
    return world


class PassiveBot(Bot):
    """The rollout policy: places a random card when it must and passes every step
    (no trade, no chip spent), so the round's prices follow from the cards alone and the
    value of the searched move is not drowned in random trading."""

    name = "passive"

    def choose(self, state: StockHoldemState, seat: int, rng: random.Random):
        legal = state.legal_actions()
        for m in legal:
            if m.op in _PASS:
                return m
        places = [m for m in legal if m.op == OP_PLACE]
        pool = places or legal
        return pool[int(rng.random() * len(pool))]


#: the companies open for a card, per ``open_mask``
_OPEN = tuple(tuple(co for co in range(6) if m >> co & 1) for m in range(64))


def playout(world: StockHoldemState, rng: random.Random) -> None:
    """:class:`PassiveBot`'s rollout to the end of the round (the same moves for the same
    ``rng``), without listing the legal moves: five times faster."""
    while True:
        phase = world.phase
        if phase == TRADE:
            step = world.step
            if step == SELL:
                world.apply_trusted(NO_SELL)
            elif step == BUY:
                world.apply_trusted(NO_BUY)
            elif step == PLACE:
                hand = world.hands[(world.start + world.turn_index) % world.num_players]
                opens = _OPEN[world.open_mask]
                k = len(opens)
                i = int(rng.random() * (len(hand) * k))
                world.apply_trusted(PLACE_MOVES[hand[i // k]][opens[i % k]])
            else:
                world.apply_trusted(END_TURN)
        elif phase == CLEANUP:
            moves = PLACE_BY_OPEN[world.hands[world.cleanup_seat][0]][world.open_mask]
            world.apply_trusted(moves[int(rng.random() * len(moves))])
        else:
            return


def worth(state: StockHoldemState) -> list[int | float]:
    """Each seat's net worth; between rounds (round 1 priced, round 2 not yet dealt) a
    share is valued at what it is worth at the end (:func:`~engine.stock_holdem.bots.
    hold_values`: sold in round 2 at about its round-1 price or kept for round 2's
    price), not at its round-1 price."""
    if state.phase != DEAL or state.round == 0:
        return state.net_worth()
    from engine.stock_holdem.bots import hold_values

    table = hold_values(state.ruleset.card_back_parity, state.ruleset)
    prices = state.prices
    return [
        state.money[p] + sum(h * table[q] for h, q in zip(state.shares[p], prices)) + state.chips[p]
        for p in range(state.num_players)
    ]


def evaluate(state: StockHoldemState) -> list[float]:
    """Utility per seat in [0, 1]: at the end, the finishing order (:func:`rank_utility`);
    before it, the expected share of the other seats it finishes ahead of, each pair a
    logistic of the difference of their :func:`worth` (``TEMPERATURE`` dollars) — the
    same scale as the finishing order, so a seat values second place over last."""
    if state.phase == OVER:
        return rank_utility(state)
    return expected_rank_share(worth(state), TEMPERATURE)


class PairedSearchBot(SearchBot):
    """Flat Monte Carlo over the root moves on common random numbers. A sample of a root
    move: a world from :func:`sample_world`, the move, :func:`playout` to the end of the
    round, :func:`evaluate` for the seat. The j-th samples of all moves share the world
    and the playout's stream. Successive halving: the budget is split over
    ceil(log2(moves)) rounds, after each the better half of the moves goes on (the
    prior's move always does); the highest mean wins, the prior's move unless another
    beats it by more than ``margin``. The prior plays the moves the search cannot value
    (``_UNSEARCHED``). ``seconds``: as many samples as fit, without halving."""

    def __init__(self, *, iterations=ITERATIONS, seconds=None, margin=MARGIN):
        from engine.stock_holdem.bots import ForesightBot

        super().__init__(
            iterations=iterations,
            seconds=seconds,
            rollout=PassiveBot,
            prior=ForesightBot,
            sample_world=sample_world,
            evaluate=evaluate,
        )
        self.margin = margin

    def choose(self, state: StockHoldemState, seat: int, rng: random.Random):
        legal = state.legal_actions()
        self.last_iterations = 0
        if len(legal) == 1:
            return legal[0]
        if self._prior is None:
            self._prior = self._prior_factory()
        first = self._prior.choose(state, seat, rng)
        if first.op in _UNSEARCHED:
            return first
        moves = [first] + [m for m in legal if m.op not in _UNSEARCHED and m != first]
        if len(moves) == 1:
            return first
        base = rng.getrandbits(48)
        budget = self.iterations if self.iterations is not None else 1 << 60
        deadline = None if self.seconds is None else time.perf_counter() + self.seconds
        rounds = max(1, math.ceil(math.log2(len(moves))))
        totals = dict.fromkeys(moves, 0.0)
        j = spent = 0
        for r in range(rounds):
            per = max(1, (budget - spent) // ((rounds - r) * len(moves)))
            for _ in range(per):
                if deadline is not None and j and time.perf_counter() >= deadline:
                    break
                seed = base + _STRIDE * j
                world = self.sample_world(state, seat, random.Random(seed))
                for m in moves:
                    w = world.clone()
                    w.apply_trusted(m)
                    playout(w, random.Random(seed + 1))
                    totals[m] += self.evaluate(w)[seat]
                j += 1
                spent += len(moves)
            if r < rounds - 1 and len(moves) > 2:
                order = sorted(range(len(moves)), key=lambda i: (-totals[moves[i]], i))
                top = order[: (len(moves) + 1) // 2]
                if 0 not in top:
                    top[-1] = 0
                moves = [moves[i] for i in sorted(top)]
        self.last_iterations = spent
        best = max(moves, key=lambda m: (totals[m], m == first))
        if (totals[best] - totals[first]) / j > self.margin:
            return best
        return first


def search_bot(iterations: int | None = ITERATIONS, seconds: float | None = None) -> SearchBot:
    """The registered ``mcts`` bot: :class:`PairedSearchBot` with the round-aware
    heuristic (:class:`~engine.stock_holdem.bots.ForesightBot`) as its prior."""
    return PairedSearchBot(iterations=iterations, seconds=seconds)


__all__ = [
    "ITERATIONS",
    "PairedSearchBot",
    "PassiveBot",
    "evaluate",
    "playout",
    "sample_world",
    "search_bot",
    "seen_cards",
    "worth",
]
