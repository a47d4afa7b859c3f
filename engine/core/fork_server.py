"""The fork server's preload (:mod:`engine.core.parallel`), imported there only: every game
warmed (:mod:`engine.core.warm`), then the collector frozen.

What the fork server holds then is shared by every worker: kept out of the collector's
passes, a worker's collections neither walk it nor copy its pages by writing to them. The
freeze lives here, not in ``warm``, because any other process importing ``warm`` (a test
worker, the app) must keep its collector as it is; telling the fork server apart by its
command line also matched pytest-xdist's workers (``python -c``).
"""

from __future__ import annotations

import gc

import engine.core.warm  # noqa: F401 (imports and warms every game)

gc.freeze()
