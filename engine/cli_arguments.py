"""The command line's sub-commands and their arguments, one function each; each returns
its parser, and :func:`engine.cli.build_parser` ties it to the function that runs it."""

from __future__ import annotations

import argparse

from engine.core.registry import _MODULES


def add_simulate(sub) -> argparse.ArgumentParser:
    """The `simulate` sub-command."""
    s = sub.add_parser("simulate", help="simulate games with bots into a JSON Lines file")
    s.add_argument("game", help=f"one of: {', '.join(_MODULES)}")
    s.add_argument("--games", type=int, default=1, help="number of games (default 1)")
    s.add_argument("--seed", type=int, default=0, help="seed of the first game (then +1 each)")
    s.add_argument("--players", nargs="+", help="bot name per seat, e.g. heuristic random")
    s.add_argument("--rule", action="append", help="ruleset override KEY=VALUE (repeatable)")
    s.add_argument("--rules", help="TOML file of ruleset overrides")
    s.add_argument(
        "--out", default="-", help="output .jsonl file ('-' = stdout) or, for Parquet, a folder"
    )
    s.add_argument(
        "--format",
        choices=["jsonl", "parquet"],
        default="jsonl",
        help="jsonl (default) or parquet: a folder of Parquet files, one row per game",
    )
    s.add_argument(
        "--workers",
        type=int,
        help="processes to simulate on (default: every core; 1 = this process only); the "
        "games are the same whatever the number",
    )
    s.add_argument(
        "--cluster",
        metavar="ADDRESS",
        help="simulate on a Ray cluster: auto, local or ray://host:port "
        "(needs pip install -e '.[cluster]')",
    )
    return s


def add_replay(sub) -> argparse.ArgumentParser:
    """The `replay` sub-command."""
    r = sub.add_parser("replay", help="verify every game of a JSON Lines file by replay")
    r.add_argument("file", help="a .jsonl file ('-' = stdin) or a Parquet dataset folder")
    return r


def add_convert(sub) -> argparse.ArgumentParser:
    """The `convert` sub-command."""
    c = sub.add_parser("convert", help="JSON Lines file <-> Parquet dataset folder, exactly")
    c.add_argument("source", help="a .jsonl file, or a Parquet dataset folder")
    c.add_argument("target", help="a new folder (from .jsonl), or a .jsonl file (from a folder)")
    return c


def add_winrate(sub) -> argparse.ArgumentParser:
    """The `winrate` sub-command."""
    w = sub.add_parser("winrate", help="win share per bot, seats rotating between games")
    w.add_argument("game", help=f"one of: {', '.join(_MODULES)}")
    w.add_argument("--players", nargs="+", required=True, help="bot per seat (rotated)")
    w.add_argument("--games", type=int, default=100, help="number of games (default 100)")
    w.add_argument("--seed", type=int, default=0, help="seed of the first game")
    w.add_argument("--rule", action="append", help="ruleset override KEY=VALUE (repeatable)")
    w.add_argument("--rules", help="TOML file of ruleset overrides")
    return w


def add_ladder(sub) -> argparse.ArgumentParser:
    """The `ladder` sub-command."""
    lad = sub.add_parser("ladder", help="rate bots with OpenSkill over rotating-seat games")
    lad.add_argument("game", help=f"one of: {', '.join(_MODULES)}")
    lad.add_argument("--bots", nargs="+", required=True, help="bots, e.g. random heuristic mcts@50")
    lad.add_argument("--games", type=int, default=20, help="number of games (default 20)")
    lad.add_argument("--seed", type=int, default=0, help="seed of the first game")
    lad.add_argument("--players", type=int, help="seats per game (default: the game's)")
    lad.add_argument("--rule", action="append", help="ruleset override KEY=VALUE (repeatable)")
    lad.add_argument("--rules", help="TOML file of ruleset overrides")
    lad.add_argument("--out", help="write the games to this .jsonl file")
    lad.add_argument("--summary", help="write the ratings and head to head to this .json file")
    lad.add_argument(
        "--workers",
        type=int,
        help="processes to play on (default: every core; 1 = this process only); the games "
        "and ratings are the same whatever the number",
    )
    lad.add_argument(
        "--cluster",
        metavar="ADDRESS",
        help="play on a Ray cluster: auto, local or ray://host:port "
        "(needs pip install -e '.[cluster]')",
    )
    return lad


