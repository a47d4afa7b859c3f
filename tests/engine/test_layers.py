"""The layers: the engine imports nothing of the app (the dashboard, Streamlit, Plotly,
Babel), so it installs and runs without them."""

from __future__ import annotations

import ast
import os
import re
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
APP_ONLY = ("dashboard", "streamlit", "plotly", "babel")
PYPROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
# distribution name -> the module it is imported as
IMPORTED_AS = {"polars": "polars", "openskill": "openskill"}


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


def _names(requirements: list[str]) -> set[str]:
    return {re.split(r"[<>=!~\[; ]", r, maxsplit=1)[0].lower() for r in requirements}


def module_level_imports(source: str) -> set[str]:
    """The top packages a module needs when it is imported: its module-level imports, also
    under ``if``/``with``/``try``. An import inside a function runs only when it is
    called, and one in a ``try`` that catches ``ImportError`` is optional."""
    found = set()
    todo = list(ast.parse(source).body)
    while todo:
        node = todo.pop()
        if isinstance(node, ast.Import):
            found |= {alias.name.split(".")[0] for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            found.add(node.module.split(".")[0])
        elif isinstance(node, ast.Try) and any(
            "ImportError" in ast.unparse(h.type or ast.Constant(None)) for h in node.handlers
        ):
            todo += node.orelse + node.finalbody + node.handlers
        elif isinstance(node, (ast.If, ast.Try, ast.With)):
            for block in ("body", "orelse", "finalbody", "handlers"):
                todo += getattr(node, block, [])
        elif isinstance(node, ast.ExceptHandler):
            todo += node.body
    return found


def test_the_core_dependencies_are_what_the_engine_imports():
    core = _names(PYPROJECT["project"]["dependencies"])
    app = _names(PYPROJECT["project"]["optional-dependencies"]["app"])
    assert core.isdisjoint(APP_ONLY) and {"streamlit", "plotly", "babel"} <= app
    assert core <= set(IMPORTED_AS)  # every core dependency is one the engine uses
    third_party = set()
    for path in (ROOT / "engine").rglob("*.py"):
        third_party |= module_level_imports(path.read_text(encoding="utf-8"))
    third_party -= set(sys.stdlib_module_names) | {"engine"}
    # what importing any engine module needs is installed with the core
    assert third_party <= {IMPORTED_AS[name] for name in core}, third_party


def test_the_import_reader_tells_needed_from_optional_imports():
    source = (
        "import os, polars as pl\n"
        "from streamlit import x\n"
        "if True:\n"
        "    import plotly\n"
        "try:\n"
        "    import pyspiel\n"
        "except ImportError:\n"
        "    import babel\n"
        "def f():\n"
        "    import ray\n"
    )
    assert module_level_imports(source) == {"os", "polars", "streamlit", "plotly", "babel"}


def _copy_project(to: Path) -> None:
    skip = shutil.ignore_patterns("__pycache__", "*.so", "*.stamp", "*.egg-info")
    for folder in ("engine", "dashboard"):
        shutil.copytree(ROOT / folder, to / folder, ignore=skip)
    for name in ("pyproject.toml", "README.md"):
        shutil.copy(ROOT / name, to / name)


IMPORT_EVERY_ENGINE_MODULE = """
import importlib, importlib.util, pkgutil, sys
import engine
assert engine.__file__.startswith(sys.prefix), engine.__file__  # the installed copy
names = [m.name for m in pkgutil.walk_packages(engine.__path__, "engine.")]
for name in names:
    if not name.endswith("__main__"):
        importlib.import_module(name)
missing = [m for m in ("streamlit", "plotly", "babel") if importlib.util.find_spec(m)]
print(len(names), missing)
"""


@pytest.mark.slow
def test_the_engine_installs_and_runs_without_the_app(tmp_path):
    """A fresh venv with the project installed without extras (about 40 s: pip builds
    the project and installs polars and openskill from its cache) simulates games and
    imports every engine module; Streamlit, Plotly and Babel are not there at all."""
    _copy_project(tmp_path / "src")
    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True)
    python = str(venv / "bin" / "python")
    subprocess.run(
        [python, "-m", "pip", "install", "--quiet", str(tmp_path / "src")],
        check=True,
        capture_output=True,
    )
    command = ["-m", "engine", "simulate", "stack5", "--games", "2", "--seed", "1"]
    alone = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}  # no source folder
    run = dict(capture_output=True, text=True, check=True, cwd=tmp_path, env=alone)
    games = subprocess.run([python, *command], **run).stdout
    assert len(games.splitlines()) == 2
    here = run | {"cwd": ROOT, "env": None}
    assert games == subprocess.run([sys.executable, *command], **here).stdout
    done = subprocess.run([python, "-c", IMPORT_EVERY_ENGINE_MODULE], **run)
    count, missing = done.stdout.split(" ", 1)
    assert int(count) > 50 and missing.strip() == "[]"
