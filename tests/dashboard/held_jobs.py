"""Page jobs held at a gate of the job pool (:meth:`dashboard.jobs.pool.Jobs.gate`), for the app's
tests: a job can be over within the page's first run on a loaded machine, so a test that
reads the page while its job runs holds the job until it has read it, rather than hoping
the job is slow enough. Module-level, so the pool's worker processes import it by name."""

from __future__ import annotations

import time


def opened(gate, progress, seconds: float = 120) -> bool:
    """Wait until ``gate`` is opened: ``False`` when the job is cancelled first (or nobody
    opens it for ``seconds``, so a broken test cannot hold a worker for ever)."""
    deadline = time.monotonic() + seconds
    while not gate.wait(0.05):
        if progress.stopped() or time.monotonic() > deadline:
            return False
    return True


def gated(gate, fn, progress, *args):
    """``fn(progress, *args)`` once ``gate`` is opened or the job cancelled (a cancelled
    job then stops as the page's own does, keeping what it made)."""
    opened(gate, progress)
    return fn(progress, *args)
