"""The command line: simulate | replay, errors as one line with a non-zero exit."""

from __future__ import annotations

import json
import subprocess
import sys

from engine.cli import main


def run(*args, stdin=None):
    return subprocess.run(
        [sys.executable, "-m", "engine", *args],
        capture_output=True,
        text=True,
        input=stdin,
        timeout=120,
    )


def test_simulate_then_replay(tmp_path):
    out = tmp_path / "pig.jsonl"
    r = run(
        "simulate",
        "pig",
        "--games",
        "5",
        "--seed",
        "3",
        "--players",
        "hold20",
        "random",
        "--rule",
        "target=40",
        "--out",
        str(out),
    )
    assert r.returncode == 0, r.stderr
    assert "wrote 5" in r.stdout
    r = run("replay", str(out))
    assert r.returncode == 0, r.stderr
    assert "5 games verified" in r.stdout
    assert r.stdout.count("— ok") == 5


def test_simulate_to_stdout_pipes_into_replay():
    sim = run("simulate", "pig", "--games", "2")
    assert sim.returncode == 0
    rep = run("replay", "-", stdin=sim.stdout)
    assert rep.returncode == 0 and "2 games verified" in rep.stdout


def test_tampered_record_is_rejected_naming_the_action(tmp_path):
    out = tmp_path / "pig.jsonl"
    assert main(["simulate", "pig", "--games", "2", "--out", str(out)]) == 0
    lines = out.read_text().splitlines()
    data = json.loads(lines[1])
    data["actions"][1] = "die 9"
    lines[1] = json.dumps(data)
    out.write_text("\n".join(lines) + "\n")
    r = run("replay", str(out))
    assert r.returncode == 1
    assert "game 2" in r.stderr and "action 2 'die 9'" in r.stderr
    assert "Traceback" not in r.stderr


def test_bad_arguments_give_one_line_and_non_zero_exit():
    for args, text in [
        (("simulate", "chess"), "unknown game 'chess'"),
        (("simulate", "pig", "--players", "nobody", "random"), "no bot 'nobody'"),
        (("simulate", "pig", "--rule", "target"), "write KEY=VALUE"),
        (("simulate", "pig", "--rule", "speed=3"), "unknown ruleset field 'speed'"),
        (("simulate", "pig", "--games", "0"), "--games 0"),
        (("replay", "/no/such/file.jsonl"), "cannot read"),
        (("bench", "chess"), "unknown game 'chess'"),
    ]:
        r = run(*args)
        assert r.returncode != 0, args
        assert text in r.stderr, (args, r.stderr)
        assert "Traceback" not in r.stderr
        assert len(r.stderr.strip().splitlines()) == 1, r.stderr


def test_bench_prints_a_table(capsys):
    assert main(["bench", "pig", "--seconds", "0.05", "--runs", "1"]) == 0
    out = capsys.readouterr().out
    assert "pig: random 2-player games" in out and "per second" in out


def test_winrate_rotates_seats(capsys):
    assert main(["winrate", "pig", "--players", "hold20", "random", "--games", "20"]) == 0
    out = capsys.readouterr().out
    assert "Pig (demo), 20 games" in out and "hold20" in out and "by seat" in out
