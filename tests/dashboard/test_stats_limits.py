"""The statistics page cannot be made to hang or to grow without bound: a simulation
batch stops at a deadline, uploads are capped per session, and an upload is verified
once per content, not on every rerun."""

from __future__ import annotations

from engine import simulate
from engine.core.records import dumps_jsonl
from tests.apptest import finish_job, open_page


def stats_page():
    at = open_page("views/statistics.py")
    at.selectbox(key="stats_game").set_value("pig").run()
    assert not at.exception
    return at


def test_simulation_batch_stops_at_the_deadline_and_keeps_what_finished(monkeypatch):
    monkeypatch.setattr("dashboard.stats.simulate.SIM_SECONDS", 0.0)
    at = stats_page()
    at.number_input(key="stats_games").set_value(50)
    at.button[[b.label for b in at.button].index("Simulate and add")].click().run()
    finish_job(at, "stats_sim_job")  # simulated in a worker process
    assert not at.exception
    warning = " ".join(w.value for w in at.warning)
    assert "Added 1 of the 50 games" in warning and "stops after 0 seconds" in warning
    assert "first seed 1001" in warning


def _upload(at, name: str, content: bytes):
    at.file_uploader(key="stats_upload").set_value((name, content, "application/json")).run()
    assert not at.exception


def test_uploads_are_verified_once_per_content_and_capped_per_session(monkeypatch):
    monkeypatch.setattr("dashboard.stats.uploads.MAX_UPLOAD_SETS", 2)
    calls = []
    import dashboard.stats.records as sv

    real = sv.parse_records

    def counting(*args, **kwargs):
        calls.append(kwargs.get("source"))
        return real(*args, **kwargs)

    monkeypatch.setattr(sv, "parse_records", counting)
    sv.verified.clear()
    at = stats_page()
    first = dumps_jsonl([simulate("pig", s, ["hold20", "random"]) for s in range(5)]).encode()
    _upload(at, "a.jsonl", first)
    assert any("Added 5 verified games" in s.value for s in at.success)
    for _ in range(3):  # reruns replay nothing
        at.run()
    assert calls == ["a.jsonl"]
    _upload(at, "again.jsonl", first)
    assert "already counted" in " ".join(i.value for i in at.info)
    second = dumps_jsonl([simulate("pig", s, ["random", "random"]) for s in range(3)]).encode()
    _upload(at, "b.jsonl", second)
    third = dumps_jsonl([simulate("pig", 99, ["random", "random"])]).encode()
    _upload(at, "c.jsonl", third)
    assert "at most 2 uploads" in " ".join(e.value for e in at.error)
    at.button(key="stats_forget").click().run()  # the file still in the uploader now fits
    assert not at.exception
    assert any("Added 1 verified game from c.jsonl" in s.value for s in at.success)
    assert any(m.value.startswith("**1 game**") for m in at.markdown)


def test_statistics_tables_are_computed_once_per_content(monkeypatch):
    import dashboard.stats.records as sv

    calls = []
    real = sv.game_tables
    monkeypatch.setattr(sv, "game_tables", lambda g, r: calls.append(len(r)) or real(g, r))
    sv._figures.clear()
    at = stats_page()
    at.run()
    at.run()
    assert len(calls) <= 1
