"""The house, drawn from the imports: no import circle in engine/ and dashboard/, no
shared dashboard module that branches on a game's name, no game module at dashboard's top
level.

The import graph is read from the source (``ast``), not by importing. In engine/ and
dashboard/ together the module-level imports must form no circle; in dashboard/ the
imports inside functions count too (a late import inside a function hides a circle from
Python, not from a reader). An edge goes to the
module named (``from a.b import c`` → ``a.b.c`` when that is a module, else ``a.b``).
Imports by a name in a string (``importlib.import_module``: the plugin registry,
:mod:`dashboard.plugins`) are not edges.
"""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PACKAGES = ("engine", "dashboard")
GAMES = ("stock_holdem", "stack5", "owners_choice", "whist", "pig")


def _modules() -> dict[str, Path]:
    found = {}
    for package in PACKAGES:
        for path in sorted((ROOT / package).rglob("*.py")):
            parts = list(path.relative_to(ROOT).with_suffix("").parts)
            if parts[-1] == "__init__":
                parts.pop()
            found[".".join(parts)] = path
    return found


def _imports(name: str, path: Path, modules: dict[str, Path], nested: bool) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    is_package = path.name == "__init__.py"
    out = set()
    nodes = _run_anywhere(tree) if nested else _module_level(tree)
    for node in nodes:
        if isinstance(node, ast.Import):
            targets = [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:  # relative: from the module's package
                base = name.split(".")
                base = base[: len(base) - node.level + (1 if is_package else 0)]
                module = ".".join(base + ([node.module] if node.module else []))
            else:
                module = node.module or ""
            targets = [f"{module}.{a.name}" for a in node.names] + [module]
            # "from a import b": b is a module of a (then a itself is only its package), or
            # a name defined in a
            subs = [t for t in targets[:-1] if t in modules]
            targets = subs if len(subs) == len(node.names) else subs + [module]
        else:
            continue
        for target in targets:
            while target and target not in modules:
                target = target.rpartition(".")[0]
            if target and target != name:
                out.add(target)
    return out


def _module_level(tree: ast.Module):
    """The statements run on import: the module's own, also inside ``if`` / ``try`` /
    ``with`` blocks, not inside functions or classes nor under ``if TYPE_CHECKING``."""
    todo = list(tree.body)
    while todo:
        node = todo.pop()
        yield node
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            continue  # for type checkers only: never run
        if isinstance(node, (ast.If, ast.Try, ast.With)):
            for field in ("body", "orelse", "finalbody", "handlers"):
                todo.extend(getattr(node, field, []))
        elif isinstance(node, ast.ExceptHandler):
            todo.extend(node.body)


def _run_anywhere(tree: ast.AST):
    """Every statement that may run: the module's and its functions' and classes', not
    those under ``if TYPE_CHECKING`` (for type checkers only: never run)."""
    todo = [tree]
    while todo:
        node = todo.pop()
        yield node
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            todo.extend(node.orelse)
            continue
        todo.extend(ast.iter_child_nodes(node))


def import_graph(nested: bool = False, within: str = "") -> dict[str, set[str]]:
    """Module → the modules it imports (``nested``: imports inside functions too;
    ``within``: only the modules of that package, and only edges between them)."""
    modules = _modules()
    graph = {name: _imports(name, path, modules, nested) for name, path in modules.items()}
    if within:
        graph = {
            k: {t for t in v if t.startswith(within)}
            for k, v in graph.items()
            if k.startswith(within)
        }
    return graph


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan), each sorted."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found = []
    counter = [0]

    def visit(v: str) -> None:
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on_stack.add(v)
        for w in graph.get(v, ()):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            part = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                part.append(w)
                if w == v:
                    break
            if len(part) > 1:
                found.append(sorted(part))

    import sys

    limit = sys.getrecursionlimit()
    sys.setrecursionlimit(max(limit, 10_000))
    try:
        for v in sorted(graph):
            if v not in index:
                visit(v)
    finally:
        sys.setrecursionlimit(limit)
    return found


def test_the_cycle_finder_finds_a_circle():
    assert cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
    assert cycles({"a": {"b"}, "b": set()}) == []


