"""Stack 5 for search: the sampled world and the search bot's settings.

Everything in Stack 5 is public except the order of the deck, and the deck's order is
not drawn until a card is dealt (each deal is a chance node over the deck's contents).
So :func:`sample_world` is a plain clone: the future chance is left to the chance nodes
of the search (:class:`engine.core.search.SearchBot` samples them).
"""

from __future__ import annotations

import math
import random

from engine.core.search import SearchBot, rank_utility
from engine.stack5.state import Stack5State

#: iterations per decision of the registered ``mcts`` bot (well under 1 s on one core)
ITERATIONS = 600

#: share of the iterations credited to the heuristic's move in the final pick
PRIOR_WEIGHT = 0.25
#: turns begun in a rollout before its leaf is valued (2: the opponent's turn is played)
TURNS = 2
#: scale of the lead (in the heuristic's currency) in the logistic utility
TEMPERATURE = 2.0
#: the root moves are compared on common random numbers (the j-th iteration through
#: each move deals the same luck: see :class:`engine.core.search.SearchBot`)
PAIRED = True


def sample_world(state: Stack5State, seat: int, rng: random.Random) -> Stack5State:
    """A full state consistent with what ``seat`` has seen: the state itself (a clone),
    since only the future deals are unknown and the search samples those."""
    return state.clone()


def evaluate(state: Stack5State) -> list[float]:
    """Utility per seat in [0, 1]: at the end, the finishing order
    (:func:`engine.core.search.rank_utility`); before it, a logistic of the seat's lead
    over its best rival in the heuristic's currency (3 per point, plus
    :func:`engine.stack5.bots.rows_value` of its rows)."""
    if state.is_terminal():
        return rank_utility(state)
    from engine.stack5.bots import POINT_VALUE, rows_value

    spec = state.spec
    v = [POINT_VALUE * s + rows_value(spec, rows) for s, rows in zip(state.scores, state._rows)]
    out = []
    for p, mine in enumerate(v):
        lead = mine - max(x for q, x in enumerate(v) if q != p)
        out.append(1.0 / (1.0 + math.exp(-lead / TEMPERATURE)))
    return out


def _turns_later(leaf: Stack5State):
    """Cut the rollout from ``leaf`` off when ``TURNS`` more turns have begun (the drawer
    changed that often), so the leaf is valued before the luck of many turns drowns
    the move."""
    last = [leaf.player, 0]

    def stop(s: Stack5State) -> bool:
        if s.player != last[0]:
            last[0] = s.player
            last[1] += 1
        return last[1] >= TURNS

    return stop


def search_bot(iterations: int | None = ITERATIONS, seconds: float | None = None) -> SearchBot:
    """MCTS with chance nodes; the heuristic bot plays the rollouts until the next turn
    ends (:func:`evaluate` values the leaf) and its choice is tried first at the root and
    credited ``PRIOR_WEIGHT`` of the iterations in the final pick."""
    from engine.stack5.bots import HeuristicBot, RolloutBot

    return SearchBot(
        iterations=iterations,
        seconds=seconds,
        rollout=RolloutBot,
        prior=HeuristicBot,
        prior_weight=PRIOR_WEIGHT,
        evaluate=evaluate,
        cutoff=_turns_later,
        paired=PAIRED,
    )


__all__ = ["ITERATIONS", "evaluate", "sample_world", "search_bot"]
