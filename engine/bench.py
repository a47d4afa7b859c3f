"""Benchmarks: full random-bot games per second per game, plus each game's own.

A game adds micro-benchmarks in ``engine/<game>/bench.py`` as
``BENCHMARKS = [("name", zero_argument_callable), ...]``. Every figure is the median of
several timed runs on one core (this process). The app's pages are timed by the
dashboard's own bench (``python -m dashboard.tools.bench --app``): the engine never imports it.
"""

from __future__ import annotations

import importlib
import math
import random
import statistics
import time
from collections.abc import Iterator

from engine.core.errors import EngineError, quote_choices
from engine.core.registry import _MODULES, game_names, get_game
from engine.core.ruleset import make_ruleset
from engine.core.simulate import play_out

MAX_RUNS = 1000
MAX_SECONDS = 3600


def _rate(fn, seconds: float, runs: int) -> tuple[float, int]:
    rates = []
    total = 0
    for _ in range(runs):
        n = 0
        start = time.perf_counter()
        deadline = start + seconds
        while True:
            fn()
            n += 1
            now = time.perf_counter()
            if now >= deadline:
                break
        rates.append(n / (now - start))
        total += n
    return statistics.median(rates), total


def random_game_runner(name: str, num_players: int | None = None):
    game = get_game(name)
    bots = None
    counter = [0]

    def one_game():
        nonlocal bots
        state = game.new_initial_state(num_players)
        if bots is None:
            bots = [game.make_bot("random") for _ in range(state.num_players)]
        counter[0] += 1
        play_out(state, bots, random.Random(counter[0]), random.Random(-counter[0]))

    return one_game


def run_bench(names=None, *, seconds: float = 1.0, runs: int = 5) -> list[tuple[str, float]]:
    if type(runs) is not int or not 1 <= runs <= MAX_RUNS:
        raise EngineError(f"--runs {runs!r}: give a whole number of runs from 1 to {MAX_RUNS}")
    if (
        isinstance(seconds, bool)
        or not isinstance(seconds, (int, float))
        or not math.isfinite(seconds)
        or not 0 < seconds <= MAX_SECONDS
    ):
        raise EngineError(
            f"--seconds {seconds!r}: give a time per run above 0 and at most {MAX_SECONDS} s"
        )
    names = list(names) if names else game_names(include_demo=True)
    for n in names:
        if n not in _MODULES:
            raise EngineError(f"unknown game {n!r}; games: {quote_choices(list(_MODULES))}")
    rows = []
    for name in names:
        game = get_game(name)
        p = game.default_count(make_ruleset(game.ruleset_class))
        rows.append(
            (f"{name}: random {p}-player games", _rate(random_game_runner(name, p), seconds, runs))
        )
        try:
            extra = importlib.import_module(f"engine.{name}.bench").BENCHMARKS
        except ModuleNotFoundError:
            extra = []
        for label, fn in extra:
            rows.append((f"{name}: {label}", _rate(fn, seconds, runs)))
    width = max(len(r[0]) for r in rows)
    print(f"{'benchmark':<{width}}  {'per second':>12}  {'ms each':>10}  {'calls':>8}")
    for label, (rate, total) in rows:
        print(f"{label:<{width}}  {rate:>12,.1f}  {1000 / rate:>10.3f}  {total:>8}")
    print(f"(median of {runs} runs of {seconds:g} s each, one core)")
    return [(label, rate) for label, (rate, _) in rows]


def parallel_games() -> dict[str, int]:
    """The games the parallel benchmark plays by default and how many of each: each game's
    own ``parallel_bench_games``, about 3 s on one core, so the pool's start and each
    worker's first piece are a small part of the time, as in a real run."""
    games = (get_game(name) for name in game_names(include_demo=True))
    return {game.name: game.parallel_bench_games for game in games if game.parallel_bench_games}


