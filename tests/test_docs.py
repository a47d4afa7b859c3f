"""docs/RULES.md is the shared rule specification, word for word."""

from __future__ import annotations

from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
SHARED = ROOT.parent / "shared" / "RULES.md"


def test_rules_copy_matches_the_shared_specification():
    if not SHARED.exists():
        pytest.skip(f"{SHARED} is not beside this checkout")
    copy = (ROOT / "docs" / "RULES.md").read_text(encoding="utf-8").split("\n", 1)[1]
    assert copy == SHARED.read_text(encoding="utf-8")
