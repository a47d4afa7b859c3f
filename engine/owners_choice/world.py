"""Owner's Choice for search: the sampled world and the search bot's settings.

Everything in Owner's Choice is public (cash, holdings, prices, the Fund, the pawn); the
only unknown is the dice to come, which are chance nodes. So :func:`sample_world` is a
plain clone: the future chance is left to the chance nodes of the search
(:class:`engine.core.search.SearchBot` samples them).
"""

from __future__ import annotations

import random

from engine.core.search import SearchBot
from engine.owners_choice.state import OwnersChoiceState

#: iterations per decision of the registered ``mcts`` bot (well under 1 s on one core)
ITERATIONS = 200

#: share of the iterations credited to the heuristic's move in the final pick
PRIOR_WEIGHT = 0.25


def sample_world(state: OwnersChoiceState, seat: int, rng: random.Random) -> OwnersChoiceState:
    """A full state consistent with what ``seat`` has seen: the state itself (a clone
    without the history, which the search never reads)."""
    return state.clone(history=False)


def search_bot(iterations: int | None = ITERATIONS, seconds: float | None = None) -> SearchBot:
    """MCTS with chance nodes; fast random rollouts (the random bot, which ends a trade
    phase half the time) to the end of the game, the heuristic's choice tried first at
    the root."""
    from engine.owners_choice.bots import OwnersChoiceHeuristicBot, OwnersChoiceRandomBot

    return SearchBot(
        iterations=iterations,
        seconds=seconds,
        rollout=OwnersChoiceRandomBot,
        prior=OwnersChoiceHeuristicBot,
        prior_weight=PRIOR_WEIGHT,
        sample_world=sample_world,
    )


__all__ = ["ITERATIONS", "sample_world", "search_bot"]
