"""CPU time to grade whole Bid Whist deals and whole games against double-dummy par
(the targets: a whole deal, all 48 cards, in ≤ 10 s on one core; a whole 10-deal game
in ≤ 10 s).

Each deal is the first deal of a shipped record (``data/whist/bid4.jsonl``, then
``bid4_heuristic.jsonl``), cut where that deal ends, and graded with
:func:`engine.whist.analysis.analyse` (no trick limit). Times are CPU seconds
(``time.process_time``), so other work on the machine blurs them little.

    python -m engine.whist.analysis_bench [DEALS] [--first K] [--out FILE.jsonl]
    python -m engine.whist.analysis_bench --games N [--vs-git REV]

prints each deal's contract and time, then the median, p90 and maximum; ``--first``
starts at record K; ``--out`` writes the annotations (one JSON line per deal) to
compare two versions of the solver.

``--games N`` grades N whole games of 10 deals instead: the shipped records are mostly
shorter, so a game is the deals (those that reach the play) of consecutive records of
both files, in order, the last one cut after the 10th deal; each record is graded whole
(every card of every deal) by one ``analyse`` call. It prints each game's CPU seconds,
then the median and maximum. ``--vs-git REV`` grades each game (deal) with the solver of
git revision REV too (its four-hand Python solver, uncompiled), in the same run, and
checks the two give the same annotations.
``--vs-own`` (with ``--games``) grades each game a second time with the own solver
alone (``use_endplay=False``: no DDS), in the same run, and checks the annotations are the
same; each game line also says how many of its deals DDS graded (those whose first
position :mod:`engine.doubledummy.dds_map` maps exactly). The games grade the cards only
(``bidding=False``) unless ``--bidding`` is given: then each game is graded as a whole
game with its bids (``bidding=True``: every card plus every deal's table as far as the
bids, calls and discards read it, :mod:`engine.whist.grading.auction_bounds`; the
whole-game target); ``--tables N`` times the
bidding's double-dummy table (:func:`engine.whist.grading.par.dd_table`, 40 entries from the
opening lead) of the first deal of N records instead, with ``--vs-own`` against the own
solver alone, saying how many entries DDS answered.

    python -m engine.whist.analysis_bench --games N [--bidding] [--vs-own] [--vs-python]
    python -m engine.whist.analysis_bench --tables N [--first K] [--vs-own] [--vs-python]

The positions go to the C solver (:mod:`engine.doubledummy.four_hands_c`) when it is built,
as in the grading; ``--vs-python`` grades (or makes the tables) a second time with the
Python ``Solver`` in the same run and checks the annotations
(tables) are the same.

The figures measured are in ``docs/benchmarks.md`` ("Whist: grading whole deals").
"""

from __future__ import annotations

import json
import statistics
import time
from pathlib import Path
from typing import TYPE_CHECKING, cast

from engine.core.records import GameRecord, read_jsonl, states

if TYPE_CHECKING:
    from engine.whist.state import WhistState

DATA = Path(__file__).resolve().parents[2] / "data" / "whist"
SOURCES = ("bid4.jsonl", "bid4_heuristic.jsonl")


def _states(rec: GameRecord) -> list[WhistState]:
    """The states of a Whist record (the records read here are all Whist)."""
    return cast("list[WhistState]", states(rec))


def first_deals(count: int = 40, first: int = 0) -> list[GameRecord]:
    """The first deal of each shipped four-player Bid Whist record that reaches the play,
    ``count`` of them from record ``first`` on (``bid4.jsonl`` then the all-heuristic file)."""
    out: list[GameRecord] = []
    records = [r for name in SOURCES for r in read_jsonl(DATA / name)]
    for rec in records[first:]:
        sts = _states(rec)
        end = next(i for i in range(1, len(sts)) if sts[i].deal_no > 0 or sts[i].is_terminal())
        if not any(a.startswith("play ") for a in rec.actions[:end]):
            continue
        result = rec.result if sts[end].is_terminal() else None
        out.append(GameRecord(rec.game, rec.players, rec.actions[:end], result, rec.ruleset))
        if len(out) == count:
            break
    return out


