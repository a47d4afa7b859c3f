"""Run independent pieces of work on one core, a process pool or a Ray cluster, with the
results handed back in the order of the pieces, whatever order they finish in.

The backends (chosen by :func:`run_ordered`):

- one core, in this process: ``workers=1``, or only one piece of work;
- the standard library's :class:`concurrent.futures.ProcessPoolExecutor` with ``workers``
  processes (default: every core this process may use), started by a fork server that
  imports only the engine and warms every game once (never the caller's main script: a
  Streamlit page or a test's temporary script is not run again in a worker), workers
  ignoring Ctrl-C so that the parent stops them cleanly;
- Ray (``pip install -e '.[cluster]'``), with ``cluster`` an address: ``auto`` (a running
  cluster), ``ray://host:port``, or ``local`` (start a Ray instance on this machine). A
  Ray connection already made by the caller (``ray.init(...)``) is used as it is.

At most a window of pieces is in flight at once, so memory stays flat however many pieces
there are. Each piece's result must depend on the piece only: then the output is the same,
bit for bit, on every backend and worker count.

Stopping: ``should_stop()`` (polled while waiting) ends the run after the pieces already
handed back; Ctrl-C cancels what has not started and re-raises ``KeyboardInterrupt`` after
the pool is shut down. Either way every result already yielded is a prefix, in order.
"""

from __future__ import annotations

import contextlib
import multiprocessing
import os
import signal
import sys
import types
from collections import deque
from collections.abc import Callable, Generator, Iterable, Iterator
from concurrent.futures import FIRST_COMPLETED, ProcessPoolExecutor, wait
from typing import Any

from engine.core.errors import EngineError
from engine.core.ruleset import short

MAX_WORKERS = 1024
POLL_SECONDS = 0.1
INSTALL_RAY = "pip install -e '.[cluster]' (or: pip install 'ray>=2.9')"


