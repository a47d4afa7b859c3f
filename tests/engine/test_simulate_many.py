"""simulate_many: the same games, bit for bit, on one core, a process pool and Ray, in
seed order whatever the completion order; a stopped or interrupted run keeps the games
that finished (a prefix of the seeds); the CLI flags."""

from __future__ import annotations

import sys
import time

import pytest

from engine import simulate, simulate_many
from engine.cli import main
from engine.core import parallel
from engine.core.errors import EngineError

CASES = [
    ("stack5", ["heuristic", "random"], {}),
    ("whist", ["heuristic"] * 4, {}),  # Bid Whist, the default variant
    ("pig", ["hold20", "random"], {}),
]


def texts(records):
    return [r.to_json() for r in records]


@pytest.mark.parametrize("game,players,rules", CASES, ids=[c[0] for c in CASES])
def test_every_backend_gives_the_games_of_simulate_in_seed_order(game, players, rules):
    seeds = range(5, 17)
    one_by_one = texts(simulate(game, s, players, **rules) for s in seeds)
    assert texts(simulate_many(game, seeds, players, workers=1, **rules)) == one_by_one
    assert texts(simulate_many(game, seeds, players, workers=2, **rules)) == one_by_one
    assert texts(simulate_many(game, list(seeds), players, **rules)) == one_by_one  # all cores


def slow_first(piece):
    time.sleep(0.3 if piece == 0 else 0.0)
    return piece * 10


def test_results_come_back_in_order_whatever_order_they_finish():
    assert list(parallel.run_ordered(slow_first, range(6), workers=2)) == [0, 10, 20, 30, 40, 50]


def test_more_pieces_than_the_window_keep_their_order():
    out = list(parallel.run_ordered(slow_first, range(40), workers=2, window=3))
    assert out == [10 * i for i in range(40)]


def test_a_stopped_run_keeps_the_finished_games_as_a_prefix_of_the_seeds():
    full = texts(simulate_many("stack5", range(200), ["random", "random"], workers=1))
    calls = []

    def progress(done, total):
        calls.append(done)

    kept = simulate_many(
        "stack5",
        range(200),
        ["random", "random"],
        workers=2,
        progress=progress,
        should_stop=lambda: len(calls) >= 2,
    )
    assert 0 < len(kept) < 200
    assert texts(kept) == full[: len(kept)]


def test_ctrl_c_keeps_the_finished_games_in_seed_order():
    full = texts(simulate_many("pig", range(300), ["random", "random"], workers=1))

    def progress(done, total):
        if done >= 50:
            raise KeyboardInterrupt

    kept = simulate_many("pig", range(300), ["random", "random"], workers=2, progress=progress)
    assert 50 <= len(kept) < 300
    assert texts(kept) == full[: len(kept)]


def test_cli_ctrl_c_keeps_a_valid_file_of_the_finished_games(tmp_path, monkeypatch, capsys):
    import engine.cli as cli

    def interrupt(done, total, label, prev=None):
        if done >= 40:
            raise KeyboardInterrupt

    monkeypatch.setattr(cli, "_progress", interrupt)
    out = tmp_path / "g.jsonl"
    assert main(["simulate", "pig", "--games", "300", "--workers", "2", "--out", str(out)]) == 130
    lines = out.read_text().splitlines()
    assert 40 <= len(lines) < 300
    assert lines == texts(simulate("pig", s) for s in range(len(lines)))
    assert f"interrupted: wrote {len(lines)} of 300 games" in capsys.readouterr().err


def test_cli_workers_and_formats_write_the_same_games(tmp_path):
    args = [
        "simulate",
        "stack5",
        "--games",
        "30",
        "--seed",
        "3",
        "--players",
        "heuristic",
        "random",
    ]
    for name, extra in [("one", ["--workers", "1"]), ("two", ["--workers", "2"]), ("all", [])]:
        assert main([*args, *extra, "--out", str(tmp_path / f"{name}.jsonl")]) == 0
    assert main([*args, "--format", "parquet", "--out", str(tmp_path / "ds")]) == 0
    assert main(["convert", str(tmp_path / "ds"), str(tmp_path / "back.jsonl")]) == 0
    one = (tmp_path / "one.jsonl").read_bytes()
    for name in ["two", "all", "back"]:
        assert (tmp_path / f"{name}.jsonl").read_bytes() == one


