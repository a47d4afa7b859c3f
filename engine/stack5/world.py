"""Stack 5 for search: the sampled world and the search bot's settings.

Everything in Stack 5 is public except the order of the deck, and the deck's order is
not drawn until a card is dealt (each deal is a chance node over the deck's contents).
So :func:`sample_world` is a plain clone: the future chance is left to the chance nodes
of the search (:class:`engine.core.search.SearchBot` samples them).
"""

from __future__ import annotations

import random

from engine.core.search import SearchBot
from engine.stack5.state import Stack5State

#: iterations per decision of the registered ``mcts`` bot (well under 1 s on one core)
ITERATIONS = 100


def sample_world(state: Stack5State, seat: int, rng: random.Random) -> Stack5State:
    """A full state consistent with what ``seat`` has seen: the state itself (a clone),
    since only the future deals are unknown and the search samples those."""
    return state.clone()


def search_bot(iterations: int | None = ITERATIONS, seconds: float | None = None) -> SearchBot:
    """MCTS with chance nodes; the heuristic bot plays the rollouts to the end of the
    game and its choice is tried first at the root."""
    from engine.stack5.bots import HeuristicBot

    return SearchBot(
        iterations=iterations, seconds=seconds, rollout=HeuristicBot, prior=HeuristicBot
    )


__all__ = ["ITERATIONS", "sample_world", "search_bot"]
