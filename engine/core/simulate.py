"""Play whole games with bots, sampling chance from a seeded RNG."""

from __future__ import annotations

import random
from collections.abc import Sequence

from engine.core.errors import EngineError
from engine.core.protocol import CHANCE, Game, State
from engine.core.records import SEED_LIMIT, GameRecord, result_of
from engine.core.registry import get_game
from engine.core.ruleset import make_ruleset, overrides_of, short

MAX_ACTIONS = 200_000


def play_out(state: State, bots: Sequence, chance_rng: random.Random, bot_rng: random.Random):
    """Play ``state`` to the end in place, returning it."""
    steps = 0
    while True:
        player = state.current_player()
        if player == CHANCE:
            state.apply_trusted(state.sample_chance(chance_rng))
        elif player < 0:
            return state
        else:
            state.apply_trusted(bots[player].choose(state, player, bot_rng))
        steps += 1
        if steps > MAX_ACTIONS:
            raise EngineError(f"{state.game.name}: no end after {MAX_ACTIONS} actions")


def simulate(
    game: str | Game,
    seed: int = 0,
    players: Sequence[str] | None = None,
    **ruleset,
) -> GameRecord:
    """Simulate one game; ``players`` are bot names, one per seat.

    >>> rec = simulate("pig", seed=3, players=["random", "random"])
    >>> rec.result["winners"] in ([0], [1])
    True
    """
    return simulate_with(game, seed, players, ruleset)


def check_seed(seed) -> int:
    """A seed a record can hold: an integer 0 <= seed < 2**63 (not a bool)."""
    if type(seed) is not int:
        raise EngineError(f"seed {short(seed)} must be an integer")
    if not 0 <= seed < SEED_LIMIT:
        raise EngineError(f"seed {short(seed)} is out of range; seeds are 0 to 2**63-1")
    return seed


def simulate_with(
    game: str | Game, seed: int, players: Sequence[str] | None, overrides: dict
) -> GameRecord:
    """:func:`simulate` with the ruleset overrides as a dict, so that no field name can
    collide with a parameter (a ruleset file may hold any key)."""
    if isinstance(game, str):
        game = get_game(game)
    check_seed(seed)
    rules = make_ruleset(game.ruleset_class, overrides)
    if players is None:
        players = ["random"] * game.default_count(rules)
    players = list(players)
    bots = [game.make_bot(name) for name in players]
    state = game.new_initial_state(len(players), rules)
    play_out(state, bots, random.Random(seed), random.Random(f"bots:{seed}"))
    return GameRecord(
        game=game.name,
        players=players,
        actions=list(state.history),
        result=result_of(state),
        ruleset=overrides_of(rules),
        seed=seed,
        meta={"made_by": "engine.simulate"},
    )
