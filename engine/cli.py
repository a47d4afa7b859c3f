"""Command line: ``python -m engine simulate | replay | convert | winrate | analyse | drills |
puzzles | tutorial | bench``.

Errors are one line on stderr and a non-zero exit status (1 for bad input); no
tracebacks, not even for a bug (then exit status 2 and the exception's name).
"""

from __future__ import annotations

import argparse
import contextlib
import json
import math
import os
import sys
import tomllib
from collections import Counter, defaultdict
from collections.abc import Iterable
from pathlib import Path

from engine import cli_arguments
from engine.core import records as records_module
from engine.core.errors import EngineError, RecordError, RulesetError
from engine.core.records import GameRecord, parse_jsonl, read_jsonl, replay
from engine.core.registry import get_game
from engine.core.ruleset import MAX_TOML_BYTES, make_ruleset, short, toml_overrides
from engine.core.simulate import check_seed, simulate_with


class _Parser(argparse.ArgumentParser):
    def error(self, message):  # one line, exit 2, like argparse but without the usage dump
        self.exit(2, f"{self.prog}: error: {message}\n")


def _progress(done: int, total: int, label: str, prev: int | None = None) -> None:
    """A bar on stderr: redrawn in place on a terminal, one line per tenth otherwise
    (``prev``: the count last shown, when the count goes up by more than one)."""
    tty = sys.stderr.isatty()
    prev = done - 1 if prev is None else prev
    if not tty and done != total and done * 10 // max(total, 1) == prev * 10 // max(total, 1):
        return
    width = 30
    filled = width * done // max(total, 1)
    bar = "#" * filled + "-" * (width - filled)
    start, end = ("\r", "\n" if done == total else "") if tty else ("", "\n")
    print(f"{start}{label} [{bar}] {done}/{total}", end=end, file=sys.stderr, flush=True)


def parse_rule(text: str) -> tuple[str, object]:
    """``key=value`` with a TOML value: ``target=7``, ``variant="whist4"``, ``x=true``;
    a value that is not TOML is a bare string (``variant=whist4``)."""
    if "=" not in text:
        raise RulesetError(f"--rule {short(text)}: write KEY=VALUE, e.g. target=7")
    key, _, value = text.partition("=")
    key = key.strip()
    if len(value) > MAX_TOML_BYTES or any(c in value for c in "\n\r\0"):
        raise RulesetError(f"--rule {short(text)}: the value must be one short line")
    try:
        parsed = tomllib.loads(f"v = {value}")
    except tomllib.TOMLDecodeError:
        return key, value  # bare words are strings: variant=whist4
    except RecursionError:
        raise RulesetError(f"--rule {short(key)}: the value is nested too deeply") from None
    except ValueError:  # an integer of thousands of digits
        raise RulesetError(f"--rule {short(key)}: the value is out of range") from None
    if set(parsed) != {"v"}:
        raise RulesetError(f"--rule {short(text)}: give one value")
    return key, parsed["v"]


def _ruleset_overrides(args) -> dict:
    overrides: dict = {}
    if args.rules:
        source = f"--rules {args.rules}"
        try:
            with open(args.rules, "rb") as f:
                data = f.read(MAX_TOML_BYTES + 1)
        except OSError as exc:
            raise RulesetError(f"{source}: cannot read ({exc.strerror or exc})") from None
        overrides.update(toml_overrides(data, source=source))
    for item in args.rule or []:
        key, value = parse_rule(item)
        overrides[key] = value
    return overrides


def _check_games(args) -> None:
    if args.games < 1:
        raise EngineError(f"--games {args.games}: must be at least 1")
    check_seed(args.seed)
    check_seed(args.seed + args.games - 1)


def _prepare(game, args) -> tuple[dict, list[str] | None]:
    """Overrides, ruleset, bots and player count checked before any game is played."""
    overrides = _ruleset_overrides(args)
    _check_games(args)
    rules = make_ruleset(game.ruleset_class, overrides)
    players = list(args.players) if args.players else None
    for name in players or []:
        game.make_bot(name)
    game.new_initial_state(len(players) if players else None, rules)
    return overrides, players


