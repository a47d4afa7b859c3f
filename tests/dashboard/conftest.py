"""Shared by the app's tests under AppTest."""

from __future__ import annotations

import pytest


@pytest.fixture(autouse=True)
def no_job_left_counted():
    """A page left with its job running (the Whist games page grades as it opens) no
    longer counts toward the pool's caps once its test is over, so the next test's job
    is not refused as "the server is busy"."""
    yield
    from dashboard.jobs.pool import JOBS

    JOBS.forget_all()


@pytest.fixture
def held_grading(monkeypatch):
    """The Whist board's deal gradings wait (``par_fakes.held_grades``) at a gate of the
    job pool until the test calls the function given (or ends): a deal's grading can be
    over within the page's first run, so a test about the page while it grades holds it."""
    from tests.dashboard.whist import par_fakes

    gate = par_fakes.hold_grading(monkeypatch)
    yield gate.set
    gate.set()


@pytest.fixture
def held_jobs(monkeypatch):
    """Every job the pages submit (with progress) waits at a gate of the job pool until the
    test calls the function given (or ends): the test reads the page while its job runs,
    however fast the job or loaded the machine."""
    import functools

    from dashboard.jobs.pool import JOBS
    from tests.dashboard.held_jobs import gated

    gate = JOBS.gate()
    submit = JOBS.submit

    def held(owner, fn, *args, with_progress=True):
        if with_progress:
            fn = functools.partial(gated, gate, fn)
        return submit(owner, fn, *args, with_progress=with_progress)

    monkeypatch.setattr(JOBS, "submit", held)
    yield gate.set
    gate.set()
