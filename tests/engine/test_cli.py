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
    assert "game 2" in r.stderr and "action 2 “die 9”" in r.stderr
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


# --- hostile input: one line on stderr, non-zero exit, never a traceback -----------


def one_line_error(r, text, code=None):
    assert r.returncode != 0, r
    if code is not None:
        assert r.returncode == code, (r.returncode, r.stderr)
    assert text in r.stderr, r.stderr
    assert "Traceback" not in r.stderr
    assert len(r.stderr.strip().splitlines()) == 1, r.stderr


def test_out_that_is_a_folder_or_in_a_missing_folder_fails_before_simulating(
    tmp_path, monkeypatch, capsys
):
    import engine.cli as cli

    def no_simulation(*args, **kwargs):
        raise AssertionError("simulated before checking --out")

    monkeypatch.setattr(cli, "simulate_with", no_simulation)
    for out, text in [
        (tmp_path, "is a folder"),
        (tmp_path / "missing" / "games.jsonl", "does not exist"),
    ]:
        assert main(["simulate", "pig", "--games", "1000000", "--out", str(out)]) == 1
        err = capsys.readouterr().err
        assert text in err and len(err.strip().splitlines()) == 1
    one_line_error(run("simulate", "pig", "--out", str(tmp_path)), "is a folder", 1)


def test_simulate_streams_the_same_bytes_as_write_jsonl(tmp_path):
    from engine import simulate, write_jsonl

    out = tmp_path / "s.jsonl"
    assert main(["simulate", "pig", "--games", "3", "--seed", "4", "--out", str(out)]) == 0
    write_jsonl([simulate("pig", 4 + i) for i in range(3)], tmp_path / "w.jsonl")
    assert out.read_bytes() == (tmp_path / "w.jsonl").read_bytes()


def test_replay_of_a_folder_dev_zero_or_an_oversized_file(tmp_path, monkeypatch, capsys):
    from engine.core import records

    one_line_error(run("replay", str(tmp_path)), "cannot read", 1)
    monkeypatch.setattr(records, "MAX_BYTES", 1000)
    if __import__("os").path.exists("/dev/zero"):
        assert main(["replay", "/dev/zero"]) == 1
        assert "over the 1000 byte limit" in capsys.readouterr().err
    big = tmp_path / "big.jsonl"
    big.write_text("x" * 1001)
    assert main(["replay", str(big)]) == 1
    assert "over the 1000 byte limit" in capsys.readouterr().err


def test_replay_of_hostile_records():
    deep = '{"meta": ' + "[" * 100_000 + "]" * 100_000 + "}\n"
    one_line_error(run("replay", "-", stdin=deep), "nested deeper", 1)
    huge = '{"version": 1, "seed": ' + "9" * 5000 + "}\n"
    one_line_error(run("replay", "-", stdin=huge), "at most 40", 1)


def test_binary_deep_or_huge_rules_file_is_one_line(tmp_path):
    cases = [
        (b"\x89PNG\r\n\x1a\n\xff\x00", "not UTF-8 text"),
        (b"target = " + b"[" * 100_000, "nested too deeply"),
        (b"target = " + b"9" * 5000, "a number too long"),
        (b"target = true", "yes (true) is not an integer"),
    ]
    for data, text in cases:
        path = tmp_path / "rules.toml"
        path.write_bytes(data)
        one_line_error(run("simulate", "pig", "--rules", str(path)), text, 1)
    one_line_error(run("simulate", "pig", "--rules", str(tmp_path)), "cannot read", 1)
    one_line_error(run("simulate", "pig", "--rules", "/dev/zero"), "larger than 1024 KiB", 1)


def test_rule_values_that_are_hostile(capsys):
    for rule, text in [
        ("target=" + "9" * 5000, "out of range"),
        ("target=" + "[" * 100_000, "nested too deeply"),
        ("target=true", "yes (true) is not an integer"),
        ("seed=3", "unknown ruleset field 'seed'"),
        ("players=3", "unknown ruleset field 'players'"),
        ("target=40\nx=1", "one short line"),
    ]:
        assert main(["simulate", "pig", "--rule", rule]) == 1, rule
        err = capsys.readouterr().err
        assert text in err and len(err.strip().splitlines()) == 1, (rule, err)


def test_seed_beyond_what_a_record_holds(capsys):
    assert main(["simulate", "pig", "--seed", str(2**63)]) == 1
    assert "out of range" in capsys.readouterr().err
    assert main(["simulate", "pig", "--seed", str(2**63 - 1), "--games", "2"]) == 1
    assert "out of range" in capsys.readouterr().err


def test_bench_refuses_zero_runs_and_non_finite_seconds():
    for args, text in [
        (("--runs", "0"), "--runs 0"),
        (("--runs", "-3"), "--runs -3"),
        (("--seconds", "nan"), "--seconds nan"),
        (("--seconds", "inf"), "--seconds inf"),
        (("--seconds", "-1"), "--seconds -1.0"),
        (("--seconds", "0"), "--seconds 0.0"),
    ]:
        one_line_error(run("bench", "pig", *args), text, 1)


def test_unexpected_exception_is_one_line_naming_it_with_status_2(monkeypatch, capsys):

    def boom(*args, **kwargs):
        raise ValueError("something\nbroke")

    monkeypatch.setattr("engine.core.simulate.simulate_with", boom)  # simulate_many's
    assert main(["simulate", "pig"]) == 2
    err = capsys.readouterr().err
    assert "unexpected ValueError: something broke" in err
    assert len(err.strip().splitlines()) == 1


def test_engine_error_keeps_its_own_message(capsys):
    assert main(["simulate", "pig", "--games", "0"]) == 1
    assert capsys.readouterr().err == "error: --games 0: must be at least 1\n"
