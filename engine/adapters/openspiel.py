"""The four games as OpenSpiel Python games (the optional extra ``openspiel``).

Install with ``pip install -e '.[openspiel]'``; the engine never imports this module, and
this module imports ``pyspiel`` only when :func:`register` runs (on import, or again by
hand). Usage::

    import pyspiel
    import engine.adapters.openspiel as osa  # registers the games

    game = pyspiel.load_game("tabletop_stack5")  # 2 players, default ruleset
    game = pyspiel.load_game("tabletop_stack5", {"players": 3, "target": 4})
    game = pyspiel.load_game("tabletop_whist", {"variant": "bid2"})
    state = game.new_initial_state()
    osa.engine_state(state)  # the engine's own state behind it (read only)

Games: ``tabletop_stack5``, ``tabletop_owners_choice``, ``tabletop_stock_holdem`` and
``tabletop_whist`` (each Whist variant by the parameter ``variant``: ``bid4`` (default),
``whist4``, ``bid2``, ``whist2``).

Parameters: ``players`` (0 = the game's default count; Whist's variant fixes it),
``max_moves`` (below) and every ruleset field whose value is a number, a string or true /
false, by its ruleset name (see the Rules pages / ``engine/<game>/rules.py``).

How the engine maps onto OpenSpiel:

- **Actions.** One action id per action text. The id space is fixed per game, ruleset and
  player count (:attr:`OpenSpielHooks.texts` of the game lists every text it can write, in a
  stable order); ``num_distinct_actions`` is its length, and chance outcomes share the
  same ids (``max_chance_outcomes`` = the same number). ``action_to_string`` gives the
  engine's text.
- **Chance.** A chance node's outcomes and exact probabilities come from the engine's
  ``chance_outcomes()`` (floats of its fractions). A deal that the engine makes as ONE
  chance action (Whist, Stock Hold'em: every card named) is dealt here one card at a time,
  each uniform over the cards not dealt yet (chance actions ``card X``); after the last
  card, the engine's deal action is built from that order by the engine's own dealing
  code, so the probability of every deal is exactly the engine's.
- **Information.** Stack 5 and Owner's Choice are perfect-information games with chance
  (the deck order is nobody's information); Stock Hold'em and Whist are imperfect. The
  observation string of a seat is the engine's ``observation(seat)`` as sorted JSON; the
  information-state string adds that seat's own past actions (perfect-information games:
  the whole history of action texts). No tensors.
- **Utilities.** The win share: each winner of a finished game gets ``1 / number of
  winners``, everyone else 0 (constant-sum 1; min 0, max 1). The engine's own returns
  (points, money) stay available through :func:`engine_state`. A game that reaches
  ``max_moves`` player moves (OpenSpiel needs a maximum game length; Stack 5 and Whist
  have none, as a deck reshuffles and scores can go up and down) ends there as a draw:
  every seat gets ``1 / players``. The defaults (each game's ``OpenSpielHooks.max_moves``)
  are far above the lengths of random games (see the tests); raise ``max_moves`` for
  longer horizons.
- **Serialization.** OpenSpiel serializes a Python game state as its history plus a
  pickle of the state's ``__dict__``; here that dict holds only a small object that
  pickles as the list of action ids and replays them when loaded. Deserialize only
  strings you made (pyspiel unpickles them).
- **ISMCTS.** OpenSpiel's ``ISMCTSBot`` needs worlds consistent with a seat's information;
  give it :func:`resampler` (``bot.set_resampler(osa.resampler(seed))``): it re-deals the
  cards the seat has not seen and replays the game, keeping a world only when the seat's
  information-state string is unchanged. Cards named in actions (played, discarded) keep
  their place, and two-player straw piles are kept as they are, so the worlds are
  consistent but not uniformly drawn. Only Whist worlds are re-dealt so far; for the other
  games it returns a copy of the real state (the engine's ``sample_world`` of
  ``engine/<game>/world.py`` could be wired in).
"""

from __future__ import annotations

import json
import random
from dataclasses import dataclass
from typing import Any

from engine.core.errors import EngineError
from engine.core.protocol import CHANCE, TERMINAL, OpenSpielHooks
from engine.core.registry import game_names, get_game
from engine.core.ruleset import make_ruleset

PREFIX = "tabletop_"


@dataclass(frozen=True)
class _Spec:
    name: str
    hooks: OpenSpielHooks

    @property
    def long_name(self) -> str:
        return self.hooks.long_name

    @property
    def texts(self) -> Any:
        return self.hooks.texts

    @property
    def perfect(self) -> bool:
        return self.hooks.perfect