def _open_out(path: str):
    """The output file, opened before any game is simulated (a folder or a missing folder
    is an error at once, not after a long run)."""
    p = Path(path)
    if p.is_dir():
        raise EngineError(f"--out {path}: is a folder; give a file name, e.g. games.jsonl")
    if not p.parent.is_dir():
        raise EngineError(f"--out {path}: the folder {str(p.parent)!r} does not exist")
    try:
        return open(p, "w", encoding="utf-8")
    except OSError as exc:
        raise EngineError(f"--out {path}: cannot write ({exc.strerror or exc})") from None


def _open_dataset(path: str):
    from engine.core.parquet import DatasetWriter

    if path == "-":
        raise EngineError("--format parquet writes a folder: give --out FOLDER, e.g. games/")
    return DatasetWriter(path)


def _discard(args, out) -> None:
    """Remove a half-written output (the file, or the dataset files and folder)."""
    if args.format == "parquet":
        for f in out.folder.glob("part-*.parquet"):
            f.unlink(missing_ok=True)
        with contextlib.suppress(OSError):
            out.folder.rmdir()
    elif out is not sys.stdout:
        out.close()
        Path(args.out).unlink(missing_ok=True)


def cmd_simulate(args) -> int:
    from engine.core.parallel import check_cluster, check_workers
    from engine.core.simulate import iter_simulate

    game = get_game(args.game)
    overrides, players = _prepare(game, args)
    check_cluster(args.cluster)
    if args.cluster is None:
        check_workers(args.workers)
    parquet = args.format == "parquet"
    if parquet:
        out = _open_dataset(args.out)
    else:
        out = sys.stdout if args.out == "-" else _open_out(args.out)
    wins: Counter = Counter()
    num_players = (
        len(players) if players else game.default_count(make_ruleset(game.ruleset_class, overrides))
    )
    done = 0
    seeds = range(args.seed, args.seed + args.games)
    try:
        for count, (payload, won) in iter_simulate(  # each piece is written as it comes
            game,
            seeds,
            players,
            overrides,
            workers=args.workers,
            cluster=args.cluster,
            form=args.format,
        ):
            out.add(payload) if parquet else out.write(payload)
            wins.update(won)
            done += count
            _progress(done, args.games, args.game, prev=done - count)
    except KeyboardInterrupt:  # Ctrl-C: keep the games that finished, in seed order
        out.close() if out is not sys.stdout else out.flush()
        if args.out != "-":
            print(
                f"interrupted: wrote {done} of {args.games} games to {args.out} (seeds "
                f"{args.seed}..{args.seed + done - 1}); continue with --seed "
                f"{args.seed + done} --games {args.games - done}",
                file=sys.stderr,
            )
        return 130
    except BaseException:
        _discard(args, out)  # no half-written output
        raise
    if out is not sys.stdout:
        out.close()
        seats = ", ".join(f"seat {s}: {wins.get(s, 0)}" for s in range(num_players))
        where = f"{args.out} ({out.files} Parquet files)" if parquet else args.out
        print(f"wrote {args.games} {game.title} games to {where} (wins {seats})")
    return 0


def cmd_convert(args) -> int:
    from engine.core.parquet import convert

    direction, n = convert(args.source, args.target)
    print(f"converted {n} games ({direction}): {args.source} -> {args.target}")
    return 0


def cmd_replay(args) -> int:
    records: Iterable[GameRecord]
    if args.file == "-":
        limit = records_module.MAX_BYTES
        data = sys.stdin.buffer.read(limit + 1)
        if len(data) > limit:
            raise RecordError(f"stdin: over the {limit} byte limit; refused")
        try:
            text = data.decode("utf-8")
        except UnicodeDecodeError as exc:
            raise RecordError(f"stdin: not UTF-8 text (byte {exc.start})") from None
        records = parse_jsonl(text, source="stdin")
    elif Path(args.file).is_dir():  # a Parquet dataset, one file in memory at a time
        from engine.core.parquet import iter_records

        records = iter_records(args.file)
    else:
        records = read_jsonl(args.file)
    n = 0
    for n, record in enumerate(records, start=1):
        steps = 0
        try:
            for _ in replay(record):
                steps += 1
        except EngineError as exc:
            raise EngineError(f"{args.file}: game {n}: {exc}") from None
        result = record.result or {}
        scores = " ".join(str(s) for s in result.get("scores", []))
        print(
            f"game {n}: {record.game} {record.num_players}p seed={record.seed} "
            f"{steps} actions, scores [{scores}], winners {result.get('winners')} — ok"
        )
    print(f"{n} games verified")
    return 0


