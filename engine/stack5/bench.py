"""Stack 5 micro-benchmarks for ``python -m engine bench stack5`` (one call = one unit).

- ``random_game_2p``: one full 2-player game between random bots;
- ``heuristic_vs_random``: one full heuristic-vs-random game;
- ``draw_odds_next``: the exact odds of the next draw (horizon 1);
- ``draw_odds_k5``: the exact bust odds within 1..5 draws;
- ``draw_odds k=1..5 over table-like positions``: the same at positions met in random
  games (held cards, unseen cards, Jokers this turn), one position per call.

The memo of :func:`draw_odds` lives for one call, so there is no warm or cold cache.

``python -m engine.stack5.bench --positions 3000`` measures ``draw_odds`` (k = 1..5) over
that many table-like positions in one process and prints p50/p90/max per call, the
resident memory growth and the time of a full garbage collection afterwards.
"""

from __future__ import annotations

import argparse
import gc
import itertools
import os
import random
import resource
import time

from engine.core.protocol import RandomBot
from engine.core.simulate import play_out
from engine.stack5.bots import HeuristicBot
from engine.stack5.game import GAME
from engine.stack5.odds import draw_odds

_seeds = itertools.count()
_HANDS = [["R3", "B1"], ["G2", "Y5", "JK"], ["P4"], ["R1", "B2", "G3"], ["Y1", "JK", "B5"]]


def _game(bots) -> None:
    i = next(_seeds)
    state = GAME.new_initial_state(len(bots))
    play_out(state, bots, random.Random(i), random.Random(-i))


def random_game_2p() -> None:
    _game([RandomBot(), RandomBot()])


def heuristic_vs_random() -> None:
    _game([HeuristicBot(), RandomBot()])


def draw_odds_next() -> None:
    draw_odds(_HANDS[next(_seeds) % len(_HANDS)], horizon=1)


def draw_odds_k5() -> None:
    draw_odds(_HANDS[next(_seeds) % len(_HANDS)])


def table_positions(count: int, seed: int = 0, players: int = 2) -> list[tuple]:
    """``count`` positions where a player chooses to draw or stop, from random games
    (seeds ``seed``, ``seed + 1``…): ``(held cards, unseen cards, Jokers this turn)`` as
    the pages pass them to :func:`draw_odds`."""
    out: list[tuple] = []
    bot: RandomBot = RandomBot()
    game_seed = seed
    while len(out) < count:
        state = GAME.new_initial_state(players)
        chance, bots = random.Random(game_seed), random.Random(-game_seed - 1)
        game_seed += 1
        while not state.is_terminal() and len(out) < count:
            if state.is_chance():
                state.apply_trusted(state.sample_chance(chance))
                continue
            obs = state.observation(None)
            if obs["phase"] == "decide":
                unseen = obs["unseen"] or obs["discard"]
                out.append((tuple(obs["hand"]), unseen, obs["jokers_this_turn"]))
            state.apply_trusted(bot.choose(state, state.current_player(), bots))
    return out


_POSITIONS: list[tuple] = []


def draw_odds_table() -> None:
    if not _POSITIONS:
        _POSITIONS.extend(table_positions(200))
    hand, unseen, jokers = _POSITIONS[next(_seeds) % len(_POSITIONS)]
    draw_odds(hand, unseen, horizon=5, jokers_this_turn=jokers)


BENCHMARKS = [
    ("random_game_2p", random_game_2p),
    ("heuristic_vs_random", heuristic_vs_random),
    ("draw_odds_next", draw_odds_next),
    ("draw_odds_k5", draw_odds_k5),
    ("draw_odds k=1..5 over table-like positions", draw_odds_table),
]


def _rss_mib() -> float:
    """Resident memory now (``/proc/self/statm``; the peak where there is no /proc)."""
    try:
        with open("/proc/self/statm") as f:
            pages = int(f.read().split()[1])
        return pages * os.sysconf("SC_PAGE_SIZE") / 2**20
    except OSError:  # pragma: no cover - not Linux
        return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def measure_draw_odds(count: int = 3000, seed: int = 0, horizon: int = 5) -> dict:
    """Time :func:`draw_odds` over ``count`` table-like positions in this process."""
    positions = table_positions(count, seed)
    gc.collect()
    rss0 = _rss_mib()
    times, cpu = [], []
    for hand, unseen, jokers in positions:
        start, start_cpu = time.perf_counter(), time.process_time()
        draw_odds(hand, unseen, horizon=horizon, jokers_this_turn=jokers)
        cpu.append(time.process_time() - start_cpu)
        times.append(time.perf_counter() - start)
    rss1 = _rss_mib()
    start = time.perf_counter()
    gc.collect()
    gc_ms = (time.perf_counter() - start) * 1000
    times.sort()
    cpu.sort()

    def pct(values: list[float], q: float) -> float:
        return values[min(len(values) - 1, int(q * len(values)))] * 1000

    return {
        "positions": len(times),
        "p50_ms": pct(times, 0.5),
        "p90_ms": pct(times, 0.9),
        "max_ms": times[-1] * 1000,
        "cpu_p50_ms": pct(cpu, 0.5),
        "cpu_p90_ms": pct(cpu, 0.9),
        "cpu_max_ms": cpu[-1] * 1000,
        "total_s": sum(times),
        "rss_growth_mib": rss1 - rss0,
        "peak_rss_mib": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024,
        "full_gc_ms": gc_ms,
    }


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description="draw_odds over table-like positions")
    parser.add_argument("--positions", type=int, default=3000)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--horizon", type=int, default=5)
    args = parser.parse_args(argv)
    r = measure_draw_odds(args.positions, args.seed, args.horizon)
    print(
        f"draw_odds k=1..{args.horizon} over {r['positions']} table-like positions: "
        f"p50 {r['p50_ms']:.2f} ms, p90 {r['p90_ms']:.2f} ms, max {r['max_ms']:.1f} ms, "
        f"total {r['total_s']:.1f} s (CPU time: p50 {r['cpu_p50_ms']:.2f} ms, "
        f"p90 {r['cpu_p90_ms']:.2f} ms, max {r['cpu_max_ms']:.1f} ms); "
        f"RSS growth {r['rss_growth_mib']:.1f} MiB "
        f"(peak {r['peak_rss_mib']:.0f} MiB); full gc.collect() afterwards "
        f"{r['full_gc_ms']:.1f} ms"
    )


if __name__ == "__main__":
    main()
