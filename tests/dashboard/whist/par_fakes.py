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
