"""Play whole games with bots, sampling chance from a seeded RNG."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence

from engine.core.errors import EngineError
from engine.core.protocol import CHANCE, Game, RandomBot, State
from engine.core.records import SEED_LIMIT, GameRecord, result_of
from engine.core.registry import get_game
from engine.core.ruleset import make_ruleset, overrides_of, short

MAX_ACTIONS = 200_000
_RANDOM_CHOOSE = RandomBot.choose


def play_out(state: State, bots: Sequence, chance_rng: random.Random, bot_rng: random.Random):
    """Play ``state`` to the end in place, returning it.

    A seat played by a plain :class:`RandomBot` is served inline by the very call its
    ``choose`` makes (``bot_rng.choice(state.legal_actions())``): the same draws."""
    steps = 0
    current, apply = state.current_player, state.apply_trusted
    sample, legal = state.sample_chance, state.legal_actions
    choice = getattr(bot_rng, "choice", None)
    plain = [
        choice is not None and getattr(type(b), "choose", None) is _RANDOM_CHOOSE for b in bots
    ]
    while True:
        player = current()
        if player == CHANCE:
            apply(sample(chance_rng))
        elif player < 0:
            return state
        elif plain[player] and choice is not None:
            apply(choice(legal()))
        else:
            apply(bots[player].choose(state, player, bot_rng))
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


# --- many games: every core, or a Ray cluster ----------------------------------------------

MAX_CHUNK = 64  # games per piece of work sent to a worker


def check_seeds(seeds) -> Sequence[int]:
    """A range or a sequence of seeds, each one a record can hold."""
    if isinstance(seeds, range):
        if len(seeds):
            check_seed(seeds[0])
            check_seed(seeds[-1])
        return seeds
    if isinstance(seeds, (str, bytes)) or not hasattr(seeds, "__iter__"):
        raise EngineError(f"seeds {short(seeds)}: give a range or a list of integers")
    seeds = list(seeds)
    for s in seeds:
        check_seed(s)
    return seeds


def chunk_size(games: int, workers: int) -> int:
    """Games per piece: about 8 pieces per worker (so the pieces balance), at most
    :data:`MAX_CHUNK` (so a Ctrl-C or a deadline waits little and memory stays flat)."""
    return max(1, min(MAX_CHUNK, -(-games // (8 * max(1, workers)))))


def simulate_chunk(piece: tuple) -> object:
    """One piece of work (run in a worker): ``(game, seeds, players, overrides, form)``;
    ``form`` is ``records`` (a list of records), ``jsonl`` (their JSON Lines text) or
    ``parquet`` (their frame, see :mod:`engine.core.parquet`); the last two come with a
    Counter of wins per seat."""
    name, seeds, players, overrides, form = piece
    game = get_game(name)
    records = [simulate_with(game, s, players, overrides) for s in seeds]
    if form == "records":
        return records
    wins = Counter(w for r in records for w in r.final["winners"])
    if form == "jsonl":
        return "".join(r.to_json() + "\n" for r in records), wins
    from engine.core.parquet import records_frame

    return records_frame(records), wins


def iter_simulate(
    game: str | Game,
    seeds,
    players: Sequence[str] | None,
    overrides: dict,
    *,
    workers: int | None = None,
    cluster: str | None = None,
    form: str = "records",
    chunk: int | None = None,
    should_stop=None,
):
    """Yield ``(games, payload)`` per piece of consecutive seeds, in seed order (see
    :func:`simulate_chunk` for ``form``). Ruleset, players and seeds are checked here,
    before any worker starts. Ctrl-C re-raises ``KeyboardInterrupt`` after the pieces
    yielded; ``should_stop()`` ends the run quietly."""
    from engine.core.parallel import check_cluster, check_workers, run_ordered

    if isinstance(game, str):
        game = get_game(game)
    seeds = check_seeds(seeds)
    rules = make_ruleset(game.ruleset_class, overrides)
    players = None if players is None else list(players)
    for name in players or []:
        game.make_bot(name)
    game.new_initial_state(len(players) if players else None, rules)
    check_cluster(cluster)
    width = check_workers(workers) if cluster is None or workers is not None else 8
    in_process = cluster is None and width == 1  # one game a piece: finest progress/stop
    size = chunk or (1 if in_process else chunk_size(len(seeds), width))
    pieces = (
        (game.name, list(seeds[i : i + size]), players, dict(overrides), form)
        for i in range(0, len(seeds), size)
    )
    bounds = range(0, len(seeds), size)
    results = run_ordered(
        simulate_chunk, pieces, workers=workers, cluster=cluster, should_stop=should_stop
    )
    for start, payload in zip(bounds, results):
        yield min(size, len(seeds) - start), payload


def simulate_many(
    game: str | Game,
    seeds,
    players: Sequence[str] | None = None,
    *,
    workers: int | None = None,
    cluster: str | None = None,
    progress=None,
    should_stop=None,
    **ruleset,
) -> list[GameRecord]:
    """Simulate one game per seed, in parallel, returned in seed order.

    ``workers``: processes on this machine (default every core; 1 = this process);
    ``cluster``: a Ray address (``auto``, ``local``, ``ray://host:port``; needs
    ``pip install -e '.[cluster]'``). Each game depends on its seed only, so the records
    are the same, bit for bit, on every backend. ``progress(done, total)`` is called as
    games finish. A run stopped by ``should_stop()`` or by Ctrl-C returns the games
    finished so far: the first seeds, in order.

    >>> recs = simulate_many("pig", range(4), ["random", "random"], workers=1)
    >>> recs == [simulate("pig", s, ["random", "random"]) for s in range(4)]
    True
    """
    seeds = check_seeds(seeds)
    out: list[GameRecord] = []
    try:
        for _, records in iter_simulate(
            game,
            seeds,
            players,
            ruleset,
            workers=workers,
            cluster=cluster,
            should_stop=should_stop,
        ):
            out += records
            if progress is not None:
                progress(len(out), len(seeds))
    except KeyboardInterrupt:
        pass  # keep what finished
    return out
