"""Search bots that drive any game through the protocol.

:class:`SearchBot` is Monte Carlo tree search with UCT selection:

- **perfect information with chance** (Stack 5, Owner's Choice): each iteration starts
  from a clone of the real state; at a chance node the outcome is *sampled*
  (``sample_chance``) and the tree keeps one child per outcome seen (a chance node whose
  outcomes never repeat, such as a whole deal, stops growing after
  ``max_chance_children`` children, and the iteration then rolls out from the chance
  node itself; 0 keeps the tree out of chance nodes altogether);
- **hidden information** (Stock Hold'em, Whist): single-observer information-set MCTS
  (Cowling, Powley & Whitehouse 2012, SO-ISMCTS): each iteration starts from a
  *determinization* ``sample_world(state, seat, rng)`` — a full state consistent with all
  that ``seat`` has seen — and the tree is shared across determinizations; an edge is
  chosen with the ISUCT rule, whose exploration term counts how often the edge was
  *available* rather than how often its parent was visited.

The leaf is valued by a rollout with a policy bot (the game's ``random`` or ``heuristic``),
optionally cut off early (``rollout_limit`` actions, or a game's ``cutoff(leaf)``, which
returns the predicate that ends the rollout begun at that leaf), and
``evaluate(state)`` turns the final state into one utility in [0, 1] per seat (default
:func:`rank_utility`: the share of opponents beaten, a winner above every non-winner).
The move played is the root child visited most, the prior's choice credited with
``prior_weight`` × iterations extra visits (ties: higher mean, then the prior's choice,
then the order of ``legal_actions()``).

``paired=True`` compares the root moves on *common random numbers*: each iteration first
picks its root move (UCT over the root's children, untried moves first), and the j-th
iteration through a root move draws its determinization and every chance outcome from
its own stream seeded by (one draw of the decision's ``rng``, j) — so the j-th visits of
all root moves meet the same hidden cards and, as long as the decks agree, the same
deals, and the root's means differ by the moves more than by the luck (the choices of
the tree and rollouts still use the decision's ``rng``).

The budget is ``iterations`` (deterministic for a seed: every random draw comes from the
``rng`` the driver passes) or ``seconds`` per decision (wall-clock, so not reproducible).
The bot reads only ``observation``/``legal_actions`` of what it is given, clones and
determinizations; it never looks at ``history``.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Sequence

from engine.core.errors import EngineError
from engine.core.protocol import CHANCE, TERMINAL, Bot, S, State

DEFAULT_ITERATIONS = 200
#: distance between the seeds of a paired search's iteration streams
_PAIR_STRIDE = 1_000_003


def expected_rank_share(values: Sequence[float], temperature: float) -> list[float]:
    """Per seat, the expected share of the other seats it finishes ahead of, each pair a
    logistic of the difference of their ``values`` — the scale of :func:`rank_utility`,
    for a leaf before the end.

    >>> expected_rank_share([100.0, 100.0, 0.0], 50.0)[0] > 0.5
    True
    """
    n = len(values)
    out = []
    for p in range(n):
        s = 0.0
        for q in range(n):
            if q != p:
                s += 1.0 / (1.0 + math.exp((values[q] - values[p]) / temperature))
        out.append(s / (n - 1))
    return out


def rank_utility(state: State) -> list[float]:
    """Per seat, the share of the other seats it finishes ahead of (a tie counts half);
    at the end a winner ranks above every non-winner. Two players: 1 win, 0.5 tie, 0 loss.

    >>> from engine import get_game
    >>> s = get_game("pig").new_initial_state(2)
    >>> rank_utility(s)
    [0.5, 0.5]
    """
    r = state.returns()
    n = len(r)
    if n == 1:
        return [1.0]
    won = set(state.winners()) if state.is_terminal() else set()
    key = [(p in won, r[p]) for p in range(n)]
    out = []
    for p in range(n):
        s = 0.0
        for q in range(n):
            if q != p:
                if key[p] > key[q]:
                    s += 1.0
                elif key[p] == key[q]:
                    s += 0.5
        out.append(s / (n - 1))
    return out


class _Node:
    __slots__ = ("children", "visits", "totals", "avail")

    def __init__(self, n: int):
        self.children: dict = {}
        self.visits = 0
        self.totals = [0.0] * n
        self.avail = 0


class SearchBot(Bot[S]):
    """MCTS with chance nodes, or SO-ISMCTS when ``sample_world`` is given.

    ``rollout``: a zero-argument factory of the rollout policy bot. ``prior``: an optional
    factory of a bot whose choice at the root is tried first and wins ties; in the final
    pick it counts ``prior_weight`` × iterations extra visits, so that with a small budget
    the search departs from the prior only when another move is clearly visited more.
    """

    name = "mcts"

    def __init__(
        self,
        *,
        iterations: int | None = DEFAULT_ITERATIONS,
        seconds: float | None = None,
        exploration: float = 0.7,
        rollout: Callable[[], Bot] | None = None,
        prior: Callable[[], Bot] | None = None,
        sample_world: Callable[[S, int, random.Random], S] | None = None,
        evaluate: Callable[[S], list[float]] = rank_utility,
        rollout_limit: int | None = None,
        cutoff: Callable[[S], Callable[[S], bool]] | None = None,  # per rollout
        max_chance_children: int = 32,
        prior_weight: float = 0.0,
        paired: bool = False,
    ):
        if iterations is None and seconds is None:
            raise EngineError("a search bot needs a budget: iterations or seconds per move")
        if iterations is not None and (type(iterations) is not int or iterations < 1):
            raise EngineError(f"iterations {iterations!r} must be a whole number of at least 1")
        if seconds is not None and not (isinstance(seconds, int | float) and seconds > 0):
            raise EngineError(f"seconds {seconds!r} must be a positive number")
        self.iterations = iterations
        self.seconds = seconds
        self.exploration = exploration
        self._rollout_factory = rollout
        self._rollout: Bot | None = None
        self._prior_factory = prior
        self._prior: Bot | None = None
        self.sample_world = sample_world
        self.evaluate = evaluate
        self.rollout_limit = rollout_limit
        self.cutoff = cutoff
        self.max_chance_children = max_chance_children
        self.prior_weight = prior_weight
        self.paired = paired
        #: iterations run by the last :meth:`choose` (for measurements)
        self.last_iterations = 0

    # --- the decision ---------------------------------------------------------------
    def choose(self, state: S, seat: int, rng: random.Random):
        legal = state.legal_actions()
        if len(legal) == 1:
            self.last_iterations = 0
            return legal[0]
        if self._rollout is None and self._rollout_factory is not None:
            self._rollout = self._rollout_factory()
        if self._prior is None and self._prior_factory is not None:
            self._prior = self._prior_factory()
        first = self._prior.choose(state, seat, rng) if self._prior is not None else None
        root = _Node(state.num_players)
        deadline = None if self.seconds is None else time.perf_counter() + self.seconds
        done = 0
        base = rng.getrandbits(48) if self.paired else 0
        while True:
            if self.iterations is not None and done >= self.iterations:
                break
            if deadline is not None and done and time.perf_counter() >= deadline:
                break
            it_rng, forced = rng, None
            if self.paired:
                forced, visit = self._root_pick(root, legal, first, seat)
                it_rng = random.Random(base + _PAIR_STRIDE * visit)
            if self.sample_world is not None:
                world = self.sample_world(state, seat, it_rng)
            else:
                world = state.clone()
            self._iterate(root, world, rng, first if done == 0 else None, forced, it_rng)
            done += 1
        self.last_iterations = done
        bonus = self.prior_weight * done
        best, best_key = legal[0], None
        for i, a in enumerate(legal):
            child = root.children.get(a)
            extra = bonus if a == first else 0.0
            if child is None or not child.visits:
                key = (extra, 0.0, a == first, -i)
            else:
                mean = child.totals[seat] / child.visits
                key = (child.visits + extra, mean, a == first, -i)
            if best_key is None or key > best_key:
                best, best_key = a, key
        return best

    def _root_pick(self, root: _Node, legal: Sequence, first, seat: int) -> tuple:
        """The root move of the next paired iteration (UCT over the root's children;
        untried moves first, the prior's move before the others, then in the order of
        ``legal_actions()``) and how often it was visited before."""
        children = root.children
        if len(children) < len(legal):
            if first is not None and first not in children:
                return first, 0
            for a in legal:
                if a not in children:
                    return a, 0
        c = self.exploration
        log_n = math.log(root.visits)
        best, best_v = None, -math.inf
        for a in legal:
            child = children[a]
            v = child.totals[seat] / child.visits + c * math.sqrt(log_n / child.visits)
            if v > best_v:
                best, best_v = a, v
        return best, children[best].visits

    def _iterate(self, root: _Node, world: S, rng, first, forced=None, luck=None) -> None:
        """One iteration; ``rng`` makes the choices, ``luck`` (default ``rng``) deals the
        chance outcomes."""
        n = world.num_players
        if luck is None:
            luck = rng
        node = root
        path = [root]
        c = self.exploration
        if forced is not None:  # the paired root move (the root is the decision's state)
            for child in root.children.values():
                child.avail += 1
            child = root.children.get(forced)
            if child is None:
                child = root.children[forced] = _Node(n)
                child.avail = 1
                world.apply_trusted(forced)
                self._rollout_from(world, rng, luck)
                self._back_up(path + [child], self.evaluate(world), n)
                return
            world.apply_trusted(forced)
            node = child
            path.append(child)
        while True:
            p = world.current_player()
            if p == TERMINAL:
                break
            if p == CHANCE:
                outcome = world.sample_chance(luck)
                child = node.children.get(outcome)
                if child is None:
                    if len(node.children) >= self.max_chance_children:
                        break  # the rollout starts at this chance node
                    world.apply_trusted(outcome)
                    child = node.children[outcome] = _Node(n)
                    path.append(child)
                    break
                world.apply_trusted(outcome)
                node = child
                path.append(child)
                continue
            legal = world.legal_actions()
            children = node.children
            untried = []
            best, best_v = None, -math.inf
            for a in legal:
                child = children.get(a)
                if child is None:
                    untried.append(a)
                    continue
                child.avail += 1
                if not untried:
                    v = child.totals[p] / child.visits + c * math.sqrt(
                        math.log(child.avail) / child.visits
                    )
                    if v > best_v:
                        best, best_v = a, v
            if untried:
                a = first if first in untried else untried[int(rng.random() * len(untried))]
                child = children[a] = _Node(n)
                child.avail = 1
                world.apply_trusted(a)
                path.append(child)
                break
            world.apply_trusted(best)
            node = children[best]
            path.append(node)
        self._rollout_from(world, rng, luck)
        self._back_up(path, self.evaluate(world), n)

    @staticmethod
    def _back_up(path: list, u: list[float], n: int) -> None:
        for nd in path:
            nd.visits += 1
            t = nd.totals
            for i in range(n):
                t[i] += u[i]

    def _rollout_from(self, world: S, rng, luck=None) -> None:
        stop = self.cutoff(world) if self.cutoff is not None else None
        bot = self._rollout
        limit = self.rollout_limit
        steps = 0
        while True:
            p = world.current_player()
            if p == TERMINAL or (limit is not None and steps >= limit):
                return
            if stop is not None and stop(world):
                return
            if p == CHANCE:
                world.apply_trusted(world.sample_chance(rng if luck is None else luck))
            else:
                legal = world.legal_actions()
                if bot is None:
                    world.apply_trusted(legal[int(rng.random() * len(legal))])
                else:
                    world.apply_trusted(bot.choose(world, p, rng))
            steps += 1


def clone_world(state: State, seat: int, rng: random.Random) -> State:
    """``sample_world`` of a game whose only secret is the future: a clone (the future
    chance is left to the chance nodes of the search)."""
    return state.clone()


__all__ = ["DEFAULT_ITERATIONS", "SearchBot", "clone_world", "rank_utility"]
