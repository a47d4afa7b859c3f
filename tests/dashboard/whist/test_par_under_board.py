"""Under the Whist analysis board: the double-dummy table and par of the deal on view
, worked out by a job of the pool, one deal at a time, kept server-wide.

The real job takes about a minute a Bid Whist deal; the default tests give the pool a
stand-in (:mod:`tests.dashboard.whist.par_fakes`) answering with what ``deal_par`` made
for the record, and a slow test checks that answer against ``deal_par`` itself."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from dashboard.explorer import grades as explorer_grades
from dashboard.jobs import panel as job_panel
from dashboard.jobs.pool import JOBS
from dashboard.whist import par_job, par_view
from engine import read_jsonl
from tests.apptest import APP, finish_job
from tests.board import go
from tests.dashboard.test_explorer import open_link
from tests.dashboard.whist import par_fakes

DATA = Path(APP).parents[1] / "data" / "whist"
RECORD = read_jsonl(DATA / "bid4.jsonl")[2]  # two deals
DEALS = [i for i, t in enumerate(RECORD.actions) if t.startswith("deal ")]
JOB = "xp_whist_par"


@pytest.fixture
def afresh(monkeypatch):
    """Nothing worked out or graded yet (kept server-wide), no job of an earlier page left, and the
    stand-in job (``fake``: which one)."""
    monkeypatch.setattr(par_view, "_TABLES", job_panel.Kept(64))
    # no deal graded yet either: an earlier test of this process may have graded it
    monkeypatch.setattr(explorer_grades, "_GRADED", job_panel.Kept(16))
    JOBS.forget_all()

    def use(fake=par_fakes.kept_table):
        monkeypatch.setattr(par_job, "deal_table", fake)

    use()
    return use


@pytest.fixture
def held_tables(monkeypatch, afresh):
    """The tables under the board wait at a gate of the job pool: ``held_tables()`` holds
    the next ones and returns the function that lets them go (a stand-in answering at
    once can be over before the page is read, on a loaded machine)."""
    gates = []

    def hold():
        gates.append(par_fakes.hold_tables(monkeypatch))
        return gates[-1].set

    yield hold
    for gate in gates:
        gate.set()


def _open(step: int, grade: str = "0", **params):
    return open_link(
        "views/whist/games.py",
        src="recorded",
        file=params.pop("file", "bid4.jsonl"),
        game=params.pop("game", "3"),
        grade=grade,
        step=str(step),
        **params,
    )


def shown_table(at) -> list[list[int]]:
    """The numbers of the table under the board, row by row (contracts)."""
    tables = [h.proto.body for h in at.get("html") if "<table" in h.proto.body]
    assert len(tables) == 1, tables
    rows = re.findall(r"<tr>(.*?)</tr>", tables[0].split("<tbody>")[1])
    return [[int(n) for n in re.findall(r"<td[^>]*>(\d+)</td>", r)] for r in rows]


def texts(at, kind: str) -> list[str]:
    return [e.value for e in getattr(at, kind)]


def progress(at) -> list[str]:
    return [p.proto.text for p in at.get("progress")]


def test_the_table_and_par_of_the_deal_on_view_arrive_then_follow_the_steps(held_tables):
    release = held_tables()
    at = _open(DEALS[0] + 5)
    assert progress(at) and "table of deal 1" in progress(at)[0]  # a job, not the page
    assert not [h for h in at.get("html") if "<table" in h.proto.body]
    release()
    finish_job(at, JOB)
    table, par = par_fakes.kept_par(0)
    # rows: the contracts; columns: the declarers P1…P4 (the engine's table transposed)
    assert shown_table(at) == [list(col) for col in zip(*table.books, strict=True)]
    head = next(m for m in texts(at, "markdown") if m.startswith("**Par:**"))
    assert head.startswith("**Par:** 7 no trump low by Player 1")
    assert "Players 1+3: 13 books, 14 points" in head and "Players 2+4: 0 books, 0 points" in head
    assert any(c.startswith("Hindsight: every hand known") for c in texts(at, "caption"))
    # a step within the deal: at once, no job
    go(at, DEALS[0] + 9)
    assert JOB not in at.session_state and shown_table(at)[0] == [t[0] for t in table.books]
    # another deal: its own table, by its own job
    release = held_tables()
    go(at, DEALS[1] + 3)
    assert progress(at) and "table of deal 2" in progress(at)[0]
    release()
    finish_job(at, JOB)
    table2, _ = par_fakes.kept_par(1)
    assert shown_table(at) == [list(col) for col in zip(*table2.books, strict=True)]
    assert "**Deal 2 with every hand known" in " ".join(texts(at, "markdown"))
    # a second visit (another session): at once
    again = _open(DEALS[1] + 1)
    assert JOB not in again.session_state and shown_table(again) == shown_table(at)
    assert not at.exception and not at.error and not at.warning


def test_the_table_waits_for_the_grading_of_a_deal_which_then_lets_it_go_first(
    held_tables, held_grading
):
    """The session runs one job at a time: the grading started first, the table waits
    (saying so); once the deal is graded the table goes before the next deal's grading.
    (The grading and the table are held while the page draws itself.)"""
    release = held_tables()
    at = _open(DEALS[0] + 5, grade="1")
    assert "xp_whist_deal_grading" in at.session_state and JOB not in at.session_state
    assert "worked out next" in " ".join(texts(at, "caption"))
    JOBS.forget(at.session_state["xp_whist_deal_grading"]["id"])  # as if it were done
    del at.session_state["xp_whist_deal_grading"]
    at.run()
    assert JOB in at.session_state and "xp_whist_deal_grading" not in at.session_state
    assert "the rest after the work in progress below" in " ".join(texts(at, "caption"))
    release()
    finish_job(at, JOB)
    assert shown_table(at) and "xp_whist_deal_grading" in at.session_state  # it goes on
    assert not at.exception and not at.warning


def test_an_engine_error_is_said_in_words(afresh):
    afresh(par_fakes.failing_table)
    at = finish_job(_open(DEALS[0] + 5), JOB)
    said = " ".join(texts(at, "warning"))
    assert "could not be worked out: the solver ran out of patience" in said
    assert not at.exception and "Traceback" not in said


def test_a_two_player_game_says_so_in_one_line_with_no_box(afresh):
    at = _open(12, file="bid2.jsonl", game="1")
    assert JOB not in at.session_state and not progress(at)
    assert not [h for h in at.get("html") if "<table" in h.proto.body]
    said = [c for c in texts(at, "caption") if "four-player" in c]
    assert said == ["The double-dummy table and par are shown for four-player deals."]
    assert not any("with every hand known" in m for m in texts(at, "markdown"))


def test_the_japanese_page_words_the_table_and_par(afresh):
    at = finish_job(_open(DEALS[0] + 5, lang="ja"), JOB)
    par = next(m for m in texts(at, "markdown") if m.startswith("**"))
    assert "ノートランプ（逆）" in " ".join(texts(at, "markdown")), par
    body = next(h.proto.body for h in at.get("html") if "<table" in h.proto.body)
    assert "アップタウン" in body and "uptown" not in body
    assert not any("Hindsight" in c or "Each entry" in c for c in texts(at, "caption"))


def test_a_classic_whist_deal_shows_each_sides_books_with_the_turned_trump():
    """One contract (the turned trump, the player left of the dealer leading): a row with
    each side's books, the par's points (deal_par solves it at once)."""
    from engine.whist.grading.four_hands import deal_par

    record = read_jsonl(DATA / "whist4.jsonl")[2]
    table, par = deal_par(record, 0)
    body = par_view.table_html(table, par, record.players)
    books = re.findall(r"<td[^>]*>(\d+)</td>", body)
    assert [int(b) for b in books] == list(par.books) and sum(par.books) == 13
    assert "Players 1+3" in body and "Players 2+4" in body
    # the contract in words, never the engine's notation ("trump H")
    assert re.search(r"</span> (spades|hearts|diamonds|clubs) are trumps</th>", body), body
    words = par_view.par_words(table, par)
    assert re.match(r"\*\*Par:\*\* [♠♥♦♣] (spades|hearts|diamonds|clubs) are trumps  \n", words)
    assert " by " not in words and "trump " not in words
    for side, b, p in zip(("Players 1+3", "Players 2+4"), par.books, par.points, strict=True):
        assert f"{side}: {b} books, {p} points" in words
    assert f"Player {table.seats[0] + 1} leading" in par_view.how_to_read(table)


@pytest.mark.slow
@pytest.mark.parametrize("deal", [0, 1])
def test_the_kept_answer_is_what_deal_par_makes(deal):
    """About a minute a deal: the stand-in's answer is the engine's."""
    from engine.whist.grading.four_hands import deal_par

    assert par_fakes.kept_par(deal) == deal_par(RECORD, deal)


@pytest.mark.slow
def test_the_real_job_shows_deal_pars_table(monkeypatch):
    """The pool's own job (the Python solver: about a minute)."""
    from engine.whist.grading.four_hands import deal_par

    monkeypatch.setattr(par_view, "_TABLES", job_panel.Kept(64))
    # no deal graded yet either: an earlier test of this process may have graded it
    monkeypatch.setattr(explorer_grades, "_GRADED", job_panel.Kept(16))
    at = finish_job(_open(DEALS[0] + 5), JOB, seconds=600)
    table, _ = deal_par(RECORD, 0)
    assert shown_table(at) == [list(col) for col in zip(*table.books, strict=True)]