def _deal_ends(rec: GameRecord) -> list[int]:
    """The action counts at which each deal of ``rec`` that reaches the play ends."""
    sts = _states(rec)
    out = []
    played = False
    for i in range(1, len(sts)):
        played = played or rec.actions[i - 1].startswith("play ")
        if sts[i].deal_no != sts[i - 1].deal_no or sts[i].is_terminal():
            if played:
                out.append(i)
            played = False
    return out


def whole_games(count: int, deals: int = 10) -> list[list[GameRecord]]:
    """``count`` games of ``deals`` deals each (see the module docstring): per game, the
    records (cut at a deal's end) whose deals make it up."""
    records = [r for name in SOURCES for r in read_jsonl(DATA / name)]
    out: list[list[GameRecord]] = []
    game: list[GameRecord] = []
    have = 0
    for rec in records:
        ends = _deal_ends(rec)
        if not ends:
            continue
        take = ends[: deals - have]
        end = take[-1]
        result = rec.result if end == len(rec.actions) else None
        game.append(GameRecord(rec.game, rec.players, rec.actions[:end], result, rec.ruleset))
        have += len(take)
        if have == deals:
            out.append(game)
            game, have = [], 0
            if len(out) == count:
                break
    return out


#: where the four-hand solver's source lived, newest first (a revision holds one of them)
SOLVER_PATHS = ("engine/doubledummy/four_hands.py", "engine/whist/solver.py")
#: the line older solver sources stop at (what followed loaded their compiled copy)
_COMPILED_COPY = "\n# --- the compiled copy"


def load_solver_source(text: str, name: str, folder: Path) -> type:
    """The ``Solver`` class of another version of the four-hand solver (its source
    ``text``, e.g. an older one, for the benches), imported as the top-level module
    ``name`` from ``folder``."""
    import importlib
    import sys

    path = folder / f"{name}.py"
    path.write_text(text.partition(_COMPILED_COPY)[0].rstrip() + "\n")
    importlib.invalidate_caches()
    sys.path.insert(0, str(folder))
    try:
        mod = importlib.import_module(name)
    finally:
        sys.path.remove(str(folder))
    return mod.Solver


def reference_solver(rev: str) -> type:
    """The ``Solver`` of the four-hand solver at git revision ``rev`` (see
    :func:`load_solver_source`)."""
    import shutil
    import subprocess
    import tempfile

    root = Path(__file__).resolve().parents[2]
    for where in SOLVER_PATHS:
        proc = subprocess.run(
            ["git", "show", f"{rev}:{where}"], cwd=root, capture_output=True, text=True
        )
        if proc.returncode == 0:
            break
    else:
        raise RuntimeError(f"{rev}: no four-hand solver at {' or '.join(SOLVER_PATHS)}")
    folder = Path(tempfile.mkdtemp(prefix="solver-ref-"))
    try:  # once imported, the module needs its files no more
        return load_solver_source(proc.stdout, "whist_solver_reference", folder)
    finally:
        shutil.rmtree(folder, ignore_errors=True)


def _rows(found) -> list:
    return [[a.step, a.action, a.best, a.value_played, a.value_best, a.mark] for a in found]


def time_game(
    game: list[GameRecord],
    solver: type | None = None,
    use_endplay: bool = True,
    bidding: bool = False,
) -> tuple[float, list]:
    """(CPU seconds, annotations) of grading every card of every deal of ``game`` (and,
    with ``bidding``, its bids against each deal's double-dummy table), with the solver
    class ``solver`` (default: the grading's,
    :func:`engine.doubledummy.four_hands_c.new_solver`) and DDS where it maps exactly unless
    ``use_endplay`` is False."""
    from engine.whist import analysis
    from engine.whist.grading import contracts, four_hands

    saved = four_hands.new_solver, contracts.new_solver
    if solver is not None:
        four_hands.new_solver = contracts.new_solver = solver
    try:
        start = time.process_time()
        found = [
            _rows(analysis.analyse(rec, bidding=bidding, use_endplay=use_endplay)) for rec in game
        ]
        return time.process_time() - start, found
    finally:
        four_hands.new_solver, contracts.new_solver = saved


