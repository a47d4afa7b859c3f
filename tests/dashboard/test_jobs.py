"""The job pool (dashboard.jobs.pool): heavy work runs in another process, reports progress,
stops when cancelled or abandoned by its page, and the caps refuse in words."""

from __future__ import annotations

import os
import time

import pytest

from dashboard.i18n import error_text, language
from dashboard.jobs.pool import Busy, Jobs


def pid() -> int:
    return os.getpid()


def count(progress, n: int, pause: float = 0.05) -> int:
    """Count to ``n``, one step per ``pause``; returns where it stopped."""
    for i in range(n):
        if progress.stopped():
            return i
        progress.update(i + 1, n)
        time.sleep(pause)
    return n


@pytest.fixture
def pool():
    jobs = Jobs(workers=1, abandoned_s=60)
    yield jobs
    jobs.shutdown()


def test_a_job_runs_in_another_process(pool):
    job = pool.submit("a", pid, with_progress=False)
    assert pool.wait(job, timeout=60).result != os.getpid()


def test_progress_then_the_result(pool):
    job = pool.submit("a", count, 5, 0.01)
    status = pool.wait(job, timeout=60)
    assert status.finished and status.result == 5 and (status.done, status.total) == (5, 5)


def test_cancel_stops_the_job_early(pool):
    job = pool.submit("a", count, 10_000)
    deadline = time.monotonic() + 60
    while pool.poll(job).done < 3 and time.monotonic() < deadline:
        time.sleep(0.05)
    pool.cancel(job)
    status = pool.wait(job, timeout=60)
    assert status.cancelled and 3 <= status.result < 10_000


def test_a_job_nobody_polls_is_cancelled():
    """The player left the page: nothing polls the job, so the pool stops it."""
    jobs = Jobs(workers=1, abandoned_s=0.5)
    try:
        job = jobs.submit("a", count, 10_000)
        future = jobs._jobs[job].future
        assert future.result(timeout=60) < 10_000  # stopped long before the end
    finally:
        jobs.shutdown()


def test_caps_refuse_in_words(pool):
    job = pool.submit("a", count, 10_000)
    with pytest.raises(Busy) as mine:
        pool.submit("a", pid, with_progress=False)
    assert "already running a job" in str(mine.value)
    with pytest.raises(Busy) as server:
        pool.submit("b", pid, with_progress=False)
    assert "server is busy" in str(server.value) and "1 heavy jobs" in str(server.value)
    with language("ja"):
        assert "server is busy" not in error_text(server.value)
    pool.cancel(job)
    pool.wait(job, timeout=60)
    assert pool.wait(pool.submit("b", pid, with_progress=False), timeout=60).result


def test_a_job_cancelled_before_it_starts_is_finished_with_nothing(pool):
    first = pool.submit("a", count, 10_000)
    pool.per_session = 2
    pool.workers = 2  # a second job waits for the only worker process
    queued = pool.submit("a", pid, with_progress=False)
    pool.cancel(queued)
    status = pool.poll(queued)
    assert status.finished and status.cancelled and status.result is None
    pool.cancel(first)


def niceness() -> int:
    return os.nice(0)


def test_workers_run_below_the_server_priority(pool):
    """A job never takes the CPU from the server's own thread (a player's tap)."""
    job = pool.submit("a", niceness, with_progress=False)
    assert pool.wait(job, timeout=60).result >= os.nice(0) + 10


def keep(key: str, value: int) -> int:
    from engine.core import memo

    memo.put(("test", key), value)
    return os.getpid()


def find(key: str) -> tuple[int, object]:
    from engine.core import memo

    time.sleep(0.3)  # long enough that the other worker is busy and this one answers
    return os.getpid(), memo.get(("test", key))


def test_workers_share_what_a_job_keeps_for_another():
    """What one worker keeps (engine.core.memo: a deal's double-dummy table) another
    finds: the grading and the table under the board make it once."""
    pool = Jobs(workers=2)
    try:
        first = pool.wait(pool.submit("a", keep, "x", 7, with_progress=False)).result
        found = set()
        for i in range(6):  # until the other worker has answered too
            a = pool.submit(f"s{i}a", find, "x", with_progress=False)
            b = pool.submit(f"s{i}b", find, "x", with_progress=False)
            for job in (a, b):
                worker, value = pool.wait(job).result
                assert value == 7
                found.add(worker)
            if len(found | {first}) > 1:
                break
        assert len(found | {first}) > 1, "one worker answered every job"
    finally:
        pool.shutdown()


def test_a_job_for_other_content_is_dropped_and_one_for_this_content_kept(monkeypatch):
    """A page that now shows another game's tables (or another set's insights) drops the
    job still counting the old one, so its result is not shown for the new one."""
    from types import SimpleNamespace

    from dashboard.jobs import panel

    forgotten: list[str] = []
    state = {"tables": {"id": "j1", "content": ("stack5", 2)}}
    monkeypatch.setattr(panel, "st", SimpleNamespace(session_state=state))
    monkeypatch.setattr(panel, "JOBS", SimpleNamespace(forget=forgotten.append))
    panel.drop_other("tables", ("stack5", 2))
    assert state and forgotten == []  # the same content: kept
    panel.drop_other("tables", ("whist", 4))
    assert state == {} and forgotten == ["j1"]
    panel.drop_other("tables", ("whist", 4))  # nothing running: nothing to do
    assert forgotten == ["j1"]
