"""Command line: ``python -m engine simulate | replay | bench``.

Errors are one line on stderr and a non-zero exit status; no tracebacks for bad input.
"""

from __future__ import annotations

import argparse
import sys
import tomllib
from collections import Counter
from pathlib import Path

from engine.core.errors import EngineError, RulesetError
from engine.core.records import read_jsonl, replay, write_jsonl
from engine.core.registry import _MODULES, get_game
from engine.core.simulate import simulate


class _Parser(argparse.ArgumentParser):
    def error(self, message):  # one line, exit 2, like argparse but without the usage dump
        self.exit(2, f"{self.prog}: error: {message}\n")


def _progress(done: int, total: int, label: str) -> None:
    """A bar on stderr: redrawn in place on a terminal, one line per tenth otherwise."""
    tty = sys.stderr.isatty()
    if not tty and done != total and done % max(1, total // 10):
        return
    width = 30
    filled = width * done // max(total, 1)
    bar = "#" * filled + "-" * (width - filled)
    start, end = ("\r", "\n" if done == total else "") if tty else ("", "\n")
    print(f"{start}{label} [{bar}] {done}/{total}", end=end, file=sys.stderr, flush=True)


def parse_rule(text: str) -> tuple[str, object]:
    """``key=value`` with a TOML value: ``target=7``, ``variant="whist4"``, ``x=true``."""
    if "=" not in text:
        raise RulesetError(f"--rule {text!r}: write KEY=VALUE, e.g. target=7")
    key, _, value = text.partition("=")
    try:
        parsed = tomllib.loads(f"v = {value}")["v"]
    except tomllib.TOMLDecodeError:
        parsed = value  # bare words are strings: variant=whist4
    return key.strip(), parsed


def _ruleset_overrides(args) -> dict:
    overrides: dict = {}
    if args.rules:
        try:
            overrides.update(tomllib.loads(Path(args.rules).read_text(encoding="utf-8")))
        except OSError as exc:
            raise RulesetError(f"--rules {args.rules}: cannot read ({exc.strerror})") from None
        except tomllib.TOMLDecodeError as exc:
            raise RulesetError(f"--rules {args.rules}: not valid TOML ({exc})") from None
    for item in args.rule or []:
        key, value = parse_rule(item)
        overrides[key] = value
    return overrides


def cmd_simulate(args) -> int:
    game = get_game(args.game)
    overrides = _ruleset_overrides(args)
    if args.games < 1:
        raise EngineError(f"--games {args.games}: must be at least 1")
    players = args.players or None
    records = []
    for i in range(args.games):
        records.append(simulate(game, args.seed + i, players, **overrides))
        _progress(i + 1, args.games, f"{args.game}")
    if args.out == "-":
        for r in records:
            print(r.to_json())
    else:
        write_jsonl(records, args.out)
        wins = Counter(w for r in records for w in r.result["winners"])
        seats = ", ".join(f"seat {s}: {wins.get(s, 0)}" for s in range(records[0].num_players))
        print(f"wrote {len(records)} {game.title} games to {args.out} (wins {seats})")
    return 0


def cmd_replay(args) -> int:
    records = read_jsonl(args.file) if args.file != "-" else None
    if records is None:
        from engine.core.records import parse_jsonl

        records = parse_jsonl(sys.stdin.read(), source="stdin")
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
    print(f"{len(records)} games verified")
    return 0


def cmd_winrate(args) -> int:
    """Win share per bot over many games, the seats rotating so no bot keeps a seat."""
    game = get_game(args.game)
    overrides = _ruleset_overrides(args)
    if args.games < 1:
        raise EngineError(f"--games {args.games}: must be at least 1")
    players = list(args.players)
    n = len(players)
    share: Counter = Counter()
    seats: Counter = Counter()
    for i in range(args.games):
        order = players[i % n :] + players[: i % n]
        record = simulate(game, args.seed + i, order, **overrides)
        winners = record.result["winners"]
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


def cmd_bench(args) -> int:
    from engine.bench import run_bench

    run_bench(args.games or None, seconds=args.seconds, runs=args.runs)
    return 0


def build_parser() -> argparse.ArgumentParser:
    p = _Parser(prog="python -m engine", description=__doc__.splitlines()[0])
    sub = p.add_subparsers(dest="command", required=True, parser_class=_Parser)

    s = sub.add_parser("simulate", help="simulate games with bots into a JSON Lines file")
    s.add_argument("game", help=f"one of: {', '.join(_MODULES)}")
    s.add_argument("--games", type=int, default=1, help="number of games (default 1)")
    s.add_argument("--seed", type=int, default=0, help="seed of the first game (then +1 each)")
    s.add_argument("--players", nargs="+", help="bot name per seat, e.g. heuristic random")
    s.add_argument("--rule", action="append", help="ruleset override KEY=VALUE (repeatable)")
    s.add_argument("--rules", help="TOML file of ruleset overrides")
    s.add_argument("--out", default="-", help="output .jsonl file ('-' = stdout)")
    s.set_defaults(func=cmd_simulate)

    r = sub.add_parser("replay", help="verify every game of a JSON Lines file by replay")
    r.add_argument("file", help="a .jsonl file ('-' = stdin)")
    r.set_defaults(func=cmd_replay)

    w = sub.add_parser("winrate", help="win share per bot, seats rotating between games")
    w.add_argument("game", help=f"one of: {', '.join(_MODULES)}")
    w.add_argument("--players", nargs="+", required=True, help="bot per seat (rotated)")
    w.add_argument("--games", type=int, default=100, help="number of games (default 100)")
    w.add_argument("--seed", type=int, default=0, help="seed of the first game")
    w.add_argument("--rule", action="append", help="ruleset override KEY=VALUE (repeatable)")
    w.add_argument("--rules", help="TOML file of ruleset overrides")
    w.set_defaults(func=cmd_winrate)

    b = sub.add_parser("bench", help="random-bot games per second, per game, on one core")
    b.add_argument("games", nargs="*", help="games to time (default: all)")
    b.add_argument("--seconds", type=float, default=1.0, help="time per run (default 1)")
    b.add_argument("--runs", type=int, default=5, help="runs per figure; the median is shown")
    b.set_defaults(func=cmd_bench)
    return p


def main(argv=None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        return args.func(args)
    except EngineError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        return 130
