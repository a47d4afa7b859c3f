"""Uploads are verified by replay (bad files refused with the game and action named),
records download, and the statistics page counts simulated batches."""

from __future__ import annotations

import json

from engine import simulate
from engine.core.records import dumps_jsonl
from tests.apptest import finish_job, open_page
from tests.board import go, step_text


def explorer_upload(content: bytes, name: str = "games.jsonl"):
    at = open_page("views/pig/demo.py")
    at.segmented_control(key="xp_pig_source").set_value("Upload").run()
    at.file_uploader(key="xp_pig_upload").set_value((name, content, "application/json")).run()
    assert not at.exception
    return at


def test_good_upload_is_verified_and_stepped():
    recs = [simulate("pig", s, ["hold20", "random"]) for s in range(3)]
    at = explorer_upload(dumps_jsonl(recs).encode())
    assert any("3 game(s) verified by replay" in s.value for s in at.success)
    at.number_input(key="xp_pig_upnum").set_value(2).run()
    go(at, 1)
    step = step_text(at)
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
    assert "game 2 (line 2)" in errors and "action 1 “hold”" in errors
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
    finish_job(at, "stats_sim_job")  # simulated in a worker process
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


# --- the statistics page: no replay on a rerun, one player count per chart, honest charts ----


def _charts(at) -> list[dict]:
    return [json.loads(c.proto.spec) for c in at.get("plotly_chart")]


def _clear_stats_caches():
    import dashboard.stats.records as sv

    for cached in (sv._figures, sv.cached_records, sv._counts, sv._recorded):
        cached.clear()


def test_statistics_rerun_with_nothing_changed_does_not_replay(monkeypatch):
    import engine.stats as engine_stats

    calls = []
    real = engine_stats.replay_record

    def counting(record, **kwargs):
        calls.append(kwargs.get("trusted"))
        return real(record, **kwargs)

    monkeypatch.setattr(engine_stats, "replay_record", counting)
    _clear_stats_caches()
    at = open_page("views/statistics.py")
    at.selectbox(key="stats_game").set_value("owners_choice").run()
    assert not at.exception
    first = len(calls)
    assert first > 0 and all(calls), "the shipped data is replayed trusted, once per record"
    for _ in range(3):
        at.run()
    assert len(calls) == first
    at.selectbox(key="stats_game").set_value("pig").run()
    at.selectbox(key="stats_game").set_value("owners_choice").run()
    assert len(calls) == first  # coming back is a cache hit too


def test_statistics_charts_never_mix_player_counts():
    at = open_page("views/statistics.py")
    at.selectbox(key="stats_game").set_value("stack5").run()  # 2- and 4-player data
    control = at.button_group(key="stats_players_stack5")
    assert control.value == 2
    for players in (2, 4):
        control.set_value(players).run()
        assert not at.exception
        assert any(f"with {players} players" in m.value for m in at.markdown)
        charts = _charts(at)
        assert charts
        for spec in charts:  # never two bars (or points) of one series at one x
            for trace in spec["data"]:
                xs = trace.get("x", [])
                assert len(xs) == len(set(map(str, xs))), trace.get("name")
        seat_chart = charts[0]["data"][0]
        assert seat_chart["x"] == [f"Player {s + 1}" for s in range(players)]
        assert abs(sum(seat_chart["y"]) - 1) < 1e-9  # win shares of one count add up to 1
        control = at.button_group(key="stats_players_stack5")


def test_statistics_odds_charts_draw_both_series_with_a_legend():
    at = open_page("views/statistics.py")
    at.selectbox(key="stats_game").set_value("stock_holdem").run()
    # every table has its chart (the Insights' heading has none until its games are graded)
    titles = [s.value for s in at.subheader if not s.value.startswith("Insights")]
    charts = dict(zip(titles, _charts(at), strict=True))
    for title in ("Number hands: recorded vs exact odds", "Symbol hands: recorded vs exact odds"):
        spec = charts[title]
        assert [t["name"] for t in spec["data"]] == ["Recorded", "Exact odds"]
        assert spec["layout"]["showlegend"] is True
        assert all(len(t["y"]) == len(spec["data"][0]["x"]) for t in spec["data"])


def test_statistics_axes_are_labelled_in_words_and_toolbars_hidden():
    at = open_page("views/statistics.py")
    for game in ("stack5", "owners_choice", "stock_holdem", "whist"):
        at.selectbox(key="stats_game").set_value(game).run()
        assert not at.exception
        for element in at.get("plotly_chart"):
            assert json.loads(element.proto.config) == {"displayModeBar": False}
            layout = json.loads(element.proto.spec)["layout"]
            for axis in ("xaxis", "yaxis"):
                title = layout[axis]["title"]["text"]
                assert title and "_" not in title and title[0].isupper(), (game, title)


def test_statistics_says_when_a_seat_was_always_played_by_the_same_bot():
    at = open_page("views/statistics.py")
    at.selectbox(key="stats_game").set_value("stack5").run()
    notes = " ".join(c.value for c in at.caption)
    assert "Player 1 always simple bot" in notes and "as much as the seat" in notes


def test_the_seats_always_played_by_one_bot_are_listed_in_the_pages_language():
    from dashboard.i18n import language

    with language("ja"):
        at = open_page("views/statistics.py", lang="ja")  # Stock Hold'em: several such seats
    notes = " ".join(c.value for c in at.caption)
    assert "プレイヤー1" in notes and "、プレイヤー2" in notes and ", プレイヤー" not in notes, (
        notes
    )
