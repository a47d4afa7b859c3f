"""No dead code: vulture, with the tests and ``tests/dead_code_hooks.py`` (the names a
framework reads) as users, finds no unused name in ``engine/`` and ``dashboard/``."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def test_vulture_finds_nothing_unused():
    pytest.importorskip("vulture")
    found = subprocess.run(
        [
            sys.executable,
            "-m",
            "vulture",
            "engine",
            "dashboard",
            "tests",
            "--min-confidence",
            "60",
        ],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
    )
    lines = [line for line in found.stdout.splitlines() if line.strip()]
    assert lines == [], "unused (remove it, or name a framework's hook in dead_code_hooks):\n" + (
        "\n".join(lines)
    )