def time_table(st, solver: type | None = None, use_endplay: bool = True):
    """(CPU seconds, table) of the double-dummy table of the deal of ``st`` with the
    solver class ``solver`` (default: the grading's, as :func:`time_game`)."""
    import gc

    from engine.whist.grading import contracts, par

    saved = contracts.new_solver
    if solver is not None:
        contracts.new_solver = solver
    try:
        gc.collect()
        start = time.process_time()
        table = par.dd_table(st, use_endplay=use_endplay)
        return time.process_time() - start, table
    finally:
        contracts.new_solver = saved


def _python_solver() -> type:
    from engine.doubledummy.four_hands import Solver

    return Solver


def _solver_status() -> str:
    from engine.doubledummy.four_hands_c import status

    return status()


def _maps(st) -> bool:
    """Whether DDS takes the position ``st`` exactly (:mod:`engine.doubledummy.dds_map`)."""
    from engine.doubledummy.dds_map import bridge_cards

    club = st.ruleset.jokers_follow_trump and st.trump >= 0
    return bridge_cards(st.hands, st.trick_cards, st.trump, st.low, club) is not None


def dds_deals(game: list[GameRecord]) -> tuple[int, int]:
    """(deals whose cards DDS grades, deals) of ``game``: those whose first card is
    played from a position DDS maps."""
    mapped = total = 0
    for rec in game:
        sts = _states(rec)
        seen = set()
        for st in sts:
            if st.phase_name == "play" and st.deal_no not in seen:
                seen.add(st.deal_no)
                total += 1
                mapped += _maps(st)
    return mapped, total


def _dds_status() -> str:
    from engine.doubledummy.dds_map import available

    return "endplay (DDS) installed" if available() else "endplay (DDS) not installed"


def run_games(
    count: int,
    rev: str | None,
    vs_own: bool = False,
    vs_python: bool = False,
    bidding: bool = False,
) -> None:
    print(f"solver: {_solver_status()}; {_dds_status()}", flush=True)
    what = "cards and bids (the table entries they need)" if bidding else "cards only"
    print(f"grading: {what}", flush=True)
    old = None
    if rev:
        print(f"building the solver of {rev} …", flush=True)
        old = reference_solver(rev)
    times, old_times, own_times, py_times, differ = [], [], [], [], 0
    for k, game in enumerate(whole_games(count)):
        took, found = time_game(game, bidding=bidding)
        times.append(took)
        cards = sum(len(f) for f in found)
        mapped, deals = dds_deals(game)
        line = f"game {k:2d} ({len(game)} records, {cards} cards, DDS {mapped}/{deals} deals)"
        line += f" {took:7.2f} s"
        if vs_own:
            own_took, own_found = time_game(game, use_endplay=False, bidding=bidding)
            own_times.append(own_took)
            same = own_found == found
            differ += not same
            line += f"   own solver alone: {own_took:7.2f} s"
            line += "" if same else "   ANNOTATIONS DIFFER"
        if vs_python:
            py_took, py_found = time_game(game, _python_solver(), bidding=bidding)
            py_times.append(py_took)
            same = py_found == found
            differ += not same
            line += f"   Python solver: {py_took:7.2f} s  x{py_took / max(took, 1e-9):.1f}"
            line += "" if same else "   ANNOTATIONS DIFFER"
        if old is not None:
            old_took, old_found = time_game(game, old, bidding=bidding)
            old_times.append(old_took)
            same = old_found == found
            differ += not same
            line += f"   {rev}: {old_took:7.2f} s  x{old_took / max(took, 1e-9):.1f}"
            line += "" if same else "   ANNOTATIONS DIFFER"
        print(line, flush=True)
    s = summary(times)
    print(f"{len(times)} games: median {s['median']:.2f} s, max {s['max']:.2f} s (CPU)")
    if vs_own:
        o = summary(own_times)
        print(f"own solver alone: median {o['median']:.2f} s, max {o['max']:.2f} s (CPU)")
    if vs_python:
        o = summary(py_times)
        print(f"Python solver: median {o['median']:.2f} s, max {o['max']:.2f} s (CPU)")
    if old is not None:
        o = summary(old_times)
        print(f"{rev}: median {o['median']:.2f} s, max {o['max']:.2f} s (CPU); "
              f"{differ} games with different annotations")  # fmt: skip
    if differ:
        print(f"{differ} games with different annotations")
        raise SystemExit(1)