def cmd_winrate(args) -> int:
    """Win share per bot over many games, the seats rotating so no bot keeps a seat."""
    game = get_game(args.game)
    overrides, _ = _prepare(game, args)
    players: list[str] = list(args.players)  # required by the parser
    n = len(players)
    share: defaultdict[str, float] = defaultdict(float)
    seats: defaultdict[int, float] = defaultdict(float)
    for i in range(args.games):
        order = players[i % n :] + players[: i % n]
        record = simulate_with(game, args.seed + i, order, overrides)
        winners = record.final["winners"]
        for w in winners:
            share[order[w]] += 1 / len(winners)
            seats[w] += 1 / len(winners)
        _progress(i + 1, args.games, args.game)
    rules = " ".join(f"{k}={v}" for k, v in overrides.items())
    print(
        f"{game.title}{' (' + rules + ')' if rules else ''}, {args.games} games, "
        f"seeds {args.seed}..{args.seed + args.games - 1}, seats rotating; "
        f"players: {' '.join(players)}"
    )
    for bot in dict.fromkeys(players):
        k = players.count(bot)
        print(
            f"  {bot:<12} x{k}: won {share[bot]:.1f} games = {share[bot] / args.games:.1%} "
            f"(fair share {k / n:.0%})"
        )
    by_seat = ", ".join(f"seat {s}: {seats[s] / args.games:.1%}" for s in range(n))
    print(f"  by seat: {by_seat}")
    return 0


def cmd_ladder(args) -> int:
    from engine.ladder import run_ladder

    game = get_game(args.game)
    overrides = _ruleset_overrides(args)
    _check_games(args)
    out = _open_out(args.out) if args.out else None
    summary = _open_out(args.summary) if args.summary else None

    def on_game(i, record):
        if out is not None:
            out.write(record.to_json() + "\n")
        _progress(i + 1, args.games, args.game)

    try:
        lad = run_ladder(
            game,
            args.bots,
            args.games,
            args.seed,
            args.players,
            overrides,
            on_game=on_game,
            workers=args.workers,
            cluster=args.cluster,
        )
    except BaseException:
        for f, name in ((out, args.out), (summary, args.summary)):
            if f is not None:
                f.close()
                Path(name).unlink(missing_ok=True)  # no half-written file
        raise
    if out is not None:
        out.close()
    if summary is not None:
        summary.write(lad.to_json() + "\n")
        summary.close()
    print(lad.table())
    return 0


def _analyse_workers(records, quick: bool) -> int:
    """``analyse``'s processes when ``--workers`` is not given: one per core, but no more
    than the free memory holds (a two-player Whist grading may hold gigabytes), said on
    stderr when that is fewer."""
    from engine.analysis import command_memory
    from engine.core.parallel import cpu_count, memory_available, workers_for_memory

    need, free = command_memory(records, quick), memory_available()
    workers = workers_for_memory(need, free)
    if free is not None and workers < min(cpu_count(), len(records)):
        print(
            f"analyse: {workers} process{'es' if workers > 1 else ''} rather than one per "
            f"core ({cpu_count()}): each may hold {need / 2**30:.1f} GB of memory while it "
            f"grades a game and {free / 2**30:.1f} GB is free (--workers N chooses)",
            file=sys.stderr,
        )
    return workers


