"""CPU time to grade whole Bid Whist deals against double-dummy par (issue 14's target:
a whole deal, all 48 cards, in ≤ 10 s on one core).

Each deal is the first deal of a shipped record (``data/whist/bid4.jsonl``, then
``bid4_heuristic.jsonl``), cut where that deal ends, and graded with
:func:`engine.whist.analysis.analyse` (no trick limit). Times are CPU seconds
(``time.process_time``), so other work on the machine blurs them little.

    python -m engine.whist.analysis_bench [DEALS] [--first K] [--out FILE.jsonl]

prints each deal's contract and time, then the median, p90 and maximum; ``--first``
starts at record K; ``--out`` writes the annotations (one JSON line per deal) to
compare two versions of the solver. The figures measured are in ``docs/benchmarks.md``
("Whist: grading whole deals").
"""

from __future__ import annotations

import json
import statistics
import time
from pathlib import Path

from engine.core.records import GameRecord, read_jsonl, states

DATA = Path(__file__).resolve().parents[2] / "data" / "whist"
SOURCES = ("bid4.jsonl", "bid4_heuristic.jsonl")


def first_deals(count: int = 40, first: int = 0) -> list[GameRecord]:
    """The first deal of each shipped four-player Bid Whist record that reaches the play,
    ``count`` of them from record ``first`` on (``bid4.jsonl`` then the all-heuristic file)."""
    out: list[GameRecord] = []
    records = [r for name in SOURCES for r in read_jsonl(DATA / name)]
    for rec in records[first:]:
        sts = states(rec)
        end = next(i for i in range(1, len(sts)) if sts[i].deal_no > 0 or sts[i].is_terminal())
        if not any(a.startswith("play ") for a in rec.actions[:end]):
            continue
        result = rec.result if sts[end].is_terminal() else None
        out.append(GameRecord(rec.game, rec.players, rec.actions[:end], result, rec.ruleset))
        if len(out) == count:
            break
    return out


def contract(record: GameRecord) -> str:
    """The deal's contract in a few words (the last bid and the trump or direction)."""
    bid = next((a for a in reversed(record.actions) if a.startswith("bid ")), "")
    call = next((a for a in record.actions if a.startswith(("trump ", "direction "))), "")
    return f"{bid[4:]} {call}".strip()


def time_deals(records, analyse=None) -> list[tuple[float, list]]:
    """(CPU seconds, annotations) of grading each record's every card."""
    if analyse is None:
        from engine.whist.analysis import analyse
    out = []
    for rec in records:
        start = time.process_time()
        found = analyse(rec)
        out.append((time.process_time() - start, found))
    return out


def summary(times) -> dict[str, float]:
    """Median, 90th percentile (nearest rank) and maximum of ``times``."""
    ordered = sorted(times)
    p90 = ordered[min(len(ordered) - 1, max(0, -(-9 * len(ordered) // 10) - 1))]
    return {"median": statistics.median(ordered), "p90": p90, "max": ordered[-1]}


def main(argv: list[str] | None = None) -> None:
    import argparse

    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("deals", nargs="?", type=int, default=40)
    p.add_argument("--first", type=int, default=0)
    p.add_argument("--out", type=Path)
    args = p.parse_args(argv)
    records = first_deals(args.deals, args.first)
    from engine.whist.solver import STATUS

    print(f"solver: {STATUS}", flush=True)
    results = []
    for k, rec in enumerate(records):
        [(took, found)] = time_deals([rec])
        results.append(took)
        print(
            f"deal {k + args.first:2d} {contract(rec):22s} {len(found):2d} cards {took:7.2f} s",
            flush=True,
        )
        if args.out:
            with args.out.open("a") as f:
                rows = [[a.step, a.action, a.best, a.value_played, a.value_best, a.mark]
                        for a in found]  # fmt: skip
                f.write(json.dumps({"deal": k + args.first, "annotations": rows}) + "\n")
    s = summary(results)
    print(f"{len(results)} deals: median {s['median']:.2f} s, p90 {s['p90']:.2f} s, "
          f"max {s['max']:.2f} s (CPU)")  # fmt: skip


if __name__ == "__main__":  # pragma: no cover
    main()
