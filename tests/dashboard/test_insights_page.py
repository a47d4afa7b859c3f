"""The Insights across games on the Statistics page: the last games of the set graded in
the job pool with progress, then per player or bot the share of decisions of each kind
that kept the best value (a chart, a table, a CSV) and the costliest recurring mistake;
the figures are engine.insights' over exactly those games."""

from __future__ import annotations

import json
import time

import polars as pl
import pytest

from dashboard.jobs.pool import JOBS
from engine import insights
from engine.core.records import parse_jsonl
from tests.apptest import finish_job, open_page
from tests.dashboard.test_explorer import DATA


@pytest.fixture(autouse=True)
def nothing_graded_yet(monkeypatch):
    from dashboard.jobs import panel as job_panel
    from dashboard.stats import insights as stats_view

    monkeypatch.setattr(stats_view, "_INSIGHTS", job_panel.Kept(8))
    JOBS.forget_all()  # an earlier page's job (a Whist page grades as it opens)
    yield
    JOBS.forget_all()


def insights_of(game: str, games: int, release):
    """The page's insights of the last ``games`` games, read while the grading runs (held
    until ``release()``: the ``held_jobs`` fixture), then once it is over."""
    at = open_page("views/statistics.py")
    at.selectbox(key="stats_game").set_value(game).run()
    field = next(x for x in at.number_input if x.label == "Games to grade")
    field.set_value(games).run()
    assert at.button(key="stats_insights_go").label == f"Grade {games} games"
    at.button(key="stats_insights_go").click().run()
    assert [p.proto.text for p in at.get("progress")][0].startswith("Grading game 1 of")
    release()
    return finish_job(at, "stats_insights_job")


def test_insights_grade_the_last_games_and_show_accuracy_per_kind(held_jobs):
    at = insights_of("owners_choice", 2, held_jobs)
    assert not at.exception and not at.error
    records = parse_jsonl((DATA / "owners_choice" / "games.jsonl").read_text())[-2:]
    frame = insights.decisions(records)
    acc = insights.accuracy(frame)
    assert f"2 games graded · {frame.height} decisions" in [c.value for c in at.caption]
    table = next(d.value for d in at.dataframe if "kind of decision" in d.value.columns)
    assert table["decisions"].to_list() == acc["decisions"].to_list()
    assert set(table["kind of decision"]) <= {
        "move",
        "trade",
        "president's choice",
        "ALL space",
        "bankruptcy",
    }
    assert set(table["player or bot"]) <= {"simple bot", "random bot"}
    # the chart: one bar series per player or bot, x the kinds in words, y the share
    fig = next(
        json.loads(c.proto.spec)
        for c in at.get("plotly_chart")
        if "Kind of decision" in c.proto.spec
    )
    shares = {t["name"]: t["y"] for t in fig["data"]}
    simple = acc.filter(pl.col("player") == "heuristic")["kept_share"].to_list()
    assert shares["simple bot"] == simple
    worst = insights.costliest(frame).to_dicts()
    said = [m.value for m in at.markdown if m.value.startswith("- **")]
    assert len(said) == len(worst) > 0
    assert any(f"{worst[0]['mistakes']} mistakes" in s for s in said)
    csv = [d for d in at.get("download_button") if "insights" in str(d.proto)]
    assert len(csv) == 2
    # a second visit: kept, no grading again
    again = open_page("views/statistics.py")
    again.selectbox(key="stats_game").set_value("owners_choice").run()
    next(x for x in again.number_input if x.label == "Games to grade").set_value(2).run()
    assert "stats_insights_go" not in [b.key for b in again.button]
    assert f"2 games graded · {frame.height} decisions" in [c.value for c in again.caption]


def test_insights_can_be_stopped_and_keep_the_games_graded():
    at = open_page("views/statistics.py")
    at.selectbox(key="stats_game").set_value("stack5").run()
    next(x for x in at.number_input if x.label == "Games to grade").set_value(5).run()
    at.button(key="stats_insights_go").click().run()
    assert "stats_insights_go" not in [b.key for b in at.button]  # while it grades
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline and not any(  # one game graded
        p.proto.text.startswith(("Grading game 2", "Grading game 3")) for p in at.get("progress")
    ):
        time.sleep(0.2)
        at.run()
    at.button(key="stats_insights_job_cancel").click().run()
    finish_job(at, "stats_insights_job")
    assert not at.exception
    graded = [c.value for c in at.caption if " graded · " in c.value]
    assert graded and not graded[0].startswith("5 games")  # fewer than asked


def test_a_game_without_grading_has_no_insights():
    at = open_page("views/statistics.py")
    at.selectbox(key="stats_game").set_value("pig").run()
    assert not at.exception and "Pig" in at.selectbox(key="stats_game").format_func("pig")
    assert "Insights: accuracy by kind of decision" not in [s.value for s in at.subheader]
