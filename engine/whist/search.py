"""The Whist search bot: SO-ISMCTS over sampled worlds (:mod:`engine.whist.position`)
with the heuristic's rollouts, and the last tricks of a four-player deal by
perfect-information Monte Carlo over the double-dummy solver (:mod:`engine.doubledummy.four_hands`).

Its settings were measured on the ladder's seeds and on tuning seeds; the figures are in
``data/ladder/README.md`` (the Whist ladder: the bot before, the bidding margin, deeper
double dummy, paired root moves).
"""

from __future__ import annotations

import math
import random

from engine.core.search import SearchBot, rank_utility
from engine.whist.position import sample_world
from engine.whist.scoring import bid_whist_points
from engine.whist.state import DEAL, END, PLAY, WhistState

#: iterations per decision of the registered ``mcts`` bot (well under 1 s on one core)
ITERATIONS = 100
#: share of the iterations credited to the heuristic's move in the final pick
PRIOR_WEIGHT = 0.25
#: scale of the score lead (points) in the logistic utility before the end
TEMPERATURE = 2.0
#: tricks left (the one in progress included) from which a four-player card is chosen by
#: perfect-information Monte Carlo over the double-dummy solver (0: never): deeper costs
#: more than the time budget allows on average
DD_TRICKS = 7
#: sampled worlds solved for each such card
DD_WORLDS = 20
#: value those cards by the deal's points for the side (Bid Whist: made or set, the books
#: over six), not by raw books
DD_POINTS = True
#: books the search bot adds to the heuristic's estimate of its hand when it bids: it
#: makes more of its contracts than the heuristic, so it can afford to bid more (tuned:
#: data/ladder/README.md)
BID_EXTRA = 1.5


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
    (:class:`engine.doubledummy.four_hands.Solver`, one solve per class of equivalent cards), and
    the card with the highest total is played (ties: the heuristic's card, then the order
    of ``legal_actions()``).

    ``dd_points`` (Bid Whist): a card's value in a world is the deal's points for the
    side with those books — made, the books over six; set, minus the bid; no trump
    doubled; a defender counts the declarers' points against it — so a card that makes
    (or sets) the contract in more worlds beats one that takes a book more on average.
    ``dd_nodes``: stop sampling worlds once the solver has searched that many nodes (at
    least ``dd_min_worlds``; 0: always ``dd_worlds``) — a budget that is deterministic.
    Bids, trump and discards are the heuristic's (the prior), which cost no search time
    and measured no weaker than searched ones.
    """

    def __init__(
        self,
        *,
        dd_tricks: int = DD_TRICKS,
        dd_worlds: int = DD_WORLDS,
        dd_points: bool = DD_POINTS,
        dd_nodes: int = 0,
        dd_min_worlds: int = 4,
        **kwargs,
    ):
        super().__init__(**kwargs)
        self.dd_tricks = dd_tricks
        self.dd_worlds = dd_worlds
        self.dd_points = dd_points
        self.dd_nodes = dd_nodes
        self.dd_min_worlds = dd_min_worlds

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
        if state.phase != PLAY:
            if self._prior is None and self._prior_factory is not None:
                self._prior = self._prior_factory()
            if self._prior is not None:
                self.last_iterations = 0
                return self._prior.choose(state, seat, rng)
        return super().choose(state, seat, rng)

    def _double_dummy(self, state: WhistState, seat: int, rng: random.Random, legal):
        from engine.doubledummy.four_hands_c import new_solver

        if self._prior is None and self._prior_factory is not None:
            self._prior = self._prior_factory()
        first = self._prior.choose(state, seat, rng) if self._prior is not None else None
        left = state.n_tricks - len(state.tricks)
        side = seat & 1
        by_code = {a.code: a for a in legal}
        totals = dict.fromkeys(legal, 0.0)
        value = self._valuer(state, seat, left)
        sample = self.sample_world
        assert sample is not None  # search_bot always gives the Whist determinization
        nodes = worlds = 0
        while worlds < self.dd_worlds and (
            not self.dd_nodes or worlds < self.dd_min_worlds or nodes < self.dd_nodes
        ):
            world = sample(state, seat, rng)
            hands = list(world.hands)
            trick = list(world.trick_cards)
            solver = new_solver(hands, world.trump, world.low, world.ruleset.jokers_follow_trump)
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
    (``DD_POINTS``); bids, trump and discards are the heuristic's, bidding with
    ``BID_EXTRA`` (option ``bid_extra``) books more than its estimate
    (:class:`WhistSearchBot`; ``options`` override its settings, ``paired`` among them)."""
    from engine.whist.bots import HeuristicBot

    bid_extra = options.pop("bid_extra", BID_EXTRA)
    options = {
        "dd_tricks": DD_TRICKS,
        "dd_worlds": DD_WORLDS,
        "dd_points": DD_POINTS,
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
    )


__all__ = [
    "BID_EXTRA",
    "DD_POINTS",
    "DD_TRICKS",
    "DD_WORLDS",
    "ITERATIONS",
    "WhistSearchBot",
    "evaluate",
    "search_bot",
]
