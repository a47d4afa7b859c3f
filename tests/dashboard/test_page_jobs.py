"""The pages' heavy work runs in the job pool: the page shows its progress
and a Cancel button, picks the result up when it is ready, Cancel stops it, and the pool's
caps refuse in words."""

from __future__ import annotations

import os
import re
import time

import pytest

from dashboard.jobs import pages as page_jobs
from dashboard.jobs.pool import JOBS
from tests.apptest import finish_job
from tests.dashboard.test_explorer import open_link
from tests.dashboard.test_jobs import count


class Recorder:
    """A stand-in for the job's ``progress``: what it reported, cancelled on request."""

    def __init__(self, stop_after: int | None = None):
        self.updates: list[tuple[int, int]] = []
        self.stop_after = stop_after

    def update(self, done: int, total: int) -> None:
        self.updates.append((done, total))

    def stopped(self) -> bool:
        return self.stop_after is not None and len(self.updates) >= self.stop_after


@pytest.fixture(autouse=True)
def nothing_graded_yet(monkeypatch):
    """Every test grades afresh (the grades are kept for every session of the server)."""
    from dashboard.explorer import grades as explorer_grades
    from dashboard.jobs import panel as job_panel

    monkeypatch.setattr(explorer_grades, "_GAMES", job_panel.Kept(8))
    monkeypatch.setattr(explorer_grades, "_GRADED", job_panel.Kept(16))
    JOBS.forget_all()  # an earlier page's job (a Whist page grades as it opens)
    yield
    JOBS.forget_all()  # a page left with its job running: no longer counted


@pytest.fixture
def server_full():
    """Both of the server's job slots taken by other players' long jobs."""
    jobs = [JOBS.submit(f"other-{i}", count, 100_000) for i in range(JOBS.workers)]
    yield
    for job in jobs:
        JOBS.forget(job)


def progress_texts(at) -> list[str]:
    """The progress bars' words, without the seconds counted after them ("(3 s)")."""
    return [re.sub(r" \(\d+ s\)$", "", p.proto.text) for p in at.get("progress")]


# --- grading on the analysis board ----------------------------------------------------------


def graded_stack5(**params: str):
    return open_link(
        "views/stack5/games.py", src="recorded", file="games.jsonl", game="1", grade="1", **params
    )


def test_grading_a_game_runs_in_a_job_with_progress_then_the_grades(held_jobs):
    at = graded_stack5()
    assert progress_texts(at) == ["Grading every decision…"]
    assert at.button(key="xp_stack5_grading_cancel").label == "Cancel the grading"
    assert "Graded decisions" not in [s.value for s in at.subheader]  # not yet
    held_jobs()
    finish_job(at, "xp_stack5_grading")
    assert "Graded decisions" in [s.value for s in at.subheader]
    assert not progress_texts(at)


def test_a_grading_that_breaks_is_said_in_words_not_a_traceback(monkeypatch):
    """A job that fails with an error that is not the engine's leaves no grades and a
    sentence, not a page that stops on "'TypeError' object is not iterable"."""
    from dashboard.explorer import grades as explorer_grades
    from tests.dashboard.whist import par_fakes

    monkeypatch.setattr(explorer_grades, "grade_game", par_fakes.broken_grading)
    at = finish_job(graded_stack5(), "xp_stack5_grading")
    at.run()  # the grades kept for the record: the failure, said again
    said = " ".join(e.value for e in [*at.warning, *at.error, *at.info, *at.caption])
    assert "Something went wrong" in said and "the grading broke" in said, said
    assert not at.exception and "Traceback" not in said


def test_grading_runs_in_another_process():
    """The job's function grades in the worker process it is given (not the server's)."""
    job = JOBS.submit("pid-test", os.getpid, with_progress=False)
    assert JOBS.wait(job, timeout=120).result != os.getpid()
    JOBS.forget(job)
    record = (_data() / "stack5" / "games.jsonl").read_text().splitlines()[0]
    recorder = Recorder()
    notes = page_jobs.grade_game(recorder, record)
    assert notes and recorder.updates[-1] == (1, 1)


def _data():
    from pathlib import Path

    return Path(__file__).resolve().parents[2] / "data"


def test_cancelling_the_grading_turns_it_off(held_jobs):
    at = graded_stack5()
    at.button(key="xp_stack5_grading_cancel").click().run()
    assert not at.exception, at.exception
    assert "xp_stack5_grading" not in at.session_state
    assert at.toggle(key="xp_stack5_grade").value is False
    assert not progress_texts(at) and "Graded decisions" not in [s.value for s in at.subheader]
    assert not JOBS.running(), "the page forgot the job: the pool no longer counts it"