def specs() -> dict[str, _Spec]:
    """The games offered in OpenSpiel (each game's :attr:`Game.openspiel`), in menu order."""
    games = (get_game(name) for name in game_names(include_demo=True))
    return {g.name: _Spec(g.name, g.openspiel) for g in games if g.openspiel is not None}


def max_moves() -> dict[str, int]:
    """Default ``max_moves`` (player moves, chance excluded) per game."""
    return {name: spec.hooks.max_moves for name, spec in specs().items()}


# --- deals made card by card -------------------------------------------------------------
def _deal_node(engine) -> tuple[tuple[int, ...], int, Any] | None:
    """At a chance node that is one whole deal: (the deck's cards, how many of the shuffled
    deck's first cards the deal uses, the card-text function); else None."""
    hooks = engine.game.openspiel
    if hooks is None or hooks.deal_node is None:
        return None
    return hooks.deal_node(engine)


class _Scripted:
    """Stands in for the rng of the engine's ``sample_chance``: its shuffle puts the
    cards in the order the adapter dealt them."""

    def __init__(self, order: list[int]):
        self.order = order

    def shuffle(self, cards: list) -> None:
        cards[:] = self.order


# --- the Python side of a state ----------------------------------------------------------
class _Core:
    """Everything an adapted state holds: the engine state, the cards of a deal dealt so
    far, the action ids applied, each seat's own action texts, the player-move count."""

    __slots__ = ("game", "engine", "dealt", "ids", "mine", "moves", "deal_start")

    def __init__(self, game: _OSGame):
        self.game = game
        self.engine = game.engine_game.new_initial_state(game.players, game.ruleset)
        self.dealt: list[int] = []
        self.ids: list[int] = []
        self.mine: list[list[str]] = [[] for _ in range(game.players)]
        self.moves = 0
        self.deal_start = -1  # index in ids of the current deal's first card

    def copy(self) -> _Core:
        c = _Core.__new__(_Core)
        c.game = self.game
        c.engine = self.engine.clone()
        c.dealt = list(self.dealt)
        c.ids = list(self.ids)
        c.mine = [list(m) for m in self.mine]
        c.moves = self.moves
        c.deal_start = self.deal_start
        return c

    def __deepcopy__(self, memo) -> _Core:
        return self.copy()

    def __reduce__(self):
        return (_replayed_core, (self.game.short_name, self.game.params_dict, tuple(self.ids)))

    # --- protocol ------------------------------------------------------------------------
    def truncated(self) -> bool:
        return self.moves >= self.game.max_moves and not self.engine.is_terminal()

    def player(self) -> int:
        if self.dealt:
            return CHANCE
        if self.truncated():
            return TERMINAL
        return self.engine.current_player()

    def deal_info(self):
        return _deal_node(self.engine) if self.engine.is_chance() else None

    def chance_outcomes(self) -> list[tuple[int, float]]:
        index = self.game.index
        deal = self.deal_info()
        if deal is not None:
            deck, _, text = deal
            taken = set(self.dealt)
            left = [c for c in deck if c not in taken]
            p = 1.0 / len(left)
            return sorted((index["card " + text(c)], p) for c in left)
        return sorted((index[str(a)], float(p)) for a, p in self.engine.chance_outcomes())

    def legal(self) -> list[int]:
        index = self.game.index
        return sorted(index[str(a)] for a in self.engine.legal_actions())

    def apply(self, action_id: int) -> None:
        text = self.game.texts[action_id]
        engine = self.engine
        seat = engine.current_player()
        self.ids.append(action_id)
        if seat == CHANCE:
            deal = self.deal_info()
            if deal is not None:
                deck, size, card_text = deal
                card = next(c for c in deck if "card " + card_text(c) == text)
                if not self.dealt:
                    self.deal_start = len(self.ids) - 1
                self.dealt.append(card)
                if len(self.dealt) == size:
                    taken = set(self.dealt)
                    order = self.dealt + [c for c in deck if c not in taken]
                    engine.apply(engine.sample_chance(_Scripted(order)))
                    self.dealt = []
                return
            engine.apply(text)
            return
        engine.apply(text)
        self.mine[seat].append(text)
        self.moves += 1

    def returns(self) -> list[float]:
        n = self.game.players
        if self.truncated():
            return [1.0 / n] * n
        if not self.engine.is_terminal():
            return [0.0] * n
        won = self.engine.winners() or list(range(n))
        return [1.0 / len(won) if s in won else 0.0 for s in range(n)]

    def observation_string(self, seat: int) -> str:
        return json.dumps(self.engine.observation(seat), sort_keys=True, default=str)

    def information_state_string(self, seat: int) -> str:
        if self.game.spec.perfect:
            return "\n".join(self.engine.history)
        own = " | ".join(self.mine[seat])
        return f"{self.observation_string(seat)}\nmine: {own}"


