"""The engine stays readable in pieces: no function or method over 120 lines and no
module over 800 lines (a longer one is split where a reader would: one function per
concern, a module's helpers in a sibling module named for what they hold)."""

from __future__ import annotations

import ast
from pathlib import Path

ENGINE = Path(__file__).resolve().parents[2] / "engine"
MAX_FUNCTION_LINES = 120
MAX_MODULE_LINES = 800


def long_functions(source: str, limit: int = MAX_FUNCTION_LINES) -> list[tuple[str, int]]:
    """Each function or method of ``source`` (nested ones too) longer than ``limit``
    lines, its decorators and docstring counted, as (name at its line, length)."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            first = min([node.lineno, *(d.lineno for d in node.decorator_list)])
            length = (node.end_lineno or node.lineno) - first + 1
            if length > limit:
                found.append((f"{node.name}:{node.lineno}", length))
    return found


def _modules() -> list[Path]:
    return sorted(ENGINE.rglob("*.py"))


def test_the_size_check_sees_a_long_function():
    body = "".join(f"    x{i} = {i}\n" for i in range(MAX_FUNCTION_LINES))
    assert long_functions(f"def f():\n{body}") == [("f:1", MAX_FUNCTION_LINES + 1)]
    assert long_functions(f"def f():\n{body[: body.rindex('    x')]}") == []


def test_no_engine_function_over_120_lines():
    assert _modules(), ENGINE
    found = [
        f"{path.relative_to(ENGINE.parent)} {name} ({length} lines)"
        for path in _modules()
        for name, length in long_functions(path.read_text(encoding="utf-8"))
    ]
    assert found == [], "split these where a reader would: " + "; ".join(found)


def test_no_engine_module_over_800_lines():
    found = [
        f"{path.relative_to(ENGINE.parent)} ({n} lines)"
        for path in _modules()
        if (n := len(path.read_text(encoding="utf-8").splitlines())) > MAX_MODULE_LINES
    ]
    assert found == [], "split these into sibling modules: " + "; ".join(found)
