"""The library's C searches: extension modules built by setuptools, called with ctypes.

Each search whose Python reference is too slow for its job (a whole Whist game graded in
seconds) has a C twin, ``engine/doubledummy/<name>.c``: plain C99 with no Python API.
``setup.py`` builds it with ``module.c`` into the extension module
``engine.doubledummy._<name>`` when the package is installed (``pip install``, ``make
install``; ``python -m engine.doubledummy build`` rebuilds a source checkout's in place
after a ``.c`` is edited). The wrapper (``<name>_c.py``) loads that module's file with
:mod:`ctypes` and calls the search's C functions. A module is used only when it was built
from the current source (its ``tabletop_built_from()`` is the source's SHA-256), so a
stale build is never used; a search that is not built (no C compiler, a failed build) or
is stale leaves the Python search, which gives the same answers (each C twin has a test
comparing the two). ``python -m engine.doubledummy status`` says which search runs.

``TABLETOP_PURE_SOLVER=1`` makes :func:`load` return None (the Python searches).

>>> sorted(p.stem for p in sources())
['four_hands', 'two_hands']
>>> module_name("two_hands")
'engine.doubledummy._two_hands'
"""

from __future__ import annotations

import ctypes
import hashlib
import importlib
import importlib.machinery
import os
import subprocess
import sys
from functools import cache
from pathlib import Path

HERE = Path(__file__).resolve().parent
#: the source checkout's setup.py (absent from an installed package)
SETUP = HERE.parents[1] / "setup.py"
#: set (non-empty) to use the Python searches even when the C ones are built
PURE_ENV = "TABLETOP_PURE_SOLVER"
_STAMP_FN = "tabletop_built_from"
#: the C file that makes a search an extension module (not a search)
_MODULE_C = "module.c"


def sources() -> list[Path]:
    """The C searches of this package (one extension module each)."""
    return sorted(p for p in HERE.glob("*.c") if p.name != _MODULE_C)


def module_name(name: str) -> str:
    """The extension module built from ``<name>.c``."""
    return f"{__package__}._{name}"


def source_hash(name: str) -> str:
    """SHA-256 (hex) of ``<name>.c``."""
    return hashlib.sha256((HERE / f"{name}.c").read_bytes()).hexdigest()


@cache
def _open(name: str) -> tuple[ctypes.CDLL | None, str]:
    try:
        mod = importlib.import_module(module_name(name))
    except ImportError:
        return None, "Python (the C search is not built: make install builds it, with a C compiler)"
    path = str(getattr(mod, "__file__", ""))
    if not path.endswith(tuple(importlib.machinery.EXTENSION_SUFFIXES)):
        return None, f"Python ({module_name(name)} is not a compiled module)"
    try:
        lib = ctypes.CDLL(path)
        fn = getattr(lib, _STAMP_FN)
    except (OSError, AttributeError) as exc:
        return None, f"Python (the C search does not load: {exc})"
    fn.restype = ctypes.c_char_p
    if fn().decode() != source_hash(name):
        return None, f"Python (the C search is stale: {name}.c changed since; run make install)"
    return lib, "C"


def status(name: str) -> tuple[bool, str]:
    """(whether the C search ``name`` is used, why in words)."""
    if os.environ.get(PURE_ENV):
        return False, f"Python ({PURE_ENV} is set)"
    lib, why = _open(name)
    return lib is not None, why


def load(name: str) -> ctypes.CDLL | None:
    """The loaded, current library of the C search ``name``, or None (see :func:`status`)."""
    if os.environ.get(PURE_ENV):
        return None
    return _open(name)[0]


def build(out=print) -> bool:
    """Rebuild a source checkout's C searches in place (``setup.py build_ext
    --inplace``: a search whose source is unchanged is kept); whether every one is then
    used. Never raises: what failed is said, and the Python searches run."""
    if not SETUP.exists():
        out("the C searches are built when the package is installed (pip install)")
        return all(status(p.stem)[0] for p in sources())
    try:
        proc = subprocess.run(
            [sys.executable, str(SETUP), "-q", "build_ext", "--inplace"],
            cwd=SETUP.parent,
            capture_output=True,
            text=True,
            timeout=600,
        )
    except (OSError, subprocess.SubprocessError) as exc:
        out(f"the C searches are not built ({exc}); the Python searches are used")
        return False
    said = [
        line
        for line in (proc.stdout + proc.stderr).splitlines()
        if "not built" in line or "error" in line.lower()
    ]
    for line in said[-15:]:
        out(line)
    _open.cache_clear()
    importlib.invalidate_caches()
    ok = True
    for path in sources():
        used, why = status(path.stem)
        # a module imported before the rebuild stays loaded: the next process uses the new one
        out(f"{path.stem}: {why}")
        ok = ok and used
    return ok


def main(argv: list[str] | None = None) -> int:
    """``build``: rebuild the C searches in place (never fails); ``status`` (the
    default): say which search each one uses."""
    args = sys.argv[1:] if argv is None else argv
    if args == ["build"]:
        build()
        return 0  # a failed build never fails the install
    if args in ([], ["status"]):
        for path in sources():
            print(f"{path.stem}: {status(path.stem)[1]}")
        return 0
    print("usage: python -m engine.doubledummy [build|status]", file=sys.stderr)
    return 2
