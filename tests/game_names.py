"""Where shared code names a game: the measure behind the architecture test.

Shared code is every module of ``engine/`` and ``dashboard/`` outside a game's own
packages (``engine/<game>/``, ``dashboard/<game>/``, ``dashboard/views/<game>/``) and the
two registries (``engine/core/registry.py``, ``dashboard/plugins.py``), whose tables are
the one line a game adds. Read from the source with ``ast``, not by importing. A hit is

- a string constant equal to a game's name or holding a game's package path
  (``"whist"``, ``"engine.whist.state"``, ``"dashboard/views/stack5/..."``), docstrings
  excepted;
- an ``import`` / ``from`` of a game's package anywhere in the module, inside functions too;
- a comparison with a game's name (counted once, as its string constant).

``python -m tests.game_names`` prints each hit and the count per module and in all.
"""

from __future__ import annotations

import ast
import re
import sys
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
GAMES = ("stock_holdem", "stack5", "owners_choice", "whist", "pig")
REGISTRIES = ("engine/core/registry.py", "dashboard/plugins.py")
_PATH = re.compile(r"(?:engine|dashboard|views)[./](" + "|".join(GAMES) + r")(?![A-Za-z0-9_])")


def is_shared(path: Path) -> bool:
    """Whether the module at ``path`` (under engine/ or dashboard/) is shared code."""
    rel = path.relative_to(ROOT).as_posix()
    if rel in REGISTRIES:
        return False
    parts = rel.split("/")
    if parts[0] in ("engine", "dashboard") and len(parts) > 2 and parts[1] in GAMES:
        return False
    in_views = parts[:2] == ["dashboard", "views"] and len(parts) > 3
    return not (in_views and parts[2] in GAMES)


def shared_modules() -> list[Path]:
    return [
        p
        for package in ("engine", "dashboard")
        for p in sorted((ROOT / package).rglob("*.py"))
        if is_shared(p)
    ]


def _docstrings(tree: ast.AST) -> set[int]:
    ids = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
            body = node.body
            if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
                ids.add(id(body[0].value))
    return ids


def _game_module(name: str) -> str | None:
    parts = name.split(".")
    if len(parts) >= 2 and parts[0] in ("engine", "dashboard") and parts[1] in GAMES:
        return parts[1]
    if len(parts) >= 3 and parts[:2] == ["dashboard", "views"] and parts[2] in GAMES:
        return parts[2]
    return None


def names_in_source(source: str, label: str = "") -> list[str]:
    """Each place in ``source`` that names a game, as ``label:line: what``."""
    tree = ast.parse(source)
    skip = _docstrings(tree)
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in skip:
            if node.value in GAMES or _PATH.search(node.value):
                found.append(f"{label}:{node.lineno}: {node.value[:60]!r}")
        elif isinstance(node, ast.Import):
            for alias in node.names:
                if _game_module(alias.name):
                    found.append(f"{label}:{node.lineno}: import {alias.name}")
        elif isinstance(node, ast.ImportFrom) and not node.level and node.module:
            if _game_module(node.module):
                found.append(f"{label}:{node.lineno}: from {node.module} import …")
            elif node.module in ("engine", "dashboard", "dashboard.views"):
                for alias in node.names:
                    if alias.name in GAMES:
                        found.append(
                            f"{label}:{node.lineno}: from {node.module} import {alias.name}"
                        )
    return found


def game_names_in_shared_code() -> list[str]:
    return [
        hit
        for path in shared_modules()
        for hit in names_in_source(
            path.read_text(encoding="utf-8"), path.relative_to(ROOT).as_posix()
        )
    ]


def main() -> int:
    hits = game_names_in_shared_code()
    for hit in hits:
        print(hit)
    per = Counter(hit.split(":", 1)[0] for hit in hits)
    print()
    for module, n in per.most_common():
        print(f"{n:4d}  {module}")
    print(f"{len(hits)} game names in {len(per)} shared modules")
    return 0


if __name__ == "__main__":
    sys.exit(main())
