"""``python -m engine analyse FILE [--out F]``: graded decisions as JSON Lines."""

from __future__ import annotations

import json
import re
import subprocess
import sys

import pytest

from engine import read_jsonl, simulate, write_jsonl
from engine.cli import main
from engine.core.annotation import Annotation
from engine.core.records import states


def run(*args):
    return subprocess.run(
        [sys.executable, "-m", "engine", *args], capture_output=True, text=True, timeout=600
    )


def _first_lines(src: str, n: int, tmp_path) -> str:
    path = tmp_path / "games.jsonl"
    with open(src, encoding="utf-8") as f:
        path.write_text("".join(f.readline() for _ in range(n)), encoding="utf-8")
    return str(path)


def _check_lines(text: str, games: int) -> list[dict]:
    rows = [json.loads(line) for line in text.splitlines()]
    assert rows
    for row in rows:
        assert 0 <= row["record"] < games
        note = Annotation.from_dict(row)
        assert row["loss"] == pytest.approx(note.loss) and note.loss >= 0
    assert {row["record"] for row in rows} == set(range(games))
    return rows


def test_analyse_writes_one_json_line_per_graded_decision(tmp_path):
    src = _first_lines("data/stack5/games.jsonl", 2, tmp_path)
    out = tmp_path / "notes.jsonl"
    done = run("analyse", src, "--out", str(out))
    assert done.returncode == 0, done.stderr
    assert "graded decisions of 2 games" in done.stdout
    rows = _check_lines(out.read_text(encoding="utf-8"), 2)
    assert {r["unit"] for r in rows} == {"points"}


@pytest.mark.parametrize("game", ["owners_choice", "stock_holdem"])
def test_analyse_to_stdout_for_the_other_games(tmp_path, capsys, game):
    src = _first_lines(f"data/{game}/games.jsonl", 1, tmp_path)
    assert main(["analyse", src]) == 0
    _check_lines(capsys.readouterr().out, 1)


def test_a_bad_file_gives_one_line_and_a_non_zero_exit(tmp_path):
    bad = tmp_path / "bad.jsonl"
    bad.write_text('{"format": "tabletop-record"\n', encoding="utf-8")
    done = run("analyse", str(bad), "--out", str(tmp_path / "notes.jsonl"))
    assert done.returncode == 1
    assert done.stderr.count("\n") == 1 and done.stderr.startswith("error: ")
    assert not (tmp_path / "notes.jsonl").exists()


def test_a_game_without_analysis_or_a_missing_file_is_one_line(tmp_path, capsys):
    pig = tmp_path / "pig.jsonl"
    write_jsonl([simulate("pig", seed=1, players=["random", "random"])], pig)
    assert main(["analyse", str(pig), "--out", str(tmp_path / "n")]) == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "no analysis for 'pig'" in err
    assert not (tmp_path / "n").exists()
    assert main(["analyse", str(tmp_path / "missing.jsonl")]) == 1
    assert capsys.readouterr().err.count("\n") == 1


def test_analyse_whist_last_tricks_with_double_dummy(tmp_path, capsys):
    one = tmp_path / "one.jsonl"
    write_jsonl(read_jsonl("data/whist/bid4.jsonl")[:1], one)
    assert main(["analyse", str(one), "--tricks-left", "2", "--out", str(tmp_path / "n")]) == 0
    notes = [json.loads(x) for x in (tmp_path / "n").read_text().splitlines()]
    assert notes and {n["unit"] for n in notes} == {"tricks"}
    assert all(n["loss"] >= 0 for n in notes)


@pytest.mark.slow
def test_analyse_the_whole_shipped_stack5_file(tmp_path):
    out = tmp_path / "notes.jsonl"
    done = run("analyse", "data/stack5/games.jsonl", "--out", str(out))
    assert done.returncode == 0, done.stderr
    _check_lines(out.read_text(encoding="utf-8"), 200)


