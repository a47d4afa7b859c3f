"""Shared by the app's tests under AppTest."""

from __future__ import annotations

import pytest


@pytest.fixture(autouse=True)
def no_job_left_counted():
    """A page left with its job running (the Whist games page grades as it opens) no
    longer counts toward the pool's caps once its test is over, so the next test's job
    is not refused as "the server is busy"."""
    yield
    from dashboard.jobs import JOBS

    for job in list(JOBS._jobs):
        JOBS.forget(job)


@pytest.fixture
def held_grading(monkeypatch, tmp_path):
    """The Whist board's deal gradings wait (``par_fakes.held_grades``) until the test
    calls the function given (or ends): a deal's grading can be over within the page's
    first run, so a test about the page while it grades holds it."""
    from tests.dashboard.whist import par_fakes

    hold = par_fakes.hold_grading(monkeypatch, tmp_path)
    yield lambda: hold.unlink(missing_ok=True)
    hold.unlink(missing_ok=True)