def test_grading_when_the_server_is_busy_waits_for_a_worker_then_starts(held_jobs):
    """The grading a page opens with is not refused by a busy server: it says it waits,
    and starts by itself once another player's job is over (its waiting note reruns the
    page)."""
    others = [JOBS.submit(f"other-{i}", count, 100_000) for i in range(JOBS.workers)]
    try:
        at = graded_stack5()
        assert not at.exception, at.exception
        assert not at.warning and not progress_texts(at)
        assert "Grading starts as soon as the server has a worker free." in [
            c.value for c in at.caption
        ]
        assert "xp_stack5_grading" not in at.session_state
        at.run()  # still busy: still waiting, nothing started
        assert "xp_stack5_grading" not in at.session_state
        JOBS.forget(others.pop())  # a worker frees
        for _ in range(100):  # the waiting note's reruns, once the worker is really free
            at.run()
            if "xp_stack5_grading" in at.session_state:
                break
            time.sleep(0.1)
        assert progress_texts(at) == ["Grading every decision…"]
    finally:
        for job in others:
            JOBS.forget(job)


def test_a_part_that_stopped_waiting_no_longer_holds_up_the_others(monkeypatch):
    """A page part that waited in line and that a complete run of the script no longer
    draws (its page was left, its switch turned off) stops holding its place; one drawn
    again keeps it, however long the wait, and a run cut short (``st.rerun``) draws
    nothing that counts."""
    from dashboard.jobs import panel as job_panel

    state: dict = {}
    monkeypatch.setattr(job_panel.st, "session_state", state)
    job_panel.queue("gone")  # run 1 draws both
    job_panel.queue("here")
    job_panel.run_complete()
    assert job_panel.ahead("here") == ["gone"]  # run 2, cut short before drawing them
    job_panel.queue("here")  # run 3 draws "here" only
    assert job_panel.ahead("here") == ["gone"]  # (asked before "gone" would be drawn)
    job_panel.run_complete()
    assert job_panel.ahead("here") == [] and list(state[job_panel._QUEUE]) == ["here"]


def test_the_whist_grading_can_be_stopped_and_taken_up_again(monkeypatch, held_grading):
    from tests.dashboard.test_explorer import open_graded_whist_game, whist_grades_afresh

    whist_grades_afresh(monkeypatch)
    at = open_graded_whist_game(step=1)
    assert progress_texts(at) == ["Graded 0 of 2 deals…"]
    at.button(key="xp_whist_deal_grading_cancel").click().run()
    assert not at.exception and "xp_whist_deal_grading" not in at.session_state
    finish_job(at, "xp_whist_par")  # the table under the board takes the free slot
    assert not progress_texts(at)
    assert "Graded 0 of 2 deals." in [c.value for c in at.caption]
    at.run()  # stays stopped
    assert "xp_whist_deal_grading" not in at.session_state
    at.button(key="xp_whist_grade_rest").click().run()
    assert progress_texts(at) == ["Graded 0 of 2 deals…"]


def test_grading_one_deal_reports_the_deals_graded():
    from engine import GameRecord
    from engine.analysis import analyse_on_page

    record = (_data() / "whist" / "bid4.jsonl").read_text().splitlines()[2]
    recorder = Recorder()
    graded = page_jobs.grade_one_deal(recorder, record, 1, 3, 5)
    assert graded == {1: tuple(analyse_on_page(GameRecord.from_json(record), deal=1))}
    assert recorder.updates == [(3, 5), (4, 5)]


# --- "Simulate and add" on the Statistics page ---------------------------------------------


def simulate_on_statistics(game: str, games: int):
    from tests.apptest import open_page

    at = open_page("views/statistics.py")
    at.selectbox(key="stats_game").set_value(game).run()
    at.number_input(key="stats_games").set_value(games)
    at.button[[b.label for b in at.button].index("Simulate and add")].click().run()
    assert not at.exception, at.exception
    return at


def test_simulate_and_add_runs_in_a_job_with_progress_then_adds_the_games(held_jobs):
    at = simulate_on_statistics("stack5", 40)
    assert progress_texts(at)[0].startswith(("Simulating…", "Simulated "))
    assert at.button(key="stats_sim_job_cancel").label == "Cancel the simulation"
    held_jobs()
    finish_job(at, "stats_sim_job")
    assert any("Added 40 simulated games" in s.value for s in at.success)
    assert not progress_texts(at)


