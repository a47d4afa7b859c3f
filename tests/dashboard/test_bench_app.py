"""`python -m dashboard.tools.bench --app` times a page's load, widget change and main button
under AppTest and prints them against the 300 ms target; the engine's own bench never
imports Streamlit (and has no --app)."""

from __future__ import annotations

import subprocess
import sys

import pytest

from dashboard.tools.bench import main
from engine.cli import main as engine_main


def test_bench_app_times_one_page_and_prints_the_target_table(capsys):
    assert main(["--app", "bust odds", "--reps", "1"]) == 0
    out = capsys.readouterr().out
    lines = out.splitlines()
    assert lines[0].split() == ["page", "interaction", "median", "ms", "target", "result"]
    rows = [line for line in lines if line.startswith("Bust odds")]
    assert [r.split("  ")[1].strip() for r in rows] == [
        "load",
        "change a widget",
        "click main button",
    ]
    assert all(" 300 " in r and r.split()[-1] in ("pass", "FAIL", "n/a") for r in rows[:1])
    assert "median of 1 runs" in out


def test_bench_app_names_the_pages_when_none_matches(capsys):
    assert main(["--app", "no such page", "--reps", "1"]) == 1
    err = capsys.readouterr().err
    assert err.startswith("error: no page matches") and "Statistics" in err


def test_the_engine_bench_has_no_app_option(capsys):
    with pytest.raises(SystemExit) as stop:
        engine_main(["bench", "--app"])
    assert stop.value.code == 2
    assert "--app" in capsys.readouterr().err


def test_engine_bench_does_not_import_streamlit_without_app():
    code = (
        "import sys, engine.cli, engine.bench, engine.stats; "
        "engine.cli.build_parser().parse_args(['bench']); "
        "print('streamlit' in sys.modules)"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "False"
