"""Every shipped record replays to its stored result."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine import read_jsonl

DATA = Path(__file__).resolve().parents[1] / "data"
# data/puzzles holds puzzles, not records (tests/engine/test_puzzles.py checks them)
FILES = sorted(p for p in DATA.glob("*/*.jsonl") if p.parent.name != "puzzles")


@pytest.mark.parametrize("path", FILES, ids=[f"{p.parent.name}/{p.name}" for p in FILES])
def test_shipped_records_replay(path):
    records = read_jsonl(path, verify=True)
    assert records
    assert {r.game for r in records} == {path.parent.name}


def _commands():
    import re
    import shlex

    out = []
    for readme in sorted(DATA.glob("*/README.md")):
        for line in readme.read_text().splitlines():
            m = re.search(r"python -m engine simulate ([^`|]+)", line)
            if m:
                out.append(shlex.split(m.group(1).strip()))
    return out


COMMANDS = _commands()


@pytest.mark.parametrize("args", COMMANDS, ids=[a[a.index("--out") + 1] for a in COMMANDS])
def test_readme_command_reproduces_the_first_games(args, tmp_path):
    """The command in data/<game>/README.md makes the shipped file (checked on 3 games)."""
    from engine.cli import main

    args = list(args)
    shipped = Path(__file__).resolve().parents[1] / args[args.index("--out") + 1]
    args[args.index("--games") + 1] = "3"
    args[args.index("--out") + 1] = str(tmp_path / "again.jsonl")
    assert main(["simulate", *args]) == 0
    again = (tmp_path / "again.jsonl").read_text().splitlines()
    assert again == shipped.read_text().splitlines()[:3]