def test_no_import_circle_in_engine_and_dashboard():
    found = cycles(import_graph())
    assert found == [], "import circles: " + "; ".join(" ↔ ".join(c) for c in found)


def test_no_import_circle_in_the_dashboard_even_through_late_imports():
    found = cycles(import_graph(nested=True, within="dashboard"))
    assert found == [], "import circles: " + "; ".join(" ↔ ".join(c) for c in found)


def test_no_import_circle_in_the_engine_even_through_late_imports():
    """A game's state is handed its game by the Game that makes it, a game's ``Game`` lives
    in its ``game.py`` (the package only re-exports), and a game's modules import the
    module that defines a name, never their package: so no late import closes a circle."""
    found = cycles(import_graph(nested=True, within="engine"))
    assert found == [], "import circles: " + "; ".join(" ↔ ".join(c) for c in found)


def test_late_imports_count_and_type_checking_ones_do_not():
    tree = ast.parse(
        "from typing import TYPE_CHECKING\n"
        "if TYPE_CHECKING:\n"
        "    import engine.a\n"
        "else:\n"
        "    import engine.b\n"
        "def f():\n"
        "    import engine.c\n"
    )
    seen = {a.name for n in _run_anywhere(tree) if isinstance(n, ast.Import) for a in n.names}
    assert seen == {"engine.b", "engine.c"}


def _reached(graph: dict[str, set[str]], roots: list[str]) -> set[str]:
    """Every module ``roots`` import, directly or through others (themselves included)."""
    seen: set[str] = set()
    todo = list(roots)
    while todo:
        name = todo.pop()
        if name not in seen:
            seen.add(name)
            todo.extend(graph.get(name, ()))
    return seen


def test_the_app_never_imports_its_tools():
    """The measuring tools (dashboard/tools/: the benches, the club night, the protocol
    client) drive the app from outside: nothing the app runs imports them, inside functions
    neither. The app is ``app.py`` (and ``serve.py``, which starts it), every page of
    ``views/`` and each game's UI (found by name through the plugin registry)."""
    from dashboard.plugins import REGISTRY

    graph = import_graph(nested=True)
    pages = [name for name in graph if name.startswith("dashboard.views.")]
    roots = ["dashboard.app", "dashboard.serve", *pages, *REGISTRY.values()]
    app = _reached(graph, roots)
    assert len(app) > 100 and "dashboard.plugins" in app  # the walk sees the app
    assert sorted(m for m in app if m.startswith("dashboard.tools")) == []
    outside = sorted(
        f"{name} → {target}"
        for name, targets in graph.items()
        if not name.startswith("dashboard.tools")
        for target in targets
        if target.startswith("dashboard.tools")
    )
    assert outside == [], "imports of the tools outside them: " + "; ".join(outside)


def _game_names_compared(path: Path) -> list[str]:
    """Each comparison of something with a game's name (``game == "whist"``,
    ``record.game in ("stack5", …)``, ``"pig" != name``) in the file."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found = []
    for node in ast.walk(tree):
        if not isinstance(node, ast.Compare):
            continue
        for side in [node.left, *node.comparators]:
            values = [side]
            if isinstance(side, (ast.Tuple, ast.List, ast.Set)):
                values = side.elts
            for v in values:
                if isinstance(v, ast.Constant) and v.value in GAMES:
                    found.append(f"{path.name}:{node.lineno}: {ast.unparse(node)}")
    return found


def test_no_shared_dashboard_module_branches_on_a_game():
    found = [
        hit
        for path in sorted((ROOT / "dashboard").glob("*.py"))
        for hit in _game_names_compared(path)
    ]
    assert found == [], "branches on a game's name: " + "; ".join(found)


def test_the_branch_finder_sees_a_branch(tmp_path):
    path = tmp_path / "x.py"
    path.write_text('if record.game == "whist" or g in ("pig", "x"):\n    pass\n')
    assert len(_game_names_compared(path)) == 2


def test_no_game_module_at_the_dashboards_top_level():
    """A game's UI lives in dashboard/<game>/ (and its pages in dashboard/views/<game>/):
    no top-level dashboard module is named for a game or imports one game's engine."""
    named = [
        p.name for p in (ROOT / "dashboard").glob("*.py") if any(game in p.stem for game in GAMES)
    ]
    assert named == []
    graph = import_graph()
    reaching = sorted(
        f"{name} → {target}"
        for name, targets in graph.items()
        if name.count(".") == 1 and name.startswith("dashboard.")
        for target in targets
        if any(
            target.startswith(f"engine.{g}") or target.startswith(f"dashboard.{g}") for g in GAMES
        )
    )
    assert reaching == [], "top-level modules importing one game: " + "; ".join(reaching)