def test_cancelling_a_simulation_keeps_the_games_it_finished(held_jobs):
    # held until cancelled, then the job plays the one game it always keeps; fewer games
    # than a batch simulated on every core, so no second pool starts on a loaded machine
    at = simulate_on_statistics("stock_holdem", 60)
    at.button(key="stats_sim_job_cancel").click().run()
    stopping = any("Stopping after the games being played" in c.value for c in at.caption)
    assert stopping or "stats_sim_job" not in at.session_state
    finish_job(at, "stats_sim_job")
    said = " ".join(i.value for i in at.info)
    assert "Simulation cancelled: added 1 of the 60 games asked for" in said, said


def test_a_simulation_when_the_server_is_busy_says_so(server_full):
    at = simulate_on_statistics("stack5", 10)
    said = " ".join(w.value for w in at.warning)
    assert "The server is busy" in said and "stats_sim_job" not in at.session_state
    assert not progress_texts(at)


def test_the_simulation_job_stops_when_cancelled_and_keeps_what_it_made():
    recorder = Recorder(stop_after=3)
    out = page_jobs.simulate_batch(recorder, "stack5", list(range(50)), ["random"] * 2, {}, 60)
    assert out["cancelled"] and 3 <= len(out["records"]) < 50


# --- checking a big upload on the Statistics page -------------------------------------------


def upload_on_statistics(monkeypatch, name: str, content: bytes):
    from tests.apptest import open_page

    monkeypatch.setattr("dashboard.stats.uploads.UPLOAD_IN_PAGE", 10)  # every upload is "big"
    at = open_page("views/statistics.py")
    at.selectbox(key="stats_game").set_value("stack5").run()
    at.file_uploader(key="stats_upload").set_value((name, content, "application/json")).run()
    assert not at.exception, at.exception
    return at


def jsonl(n: int, seed: int = 0) -> bytes:
    from engine import simulate

    return "\n".join(
        simulate("stack5", s, ["heuristic", "random"]).to_json() for s in range(seed, seed + n)
    ).encode()


def test_a_big_upload_is_checked_in_a_job_with_progress_then_added(monkeypatch, held_jobs):
    at = upload_on_statistics(monkeypatch, "big.jsonl", jsonl(30))
    assert progress_texts(at) == ["Checking every uploaded game by replay…"]
    assert at.button(key="stats_upload_job_cancel").label == "Cancel the upload"
    held_jobs()
    finish_job(at, "stats_upload_job")
    assert any("Added 30 verified games from big.jsonl" in s.value for s in at.success)
    at.run()
    assert not progress_texts(at) and "stats_upload_job" not in at.session_state
    assert "games**" in " ".join(m.value for m in at.markdown)  # counted in the tables


def test_a_bad_big_upload_is_refused_in_words_and_not_checked_again(monkeypatch):
    bad = jsonl(3).replace(b'"actions": ["', b'"actions": ["nonsense", "', 1)
    at = upload_on_statistics(monkeypatch, "bad.jsonl", bad)
    finish_job(at, "stats_upload_job")
    said = " ".join(e.value for e in at.error)
    assert said.startswith("Refused:") and "bad.jsonl" in said
    at.run()
    assert "stats_upload_job" not in at.session_state  # not started again
    assert " ".join(e.value for e in at.error) == said


def test_cancelling_a_big_upload_adds_nothing(monkeypatch, held_jobs):
    at = upload_on_statistics(monkeypatch, "big.jsonl", jsonl(30, seed=100))
    at.button(key="stats_upload_job_cancel").click().run()
    assert not at.exception, at.exception
    assert "Upload cancelled: nothing was added from big.jsonl." in [i.value for i in at.info]
    at.run()
    assert "stats_upload_job" not in at.session_state and not at.success


def test_a_big_upload_when_the_server_is_busy_says_so(monkeypatch, server_full):
    at = upload_on_statistics(monkeypatch, "big.jsonl", jsonl(5, seed=200))
    assert "The server is busy" in " ".join(w.value for w in at.warning)
    assert "stats_upload_job" not in at.session_state and not progress_texts(at)


# --- the search bot's moves on the Play page ------------------------------------------------


def play_against_search_bots(seat: int = 1):
    from tests.dashboard.test_play import start

    return start("Stack 5", n=2, seat=seat, seed="3")  # the default bot: the search bot


