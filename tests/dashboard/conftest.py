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
