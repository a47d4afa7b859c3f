"""Owner's Choice for search: the sampled world and the search bot's settings.

Everything in Owner's Choice is public (cash, holdings, prices, the Fund, the pawn); the
only unknown is the dice to come, which are chance nodes. So :func:`sample_world` is a
plain clone: the future chance is left to the chance nodes of the search
(:class:`engine.core.search.SearchBot` samples them).
"""

from __future__ import annotations

import math
import random

from engine.core.search import SearchBot, rank_utility
from engine.owners_choice.state import OwnersChoiceState

#: iterations per decision of the registered ``mcts`` bot (well under 1 s on one core)
ITERATIONS = 200

#: share of the iterations credited to the heuristic's move in the final pick
PRIOR_WEIGHT = 0.25
#: turns begun in a rollout before its leaf is valued (8: two rounds of four players)
TURNS = 8
#: scale of the net-worth lead (dollars) in the logistic utility
TEMPERATURE = 150.0


def sample_world(state: OwnersChoiceState, seat: int, rng: random.Random) -> OwnersChoiceState:
    """A full state consistent with what ``seat`` has seen: the state itself (a clone
    without the history, which the search never reads)."""
    return state.clone(history=False)


def evaluate(state: OwnersChoiceState) -> list[float]:
    """Utility per seat in [0, 1]: at the end, the finishing order; before it, a logistic
    of the seat's net-worth lead over its best rival still in the game (``TEMPERATURE``
    dollars)."""
    if state.is_terminal():
        return rank_utility(state)
    v = state.net_worth()
    out = []
    for p, mine in enumerate(v):
        others = [x for q, x in enumerate(v) if q != p and not state.out[q]]
        lead = mine - (max(others) if others else 0)
        out.append(1.0 / (1.0 + math.exp(-lead / TEMPERATURE)))
    return out


def _turns_later(leaf: OwnersChoiceState):
    """Cut the rollout from ``leaf`` off when ``TURNS`` more turns have begun (the active
    player changed that often): the net worth then values the leaf, instead of the
    noise of a random game to its end."""
    last = [leaf.active, 0]

    def stop(s: OwnersChoiceState) -> bool:
        if s.active != last[0]:
            last[0] = s.active
            last[1] += 1
        return last[1] >= TURNS

    return stop


def search_bot(iterations: int | None = ITERATIONS, seconds: float | None = None) -> SearchBot:
    """MCTS with chance nodes; fast random rollouts (the random bot, which ends a trade
    phase half the time) for ``TURNS`` turns, the leaf valued by the net-worth lead
    (:func:`evaluate`); the heuristic's choice tried first at the root."""
    from engine.owners_choice.bots import OwnersChoiceHeuristicBot, OwnersChoiceRandomBot

    return SearchBot(
        iterations=iterations,
        seconds=seconds,
        rollout=OwnersChoiceRandomBot,
        prior=OwnersChoiceHeuristicBot,
        prior_weight=PRIOR_WEIGHT,
        sample_world=sample_world,
        evaluate=evaluate,
        cutoff=_turns_later,
    )


__all__ = ["ITERATIONS", "evaluate", "sample_world", "search_bot"]