def add_analyse(sub) -> argparse.ArgumentParser:
    """The `analyse` sub-command."""
    a = sub.add_parser(
        "analyse",
        help="grade every decision of recorded games (JSON Lines); what a game's grading "
        "leaves out is named on stderr",
        description="Grade every decision of every game of FILE. Whist: the bids, trump or "
        "direction calls and kitty discards against the deal's double-dummy table and "
        "par (hindsight: all hands known) and every card against double-dummy par; "
        "two-player deals: every card, bid, call, discard and declaration whose exact "
        "search fits --budget. What a grading leaves out is named on stderr.",
    )
    a.add_argument("file", help="a .jsonl file of records")
    a.add_argument("--out", default="-", help="output .jsonl file ('-' = stdout)")
    a.add_argument(
        "--quick",
        action="store_true",
        help="Whist: grade only the cards of the last 5 tricks of each deal, no bids (the "
        "pages' first grading; seconds instead of minutes a game)",
    )
    a.add_argument(
        "--tricks-left",
        type=int,
        help="Whist: grade only the cards of the last N tricks of each deal, no bids "
        "(double dummy is slow early)",
    )
    a.add_argument("--deal", type=int, help="Whist: grade only deal N (0 = the first) of each game")
    a.add_argument(
        "--budget",
        type=float,
        metavar="M",
        help="two-player Whist: the millions of positions each exact search may take "
        "(default: a few minutes a search; 0 = no limit); a decision over it is not "
        "graded, and stderr says so",
    )
    a.add_argument(
        "--workers",
        type=int,
        help="processes to grade the games on, one game each at a time (default: every "
        "core, but no more than the free memory holds: a two-player Whist game may take "
        "3 GB; 1 = this process only); the lines are the same whatever the number",
    )
    a.add_argument(
        "--cluster",
        metavar="ADDRESS",
        help="grade on a Ray cluster: auto, local or ray://host:port "
        "(needs pip install -e '.[cluster]')",
    )
    return a


def add_drills(sub) -> argparse.ArgumentParser:
    """The `drills` sub-command."""
    d = sub.add_parser("drills", help="questions about one rule each, as JSON Lines")
    d.add_argument("game", help=f"one of: {', '.join(_MODULES)}")
    d.add_argument("--kind", help="only this drill kind (default: every kind in turn)")
    d.add_argument("--n", type=int, default=10, help="number of drills (default 10)")
    d.add_argument("--seed", type=int, default=0, help="seed of the first drill")
    d.add_argument("--out", default="-", help="output .jsonl file ('-' = stdout)")
    return d


def add_puzzles(sub) -> argparse.ArgumentParser:
    """The `puzzles` sub-command."""
    pz = sub.add_parser("puzzles", help="puzzles from recorded games: find the best move")
    pz.add_argument("game", help="one of: stock_holdem, stack5, owners_choice, whist")
    pz.add_argument(
        "--from",
        dest="sources",
        nargs="+",
        required=True,
        metavar="RECORDS",
        help="one or more .jsonl files of records (read in order)",
    )
    pz.add_argument("--out", required=True, help="output .jsonl file")
    pz.add_argument("--limit", type=int, help="at most this many puzzles (default: all)")
    pz.add_argument(
        "--per-record", type=int, help="at most this many puzzles from one game (default: all)"
    )
    pz.add_argument(
        "--player",
        type=int,
        metavar="SEAT",
        help="only this seat's decisions, 0 = the first (default: every seat's)",
    )
    return pz


def add_variants(sub) -> argparse.ArgumentParser:
    """The `variants` sub-command."""
    v = sub.add_parser(
        "variants", help="does a house rule matter: the same seeds under each of its values"
    )
    v.add_argument("game", help=f"one of: {', '.join(_MODULES)}")
    v.add_argument("--field", required=True, help="the rule to vary (see the assumptions page)")
    v.add_argument(
        "--value",
        nargs="+",
        help="values to compare with the default (default: the other answer of a yes/no "
        "rule, every other choice of a choice)",
    )
    v.add_argument("--games", type=int, default=1000, help="games per value (default 1000)")
    v.add_argument("--seed", type=int, default=0, help="seed of the first game (then +1 each)")
    v.add_argument(
        "--players", nargs="+", help="bot per seat (rotated; default: the practical bot)"
    )
    v.add_argument("--workers", type=int, help="processes (default: every core)")
    v.add_argument(
        "--cluster", metavar="ADDRESS", help="a Ray cluster: auto, local or ray://host:port"
    )
    v.add_argument("--out", default="-", help="the report, a .json file ('-' = stdout)")
    v.add_argument("--records", metavar="DIR", help="write each value's games to DIR/<value>.jsonl")
    v.add_argument(
        "--rule",
        action="append",
        help="another rule every setting is played under, KEY=VALUE (repeatable), "
        "e.g. variant=whist4 for a rule of classic Whist",
    )
    return v


def add_tutorial(sub) -> argparse.ArgumentParser:
    """The `tutorial` sub-command."""
    tu = sub.add_parser(
        "tutorial",
        help="a guided first game: a seeded bots' game and the steps where each rule first "
        "matters, as JSON",
    )
    tu.add_argument("game", help="one of: stock_holdem, stack5, owners_choice, whist")
    tu.add_argument("--seed", type=int, default=0, help="the first seed tried (default 0)")
    tu.add_argument("--tries", type=int, default=20, help="seeds tried from --seed on (default 20)")
    tu.add_argument("--out", required=True, help="output .json file ('-' = stdout)")
    return tu


def add_bench(sub) -> argparse.ArgumentParser:
    """The `bench` sub-command."""
    b = sub.add_parser("bench", help="random-bot games per second, per game, on one core")
    b.add_argument("games", nargs="*", help="games to time (default: all)")
    b.add_argument("--seconds", type=float, default=1.0, help="time per run (default 1)")
    b.add_argument(
        "--runs",
        type=int,
        help="runs per figure (default 5, 3 with --parallel); the median is shown",
    )
    b.add_argument(
        "--parallel",
        action="store_true",
        help="simulate_many games per second on one core and on --workers processes "
        "(default 2; games: stack5 whist), and the speed-up",
    )
    b.add_argument("--workers", type=int, help="processes for --parallel (default 2)")
    return b
