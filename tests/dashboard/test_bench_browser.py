"""The browser bench's command and table (the timing itself needs Chromium and minutes: it
is run by hand, ``python -m dashboard.tools.bench --browser``, never by the test suite)."""

from __future__ import annotations

import pytest

from dashboard.tools import bench


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
        " — ",  # × floor: a first load's figure only
        " 300 ",
        " yes ",
        " 3.8 ",
    ]
    assert lines[3].endswith("| 100 | no | 0.0 |")  # a board step's target is 100 ms
    assert "Timeout 60000ms exceeded." in lines[4] and "| 1,000 |" in lines[4]
    assert "| 40 | 200 | 350 | 350 | — | 300 | no |" in lines[5]  # shown, confirmed, settled


def test_the_ratio_column_divides_each_first_load_by_the_floor_of_its_screen():
    rows = [
        bench.Row("Home", "first load", "load", "390", [900.0], [1500.0, 1800.0, 1700.0]),
        bench.Row("Advisor", "first load", "load", "390", [900.0], [3100.0]),
        bench.Row("Home", "first load", "load", "1280", [300.0], [420.0]),
        bench.Row("Bust odds", "edit", "edit", "390", [90.0], [250.0]),
        bench.Row(bench.FLOOR, "first load", "load", "390", [1000.0], [1000.0, 1300.0, 1200.0]),
        bench.Row(bench.FLOOR, "first load", "load", "1280", [300.0], [300.0]),
        bench.Row("Tracker", "first load", "load", "390", error="Timeout 60000ms exceeded."),
    ]
    assert bench.floors(rows) == {"390": 1200.0, "1280": 300.0}
    ratio = [line.split("|")[9].strip() for line in bench.table(rows).splitlines()[2:]]
    # 1,700 / 1,200 and 3,100 / 1,200 (over 1.5: marked), 420 / 300; not a load; the floor
    assert ratio == ["1.42", "2.58 ✗", "1.40", "—", "1.00", "1.00", "—"]


def test_without_a_floor_row_the_ratio_is_not_given():
    rows = [bench.Row("Home", "first load", "load", "390", [900.0], [1500.0])]
    assert bench.table(rows).splitlines()[2].split("|")[9].strip() == "—"


def test_the_load_section_covers_every_table_tool():
    names = {name for name, _ in bench.LOAD_PAGES}
    assert {
        "Home",
        "Price calculator",
        "Table tracker",
        "Bust odds",
        "Move advisor",
        "Score sheet",
        "Stack 5 live game",
        "Owner's Choice live game",
        "Practice Stack 5",
        "Practice progress",
    } <= names
    from dashboard.nav import all_pages

    paths = {"/" if p.script == "views/home.py" else "/" + p.url_path for p in all_pages()}
    assert {path for _, path in bench.LOAD_PAGES} <= paths  # every path is a page of the app


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
    from dashboard.tools import bench_app

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
