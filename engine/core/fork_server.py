"""The fork server's preload (:mod:`engine.core.parallel`): every game warmed
(:mod:`engine.core.warm`), then the collector frozen.

What the fork server holds then is shared by every worker: kept out of the collector's
passes, a worker's collections neither walk it nor copy its pages by writing to them.
Only the fork server freezes: any other process importing this module (a test worker
collecting doctests, the app) keeps its collector as it is. Telling the fork server apart
by its command line (``python -c``) also matched pytest-xdist's workers, so it is told by
the caller: the import runs inside ``multiprocessing.forkserver.main``.
"""

from __future__ import annotations

import gc
import os
import sys

import engine.core.warm  # noqa: F401 (imports and warms every game)

_FORKSERVER_FILE = os.path.join("multiprocessing", "forkserver.py")


def _imported_by_the_fork_server() -> bool:
    """Whether this import runs inside ``multiprocessing.forkserver.main`` (its preload)."""
    frame = sys._getframe(1)
    while frame is not None:
        code = frame.f_code
        if code.co_name == "main" and code.co_filename.endswith(_FORKSERVER_FILE):
            return True
        frame = frame.f_back
    return False


if _imported_by_the_fork_server():
    gc.freeze()