def _replayed_core(short_name: str, params: dict, ids: tuple[int, ...]) -> _Core:
    """Rebuild a core by replaying action ids (how a pickled core loads)."""
    import pyspiel

    register()
    game = pyspiel.load_game(short_name, dict(params))
    core = _Core(game)
    for a in ids:
        if not isinstance(a, int) or not 0 <= a < len(game.texts):
            raise EngineError(f"action id {a!r} is not an action of {short_name}")
        core.apply(a)
    return core


# --- registration ------------------------------------------------------------------------
_REGISTERED: set[str] = set()
_OSGame: Any = None  # the pyspiel.Game subclass, made by register()


def _simple_fields(ruleset_class) -> dict[str, Any]:
    import dataclasses

    out = {}
    for f in dataclasses.fields(ruleset_class):
        value = f.default
        if isinstance(value, (bool, int, float, str)):
            out[f.name] = value
    return out


def register() -> None:
    """Register the four games with pyspiel (idempotent)."""
    import pyspiel

    global _OSGame
    if _OSGame is None:
        _OSGame = _make_classes(pyspiel)
    for name, spec in specs().items():
        short = PREFIX + name
        if short in _REGISTERED:
            continue
        engine_game = get_game(name)
        params = {"players": 0, "max_moves": spec.hooks.max_moves}
        params.update(_simple_fields(engine_game.ruleset_class))
        game_type = pyspiel.GameType(
            short_name=short,
            long_name=f"{spec.long_name} (tabletop suite)",
            dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
            chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
            information=(
                pyspiel.GameType.Information.PERFECT_INFORMATION
                if spec.perfect
                else pyspiel.GameType.Information.IMPERFECT_INFORMATION
            ),
            utility=pyspiel.GameType.Utility.CONSTANT_SUM,
            reward_model=pyspiel.GameType.RewardModel.TERMINAL,
            max_num_players=engine_game.max_players,
            min_num_players=engine_game.min_players,
            provides_information_state_string=True,
            provides_information_state_tensor=False,
            provides_observation_string=True,
            provides_observation_tensor=False,
            parameter_specification=params,
        )
        cls = type(f"{name}_game", (_OSGame,), {"spec": spec, "game_type": game_type})
        pyspiel.register_game(game_type, cls)
        _REGISTERED.add(short)


def _make_classes(pyspiel: Any):
    class OSGame(pyspiel.Game):
        spec: _Spec
        game_type: Any

        def __init__(self, params=None):
            params = dict(params or {})
            spec = self.spec
            engine_game = get_game(spec.name)
            defaults = self.game_type.parameter_specification
            values = {k: params.get(k, v) for k, v in defaults.items()}
            overrides = {k: v for k, v in values.items() if k not in ("players", "max_moves")}
            ruleset = make_ruleset(engine_game.ruleset_class, overrides)
            players = values["players"] or engine_game.default_count(ruleset)
            max_moves = values["max_moves"]
            if not isinstance(max_moves, int) or max_moves < 1:
                raise EngineError(f"max_moves {max_moves!r}: write a whole number, 1 or more")
            engine_game.new_initial_state(players, ruleset)  # checks the player count
            texts = spec.texts(ruleset, players)
            info = pyspiel.GameInfo(
                num_distinct_actions=len(texts),
                max_chance_outcomes=len(texts),
                num_players=players,
                min_utility=0.0,
                max_utility=1.0,
                utility_sum=1.0,
                max_game_length=max_moves,
            )
            super().__init__(self.game_type, info, params)
            self.engine_game = engine_game
            self.ruleset = ruleset
            self.players = players
            self.max_moves = max_moves
            self.texts = texts
            self.index = {t: i for i, t in enumerate(texts)}
            self.short_name = self.game_type.short_name
            self.params_dict = params

        def new_initial_state(self):
            return OSState(self)

        def make_py_observer(self, iig_obs_type=None, params=None):
            recall = iig_obs_type is not None and iig_obs_type.perfect_recall
            return _Observer(recall)

    class OSState(pyspiel.State):
        def __init__(self, game):
            super().__init__(game)
            self._core = _Core(game)

        def current_player(self):
            p = self._core.player()
            if p == CHANCE:
                return pyspiel.PlayerId.CHANCE
            if p == TERMINAL:
                return pyspiel.PlayerId.TERMINAL
            return p

        def _legal_actions(self, player):
            return self._core.legal()

        def chance_outcomes(self):
            return self._core.chance_outcomes()

        def _apply_action(self, action):
            self._core.apply(int(action))

        def _action_to_string(self, player, action):
            return self._core.game.texts[action]

        def is_terminal(self):
            return self._core.player() == TERMINAL

        def returns(self):
            return self._core.returns()

        def __str__(self):
            core = self._core
            deal = f" (dealing: {len(core.dealt)} cards)" if core.dealt else ""
            return f"{core.game.spec.long_name}: " + " / ".join(core.engine.history) + deal

    return OSGame


