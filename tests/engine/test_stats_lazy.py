"""Statistics from a LazyFrame: the frame tables of a JSON Lines file and of the same games
as a Parquet dataset equal each other and the in-memory tables (unfinished games and tied
winners included); a game's own tables replayed in pieces on a process pool (from records
or straight from a dataset folder) equal the tables of one pass in this process."""

from __future__ import annotations

from pathlib import Path

import pytest
from polars.testing import assert_frame_equal

import engine.stats as stats
from engine import GameRecord, simulate
from engine.core.parquet import convert, write_dataset
from engine.core.records import dumps_jsonl, parse_jsonl
from engine.stats import frame_statistics, length_frame, seats_frame, win_rates

DATA = Path(__file__).resolve().parents[2] / "data"


def mixed_records() -> list[GameRecord]:
    records = [simulate("pig", s, ["hold20", "random"]) for s in range(30)]
    records += [simulate("pig", s, ["random"] * 3) for s in range(10)]
    half = records[3]
    records.insert(5, GameRecord("pig", half.players, half.actions[:4], None, seed=None))
    tie = records[0]
    records.append(
        GameRecord(  # frame statistics do not replay: a tie of two winners counts 1/2 each
            "pig", tie.players, tie.actions, {"scores": [100, 100.5], "winners": [0, 1]}
        )
    )
    return records


@pytest.mark.parametrize("players", [None, 2, 3])
def test_frame_statistics_equal_on_json_lines_parquet_and_in_memory(players, tmp_path):
    records = mixed_records()
    (tmp_path / "g.jsonl").write_text(dumps_jsonl(records), encoding="utf-8")
    write_dataset(records, tmp_path / "ds", rows_per_file=7)
    kept = [r for r in records if players is None or r.num_players == players]
    seats = seats_frame(kept)
    from_jsonl = frame_statistics(tmp_path / "g.jsonl", players)
    from_parquet = frame_statistics(tmp_path / "ds", players)
    for key in ["seat", "bot", "length", "counts", "totals"]:
        assert_frame_equal(from_jsonl[key], from_parquet[key])
    assert_frame_equal(from_parquet["seat"], win_rates(seats, "seat"))
    assert_frame_equal(from_parquet["bot"], win_rates(seats, "bot"))
    assert_frame_equal(from_parquet["length"], length_frame(kept))
    assert from_parquet["totals"].row(0) == (len(kept), sum(r.result is None for r in kept))


def test_lazy_seats_frame_equals_the_in_memory_one(tmp_path):
    records = mixed_records()
    write_dataset(records, tmp_path / "ds")
    lazy = stats.seats_lazy(stats.scan_games(tmp_path / "ds")).collect()
    assert_frame_equal(lazy, seats_frame(records))


@pytest.mark.parametrize("game", ["stack5", "whist"])
def test_game_tables_on_a_process_pool_equal_one_pass(game, tmp_path, monkeypatch):
    records = []
    for path in sorted((DATA / game).glob("*.jsonl"))[:2]:
        records += parse_jsonl(path.read_text(encoding="utf-8"))[:40]
    expected = stats.game_tables(game, records, trusted=True)
    monkeypatch.setattr(stats, "MIN_PARALLEL", 10)
    monkeypatch.setattr(stats, "PIECE", 7)
    (tmp_path / "g.jsonl").write_text(dumps_jsonl(records), encoding="utf-8")
    convert(tmp_path / "g.jsonl", tmp_path / "ds")
    for source, trusted in [
        (records, True),
        (tmp_path / "ds", False),
        (tmp_path / "g.jsonl", True),
    ]:
        got = stats.game_tables(game, source, trusted=trusted, workers=2)
        assert [t.title for t in got] == [t.title for t in expected]
        for a, b in zip(got, expected):
            assert_frame_equal(a.frame, b.frame)