def timed_chunk(piece) -> tuple[int, float]:
    """Simulate one piece (in a worker, discarding the games as a run writing them would
    not) and return the worker's pid and its CPU seconds so far: everything the worker
    spent since it was forked (start, receiving pieces, sending results back), not only
    the games."""
    import os

    from engine.core.simulate import simulate_chunk

    simulate_chunk(piece)
    return os.getpid(), time.process_time()


def _parallel_run(name: str, games: int, workers: int) -> tuple[float, float]:
    """(wall seconds, CPU seconds of this process and every worker) for ``games``."""
    from engine.core.parallel import run_ordered
    from engine.core.simulate import chunk_size

    size = chunk_size(games, workers)
    pieces: Iterator[tuple] = (
        (name, list(range(i, min(games, i + size))), None, {}, "jsonl")
        for i in range(0, games, size)
    )
    wall, cpu = time.perf_counter(), time.process_time()
    worker_cpu: dict[int, float] = {}
    for pid, seconds in run_ordered(timed_chunk, pieces, workers=workers):
        worker_cpu[pid] = max(seconds, worker_cpu.get(pid, 0.0))
    wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
    return wall, cpu + (sum(worker_cpu.values()) if workers > 1 else 0.0)


def fork_server_start() -> float:
    """Wall seconds to start the fork server (once per process: it imports the engine
    and warms every game, :mod:`engine.core.warm`) and run two trivial pieces."""
    from engine.core.parallel import run_ordered

    wall = time.perf_counter()
    demo = next(n for n in game_names(include_demo=True) if get_game(n).demo)
    list(run_ordered(timed_chunk, [(demo, [0], None, {}, "jsonl")] * 2, workers=2))
    return time.perf_counter() - wall


def run_parallel_bench(names=None, *, runs: int = 3, workers: int = 2) -> list[tuple]:
    """Games per second of ``simulate_many``'s pieces on one core (in this process) and on
    ``workers`` processes, runs interleaved, median of ``runs``: the wall-time speed-up,
    and the speed-up the CPU time allows (one-core CPU seconds x workers / CPU seconds of
    this process and every worker, each worker counted whole from its fork), which a
    machine busy with other work blurs less than the wall time (target >= 1.8 on 2 cores
    for Stack 5 and Bid Whist)."""
    from engine.core.parallel import check_workers

    if type(runs) is not int or not 1 <= runs <= MAX_RUNS:
        raise EngineError(f"--runs {runs!r}: give a whole number of runs from 1 to {MAX_RUNS}")
    workers = check_workers(workers)
    names = list(names) if names else list(parallel_games())
    for n in names:
        if n not in _MODULES:
            raise EngineError(f"unknown game {n!r}; games: {quote_choices(list(_MODULES))}")
    start = fork_server_start() if workers > 1 else 0.0
    rows = []
    for name in names:
        games = get_game(name).parallel_bench_games or 400
        one, many = [], []
        for _ in range(runs):  # interleaved: a change in the machine's load hits both
            one.append(_parallel_run(name, games, 1))
            many.append(_parallel_run(name, games, workers))
        wall1, cpu1 = statistics.median(w for w, _ in one), statistics.median(c for _, c in one)
        wall2, cpu2 = statistics.median(w for w, _ in many), statistics.median(c for _, c in many)
        rows.append(
            (name, games, games / wall1, games / wall2, wall1 / wall2, cpu1 * workers / cpu2)
        )
    print(
        f"{'game':<10} {'games':>6} {'1 core/s':>9} {f'{workers} workers/s':>12} "
        f"{'wall speed-up':>14} {'CPU speed-up':>13}"
    )
    for name, games, r1, r2, wall_x, cpu_x in rows:
        print(f"{name:<10} {games:>6} {r1:>9,.1f} {r2:>12,.1f} {wall_x:>13.2f}x {cpu_x:>12.2f}x")
    print(
        f"(default players and ruleset, median of {runs} interleaved runs; CPU speed-up = "
        f"one-core CPU seconds x {workers} / CPU seconds of this process and every worker: "
        f"what {workers} free cores give; fork server started once beforehand in "
        f"{start:.2f} s)"
    )
    return rows