def test_bad_workers_or_cluster_are_one_line_errors(capsys, monkeypatch):
    for args, text in [
        (["--workers", "0"], "--workers 0"),
        (["--workers", "5000"], "--workers 5000"),
        (["--cluster", "a b"], "--cluster 'a b'"),
    ]:
        assert main(["simulate", "pig", *args]) == 1
        err = capsys.readouterr().err
        assert text in err and len(err.strip().splitlines()) == 1
    with pytest.raises(EngineError, match="whole number"):
        simulate_many("pig", range(2), workers=True)
    with pytest.raises(EngineError, match="seed"):
        simulate_many("pig", [1, -1])


def test_cluster_without_ray_says_how_to_install_it(capsys, monkeypatch):
    monkeypatch.setitem(sys.modules, "ray", None)  # import ray -> ModuleNotFoundError
    assert main(["simulate", "pig", "--games", "2", "--cluster", "auto"]) == 1
    err = capsys.readouterr().err
    assert "pip install -e '.[cluster]'" in err and len(err.strip().splitlines()) == 1


def test_ray_local_instance_gives_the_process_pool_games():
    ray = pytest.importorskip(
        "ray", reason="Ray is the optional extra: pip install -e '.[cluster]'"
    )
    seeds = range(20)
    pool = texts(simulate_many("stack5", seeds, ["heuristic", "random"], workers=2))
    started = not ray.is_initialized()
    if started:
        ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
    try:
        on_ray = simulate_many("stack5", seeds, ["heuristic", "random"], cluster="local")
    finally:
        if started:
            ray.shutdown()
    assert texts(on_ray) == pool


def test_bench_parallel_prints_the_speed_up(capsys):
    assert main(["bench", "--parallel", "pig", "--runs", "1"]) == 0
    out = capsys.readouterr().out
    assert "speed-up" in out and "pig" in out


def test_workers_never_run_the_callers_main_script(tmp_path, monkeypatch):
    """Streamlit and AppTest run page scripts as ``__main__``: a worker must not re-run
    one (it would draw a page, or fail as this script does)."""
    import sys
    import types

    script = tmp_path / "page.py"
    script.write_text("raise SystemExit('a worker ran the main script')\n")
    fake_main = types.ModuleType("__main__")
    fake_main.__file__ = str(script)
    monkeypatch.setitem(sys.modules, "__main__", fake_main)
    games = simulate_many("pig", range(4), ["random", "random"], workers=2)
    assert [g.seed for g in games] == [0, 1, 2, 3]
    assert sys.modules["__main__"] is fake_main


def games_warm_in_worker(piece):
    import gc

    warm = sys.modules.get("engine.core.warm")
    return piece, None if warm is None else list(warm.WARMED), gc.get_freeze_count()


def test_fresh_workers_start_with_every_game_warmed_by_the_fork_server():
    """The fork server imports and plays one game of each game before forking, so a new
    worker does not pay imports and lazily built tables on its first game."""
    import gc

    import engine.core.warm  # noqa: F401 (in this process: defines the warm-up, nothing else)
    from engine.core.registry import _MODULES

    out = list(parallel.run_ordered(games_warm_in_worker, range(4), workers=2))
    assert [p for p, _, _ in out] == [0, 1, 2, 3]
    assert all(warmed == list(_MODULES) for _, warmed, _ in out)
    assert all(frozen > 1000 for _, _, frozen in out)  # the fork server's objects
    assert gc.get_freeze_count() == 0


def test_the_warm_up_runs_only_where_it_is_asked_for():
    """Importing engine.core.warm warms nothing; the fork server's preload module (imported
    by the fork server only) warms every game and freezes the collector: no process tells
    itself apart by what called it."""
    import subprocess

    from engine.core.registry import _MODULES

    show = "import gc, engine.core.warm as w; print(w.WARMED, gc.get_freeze_count() > 1000)"
    run = dict(capture_output=True, text=True, check=True)
    plain = subprocess.run([sys.executable, "-c", show], **run).stdout.split()
    assert plain == ["[]", "False"]
    preload = subprocess.run(
        [sys.executable, "-c", "import engine.core.fork_server;" + show], **run
    )
    assert preload.stdout.strip() == f"{list(_MODULES)} True"
