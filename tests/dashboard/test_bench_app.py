"""`python -m engine bench --app` times a page's load, widget change and main button under
AppTest and prints them against the 300 ms target; the engine imports Streamlit only then."""

from __future__ import annotations

import subprocess
import sys

from engine.cli import main


def test_bench_app_times_one_page_and_prints_the_target_table(capsys):
    assert main(["bench", "--app", "bust odds", "--runs", "1"]) == 0
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
    assert main(["bench", "--app", "no such page", "--runs", "1"]) == 1
    err = capsys.readouterr().err
    assert "no page matches" in err and "Statistics" in err


def test_engine_bench_does_not_import_streamlit_without_app():
    code = (
        "import sys, engine.cli, engine.bench, engine.stats; "
        "engine.cli.build_parser().parse_args(['bench']); "
        "print('streamlit' in sys.modules)"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "False"
