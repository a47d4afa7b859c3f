"""Heavy work off the server's interpreter, so one player's job never freezes another's taps.

Streamlit runs every session's script in a thread of one process: CPU-bound engine work in
a page (a bots match, grading a whole game, simulating games) would hold the interpreter
while every other player's tap waits. A page hands such work to :data:`JOBS`, a pool of
worker *processes* shared by the whole server, and picks the result up when it is ready:

* :meth:`Jobs.submit` starts a job for one session (its owner) and returns its id; it
  refuses in words (:class:`Busy`) when the session already runs :data:`PER_SESSION` jobs
  or the server :data:`TOTAL` — a page says so and nothing starts;
* :meth:`Jobs.poll` gives its progress (what the job reported), and once done its result
  or its error; every poll tells the pool the page is still there;
* :meth:`Jobs.cancel` asks it to stop (the job checks :meth:`Progress.stopped` between two
  pieces of work); a job whose page has not polled for :data:`ABANDONED_S` seconds — the
  player left the page or closed it — is cancelled the same way.

A job is a module-level function ``fn(progress, *args)`` (it runs in another process, so
its arguments and result are plain picklable values) that calls ``progress.update(done,
total)`` as it goes and returns early once ``progress.stopped()``.

>>> pool = Jobs(workers=1)
>>> job = pool.submit("session-a", pow, 2, 10, with_progress=False)
>>> pool.wait(job).result
1024
>>> pool.shutdown()
"""

from __future__ import annotations

import contextlib
import itertools
import multiprocessing
import os
import threading
import time
from collections.abc import MutableMapping
from concurrent.futures import Future, ProcessPoolExecutor
from dataclasses import dataclass
from multiprocessing.managers import SyncManager
from typing import Any

from engine.core.errors import EngineError

PER_SESSION = 1  # jobs one browser session may run at once
TOTAL = 2  # jobs the whole server runs at once (one per core of a small machine)
ABANDONED_S = 15.0  # a job nobody polled for this long is cancelled


class Busy(EngineError):
    """A job was refused: the session's or the server's cap is reached."""


class Progress:
    """The job's side: report progress, learn that the page cancelled it."""

    def __init__(self, shared, stop):
        self._shared, self._stop = shared, stop

    def update(self, done: int, total: int) -> None:
        self._shared["done"], self._shared["total"] = done, total

    def stopped(self) -> bool:
        return self._stop.is_set()


@dataclass
class Status:
    """What a page shows of a job: its progress, and once finished its result or error."""

    done: int = 0
    total: int = 0
    finished: bool = False
    cancelled: bool = False
    result: Any = None  # what the job returned (None when cancelled before it started)
    error: BaseException | None = None


@dataclass
class _Job:
    owner: str
    future: Future
    shared: MutableMapping[str, int] | None  # the job's progress (None: it reports none)
    stop: threading.Event | None  # a manager's Event: set to cancel the job
    seen: float
    cancelled: bool = False


NICE = 10  # workers yield the CPU to the server's own thread: a tap comes before a job


def _end_with_parent(every: float = 2.0) -> None:
    """End this process (a worker, the manager) once the process that started it is gone:
    a server or test process killed without cleaning up (a test runner's worker ends with
    ``os._exit``) left them running for good, each job's work and memory with them."""
    parent = os.getppid()

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(every)
        os._exit(0)

    threading.Thread(target=watch, name="end-with-parent", daemon=True).start()


def _start_worker(shared) -> None:
    """A worker's first act: end with the server (:func:`_end_with_parent`), run at a
    lower priority than it (Unix ``nice``), and keep the answers two jobs may both need in
    the pool's shared mapping (:mod:`engine.core.memo`: a deal's double-dummy table, made
    once for the grading and the table under the board)."""
    from engine.core import memo

    _end_with_parent()
    with contextlib.suppress(AttributeError, OSError):
        os.nice(NICE)
    memo.use(shared)


def _run(fn, shared, stop, args):
    return fn(Progress(shared, stop), *args) if shared is not None else fn(*args)


