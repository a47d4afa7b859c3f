"""The Whist grading's layout, read from the source: its modules import one another in one
direction only (no circle, imports inside functions counted), and no module of the game,
its grading or the double-dummy library imports another module's private (``_x``) names."""

from __future__ import annotations

import ast
from pathlib import Path

from tests.dashboard.test_architecture import cycles, import_graph

ROOT = Path(__file__).resolve().parents[3]
PACKAGES = ("engine/whist", "engine/doubledummy")


def test_no_import_circle_in_the_grading_or_the_library_even_through_late_imports():
    for package in ("engine.whist.grading", "engine.doubledummy"):
        assert cycles(import_graph(nested=True, within=package)) == [], package
    graph = import_graph(nested=True, within="engine.whist")
    grading = {m for m in graph if m.startswith("engine.whist.grading")}
    # what the grading imports of the game never imports the grading back
    for found in cycles(graph):
        assert not grading & set(found), found


def test_no_module_imports_another_modules_private_names():
    found = []
    for package in PACKAGES:
        for path in sorted((ROOT / package).rglob("*.py")):
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
                if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("engine."):
                    found += [
                        f"{path.relative_to(ROOT)}: {node.module}.{a.name}"
                        for a in node.names
                        if a.name.startswith("_") and a.name != "__future__"
                    ]
    assert found == []
