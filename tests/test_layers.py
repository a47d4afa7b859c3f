"""The layers: the engine imports nothing of the app (the dashboard, Streamlit, Plotly,
Babel), so it installs and runs without them."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
APP_ONLY = ("dashboard", "streamlit", "plotly", "babel")


def app_imports(source: str, filename: str = "<text>") -> list[str]:
    """Every ``import X`` / ``from X import …`` (at any depth, also inside functions) and
    every ``importlib.import_module("X…")`` with a literal name whose top package is one
    of :data:`APP_ONLY`."""
    found = []
    for node in ast.walk(ast.parse(source, filename)):
        names: list[str] = []
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names = [node.module]
        elif (
            isinstance(node, ast.Call)
            and getattr(node.func, "attr", getattr(node.func, "id", ""))
            in ("import_module", "__import__")
            and node.args
            and isinstance(node.args[0], ast.Constant)
            and isinstance(node.args[0].value, str)
        ):
            names = [node.args[0].value]
        found += [n for n in names if n.split(".")[0] in APP_ONLY]
    return found


def test_no_engine_module_imports_the_app():
    bad = []
    modules = sorted((ROOT / "engine").rglob("*.py"))
    assert len(modules) > 50  # the walk sees the engine
    for path in modules:
        for name in app_imports(path.read_text(encoding="utf-8"), str(path)):
            bad.append(f"{path.relative_to(ROOT)}: {name}")
    assert bad == []


def test_the_import_walk_sees_every_kind_of_import():
    source = (
        "import os\n"
        "def f():\n"
        "    from dashboard import bench_app\n"
        "    import streamlit.testing.v1\n"
        "    import plotly.graph_objects as go\n"
        "    importlib.import_module('babel.dates')\n"
        "from .dashboard import x\n"  # relative: a module of the engine's own
        "import dashboards\n"
    )
    assert app_imports(source) == [
        "dashboard",
        "streamlit.testing.v1",
        "plotly.graph_objects",
        "babel.dates",
    ]
