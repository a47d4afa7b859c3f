"""A golden playthrough: a fixed game must replay identically (catches silent rule drift).

Regenerate after an intended rule change with
``STOCK_HOLDEM_REGOLD=1 .venv/bin/python -m pytest tests/engine/stock_holdem/test_golden.py``
and review the diff of ``golden.jsonl``.
"""

from __future__ import annotations

import os
from pathlib import Path

from engine import parse_jsonl, replay, simulate
from engine.core.records import dumps_jsonl

GOLDEN = Path(__file__).with_name("golden.jsonl")
CASES = [
    (5, ["heuristic", "random", "random", "random"]),
    (6, ["random", "heuristic", "random"]),
    (7, ["heuristic", "heuristic", "random", "random", "random", "random"]),
]


def _records():
    return [simulate("stock_holdem", seed=seed, players=players) for seed, players in CASES]


def test_golden_playthroughs():
    records = _records()
    if os.environ.get("STOCK_HOLDEM_REGOLD"):
        GOLDEN.write_text(dumps_jsonl(records), encoding="utf-8")
    stored = parse_jsonl(GOLDEN.read_text(encoding="utf-8"), source=GOLDEN.name)
    for new, old in zip(records, stored, strict=True):
        assert new.actions == old.actions
        assert new.result == old.result
        assert list(replay(old))[-1].state.is_terminal()
