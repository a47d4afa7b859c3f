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
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from engine.core.protocol import Bot
from engine.core.search import SearchBot, expected_rank_share, rank_utility
from engine.stock_holdem.actions import OP_END, OP_NO_BUY, OP_NO_SELL, OP_PLACE
from engine.stock_holdem.cards import ALL_CARDS, BEAR, backs
from engine.stock_holdem.rules import FACE_UP
from engine.stock_holdem.state import DEAL, OVER, StockHoldemState

_PASS = frozenset((OP_NO_SELL, OP_NO_BUY, OP_END))

#: iterations per decision of the registered ``mcts`` bot (well under 1 s on one core)
ITERATIONS = 400


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


#: share of the iterations credited to the prior's move (:class:`~engine.stock_holdem.bots.
#: TunedBot`) in the final pick
PRIOR_WEIGHT = 0.25
#: scale of the net-worth differences (dollars) in the logistic utility
TEMPERATURE = 20.0


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


class PassiveBot(Bot[StockHoldemState]):
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


def worth(state: StockHoldemState) -> Sequence[float]:
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


def _round_over(leaf: StockHoldemState):
    """End a rollout when the leaf's round has been priced (or the game is over)."""
    start = leaf.round

    def stop(s: StockHoldemState) -> bool:
        return s.round != start or s.phase == OVER

    return stop


def search_bot(iterations: int | None = ITERATIONS, seconds: float | None = None) -> SearchBot:
    """SO-ISMCTS over :func:`sample_world`; :class:`PassiveBot` rollouts to the end of
    the current round (the price phase sets the prices), then :func:`evaluate` values
    the seats' worths against each other; the round-aware heuristic with tuned
    thresholds (:class:`~engine.stock_holdem.bots.TunedBot`) is the prior, tried first at
    the root and credited ``PRIOR_WEIGHT`` × iterations visits in the final pick."""
    from engine.stock_holdem.bots import TunedBot

    return SearchBot(
        iterations=iterations,
        seconds=seconds,
        rollout=PassiveBot,
        prior=TunedBot,
        prior_weight=PRIOR_WEIGHT,
        sample_world=sample_world,
        cutoff=_round_over,
        evaluate=evaluate,
    )


__all__ = [
    "ITERATIONS",
    "PassiveBot",
    "evaluate",
    "sample_world",
    "search_bot",
    "seen_cards",
    "worth",
]