class Jobs:
    """The server's job pool (see the module docstring)."""

    def __init__(
        self, workers: int = TOTAL, per_session: int = PER_SESSION, abandoned_s=ABANDONED_S
    ):
        self.workers, self.per_session, self.abandoned_s = workers, per_session, abandoned_s
        self._lock = threading.Lock()
        self._jobs: dict[str, _Job] = {}
        self._ids = itertools.count(1)
        self._pool: ProcessPoolExecutor | None = None
        self._manager: SyncManager | None = None

    def _start(self) -> tuple[ProcessPoolExecutor, SyncManager]:
        """The pool and its manager, started on first use."""
        if self._pool is None or self._manager is None:
            # spawn: the server is multi-threaded, fork is not safe there
            context = multiprocessing.get_context("spawn")
            manager = self._manager = SyncManager(ctx=context)
            manager.start(_end_with_parent)
            self._pool = ProcessPoolExecutor(
                self.workers,
                mp_context=context,
                initializer=_start_worker,
                initargs=(manager.dict(),),
            )
            threading.Thread(target=self._reaper, name="jobs-reaper", daemon=True).start()
        return self._pool, self._manager

    def _reaper(self) -> None:
        """Cancel abandoned jobs even when no page polls or submits anything."""
        while self._pool is not None:
            time.sleep(min(self.abandoned_s / 3, 5.0))
            with self._lock:
                self._reap()

    def running(self, owner: str | None = None) -> int:
        return sum(
            not j.future.done() and (owner is None or j.owner == owner) for j in self._jobs.values()
        )

    def submit(self, owner: str, fn, *args, with_progress: bool = True) -> str:
        """Start ``fn(progress, *args)`` (``fn(*args)`` without progress) for ``owner``."""
        with self._lock:
            self._reap()
            if self.running(owner) >= self.per_session:
                raise Busy.coded(
                    "jobs.session_busy",
                    "this page is already running a job: wait for it or cancel it first",
                )
            if self.running() >= self.workers:
                raise Busy.coded(
                    "jobs.server_busy",
                    "the server is busy: {n} heavy jobs are running, the most it runs at "
                    "once; try again in a moment",
                    n=self.workers,
                )
            pool, manager = self._start()
            shared = manager.dict(done=0, total=0) if with_progress else None
            stop = manager.Event() if with_progress else None
            future = pool.submit(_run, fn, shared, stop, args)
            job_id = f"job{next(self._ids)}"
            self._jobs[job_id] = _Job(owner, future, shared, stop, time.monotonic())
            return job_id

    def poll(self, job_id: str) -> Status | None:
        """The job's status (``None`` for an unknown or forgotten id); marks it still wanted."""
        with self._lock:
            self._reap()
            job = self._jobs.get(job_id)
            if job is None:
                return None
            job.seen = time.monotonic()
            status = Status(cancelled=job.cancelled)
            if job.shared is not None:
                with contextlib.suppress(OSError, EOFError, KeyError):  # the manager is gone
                    status.done, status.total = job.shared["done"], job.shared["total"]
            if job.future.cancelled():  # cancelled before a worker took it: nothing ran
                status.finished = True
            elif job.future.done():
                status.finished = True
                error = job.future.exception()
                if error is None:
                    status.result = job.future.result()
                else:
                    status.error = error
            return status

    def wait(self, job_id: str, timeout: float | None = None) -> Status:
        future = self._jobs[job_id].future
        if not future.cancelled():
            future.exception(timeout)
        status = self.poll(job_id)
        if status is None:  # forgotten while it was awaited
            raise KeyError(job_id)
        return status

    def gate(self):
        """A gate shared with the pool's workers (a ``multiprocessing`` manager's Event): a
        job given it as an argument waits on it (``gate.wait(seconds)``) until its holder
        opens it (``gate.set()``). The app's tests hold their stand-in jobs at a gate, so a
        page is read while its job runs, however loaded the machine is."""
        with self._lock:
            return self._start()[1].Event()

    def cancel(self, job_id: str) -> None:
        """Ask the job to stop; it finishes the piece of work it is on."""
        with self._lock:
            job = self._jobs.get(job_id)
            if job is not None:
                self._cancel(job)

    def forget(self, job_id: str) -> None:
        """Drop a finished job (its result was shown); cancel it if it still runs."""
        with self._lock:
            job = self._jobs.pop(job_id, None)
            if job is not None and not job.future.done():
                self._cancel(job)

    def forget_all(self) -> None:
        """Drop every job, cancelling those still running (a fresh start: the next test,
        or a server that drops what its sessions left)."""
        with self._lock:
            jobs = list(self._jobs.values())
            self._jobs.clear()
        for job in jobs:
            if not job.future.done():
                self._cancel(job)

    @staticmethod
    def _cancel(job: _Job) -> None:
        job.cancelled = True
        if not job.future.cancel() and job.stop is not None:
            with contextlib.suppress(OSError, EOFError):
                job.stop.set()

    def _reap(self) -> None:
        """Cancel running jobs nobody polled for :attr:`abandoned_s`; drop old finished ones."""
        now = time.monotonic()
        for job_id, job in list(self._jobs.items()):
            if now - job.seen > self.abandoned_s:
                if job.future.done():
                    del self._jobs[job_id]
                elif not job.cancelled:
                    self._cancel(job)

    def shutdown(self) -> None:
        with self._lock:
            for job in self._jobs.values():
                self._cancel(job)
            if self._pool is not None:
                self._pool.shutdown(wait=True, cancel_futures=True)
            if self._manager is not None:
                self._manager.shutdown()
            self._pool = self._manager = None
            self._jobs.clear()


JOBS = Jobs()


def session_id() -> str:
    """The browser session a job belongs to (a test's script run has one too)."""
    from streamlit.runtime.scriptrunner import get_script_run_ctx

    ctx = get_script_run_ctx()
    return ctx.session_id if ctx is not None else "no-session"
