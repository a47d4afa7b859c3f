"""The browser bench's command and table (the timing itself needs Chromium and minutes: it
is run by hand, ``python -m dashboard.bench --browser``, never by the test suite)."""

from __future__ import annotations

import pytest

from dashboard import bench


def test_the_table_sets_each_median_beside_its_target():
    rows = [
        bench.Row(
            "Bust odds", "edit", "edit", "390", [90.0, 120], [250.0, 310.0, 280.0], kb=[3, 4.5]
        ),
        bench.Row("Stack 5 games", "→", "step", "1280", [50.0], [120.0]),
        bench.Row("Home", "first load", "load", "1280", error="Timeout 60000ms exceeded."),
        bench.Row("Live", "tap", "tap", "1280", [40.0], [350.0], kb=[9], confirmed=[200.0]),
    ]
    lines = bench.table(rows).splitlines()
    assert lines[2].split("|")[1:-1] == [
        " 390 px, CPU 4× slower ",
        " Bust odds ",
        " edit ",
        " 3 ",
        " 105 ",
        " — ",  # no confirmed figure: not a tap the page shows before the server has it
        " 280 ",
        " 310 ",
        " 300 ",
        " yes ",
        " 3.8 ",
    ]
    assert lines[3].endswith("| 100 | no | 0.0 |")  # a board step's target is 100 ms
    assert "Timeout 60000ms exceeded." in lines[4] and "| 1,000 |" in lines[4]
    assert "| 40 | 200 | 350 | 350 | 300 | no |" in lines[5]  # shown, confirmed, settled


def test_a_confirmed_time_is_kept_when_measured():
    row = bench.Row("Live", "tap", "tap", "1280")
    row.add((40.0, 350.0, 9.0, 200.0))
    row.add((50.0, 330.0, 9.0, None))
    assert row.confirmed == [200.0] and row.settled == [350.0, 330.0]


def test_unknown_sections_and_screens_are_refused(capsys):
    with pytest.raises(SystemExit) as stop:
        bench.main(["--browser", "--only", "load,nope", "--screens", "800"])
    assert stop.value.code == 2
    assert "unknown: nope, 800" in capsys.readouterr().err


def test_without_browser_it_runs_the_apptest_bench(monkeypatch):
    from dashboard import bench_app

    calls = []
    monkeypatch.setattr(bench_app, "run", lambda words, runs: calls.append((words, runs)))
    assert bench.main(["Bust", "--reps", "2"]) == 0
    assert bench.main(["--app", "Score", "sheet"]) == 0
    assert calls == [(["Bust"], 2), (["Score", "sheet"], 3)]


def test_app_and_browser_together_are_refused(capsys):
    with pytest.raises(SystemExit) as stop:
        bench.main(["--app", "--browser"])
    assert stop.value.code == 2
    assert "not both" in capsys.readouterr().err


def test_every_section_has_a_kind_with_a_target():
    assert set(bench.SECTIONS) == {"load", "board", "live", "play", "sheet", "calc", "practice"}
    assert bench.TARGETS == {"load": 1000.0, "step": 100.0, "tap": 300.0, "edit": 300.0}


def test_the_floor_page_is_two_lines_of_streamlit_alone():
    from streamlit.testing.v1 import AppTest

    at = AppTest.from_string(bench.FLOOR_SCRIPT).run()
    assert not at.exception
    assert [t.value for t in at.title] == ["Empty"] and len(at.markdown) == 1
    assert "dashboard" not in bench.FLOOR_SCRIPT and "import streamlit" in bench.FLOOR_SCRIPT
