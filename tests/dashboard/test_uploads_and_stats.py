"""Uploads are verified by replay (bad files refused with the game and action named),
records download, and the statistics page counts simulated batches."""

from __future__ import annotations

import json

from engine import simulate
from engine.core.records import dumps_jsonl
from tests.apptest import open_page


def explorer_upload(content: bytes, name: str = "games.jsonl"):
    at = open_page("views/demo_pig.py")
    at.segmented_control(key="xp_pig_source").set_value("Upload").run()
    at.file_uploader(key="xp_pig_upload").set_value((name, content, "application/json")).run()
    assert not at.exception
    return at


def test_good_upload_is_verified_and_stepped():
    recs = [simulate("pig", s, ["hold20", "random"]) for s in range(3)]
    at = explorer_upload(dumps_jsonl(recs).encode())
    assert any("3 game(s) verified by replay" in s.value for s in at.success)
    at.number_input(key="xp_pig_upnum").set_value(2).run()
    at.button(key="xp_pig_next").click().run()
    step = next(m.value for m in at.markdown if m.value.startswith("**Step"))
    assert step.startswith(f"**Step 1 of {len(recs[1].actions)}**")


def test_single_pretty_printed_record_is_accepted():
    rec = simulate("pig", 9, ["hold20", "random"])
    at = explorer_upload(rec.to_json(indent=2).encode(), name="one.json")
    assert any("1 game(s) verified" in s.value for s in at.success)


def test_bad_uploads_are_refused_naming_game_and_action():
    recs = [simulate("pig", s, ["hold20", "random"]) for s in range(2)]
    data = recs[1].to_dict()
    data["actions"][0] = "hold"
    bad = recs[0].to_json() + "\n" + json.dumps(data) + "\n"
    at = explorer_upload(bad.encode())
    errors = " ".join(e.value for e in at.error)
    assert "game 2 (line 2)" in errors and "action 1 'hold'" in errors
    for content, text in [
        (b"{broken", "not valid JSON"),
        (b'{"version": 7, "game": "pig"}', "version 7 is not supported"),
        (b"\xff\xfe", "not UTF-8"),
    ]:
        at = explorer_upload(content)
        assert text in " ".join(e.value for e in at.error), text
    data = recs[0].to_dict()
    data["result"]["scores"] = [0, 0]
    at = explorer_upload(json.dumps(data).encode())
    assert "does not match replay" in " ".join(e.value for e in at.error)


def test_statistics_page_simulates_a_batch_and_offers_csv():
    at = open_page("views/statistics.py")
    at.selectbox(key="stats_game").set_value("pig").run()
    at.number_input(key="stats_games").set_value(6)
    at.button[[b.label for b in at.button].index("Simulate and add")].click().run()
    assert not at.exception
    assert any("Added 6 simulated games" in s.value for s in at.success)
    assert any("**6 games**" in m.value for m in at.markdown)
    titles = [s.value for s in at.subheader]
    assert {"Win rate by seat", "Win rate by bot"} <= set(titles)
    assert len(at.get("download_button")) >= 3


def test_statistics_upload_refuses_a_bad_file():
    at = open_page("views/statistics.py")
    at.selectbox(key="stats_game").set_value("pig").run()
    at.file_uploader(key="stats_upload").set_value(("x.jsonl", b"{nope", "text/plain")).run()
    assert not at.exception
    assert "not valid JSON" in " ".join(e.value for e in at.error)