def test_analyse_grades_two_player_whist_and_names_what_it_leaves_out(tmp_path):
    src = _first_lines("data/whist/whist2.jsonl", 2, tmp_path)
    out = tmp_path / "notes.jsonl"
    done = run("analyse", src, "--tricks-left", "4", "--out", str(out))
    assert done.returncode == 0, done.stderr
    rows = _check_lines(out.read_text(encoding="utf-8"), 2)
    assert {r["unit"] for r in rows} == {"tricks"}
    # said once each, on stderr, with the reason
    lines = done.stderr.splitlines()
    assert lines and all(x.startswith("not graded: Whist, 2 players: ") for x in lines)
    assert len(set(lines)) == len(lines)
    assert any("only the cards of the last 4 tricks" in x for x in lines)


def test_analyse_names_each_game_and_deal_whose_decisions_it_left_out(tmp_path):
    """Said after the grading, from what it wrote: a file's coverage is read off stderr."""
    src = _first_lines("data/whist/whist2.jsonl", 2, tmp_path)
    out = tmp_path / "notes.jsonl"
    done = run("analyse", src, "--budget", "5", "--out", str(out))
    assert done.returncode == 0, done.stderr
    said = [x for x in done.stderr.splitlines() if x.startswith("game ")]
    pattern = (
        r"game [12]: Deal \d of \d, not graded: High/Low declarations: 2; cards: (\d+) "
        r"\(tricks 1–\d+\) — over the search budget \(5 million positions a search, 10 "
        r"million for the bidding or declarations of a deal together\)"
    )
    assert said and all(re.fullmatch(pattern, x) for x in said), said
    named = sum(2 + int(re.fullmatch(pattern, x)[1]) for x in said)
    decisions = sum(
        1 for r in read_jsonl(src) for i, s in enumerate(states(r)[:-1]) if not s.is_chance()
    )
    assert len(out.read_text(encoding="utf-8").splitlines()) + named == decisions
    assert "analyse: 2 of 2 games left decisions ungraded" in done.stderr
    whole = run("analyse", src, "--tricks-left", "2", "--out", str(out))  # all it asks for
    assert "game 1:" not in whole.stderr and "left decisions" not in whole.stderr


def test_analyse_quick_is_the_old_last_tricks_grading_and_says_so(tmp_path):
    one = tmp_path / "one.jsonl"
    write_jsonl(read_jsonl("data/whist/bid4.jsonl")[:1], one)
    done = run("analyse", str(one), "--quick", "--out", str(tmp_path / "n"))
    assert done.returncode == 0, done.stderr
    notes = [json.loads(x) for x in (tmp_path / "n").read_text().splitlines()]
    assert notes and {n["action"].split()[0] for n in notes} == {"play"}
    assert "bids, trump or direction calls and kitty discards are not graded" in done.stderr
    assert "last 5 tricks" in done.stderr


def test_analyse_budget_is_said_on_stderr_checked_and_zero_is_no_limit(tmp_path):
    src = _first_lines("data/whist/whist2.jsonl", 1, tmp_path)
    out = str(tmp_path / "n.jsonl")
    default = run("analyse", src, "--tricks-left", "6", "--out", out)
    assert default.returncode == 0, default.stderr
    assert "search budget" not in default.stderr  # the command's: nothing is left out
    small = run("analyse", src, "--tricks-left", "6", "--budget", "0.001", "--out", out)
    assert small.returncode == 0, small.stderr
    assert "over the search budget (0.001 million positions a search" in small.stderr
    unlimited = run("analyse", src, "--tricks-left", "6", "--budget", "0", "--out", out)
    assert unlimited.returncode == 0 and "search budget" not in unlimited.stderr
    for value in ("-1", "nan", "inf"):
        bad = run("analyse", src, "--budget", value, "--out", out)
        assert bad.returncode != 0 and "Traceback" not in bad.stderr
        assert f"--budget {value}: give millions of positions, or 0 for no limit" in bad.stderr


