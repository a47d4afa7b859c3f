"""Stand-ins for the Whist board's table job (:func:`dashboard.whist.par_job.deal_table`)
that answer at once, for the app's tests: module-level, so the pool's worker processes
import them by name. The real job takes about a minute a Bid Whist deal."""

from __future__ import annotations

import json
from pathlib import Path

from engine.core.errors import EngineError
from engine.whist.par import DDTable, Par

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
    """A deal-grading job (:func:`dashboard.page_jobs.grade_one_deal`) that grades
    nothing, at once: for tests about the page's words, not the grades."""
    progress.update(done + 1, total)
    return {deal: ()}


def held_grades(hold: str, progress, record_json: str, deal: int, done: int, total: int):
    """A deal-grading job that waits while the file ``hold`` exists (at most a minute;
    a cancelled job stops waiting and grades nothing), then grades as the page's does:
    for tests that need the grading still running when the page has drawn itself (a
    deal's grading can be over within the page's first run)."""
    import time

    deadline = time.monotonic() + 60
    while Path(hold).exists() and time.monotonic() < deadline:
        if progress.stopped():
            return {}
        time.sleep(0.05)
    from dashboard.page_jobs import grade_one_deal

    return grade_one_deal(progress, record_json, deal, done, total)


def hold_grading(monkeypatch, folder: Path) -> Path:
    """Make the Whist board's deal gradings wait (:func:`held_grades`) until the file
    returned is removed (the caller removes it when done)."""
    import functools

    from dashboard import explorer_grades

    hold = folder / "hold_grading"
    hold.touch()
    monkeypatch.setattr(
        explorer_grades, "grade_one_deal", functools.partial(held_grades, str(hold))
    )
    return hold
