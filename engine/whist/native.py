"""The mypyc-compiled copy of the double-dummy solver (issue 14: a whole deal graded in
seconds needs the search to run compiled; mypyc makes it about 3× faster).

``make install`` runs ``python -m engine.whist.native build``: it copies
``engine/whist/solver.py`` down to its "compiled copy" line as
``engine/whist/_solver_native.py`` with the SHA-256 of ``solver.py`` added, compiles that
with mypyc (package ``mypy``, in the dev extra) into
``engine/whist/_solver_native.<abi>.so`` and removes the copy. A failed build prints why
and never fails the install: the pure-Python solver is used.

:mod:`engine.whist.solver` uses the compiled ``Solver`` only when the SHA-256 recorded in
it is that of the current ``solver.py``, so a stale build (``solver.py`` edited since)
is never used; ``solver.STATUS`` says which one runs and why. Set
``TABLETOP_PURE_SOLVER=1`` to use the pure-Python one anyway.

The same command builds the C searches (``engine/whist/*.c``, see
:mod:`engine.whist.clib`).

    python -m engine.whist.native [build|status]
"""

from __future__ import annotations

import hashlib
import importlib
import importlib.machinery
import os
import subprocess
import sys
import tempfile
from pathlib import Path
from types import ModuleType

from engine.whist import clib

MODULE = "engine.whist._solver_native"
HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
SOURCE = HERE / "solver.py"
COPY = HERE / "_solver_native.py"
#: the line of solver.py where the compiled copy stops
MARKER = "# --- the compiled copy"
#: set (non-empty) to use the pure-Python solver even when a compiled one is built
PURE_ENV = "TABLETOP_PURE_SOLVER"

_SETUP = """
import sys
from setuptools import setup
from mypyc.build import mypycify

tmp, path = sys.argv[1], sys.argv[2]
setup(
    name="solver_native",
    ext_modules=mypycify(
        [path, "--follow-imports=skip", *sys.argv[3:]],
        opt_level="3",
        target_dir=tmp + "/c",
    ),
    script_args=["build_ext", "--inplace", "--build-temp", tmp + "/temp"],
)
"""


def source_hash(path: Path = SOURCE) -> str:
    """SHA-256 (hex) of the solver's source file."""
    return hashlib.sha256(path.read_bytes()).hexdigest()


def compiled_source(text: str, digest: str) -> str:
    """The module mypyc compiles: ``text`` (solver.py) down to its compiled-copy line,
    then the SHA-256 ``digest`` of the source it was made from."""
    head, found, _ = text.partition("\n" + MARKER)
    if not found:
        raise ValueError(f"solver.py has no line starting {MARKER!r}")
    return (
        head.rstrip()
        + "\n\n\n#: SHA-256 of the solver.py this copy was compiled from\n"
        + f'_BUILT_FROM: Final = "{digest}"\n'
    )


def _compiled_module() -> ModuleType | None:
    try:
        mod = importlib.import_module(MODULE)
    except (ImportError, OSError):
        return None
    if not str(getattr(mod, "__file__", "")).endswith(
        tuple(importlib.machinery.EXTENSION_SUFFIXES)
    ):
        return None  # a leftover copy of the source, not a compiled module
    return mod


def status(digest: str | None = None) -> tuple[bool, str]:
    """(whether the compiled solver is to be used, why in words) for the current
    ``solver.py`` (or the source whose SHA-256 is ``digest``)."""
    if os.environ.get(PURE_ENV):
        return False, f"pure Python ({PURE_ENV} is set)"
    mod = _compiled_module()
    if mod is None:
        return False, "pure Python (not compiled: make install compiles it with mypyc)"
    if getattr(mod, "_BUILT_FROM", None) != (digest or source_hash()):
        return False, (
            "pure Python (the compiled copy is stale: solver.py changed since it was "
            "built; run make install)"
        )
    return True, "compiled with mypyc"


def compiled_solver() -> type:
    """The compiled ``Solver`` class (check :func:`status` first)."""
    mod = _compiled_module()
    if mod is None:
        raise ImportError(f"{MODULE} is not built")
    return mod.Solver


def _remove_builds() -> None:
    for path in HERE.glob("_solver_native*"):
        if path.suffix in (".so", ".pyd", ".py"):
            path.unlink()


def _mypyc(cwd: Path, path: str, *flags: str) -> subprocess.CompletedProcess:
    """Run mypyc on the module file ``path`` (relative to ``cwd``, which names the
    module), building the extension next to it; ``flags``: more mypy options."""
    with tempfile.TemporaryDirectory() as tmp:
        env = dict(os.environ, MYPY_CACHE_DIR=os.path.join(tmp, "cache"))
        return subprocess.run(
            [sys.executable, "-c", _SETUP, tmp, path, *flags],
            cwd=cwd,
            env=env,
            capture_output=True,
            text=True,
            timeout=1800,
        )


def load_solver_source(text: str, name: str, folder: Path, compiled: bool) -> type:
    """The ``Solver`` class of another solver.py (its text ``text``, e.g. an older
    version, for the benches), imported as the top-level module ``name`` from ``folder``
    and compiled with mypyc first when ``compiled``; raises ``RuntimeError`` when the
    build fails."""
    path = folder / f"{name}.py"
    path.write_text(compiled_source(text, hashlib.sha256(text.encode()).hexdigest()))
    if compiled:
        # outside the source tree the engine's modules are an untyped installed package
        proc = _mypyc(folder, path.name, "--ignore-missing-imports")
        if proc.returncode:
            tail = (proc.stdout + proc.stderr).strip().splitlines()[-15:]
            raise RuntimeError("mypyc failed:\n  " + "\n  ".join(tail))
        path.unlink()
    importlib.invalidate_caches()
    sys.path.insert(0, str(folder))
    try:
        mod = importlib.import_module(name)
    finally:
        sys.path.remove(str(folder))
    if compiled and not str(mod.__file__).endswith(tuple(importlib.machinery.EXTENSION_SUFFIXES)):
        raise RuntimeError(f"{name} was not compiled")
    return mod.Solver


def build(out=print) -> bool:
    """Compile solver.py with mypyc in place; on any failure print why and leave no
    compiled module (the pure-Python solver is used). Never raises."""
    try:
        import mypyc.build  # noqa: F401
    except ImportError:
        out("solver not compiled: mypyc is missing (pip install mypy); pure Python is used")
        return False
    try:
        digest = source_hash()
        _remove_builds()
        COPY.write_text(compiled_source(SOURCE.read_text(), digest))
        proc = _mypyc(ROOT, "engine/whist/_solver_native.py")
    except (OSError, ValueError, subprocess.SubprocessError) as exc:
        out(f"solver not compiled ({exc}); pure Python is used")
        _remove_builds()
        return False
    finally:
        COPY.unlink(missing_ok=True)
    if proc.returncode:
        tail = (proc.stdout + proc.stderr).strip().splitlines()[-15:]
        out("solver not compiled (mypyc failed); pure Python is used:\n  " + "\n  ".join(tail))
        _remove_builds()
        return False
    importlib.invalidate_caches()
    ok, why = status(digest)
    out(f"solver: {why}")
    return ok


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    if args == ["build"]:
        build()
        clib.build_all()
        return 0  # a failed build never fails the install
    if args in ([], ["status"]):
        print(f"solver: {status()[1]}")
        for path in clib.sources():
            print(f"{path.stem}: {clib.status(path.stem)[1]}")
        return 0
    print("usage: python -m engine.whist.native [build|status]", file=sys.stderr)
    return 2


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