def run_tables(count: int, first: int, vs_own: bool, vs_python: bool = False) -> None:
    """Time the double-dummy table of the first deal of ``count`` records."""
    from engine.whist.grading.contracts import CONTRACTS, declared
    from engine.whist.grading.vocabulary import deal_starts

    print(f"solver: {_solver_status()}; {_dds_status()}", flush=True)
    times, own_times, py_times, differ = [], [], [], 0
    for k, rec in enumerate(first_deals(count, first)):
        sts = _states(rec)
        st = sts[deal_starts(rec, sts)[0][0]]
        mapped = sum(
            _maps(declared(st, seat, kind, call)) for kind, call in CONTRACTS for seat in range(4)
        )
        took, table = time_table(st)
        times.append(took)
        line = f"deal {k + first:2d} {contract(rec):22s} DDS {mapped:2d}/40 entries {took:7.2f} s"
        if vs_own:
            own_took, own = time_table(st, use_endplay=False)
            own_times.append(own_took)
            differ += own != table
            line += f"   own solver alone: {own_took:7.2f} s"
            line += "" if own == table else "   TABLES DIFFER"
        if vs_python:
            py_took, py_table = time_table(st, _python_solver())
            py_times.append(py_took)
            differ += py_table != table
            line += f"   Python solver: {py_took:7.2f} s  x{py_took / max(took, 1e-9):.1f}"
            line += "" if py_table == table else "   TABLES DIFFER"
        print(line, flush=True)
    s = summary(times)
    print(f"{len(times)} tables: median {s['median']:.2f} s, max {s['max']:.2f} s (CPU)")
    if vs_own:
        o = summary(own_times)
        print(f"own solver alone: median {o['median']:.2f} s, max {o['max']:.2f} s (CPU)")
    if vs_python:
        o = summary(py_times)
        print(f"Python solver: median {o['median']:.2f} s, max {o['max']:.2f} s (CPU)")
    if differ:
        print(f"{differ} tables differ")
        raise SystemExit(1)


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
    p.add_argument("--games", type=int, help="grade this many whole 10-deal games")
    p.add_argument("--vs-git", metavar="REV", help="with --games: also the solver of REV")
    p.add_argument("--vs-own", action="store_true", help="with --games/--tables: also without DDS")
    p.add_argument(
        "--bidding", action="store_true", help="with --games: grade the bids too (the tables)"
    )
    p.add_argument("--tables", type=int, help="time the bidding table of this many deals")
    p.add_argument(
        "--vs-python", action="store_true", help="with --games/--tables: also the Python solver"
    )
    args = p.parse_args(argv)
    if args.games:
        run_games(args.games, args.vs_git, args.vs_own, args.vs_python, args.bidding)
        return
    if args.tables:
        run_tables(args.tables, args.first, args.vs_own, args.vs_python)
        return
    records = first_deals(args.deals, args.first)
    print(f"solver: {_solver_status()}", flush=True)
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
                rows = _rows(found)
                f.write(json.dumps({"deal": k + args.first, "annotations": rows}) + "\n")
    s = summary(results)
    print(f"{len(results)} deals: median {s['median']:.2f} s, p90 {s['p90']:.2f} s, "
          f"max {s['max']:.2f} s (CPU)")  # fmt: skip


if __name__ == "__main__":  # pragma: no cover
    main()