@pytest.mark.slow
def test_the_command_grades_the_bids_of_a_deal_a_page_leaves_out(tmp_path):
    """The second game of bid2.jsonl, deal 0: its bids' searches from the first lead take
    about 77 million positions, over a page's budget (40 million a deal,
    :data:`engine.whist.grading.vocabulary.DEAL_FACTOR` times
    :data:`~engine.whist.grading.vocabulary.BUDGET`) but well within the command's."""
    from engine.whist.analysis import analyse

    record = read_jsonl("data/whist/bid2.jsonl")[1]
    bids = lambda notes: [n for n in notes if not n["action"].startswith("play")]  # noqa: E731
    page = [n.to_dict() for n in analyse(record, deal=0)]
    assert page and not bids(page)
    one = tmp_path / "one.jsonl"
    write_jsonl([record], one)
    done = run("analyse", str(one), "--deal", "0", "--out", str(tmp_path / "n"))
    assert done.returncode == 0, done.stderr
    notes = [json.loads(x) for x in (tmp_path / "n").read_text().splitlines()]
    graded = bids(notes)
    assert {n["action"].split()[0] for n in graded} >= {"bid", "discard"}
    assert len(notes) == len(page) + len(graded)


def test_analyse_on_several_workers_writes_the_same_lines_in_order(tmp_path):
    records = [simulate("stack5", seed=s, players=["heuristic", "random"]) for s in range(5)]
    src = tmp_path / "five.jsonl"
    write_jsonl(records, src)
    outs = []
    for workers in ("1", "2"):
        out = tmp_path / f"w{workers}.jsonl"
        done = run("analyse", str(src), "--workers", workers, "--out", str(out))
        assert done.returncode == 0, done.stderr
        outs.append(out.read_text(encoding="utf-8"))
    assert outs[0] == outs[1]
    assert [json.loads(x)["record"] for x in outs[0].splitlines()] == sorted(
        json.loads(x)["record"] for x in outs[0].splitlines()
    )
    bad = run("analyse", str(src), "--workers", "0")
    assert bad.returncode != 0 and "--workers 0: give a whole number of processes" in bad.stderr


def test_analyse_runs_no_more_processes_than_the_free_memory_holds(tmp_path, capsys, monkeypatch):
    from engine import cli
    from engine.analysis import command_memory
    from engine.core import parallel
    from engine.whist.analysis import COMMAND_MEMORY

    two = read_jsonl("data/whist/whist2.jsonl")[:2]
    assert command_memory(two) == COMMAND_MEMORY > 2 << 30  # two-player tables: gigabytes
    assert command_memory(two, quick=True) == 0  # a page's searches
    assert command_memory(read_jsonl("data/stack5/games.jsonl")[:2]) == 0
    assert parallel.workers_for_memory(COMMAND_MEMORY, 5 * COMMAND_MEMORY // 2) == min(
        2, parallel.cpu_count()
    )
    assert parallel.workers_for_memory(COMMAND_MEMORY, 1) == 1
    assert parallel.workers_for_memory(COMMAND_MEMORY, None) == parallel.cpu_count()
    # a machine of 8 cores with 4 GB free grades two-player games on one process, and says so
    monkeypatch.setattr(parallel, "cpu_count", lambda: 8)
    monkeypatch.setattr(parallel, "memory_available", lambda: 4 << 30)
    assert cli._analyse_workers(two, quick=False) == 1
    err = capsys.readouterr().err
    assert "1 process rather than one per core (8)" in err and "4.0 GB is free" in err
    assert "--workers N" in err
    assert cli._analyse_workers(two, quick=True) == 8
    assert capsys.readouterr().err == ""
    avail = parallel.memory_available()
    assert avail is None or avail > 0


def test_analyse_writes_each_game_to_the_file_as_it_is_graded(tmp_path, monkeypatch):
    """A long run (hours for a file of two-player Whist games) is read as it goes: each
    game's lines are in the file once the game is graded, not when a buffer fills."""
    from engine import analysis

    src = tmp_path / "two.jsonl"
    write_jsonl([simulate("stack5", seed=s, players=["random", "random"]) for s in (1, 2)], src)
    out = tmp_path / "n.jsonl"
    seen = []

    def fake_lines(records, *, progress, **kwargs):
        for n, _ in enumerate(records, 1):
            yield json.dumps({"record": n - 1})
            progress(n)
            seen.append(out.read_text(encoding="utf-8").count("\n"))

    monkeypatch.setattr(analysis, "annotation_lines", fake_lines)
    assert main(["analyse", str(src), "--workers", "1", "--out", str(out)]) == 0
    assert seen == [1, 2]