def cpu_count() -> int:
    """The cores this process may run on."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except (AttributeError, OSError):
        return max(1, os.cpu_count() or 1)


def memory_available() -> int | None:
    """Bytes of memory new processes may take without swapping (Linux's ``MemAvailable``),
    or None where that is not known."""
    try:
        with open("/proc/meminfo", encoding="ascii") as f:
            for line in f:
                if line.startswith("MemAvailable:"):
                    return int(line.split()[1]) * 1024
    except (OSError, ValueError, IndexError):
        return None
    return None


def workers_for_memory(per_process: int, available: int | None) -> int:
    """Every core, but no more processes than ``available`` bytes of memory hold when each
    may take ``per_process`` bytes (one at least; every core when either is 0 or unknown).

    >>> workers_for_memory(3 << 30, 7 << 30) <= 2
    True
    >>> workers_for_memory(0, None) == cpu_count()
    True
    """
    cores = cpu_count()
    if not per_process or not available:
        return cores
    return max(1, min(cores, available // per_process))


def check_workers(workers) -> int:
    """``None`` = every core; else a whole number from 1 to :data:`MAX_WORKERS`."""
    if workers is None:
        return cpu_count()
    if type(workers) is not int or not 1 <= workers <= MAX_WORKERS:
        raise EngineError(
            f"--workers {short(workers)}: give a whole number of processes from 1 to "
            f"{MAX_WORKERS} (default: every core, {cpu_count()} here)"
        )
    return workers


def check_cluster(cluster) -> str | None:
    """``None`` (no Ray) or a Ray address: ``auto``, ``local``, ``ray://host:port``,
    ``host:port``."""
    if cluster is None:
        return None
    if (
        not isinstance(cluster, str)
        or not 0 < len(cluster) <= 300
        or any(c.isspace() or not c.isprintable() for c in cluster)
    ):
        raise EngineError(
            f"--cluster {short(cluster)}: give a Ray address: auto, local or ray://host:port"
        )
    return cluster


def _ignore_sigint() -> None:
    signal.signal(signal.SIGINT, signal.SIG_IGN)


@contextlib.contextmanager
def _main_hidden():
    """While a worker starts, ``__main__`` is an empty module, so the worker imports no
    main script: Streamlit and AppTest run page scripts as ``__main__``, and a worker
    that re-ran one would draw a page or fail (``NameError``) instead of working."""
    main = sys.modules.get("__main__")
    stub = types.ModuleType("__main__")
    sys.modules["__main__"] = stub
    try:
        yield
    finally:
        if sys.modules.get("__main__") is stub:  # another thread may have set its own
            if main is None:
                del sys.modules["__main__"]
            else:
                sys.modules["__main__"] = main


if sys.platform != "win32":
    _ForkServerBase = multiprocessing.context.ForkServerProcess
else:  # no fork server there (_context never asks for it)
    _ForkServerBase = object


class _ForkServerProcess(_ForkServerBase):
    def start(self):
        with _main_hidden():
            super().start()


class _SpawnProcess(multiprocessing.context.SpawnProcess):
    def start(self):
        with _main_hidden():
            super().start()


class _EngineOnlyContext:
    """A multiprocessing context whose processes start without the main script (the
    process classes are module-level: the fork server pickles them by name)."""

    def __init__(self, base, process_class):
        self._base = base
        self.Process = process_class

    def __getattr__(self, name):
        return getattr(self._base, name)


def _context():
    """A fork server (never a plain fork: polars' and the app's threads do not survive
    one), preloaded with the simulation code and :mod:`engine.core.fork_server`, which
    warms every game by one game (:func:`engine.core.warm.warm`) and freezes the collector,
    so each fresh worker starts with the games imported and their lazily built tables made;
    workers never import the main script."""
    if "forkserver" in multiprocessing.get_all_start_methods():
        ctx = multiprocessing.get_context("forkserver")
        ctx.set_forkserver_preload(["engine.core.simulate", "engine.core.fork_server"])
        return _EngineOnlyContext(ctx, _ForkServerProcess)
    return _EngineOnlyContext(multiprocessing.get_context("spawn"), _SpawnProcess)


def ray_module():
    """The ``ray`` package, or an :class:`EngineError` saying how to install it."""
    try:
        import ray
    except ModuleNotFoundError:
        raise EngineError(f"--cluster needs Ray, which is not installed: {INSTALL_RAY}") from None
    return ray


def _ray_connect(cluster: str):
    ray = ray_module()
    if not ray.is_initialized():
        try:
            if cluster == "local":
                ray.init(include_dashboard=False, log_to_driver=False)
            else:
                ray.init(address=cluster, log_to_driver=False)
        except Exception as exc:  # Ray's own errors: connection refused, no cluster…
            raise EngineError(
                f"--cluster {short(cluster)}: cannot connect to Ray "
                f"({type(exc).__name__}: {' '.join(str(exc).split())[:300]})"
            ) from None
    return ray


def _call(fn, piece):
    return fn(piece)


def run_ordered(
    fn: Callable,
    pieces: Iterable,
    *,
    workers: int | None = None,
    cluster: str | None = None,
    should_stop: Callable[[], bool] | None = None,
    window: int | None = None,
) -> Generator[Any, None, None]:
    """Yield ``fn(piece)`` for each piece, in the order of ``pieces``.

    ``fn`` must be a module-level function (it is sent to other processes by name).
    """
    cluster = check_cluster(cluster)
    pieces = iter(pieces)
    if cluster is not None:
        yield from _run_ray(fn, pieces, cluster, workers, should_stop, window)
        return
    workers = check_workers(workers)
    first = next(pieces, _END)
    if first is _END:
        return
    second = next(pieces, _END)
    if workers == 1 or second is _END:  # one core (or one piece): in this process
        for piece in (first,) if second is _END else _chain(first, second, pieces):
            if should_stop is not None and should_stop():
                return
            yield fn(piece)
        return
    yield from _run_pool(fn, _chain(first, second, pieces), workers, should_stop, window)


_END = object()


def _chain(first, second, rest):
    yield first
    yield second
    yield from rest


def _run_pool(fn, pieces, workers, should_stop, window) -> Iterator[Any]:
    window = window or 3 * workers
    pool = ProcessPoolExecutor(workers, mp_context=_context(), initializer=_ignore_sigint)
    pending: deque = deque()
    try:
        for piece in pieces:
            pending.append(pool.submit(fn, piece))
            if len(pending) < window:
                continue
            if not (yield from _drain_head(pending, should_stop)):
                return
        while pending:
            if not (yield from _drain_head(pending, should_stop)):
                return
    finally:  # normal end, should_stop, Ctrl-C, an error or the caller closing the generator
        for fut in pending:
            fut.cancel()
        pool.shutdown(wait=True, cancel_futures=True)


def _drain_head(pending: deque, should_stop) -> Generator[Any, None, bool]:
    """Wait for the first pending piece and yield its result; False if told to stop."""
    head = pending[0]
    while True:
        if should_stop is not None and should_stop():
            return False
        done, _ = wait([head], timeout=POLL_SECONDS, return_when=FIRST_COMPLETED)
        if done:
            break
    pending.popleft()
    yield head.result()
    return True


def _run_ray(fn, pieces, cluster, workers, should_stop, window) -> Iterator[Any]:
    ray = _ray_connect(cluster)
    if workers is None:
        workers = max(1, int(ray.cluster_resources().get("CPU", 1)))
    workers = check_workers(workers)
    window = window or 3 * workers
    remote = ray.remote(num_cpus=1, max_retries=3)(_call)
    fn_ref = ray.put(fn)
    pending: deque = deque()
    try:
        for piece in pieces:
            pending.append(remote.remote(fn_ref, piece))
            if len(pending) < window:
                continue
            if not (yield from _ray_head(ray, pending, should_stop)):
                return
        while pending:
            if not (yield from _ray_head(ray, pending, should_stop)):
                return
    finally:
        for ref in pending:
            with contextlib.suppress(Exception):  # finished already, or the cluster went away
                ray.cancel(ref, force=True)


def _ray_head(ray, pending: deque, should_stop) -> Generator[Any, None, bool]:
    head = pending[0]
    while True:
        if should_stop is not None and should_stop():
            return False
        done, _ = ray.wait([head], timeout=POLL_SECONDS)
        if done:
            break
    pending.popleft()
    try:
        result = ray.get(head)
    except Exception as exc:  # a task that failed on a worker: say what, in one line
        cause = getattr(exc, "cause", None) or exc
        if isinstance(cause, EngineError):
            raise cause from None
        raise EngineError(
            f"a Ray task failed ({type(cause).__name__}: {' '.join(str(cause).split())[:300]})"
        ) from None
    yield result
    return True
