"""The library's C searches: built with the system's C compiler, loaded with ctypes.

Each search whose Python reference is too slow for its job (a whole Whist game graded in
seconds) has a C twin, ``engine/doubledummy/<name>.c``: plain C99 with no Python API,
whose functions the Python wrapper (``<name>_c.py``) calls through :mod:`ctypes`.
``make install`` runs ``python -m engine.doubledummy build``, which compiles every
such file into ``engine/doubledummy/_<name>.so`` with ``cc`` (``$CC``; ``$CFLAGS`` adds
flags) together with a stamp function returning the SHA-256 of the source it was built
from. A library is used only when that stamp is the current source's, so a stale build
(the ``.c`` edited since) is never used; a failed build prints why and never fails the
install: the wrapper then uses the Python search, which gives the same answers (each C
twin has a test comparing the two). ``python -m engine.doubledummy status`` says
which search each one uses.

``TABLETOP_PURE_SOLVER=1`` makes :func:`load` return None (the Python searches).
"""

from __future__ import annotations

import ctypes
import hashlib
import os
import shlex
import subprocess
import sys
import tempfile
from functools import cache
from pathlib import Path

HERE = Path(__file__).resolve().parent
#: set (non-empty) to use the Python searches even when the C ones are built
PURE_ENV = "TABLETOP_PURE_SOLVER"
_STAMP_FN = "tabletop_built_from"
_FLAGS = ("-O3", "-std=c99", "-shared", "-fPIC", "-Wall")


def sources() -> list[Path]:
    """The C sources of this package (one library each)."""
    return sorted(HERE.glob("*.c"))


def library_path(name: str) -> Path:
    """Where the library built from ``<name>.c`` lives."""
    return HERE / f"_{name}.so"


def source_hash(name: str) -> str:
    """SHA-256 (hex) of ``<name>.c``."""
    return hashlib.sha256((HERE / f"{name}.c").read_bytes()).hexdigest()


def build(name: str, out=print) -> bool:
    """Compile ``<name>.c`` into ``_<name>.so``; on failure print why and leave no
    library. Never raises."""
    target = library_path(name)
    target.unlink(missing_ok=True)
    cc = os.environ.get("CC", "cc")
    try:
        digest = source_hash(name)
        with tempfile.TemporaryDirectory() as tmp:
            stamp = Path(tmp) / "stamp.c"
            stamp.write_text(f'const char *{_STAMP_FN}(void) {{ return "{digest}"; }}\n')
            cmd = [
                *shlex.split(cc),
                *_FLAGS,
                *shlex.split(os.environ.get("CFLAGS", "")),
                str(HERE / f"{name}.c"),
                str(stamp),
                "-o",
                str(target),
            ]
            proc = subprocess.run(cmd, capture_output=True, text=True, timeout=600)
    except (OSError, subprocess.SubprocessError) as exc:
        out(f"{name}: not compiled ({exc}); the Python search is used")
        target.unlink(missing_ok=True)
        return False
    if proc.returncode:
        tail = (proc.stdout + proc.stderr).strip().splitlines()[-15:]
        said = "\n  ".join(tail)
        out(f"{name}: not compiled ({cc} failed); the Python search is used:\n  {said}")
        target.unlink(missing_ok=True)
        return False
    _open.cache_clear()
    ok, why = status(name)
    out(f"{name}: {why}")
    return ok


def build_all(out=print) -> bool:
    """Build every C source; whether all were built."""
    return all([build(p.stem, out) for p in sources()])


@cache
def _open(name: str) -> tuple[ctypes.CDLL | None, str]:
    path = library_path(name)
    if not path.exists():
        return None, "Python (the C search is not built: make install builds it)"
    try:
        lib = ctypes.CDLL(str(path))
        fn = getattr(lib, _STAMP_FN)
    except (OSError, AttributeError) as exc:
        return None, f"Python (the C search does not load: {exc})"
    fn.restype = ctypes.c_char_p
    if fn().decode() != source_hash(name):
        return None, f"Python (the C search is stale: {name}.c changed since; run make install)"
    return lib, "C"


def status(name: str) -> tuple[bool, str]:
    """(whether the C library ``name`` is used, why in words)."""
    if os.environ.get(PURE_ENV):
        return False, f"Python ({PURE_ENV} is set)"
    lib, why = _open(name)
    return lib is not None, why


def load(name: str) -> ctypes.CDLL | None:
    """The loaded, current library built from ``<name>.c``, or None (see :func:`status`)."""
    if os.environ.get(PURE_ENV):
        return None
    return _open(name)[0]


def main(argv: list[str] | None = None) -> int:
    """``build``: compile every C search (never fails); ``status`` (the default): say
    which search each one uses."""
    args = sys.argv[1:] if argv is None else argv
    if args == ["build"]:
        build_all()
        return 0  # a failed build never fails the install
    if args in ([], ["status"]):
        for path in sources():
            print(f"{path.stem}: {status(path.stem)[1]}")
        return 0
    print("usage: python -m engine.doubledummy [build|status]", file=sys.stderr)
    return 2