def test_the_search_bots_moves_are_made_in_a_job_with_progress(held_jobs):
    from tests.dashboard.test_play import bots_played, stored

    at = play_against_search_bots()
    assert stored(at).meta["bots"]["0"].startswith("mcts")
    assert "play_bot_job" in at.session_state
    assert progress_texts(at) == ["The search bot is thinking…"]
    assert at.button(key="play_pause_bots").label == "Pause the bots"
    held_jobs()
    at.button(key="play_skip").click().run()
    bots_played(at)
    record = stored(at)
    assert record.actions and not progress_texts(at)
    assert any(b.key.startswith("play_m_") for b in at.button if b.key)  # your turn


def test_the_app_events_job_is_the_pages_own_events():
    """What the job makes is what the page itself would make (the same seeded events)."""
    from engine import GameRecord
    from engine.core.records import final_state

    record = GameRecord(
        game="stack5",
        players=["Bot", "Aiko"],
        actions=[],
        meta={"human": 1, "bots": {"0": "heuristic"}, "seed": 3},
    )
    made = page_jobs.app_events(Recorder(), record.to_json(), True)
    state = final_state(record, check_result=False)
    for text in made:
        assert str(page_jobs.next_event(record, state)) == text
        state.apply(text)
        record.actions.append(state.history[-1])
    assert state.current_player() == 1 and made
    one = page_jobs.app_events(Recorder(), GameRecord.from_json(record.to_json()).to_json(), False)
    assert len(one) <= 1
    stopped = page_jobs.app_events(Recorder(stop_after=1), record.to_json(), True)
    assert len(stopped) <= 1


def test_pausing_the_bots_stops_them_until_resumed():
    from tests.dashboard.test_play import stored

    at = play_against_search_bots()
    at.button(key="play_pause_bots").click().run()
    assert not at.exception, at.exception
    assert "The bots are paused." in [c.value for c in at.caption]
    finish_job(at, "play_bot_job")  # the move being thought about is made, no other
    made = len(stored(at).actions)
    for _ in range(3):
        at.run()
    assert len(stored(at).actions) == made and "play_bot_job" not in at.session_state
    at.button(key="play_resume").click().run()
    for _ in range(20):  # the next move comes after the game's pause (a second)
        if "play_bot_job" in at.session_state or len(stored(at).actions) > made:
            break
        time.sleep(0.2)
        at.run()
    assert "play_bot_job" in at.session_state or len(stored(at).actions) > made


def test_the_search_bot_when_the_server_is_busy_says_so(server_full):
    at = play_against_search_bots()
    assert "The server is busy" in " ".join(w.value for w in at.warning)
    assert "play_bot_job" not in at.session_state


# --- the game's own statistics over many games -----------------------------------------------


@pytest.fixture
def many_games(monkeypatch):
    """Every set of records counts as big (the shipped data is a few hundred games)."""
    from dashboard.jobs import panel as job_panel
    from dashboard.stats import records as stats_view

    monkeypatch.setattr(stats_view, "BIG", 10)
    monkeypatch.setattr(stats_view, "_TABLES", job_panel.Kept(8))
    stats_view._figures.clear()
    yield
    stats_view._figures.clear()


def test_the_games_own_tables_over_many_games_are_counted_in_a_job(many_games, held_jobs):
    from tests.apptest import open_page

    at = open_page("views/statistics.py")
    at.selectbox(key="stats_game").set_value("stack5").run()
    assert not at.exception, at.exception
    assert progress_texts(at) == ["Counting the game's own figures over every game…"]
    assert "stats_tables_job" in at.session_state
    held_jobs()
    finish_job(at, "stats_tables_job")
    titles = [s.value for s in at.subheader]
    assert len(titles) > 3  # seat, bot, length, then the game's own
    assert not progress_texts(at)
    # kept for every session: a new visitor sees them at once
    again = open_page("views/statistics.py")
    again.selectbox(key="stats_game").set_value("stack5").run()
    assert "stats_tables_job" not in again.session_state
    assert [s.value for s in again.subheader] == titles


def test_counting_the_games_own_tables_can_be_cancelled(many_games, held_jobs):
    from tests.apptest import open_page

    at = open_page("views/statistics.py")
    at.selectbox(key="stats_game").set_value("stock_holdem").run()
    at.button(key="stats_tables_job_cancel").click().run()
    finish_job(at, "stats_tables_job")
    assert any("not counted (cancelled)" in i.value for i in at.info)
    at.button(key="stats_tables_again").click().run()
    assert "stats_tables_job" in at.session_state
    held_jobs()
    finish_job(at, "stats_tables_job")
    assert len(at.subheader) > 3
