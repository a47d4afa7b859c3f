"""The dashboard stays readable in pieces, as the engine does (tests/engine/test_sizes.py):
no function or method over 120 lines and no module over 800 lines. A longer page function
is split into the parts a reader would name; a longer module becomes a module per concern
in its feature package."""

from __future__ import annotations

from pathlib import Path

from tests.engine.test_sizes import MAX_FUNCTION_LINES, MAX_MODULE_LINES, long_functions

DASHBOARD = Path(__file__).resolve().parents[2] / "dashboard"


def _modules() -> list[Path]:
    return sorted(DASHBOARD.rglob("*.py"))


def test_no_dashboard_function_over_120_lines():
    assert _modules(), DASHBOARD
    found = [
        f"{path.relative_to(DASHBOARD.parent)} {name} ({length} lines)"
        for path in _modules()
        for name, length in long_functions(path.read_text(encoding="utf-8"), MAX_FUNCTION_LINES)
    ]
    assert found == [], "split these where a reader would: " + "; ".join(found)


def test_no_dashboard_module_over_800_lines():
    found = [
        f"{path.relative_to(DASHBOARD.parent)} ({n} lines)"
        for path in _modules()
        if (n := len(path.read_text(encoding="utf-8").splitlines())) > MAX_MODULE_LINES
    ]
    assert found == [], "split these into modules of its feature package: " + "; ".join(found)
