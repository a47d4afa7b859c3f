"""Stand-ins for the Whist board's table job (:func:`dashboard.whist.par_job.deal_table`)
that answer at once, for the app's tests: module-level, so the pool's worker processes
import them by name. The real job takes about a minute a Bid Whist deal."""

from __future__ import annotations

import json
from pathlib import Path

from engine.core.errors import EngineError
from engine.whist.grading.par import DDTable, Par
from tests.dashboard.held_jobs import opened

#: ``deal_par`` of the third Bid Whist record (two deals), as the engine made it
KEPT = Path(__file__).with_name("bid4_game3_par.json")


def kept_par(deal: int) -> tuple[DDTable, Par]:
    """The kept ``(DDTable, Par)`` of deal ``deal`` of the third Bid Whist record."""
    d = json.loads(KEPT.read_text())[str(deal)]
    return DDTable.from_json(json.dumps(d["table"])), Par.from_json(json.dumps(d["par"]))


def kept_table(progress, record_json: str, deal: int):
    """The job's answer for the third Bid Whist record, read from :data:`KEPT`."""
    progress.update(1, 1)
    return kept_par(deal)


def failing_table(progress, record_json: str, deal: int):
    """A job whose engine refuses the deal."""
    raise EngineError("the solver ran out of patience")


def no_grades(progress, record_json: str, deal: int, done: int, total: int) -> dict:
    """A deal-grading job (:func:`dashboard.jobs.pages.grade_one_deal`) that grades
    nothing, at once: for tests about the page's words, not the grades."""
    progress.update(done + 1, total)
    return {deal: ()}


def held_table(gate, progress, record_json: str, deal: int):
    """:func:`kept_table` once ``gate`` is opened (nothing once cancelled): for tests that
    read the page while the table is still being worked out."""
    progress.update(0, 1)
    return kept_table(progress, record_json, deal) if opened(gate, progress) else None


def held_grades(gate, progress, record_json: str, deal: int, done: int, total: int):
    """A deal-grading job that grades as the page's does once ``gate`` is opened (nothing
    once cancelled): for tests that need the grading still running when the page has
    drawn itself (a deal's grading can be over within the page's first run)."""
    if not opened(gate, progress):
        return {}
    from dashboard.jobs.pages import grade_one_deal

    return grade_one_deal(progress, record_json, deal, done, total)


def hold_tables(monkeypatch):
    """Make the tables under the Whist board wait (:func:`held_table`) until the gate
    returned is opened (``gate.set()``)."""
    import functools

    from dashboard.jobs.pool import JOBS
    from dashboard.whist import par_job

    gate = JOBS.gate()
    monkeypatch.setattr(par_job, "deal_table", functools.partial(held_table, gate))
    return gate


def hold_grading(monkeypatch):
    """Make the Whist board's deal gradings wait (:func:`held_grades`) until the gate
    returned is opened (``gate.set()``)."""
    import functools

    from dashboard.explorer import grades as explorer_grades
    from dashboard.jobs.pool import JOBS

    gate = JOBS.gate()
    monkeypatch.setattr(explorer_grades, "grade_one_deal", functools.partial(held_grades, gate))
    return gate


def broken_grading(progress, record_json: str):
    """A whole-game grading job that fails with an error that is not the engine's (a bug,
    or a worker that could not import the engine)."""
    raise TypeError("the grading broke")