def cmd_analyse(args) -> int:
    from engine.analysis import annotation_lines, not_graded, record_options
    from engine.core.parallel import check_cluster, check_workers

    check_cluster(args.cluster)
    if args.cluster is None:
        check_workers(args.workers)
    records = read_jsonl(args.file)
    workers = args.workers
    if workers is None and args.cluster is None:
        workers = _analyse_workers(records, args.quick)
    out = sys.stdout if args.out == "-" else _open_out(args.out)
    try:
        lines = 0
        opts = {}
        if args.tricks_left is not None:
            opts["tricks_left"] = args.tricks_left
        if args.deal is not None:
            opts["deal"] = args.deal
        if args.budget is not None:
            if not math.isfinite(args.budget) or args.budget < 0:
                raise EngineError(
                    f"--budget {args.budget:g}: give millions of positions, or 0 for no limit"
                )
            budget = round(args.budget * 1_000_000)
            opts["budget"] = budget if budget > 0 else None
        # what a game type's grading leaves out, said once on stderr (never skipped silently)
        said = set()
        for record in records:
            kept = record_options(record, opts, quick=args.quick, command=True)
            for why in not_graded(record, **kept):
                if why not in said:
                    said.add(why)
                    print(f"not graded: {why}", file=sys.stderr)
        left = []  # the games whose grading left out decisions it was asked to grade

        def say_left_out(index: int, words: list[str]) -> None:
            left.append(index)
            for w in words:
                print(f"game {index + 1}: {w}", file=sys.stderr)

        def game_done(n: int) -> None:
            out.flush()  # whole games in the file as they are graded (a long run is read)
            if sys.stderr.isatty():  # a bar on a terminal only: else stderr holds just
                _progress(n, len(records), "analyse")  # what is left out

        lines_of = annotation_lines(
            records,
            on_left_out=say_left_out,
            quick=args.quick,
            command=True,
            workers=workers,
            cluster=args.cluster,
            progress=game_done,
            **opts,
        )
        for line in lines_of:
            out.write(line + "\n")
            lines += 1
    except BaseException:
        if out is not sys.stdout:
            out.close()
            Path(args.out).unlink(missing_ok=True)  # no half-written file
        raise
    if out is not sys.stdout:
        out.close()
        print(f"wrote {lines} graded decisions of {len(records)} games to {args.out}")
    if left:
        print(
            f"analyse: {len(left)} of {len(records)} games left decisions ungraded (named "
            "above: game N: Deal D of E, not graded: …)",
            file=sys.stderr,
        )
    return 0


def cmd_drills(args) -> int:
    from engine.practice import drills

    if args.n < 0:
        raise EngineError("--n must be 0 or more")
    out = sys.stdout if args.out == "-" else _open_out(args.out)
    try:
        for d in drills(args.game, args.n, seed=args.seed, kind=args.kind):
            out.write(json.dumps(d.to_json(), ensure_ascii=False, sort_keys=True) + "\n")
    except BaseException:
        if out is not sys.stdout:
            out.close()
            Path(args.out).unlink(missing_ok=True)  # no half-written file
        raise
    if out is not sys.stdout:
        out.close()
        print(f"wrote {args.n} drills to {args.out}")
    return 0


def cmd_puzzles(args) -> int:
    import tempfile

    from engine.puzzles import GAMES, dumps_puzzles, find_puzzles

    if args.game not in GAMES:
        get_game(args.game)  # an unknown name: the registry's message
        raise EngineError(f"no puzzles for {args.game!r}; games: {', '.join(GAMES)}")
    for name, n in (
        ("--limit", args.limit),
        ("--per-record", args.per_record),
        ("--player", args.player),
    ):
        if n is not None and n < 0:
            raise EngineError(f"{name} must be 0 or more")
    records = []
    for path in args.sources:
        records += read_jsonl(path)
    out = Path(args.out)
    if out.is_dir():
        raise EngineError(f"--out {args.out}: is a folder; give a file name, e.g. whist.jsonl")
    if not out.parent.is_dir():
        raise EngineError(f"--out {args.out}: the folder {str(out.parent)!r} does not exist")
    label = f"{args.game} puzzles"
    puzzles = find_puzzles(
        records,
        args.game,
        limit=args.limit,
        per_record=args.per_record,
        on_record=lambda i: _progress(i, len(records), label),
        seat=args.player,
    )
    text = dumps_puzzles(puzzles)
    # written beside the target and renamed: never a half-written file
    try:
        fd, tmp = tempfile.mkstemp(prefix=".puzzles-", suffix=".tmp", dir=out.parent)
    except OSError as exc:
        raise EngineError(f"--out {args.out}: cannot write ({exc.strerror or exc})") from None
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as f:
            f.write(text)
        umask = os.umask(0)
        os.umask(umask)
        os.chmod(tmp, 0o666 & ~umask)  # as open() would have made it, not mkstemp's 0600
        os.replace(tmp, out)
    except BaseException as exc:
        Path(tmp).unlink(missing_ok=True)
        if isinstance(exc, OSError):
            raise EngineError(f"--out {args.out}: cannot write ({exc.strerror or exc})") from None
        raise
    print(f"wrote {len(puzzles)} puzzles ({len(records)} games read) to {args.out}")
    return 0


