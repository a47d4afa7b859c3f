"""The game protocol every game implements (OpenSpiel style, with text actions).

A game is a :class:`Game` (metadata, ruleset class, bots) that makes :class:`State`
objects. A state is a node of the game tree: a seat to act, a chance node, or terminal.

Actions are small immutable values whose ``str()`` is their stable text form; a record is
the list of those strings. ``State.apply`` accepts an action or its text, checks it
against the rules and raises without changing anything when it is not allowed.
Drivers that took the action from ``legal_actions()`` or ``sample_chance()`` may call
``apply_trusted`` to skip the check (the hot path of simulation).
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, ClassVar, Generic, Self, TypeVar

from engine.core.errors import EngineError, IllegalAction, quote_choices, word

CHANCE = -1
TERMINAL = -2


class State(ABC):
    """One position of a game. Subclasses keep their data compact and cheap to copy."""

    game: Game
    num_players: int
    ruleset: Any
    history: list[str]

    # --- who acts -----------------------------------------------------------------
    @abstractmethod
    def current_player(self) -> int:
        """A seat (0..n-1), ``CHANCE`` or ``TERMINAL``."""

    def is_terminal(self) -> bool:
        return self.current_player() == TERMINAL

    def is_chance(self) -> bool:
        return self.current_player() == CHANCE

    # --- moves ----------------------------------------------------------------------
    @abstractmethod
    def legal_actions(self) -> Sequence[Any]:
        """The actions the seat to act may take now, empty at chance and terminal nodes.

        A read-only sequence: a game may hand out the same cached tuple every time it is
        asked (Whist does), so callers copy before changing it (``list(legal)``) and test
        for none with ``not legal``, never ``legal == []``."""

    def chance_outcomes(self) -> list[tuple[Any, Fraction]]:
        """Every outcome of the chance node with its exact probability.

        Games whose chance node is a whole deal raise :class:`EngineError` here and
        implement :meth:`sample_chance` and :meth:`check_chance` instead.
        """
        raise EngineError("this state is not a chance node")

    def sample_chance(self, rng: random.Random):
        """Draw one chance outcome with ``rng`` (default: from ``chance_outcomes``)."""
        outcomes = self.chance_outcomes()
        den = 1
        for _, p in outcomes:
            den = den * p.denominator // _gcd(den, p.denominator)
        r = rng.randrange(den)
        for action, p in outcomes:
            r -= p.numerator * (den // p.denominator)
            if r < 0:
                return action
        return outcomes[-1][0]

    def check_chance(self, action) -> None:
        """Raise :class:`IllegalAction` unless ``action`` is a possible chance outcome."""
        possible = [a for a, _ in self.chance_outcomes()]
        if action not in possible:
            raise IllegalAction.coded(
                "chance.impossible",
                "chance outcome {action!r} is not possible now; possible: {possible}",
                action=str(action),
                possible=quote_choices(possible),
            )

    @abstractmethod
    def parse_action(self, text: str):
        """Turn text into an action of this game, or raise :class:`ParseError`.

        Only the syntax is checked here; :meth:`apply` checks legality.
        """

    def apply(self, action) -> None:
        """Apply one move or chance outcome (an action object or its text), checked.

        Raises :class:`ParseError` for text that names no action and
        :class:`IllegalAction` for an action the rules do not allow now. On error the
        state is unchanged.
        """
        if isinstance(action, str):
            action = self.parse_action(action)
        player = self.current_player()
        if player == TERMINAL:
            raise IllegalAction.coded(
                "action.game_over", "{action!r}: the game is over", action=str(action)
            )
        if player == CHANCE:
            self.check_chance(action)
        else:
            legal = self.legal_actions()
            if action not in legal:
                raise IllegalAction.coded(
                    "action.not_allowed",
                    "{action!r} is not allowed now ({turn}); allowed: {allowed}",
                    action=str(action),
                    turn=self.describe_turn(),
                    allowed=quote_choices(legal),
                )
        self.apply_trusted(action)

    def apply_trusted(self, action) -> None:
        """Apply an action known to be legal; records it in ``history``."""
        self._apply(action)
        self.history.append(str(action))

    @abstractmethod
    def _apply(self, action) -> None:
        """Change the state by a legal action (no checks, no history)."""

    def describe_turn(self) -> str:
        """A short phrase naming who is to act and in which phase, for messages."""
        p = self.current_player()
        if p == CHANCE:
            return "chance to act"
        if p == TERMINAL:
            return "game over"
        return f"seat {p} to act"

    # --- results and views -------------------------------------------------------------
    @abstractmethod
    def returns(self) -> list[float]:
        """The score of each seat (the game documents the unit: money, points…)."""

    def winners(self) -> list[int]:
        """The seats that won (ties share the win); empty while the game runs."""
        if not self.is_terminal():
            return []
        r = self.returns()
        best = max(r)
        return [i for i, v in enumerate(r) if v == best]

    @abstractmethod
    def observation(self, seat: int):
        """What ``seat`` may see: hidden cards are hidden. ``None`` = omniscient viewer."""

    @abstractmethod
    def clone(self) -> Self:
        """An independent copy, cheap enough for search."""

    def __str__(self) -> str:
        return f"<{self.game.name} state after {len(self.history)} actions>"


def _gcd(a: int, b: int) -> int:
    while b:
        a, b = b, a % b
    return a


S = TypeVar("S", bound=State)  # the state class of the game a bot plays


class Bot(ABC, Generic[S]):
    """A player that chooses from what its seat can see and the legal actions (``Bot[S]``:
    a bot of the game whose states are ``S``)."""

    name: ClassVar[str] = "bot"

    @abstractmethod
    def choose(self, state: S, seat: int, rng: random.Random):
        """Pick one of ``state.legal_actions()``.

        A bot must decide from ``state.observation(seat)`` and ``state.legal_actions()``
        only; it receives the state so it can ask for those (and clone for look-ahead on
        public information), never to read hidden cards.
        """


class RandomBot(Bot[S]):
    """Chooses uniformly among the legal actions: works for every game."""

    name = "random"

    def choose(self, state: S, seat: int, rng: random.Random):
        return rng.choice(state.legal_actions())


@dataclass(frozen=True)
class OpenSpielHooks:
    """What the OpenSpiel adapter (:mod:`engine.adapters.openspiel`) needs of a game.

    - ``texts(ruleset, players)``: every action text the game can write under the ruleset
      and player count, chance outcomes included, in a fixed order (an action's id is its
      index), and ``card X`` for each card of a deal the adapter deals one at a time;
    - ``deal_node(state)``: at a chance node that is one whole deal, (the deck's cards, how
      many of the shuffled deck's first cards the deal uses, the card-text function);
      else ``None`` (the default: no such deal);
    - for an imperfect-information game's resampling of the hidden cards:
      ``seen_positions(state, seat, order)``, the positions of the deal ``order`` whose
      card the seat knows (default: every one); ``position_owners(state, size)``, who
      holds each position's card now (-1: nobody who shows voids); ``voids(state)``,
      the suits each seat has shown it lacks.
    """

    long_name: str
    texts: Callable[[Any, int], tuple[str, ...]]
    max_moves: int  # the default cap on player moves, far above a random game's length
    perfect: bool  # perfect information: the deck order is nobody's information
    deal_node: Callable[[Any], tuple[tuple[int, ...], int, Callable] | None] | None = None
    seen_positions: Callable[[Any, int, list[int]], set[int]] | None = None
    position_owners: Callable[[Any, int], list[int]] | None = None
    voids: Callable[[Any], dict[int, set[int]]] | None = None


@dataclass(frozen=True)
class Game:
    """A game's metadata and factories. Each game package defines one ``GAME``."""

    name: str
    title: str
    min_players: int
    max_players: int
    ruleset_class: type
    #: ``(game, num_players, ruleset)`` → the state before the first action: the Game makes
    #: its states and hands itself in, so no state module needs to import its game
    new_state: Callable[[Game, int, Any], State]
    bots: dict[str, Callable[..., Bot]]  # some take options (iterations=…)
    description: str = ""
    default_players: int = 0
    players_fixed_by_ruleset: Callable[[Any], int] | None = None
    #: a demonstration of the protocol (Pig): left out of the menus unless asked for, and
    #: the cheapest game for a tool that only needs some game to run
    demo: bool = False
    #: games the parallel benchmark (``python -m engine bench --parallel``) plays by
    #: default, about 3 s on one core; 0: not benchmarked unless named
    parallel_bench_games: int = 0
    #: how the game plays inside OpenSpiel; ``None``: not offered there
    openspiel: OpenSpielHooks | None = None
    #: ``(state, played)`` → the graded choices at ``state`` for the move ``played``
    #: (:class:`engine.puzzles.Choices`) or ``None``; ``None``: the game has no puzzles
    puzzle_choices: Callable[[Any, str], Any] | None = None
    #: ``(state, ask_bot)`` → the hint for the seat to act, by the game's own valuation
    #: (:class:`engine.hints.Hint`), or ``None`` where it values nothing (then
    #: :func:`engine.hints.hint` asks the strongest bot: ``ask_bot()`` gives its name and
    #: move); ``None``: never valued
    hint: Callable[[Any, Callable[[], tuple[str, str]]], Any] | None = None
    #: the guided first game's rules and their detector (:class:`engine.tutorial.Guide`),
    #: imported on first use; ``None``: the game has no guided first game
    tutorial: Callable[[], Any] | None = None

    def players_for(self, ruleset) -> Sequence[int]:
        """The player counts this ruleset allows."""
        if self.players_fixed_by_ruleset is not None:
            return (self.players_fixed_by_ruleset(ruleset),)
        return range(self.min_players, self.max_players + 1)

    def default_count(self, ruleset) -> int:
        """The player count to use when none is given: the default if this ruleset allows
        it, else the smallest count it allows (a Whist variant fixes the count)."""
        allowed = list(self.players_for(ruleset))
        return self.default_players if self.default_players in allowed else allowed[0]

    def new_initial_state(self, num_players: int | None = None, ruleset=None, **overrides):
        """The state before the first action.

        >>> from engine import get_game
        >>> s = get_game("pig").new_initial_state(2)
        >>> s.current_player()
        0
        """
        if not overrides:  # fast path: a ruleset and player count checked before
            if ruleset is None:
                known = _DEFAULT_RULES.get(id(self))
                if known is not None and known[0] is self:
                    ruleset = known[1]
            if ruleset is not None and type(num_players) is int:
                known = _CHECKED.get((id(self), id(ruleset), num_players))
                if known is not None and known[0] is self and known[1] is ruleset:
                    return self.new_state(self, num_players, ruleset)
        from engine.core.ruleset import make_ruleset

        if ruleset is None:
            ruleset = make_ruleset(self.ruleset_class, overrides)
            if not overrides and _frozen(ruleset):
                _DEFAULT_RULES[id(self)] = (self, ruleset)
        elif overrides:
            raise EngineError("give either a ruleset object or overrides, not both")
        if num_players is None:
            num_players = self.default_count(ruleset)
        allowed = list(self.players_for(ruleset))
        if isinstance(num_players, bool) or not isinstance(num_players, int):
            raise EngineError.coded(
                "players.not_int",
                "number of players {n!r} must be an integer",
                n=num_players,
            )
        if num_players not in allowed:
            raise EngineError.coded(
                "players.count",
                "{game} cannot be played by {n} players; allowed: {allowed}",
                game=word(self.title),
                n=num_players,
                allowed=", ".join(map(str, allowed)),
            )
        if _frozen(ruleset):
            if len(_CHECKED) >= 256:
                _CHECKED.clear()
            _CHECKED[id(self), id(ruleset), num_players] = (self, ruleset)
        return self.new_state(self, num_players, ruleset)

    def make_bot(self, name: str) -> Bot:
        try:
            return self.bots[name]()
        except KeyError:
            raise EngineError.coded(
                "bot.unknown",
                "no bot {name!r} for {game}; bots: {bots}",
                name=name,
                game=word(self.title),
                bots=quote_choices(sorted(self.bots)),
            ) from None


# Game.new_initial_state's memory of what it checked, by identity (the entries hold the
# objects, so an id is never reused while its entry lives): the default ruleset of each
# game, and (game, ruleset, players) triples already allowed. Only frozen rulesets.
_DEFAULT_RULES: dict[int, tuple[Game, Any]] = {}
_CHECKED: dict[tuple[int, int, int], tuple[Game, Any]] = {}


def _frozen(ruleset) -> bool:
    params = getattr(type(ruleset), "__dataclass_params__", None)
    return params is not None and params.frozen