#: The game names shared code still holds, per module (see :mod:`tests.game_names`): none.
#: A new game adds its own folders and one line in each registry.
STILL_NAMING_GAMES: dict[str, int] = {}


def test_shared_code_names_no_game_beyond_what_is_left():
    from collections import Counter

    from tests.game_names import game_names_in_shared_code

    hits = game_names_in_shared_code()
    per = Counter(hit.split(":", 1)[0] for hit in hits)
    over = sorted(
        f"{module}: {n} (allowed {STILL_NAMING_GAMES.get(module, 0)})"
        for module, n in per.items()
        if n > STILL_NAMING_GAMES.get(module, 0)
    )
    assert over == [], (
        "shared code names a game (ask the registry, or give the game's Game/GameUI a hook): "
        + "; ".join(over)
        + "\n"
        + "\n".join(h for h in hits if any(h.startswith(o.split(":")[0] + ":") for o in over))
    )
    fallen = sorted(m for m, n in STILL_NAMING_GAMES.items() if per.get(m, 0) < n)
    assert fallen == [], "lower STILL_NAMING_GAMES to the new figure for: " + ", ".join(fallen)


def test_the_game_name_finder_sees_late_imports_strings_and_comparisons():
    from tests.game_names import is_shared, names_in_source

    source = '''"""Docstrings may name whist and engine.stack5."""
import engine.pig
from dashboard.whist import words  # a comment may name stack5


def f(name):
    """So may a function's docstring: stock_holdem."""
    from engine.stack5.analysis import decision_values
    from engine import owners_choice
    if name == "whist":
        return "views/stack5/live.py", "engine.stock_holdem.game", {"pig": 1}
    return "Whist", "whistle", "stack50"
'''
    hits = sorted(h.split(": ", 1)[1] for h in names_in_source(source))
    assert hits == sorted(
        [
            "import engine.pig",
            "from dashboard.whist import …",
            "from engine.stack5.analysis import …",
            "from engine import owners_choice",
            "'whist'",
            "'views/stack5/live.py'",
            "'engine.stock_holdem.game'",
            "'pig'",
        ]
    )
    assert not is_shared(ROOT / "engine/whist/game.py")
    assert not is_shared(ROOT / "dashboard/views/stack5/live.py")
    assert not is_shared(ROOT / "engine/core/registry.py")
    assert is_shared(ROOT / "engine/puzzles.py")
    assert is_shared(ROOT / "dashboard/views/home.py")


def test_the_dashboards_top_level_holds_only_the_app_frame():
    """Features live in packages that say what they hold (explorer/, jobs/, play/,
    practice/, stats/, store/, words/, components/, …); the top level keeps the entry, the
    server, the navigation, the plugin registry and the few modules every page uses."""
    top = sorted(p.name for p in (ROOT / "dashboard").glob("*.py"))
    assert len(top) <= 15, top


def test_code_says_what_and_why_not_which_issue():
    """A comment or docstring explains the code; the issue that asked for it is in the
    history (git log), not in the code."""
    import re

    pointer = re.compile("issue" + r" ?#?\d+")
    found = [
        f"{p.relative_to(ROOT)}:{n}"
        for folder in ("engine", "dashboard", "tests")
        for p in sorted((ROOT / folder).rglob("*"))
        if p.suffix in (".py", ".js", ".css")
        for n, line in enumerate(p.read_text(encoding="utf-8").splitlines(), 1)
        if pointer.search(line)
    ]
    assert found == [], found