def cmd_bench(args) -> int:
    from engine.bench import run_bench

    if args.parallel:  # simulate_many on one core against every core
        from engine.bench import run_parallel_bench

        run_parallel_bench(
            args.games or None,
            runs=3 if args.runs is None else args.runs,
            workers=2 if args.workers is None else args.workers,
        )
        return 0
    run_bench(args.games or None, seconds=args.seconds, runs=5 if args.runs is None else args.runs)
    return 0


def cmd_variants(args) -> int:
    """Does a house rule matter: the same seeds under each value of one rule."""
    from engine.variants import measure

    values = [parse_rule(f"v={v}")[1] for v in args.value] if args.value else None
    report = measure(
        args.game,
        args.field,
        values=values,
        games=args.games,
        seed=args.seed,
        players=args.players,
        workers=args.workers,
        cluster=args.cluster,
        records=args.records,
        progress=lambda done, total: _progress(done, total, f"{args.game} {args.field}"),
        base=dict(parse_rule(r) for r in args.rule or ()),
    )
    text = json.dumps(report, indent=1, ensure_ascii=False) + "\n"
    if args.out == "-":
        sys.stdout.write(text)
    else:
        Path(args.out).write_text(text, encoding="utf-8")
        print(report["verdict"]["text"], file=sys.stderr)
    return 0


def cmd_tutorial(args) -> int:
    """The guided first game: the best of ``--tries`` seeds and its rule moments."""
    from engine.tutorial import find, guide

    guide(args.game)  # an unknown game, or one without a guided game, named at once
    out = Path(args.out)
    if args.out != "-":
        if out.is_dir():
            raise EngineError(f"--out {args.out}: is a folder; give a file name, e.g. stack5.json")
        if not out.parent.is_dir():
            raise EngineError(f"--out {args.out}: the folder {str(out.parent)!r} does not exist")
    tutorial = find(args.game, seed=args.seed, tries=args.tries)
    text = tutorial.dumps()
    if args.out == "-":
        sys.stdout.write(text)
        return 0
    try:
        out.write_text(text, encoding="utf-8")
    except OSError as exc:
        raise EngineError(f"--out {args.out}: cannot write ({exc.strerror or exc})") from None
    record = tutorial.record
    print(
        f"wrote the guided {args.game} game (seed {record.seed}, {len(record.actions)} "
        f"actions, {len(tutorial.moments)} rule moments) to {args.out}"
    )
    return 0


def build_parser() -> argparse.ArgumentParser:
    p = _Parser(prog="python -m engine", description=__doc__.splitlines()[0])
    sub = p.add_subparsers(dest="command", required=True, parser_class=_Parser)
    cli_arguments.add_simulate(sub).set_defaults(func=cmd_simulate)
    cli_arguments.add_replay(sub).set_defaults(func=cmd_replay)
    cli_arguments.add_convert(sub).set_defaults(func=cmd_convert)
    cli_arguments.add_winrate(sub).set_defaults(func=cmd_winrate)
    cli_arguments.add_ladder(sub).set_defaults(func=cmd_ladder)
    cli_arguments.add_analyse(sub).set_defaults(func=cmd_analyse)
    cli_arguments.add_drills(sub).set_defaults(func=cmd_drills)
    cli_arguments.add_puzzles(sub).set_defaults(func=cmd_puzzles)
    cli_arguments.add_variants(sub).set_defaults(func=cmd_variants)
    cli_arguments.add_tutorial(sub).set_defaults(func=cmd_tutorial)
    cli_arguments.add_bench(sub).set_defaults(func=cmd_bench)
    return p


def _one_line(exc: BaseException, limit: int = 2000) -> str:
    text = " ".join(str(exc).splitlines()) or type(exc).__name__
    return text if len(text) <= limit else text[: limit - 1] + "…"


def main(argv=None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        return args.func(args)
    except EngineError as exc:
        print(f"error: {_one_line(exc)}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:  # the reader went away (``| head``): not an error of ours
        with contextlib.suppress(OSError):
            sys.stdout = open(os.devnull, "w")  # noqa: SIM115 - no flush error at exit
        return 0
    except Exception as exc:  # a bug: still one line, never a traceback
        print(
            f"error: unexpected {type(exc).__name__}: {_one_line(exc)} (this is a bug; "
            "please report it with the command)",
            file=sys.stderr,
        )
        return 2