class _Observer:
    """Strings only (no tensors): the engine's observation of a seat, and with perfect
    recall the information-state string."""

    def __init__(self, perfect_recall: bool):
        self.perfect_recall = perfect_recall
        self.tensor = None
        self.dict: dict = {}

    def set_from(self, state, player):
        pass

    def string_from(self, state, player):
        core = state._core
        if self.perfect_recall:
            return core.information_state_string(player)
        return core.observation_string(player)


def engine_state(state):
    """The engine state behind an adapted pyspiel state (do not change it)."""
    return state._core.engine


# --- worlds for ISMCTS -------------------------------------------------------------------
def resampler(seed: int = 0, tries: int = 500):
    """A ``(state, seat) -> state`` function for ``ISMCTSBot.set_resampler``: a world the
    seat cannot tell from ``state`` (same information-state string), with the cards it
    has not seen dealt again at random (see the module notes)."""
    rng = random.Random(seed)

    def sample(state, seat):
        return _resample(state, seat, rng, tries)

    return sample


def _resample(state, seat: int, rng: random.Random, tries: int):
    core = state._core
    if core.game.spec.perfect or core.deal_start < 0 or core.dealt:
        return state.clone()
    game = state.get_game()
    ids = core.ids
    texts = core.game.texts
    start = core.deal_start
    node = _deal_node(_state_before(core, start).engine)
    if node is None:  # the game declares no whole-deal node: nothing to resample
        return state.clone()
    deck, size, card_text = node
    by_text = {"card " + card_text(c): c for c in deck}
    order = [by_text[texts[a]] for a in ids[start : start + size]]
    fixed = _seen_positions(core, seat, order)
    free_pos = [p for p in range(size) if p not in fixed]
    free_cards = [order[p] for p in free_pos]
    hooks = core.game.spec.hooks
    owners = hooks.position_owners(core.engine, size) if hooks.position_owners else [-1] * size
    voids = hooks.voids(core.engine) if hooks.voids else {}
    target = core.information_state_string(seat)
    card_id = {c: core.game.index["card " + card_text(c)] for c in deck}
    for _ in range(tries):
        new = _assign(free_pos, free_cards, owners, voids, rng)
        if new is None:
            continue
        world = list(order)
        for p, c in new.items():
            world[p] = c
        candidate = game.new_initial_state()
        try:
            for i, a in enumerate(ids):
                if start <= i < start + size:
                    a = card_id[world[i - start]]
                candidate.apply_action(a)
        except Exception:  # noqa: BLE001 - an impossible world: a play breaks a rule
            continue
        if candidate._core.information_state_string(seat) == target:
            return candidate
    return state.clone()


def _state_before(core: _Core, n: int) -> _Core:
    c = _Core(core.game)
    for a in core.ids[:n]:
        c.apply(a)
    return c


def _seen_positions(core: _Core, seat: int, order: list[int]) -> set[int]:
    """Positions of the current deal whose card stays: the game's ``seen_positions``, or
    every position for a game with none."""
    hooks = core.game.spec.hooks
    if hooks.seen_positions is None:
        return set(range(len(order)))
    return hooks.seen_positions(core.engine, seat, order)


def _assign(positions, cards, owners, voids, rng) -> dict[int, int] | None:
    cards = list(cards)
    rng.shuffle(cards)
    open_pos = list(positions)
    out = {}
    for c in cards:
        suit = c // 13 if c < 52 else -1
        ok = [p for p in open_pos if suit < 0 or suit not in voids.get(owners[p], ())]
        if not ok:
            return None
        p = rng.choice(ok)
        open_pos.remove(p)
        out[p] = c
    return out


try:  # register on import when pyspiel is there; the engine itself never needs it
    import pyspiel as _pyspiel  # noqa: F401
except ImportError:  # pragma: no cover - the extra is not installed
    pass
else:
    register()
