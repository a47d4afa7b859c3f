"""Every shipped record replays to its stored result."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine import read_jsonl

DATA = Path(__file__).resolve().parents[1] / "data"
FILES = sorted(DATA.glob("*/*.jsonl"))


@pytest.mark.parametrize("path", FILES, ids=[f"{p.parent.name}/{p.name}" for p in FILES])
def test_shipped_records_replay(path):
    records = read_jsonl(path, verify=True)
    assert records
    assert {r.game for r in records} == {path.parent.name}
