"""The Owner's Choice search bot (``mcts``): MCTS with chance nodes, with its sampled world,
rollout policy, leaf value and settings.

Everything in Owner's Choice is public (cash, holdings, prices, the Fund, the pawn); the
only unknown is the dice to come, which are chance nodes. So :func:`sample_world` is a
plain clone: the future chance is left to the chance nodes of the search
(:class:`engine.core.search.SearchBot` samples them).
"""

from __future__ import annotations

import random

from engine.core.protocol import Bot
from engine.core.search import SearchBot, expected_rank_share, rank_utility
from engine.owners_choice.actions import DONE, FUND, FUND_DIE, PAY, STAY
from engine.owners_choice.state import CHOOSE, LEAVE, POST, PRE, SETUP, OwnersChoiceState

#: iterations per decision of the registered ``mcts`` bot (well under 1 s on one core)
ITERATIONS = 1000

#: share of the iterations credited to the heuristic's move in the final pick: none, since
#: a credit kept the search on the heuristic's move too often (the runs that decided it are
#: in data/ladder/README.md)
PRIOR_WEIGHT = 0.0
#: turns begun in a rollout before its leaf is valued (8: two rounds of four players)
TURNS = 8
#: scale of the net-worth differences (dollars) in the logistic utility
TEMPERATURE = 150.0


def sample_world(state: OwnersChoiceState, seat: int, rng: random.Random) -> OwnersChoiceState:
    """A full state consistent with what ``seat`` has seen: the state itself (a clone
    without the history, which the search never reads)."""
    return state.clone(history=False)


def evaluate(state: OwnersChoiceState) -> list[float]:
    """Utility per seat in [0, 1]: at the end, the finishing order (:func:`rank_utility`);
    before it, the expected share of the other seats it finishes ahead of, each pair a
    logistic of the difference of their net worths (``TEMPERATURE`` dollars) — the same
    scale as the finishing order, so a seat values second place over last."""
    if state.is_terminal():
        return rank_utility(state)
    return expected_rank_share(state.net_worth(), TEMPERATURE)


class PassiveBot(Bot[OwnersChoiceState]):
    """The rollout policy: no trade (so the holdings and presidencies the searched move
    made stay as they are, instead of drowning in random trades), a random move, and a
    president who picks the option worth more to them in expectation
    (:func:`pay_gain`, exact over the dice for their cash and that company's shares)."""

    name = "passive"

    def choose(self, state: OwnersChoiceState, seat: int, rng: random.Random):
        legal = state.legal_actions()
        if len(legal) == 1:
            return legal[0]
        ph = state.phase
        if ph == PRE:
            moves = [a for a in legal if a.kind == "move"]
            return moves[int(rng.random() * len(moves))]
        if ph in (POST, SETUP):
            return DONE
        if ph == CHOOSE:
            return PAY if pay_gain(state) > 0 else FUND
        if ph == LEAVE:
            return STAY
        return legal[int(rng.random() * len(legal))]


def _step_value(state: OwnersChoiceState, c: int, k: int) -> int:
    """The change of company ``c``'s price when it moves ``k`` steps (a fall below the
    bottom step, which bankrupts it, loses the whole price)."""
    t = state.t
    s = state.step[c]
    to = s + k
    if to < 0:
        return (
            -t.prices[s]
            if s == 0 or state.ruleset.bankrupt_on_overshoot
            else -t.prices[s] + t.prices[0]
        )
    return t.prices[min(to, t.top)] - t.prices[s]


def pay_gain(state: OwnersChoiceState) -> float:
    """At a president's choice: how much more the president expects to gain by paying
    the fee and rolling the company's president die than by rolling the Fund die (their cash plus
    their shares of the company at market; in floats, for the rollouts)."""
    c = state.company
    p = state.chooser
    k = state.shares(p, c)
    ch = state.ch
    pay = 0.0
    faces = ch.raw[c]
    for a in faces:
        eff = ch.effect[a][1]
        if eff[0] == "step":
            pay += k * _step_value(state, c, eff[1])
        else:
            pay += k * state.dividend(c)
    pay = pay / len(faces) - state.fee(c)
    fund = 0.0
    faces = ch.raw[FUND_DIE]
    for a in faces:
        take, steps = ch.effect[a][1]
        fund += (state.fund if take < 0 else min(take, state.fund)) + k * _step_value(
            state, c, -steps
        )
    return pay - fund / len(faces)


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
    """MCTS with chance nodes; :class:`PassiveBot` rollouts (no trades, presidents pick
    the better option) for ``TURNS`` turns, the leaf valued by :func:`evaluate` (the
    expected share of rivals beaten); the heuristic's choice tried first at the root."""
    from engine.owners_choice.bots import OwnersChoiceHeuristicBot

    return SearchBot(
        iterations=iterations,
        seconds=seconds,
        rollout=PassiveBot,
        prior=OwnersChoiceHeuristicBot,
        prior_weight=PRIOR_WEIGHT,
        sample_world=sample_world,
        evaluate=evaluate,
        cutoff=_turns_later,
    )


__all__ = ["ITERATIONS", "PassiveBot", "evaluate", "pay_gain", "sample_world", "search_bot"]
