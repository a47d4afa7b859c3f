"""Parquet datasets: every game's records come back equal (JSON Lines -> Parquet -> JSON
Lines, the same bytes), in order, across files; unfinished games, float and integer scores
and meta survive; a folder that is not a game dataset is a one-line RecordError."""

from __future__ import annotations

import polars as pl
import pytest

from engine import GameRecord, game_names, simulate
from engine.cli import main
from engine.core.errors import EngineError, RecordError
from engine.core.parquet import (
    convert,
    iter_records,
    read_rows,
    records_frame,
    write_dataset,
)
from engine.core.records import dumps_jsonl

GAMES = game_names(include_demo=True)


def unfinished(record: GameRecord) -> GameRecord:
    return GameRecord(
        game=record.game,
        players=record.players,
        actions=record.actions[: len(record.actions) // 2],
        result=None,
        ruleset=record.ruleset,
        seed=None,
        meta={"note": "stopped half way \u2028 ü", "n": [1, 2.5]},
    )


@pytest.mark.parametrize("game", GAMES)
def test_round_trip_of_every_game_is_exact(game, tmp_path):
    records = [simulate(game, s) for s in range(3)]
    records.append(unfinished(records[0]))
    (tmp_path / "in.jsonl").write_text(dumps_jsonl(records), encoding="utf-8")
    assert convert(tmp_path / "in.jsonl", tmp_path / "ds") == ("jsonl -> parquet", 4)
    assert list(iter_records(tmp_path / "ds")) == records
    assert convert(tmp_path / "ds", tmp_path / "out.jsonl") == ("parquet -> jsonl", 4)
    assert (tmp_path / "out.jsonl").read_bytes() == (tmp_path / "in.jsonl").read_bytes()


def test_ruleset_overrides_and_whole_number_scores_come_back_as_they_were(tmp_path):
    records = [simulate("whist", s, ["random"] * 4, variant="whist4") for s in range(2)]
    records.append(simulate("pig", 1, ["random", "random"], target=50))
    write_dataset(records, tmp_path / "ds")
    back = list(iter_records(tmp_path / "ds"))
    assert [r.to_json() for r in back] == [r.to_json() for r in records]
    assert back[2].ruleset == {"target": 50}


def test_a_dataset_is_split_into_files_of_fixed_size_and_read_in_order(tmp_path):
    records = [simulate("pig", s) for s in range(7)]
    assert write_dataset(records, tmp_path / "ds", rows_per_file=3) == 3
    assert sorted(p.name for p in (tmp_path / "ds").iterdir()) == [
        "part-000000.parquet",
        "part-000001.parquet",
        "part-000002.parquet",
    ]
    assert list(iter_records(tmp_path / "ds")) == records
    assert read_rows(tmp_path / "ds" / "part-000001.parquet", [0, 2]) == [records[3], records[5]]


def test_the_same_games_make_the_same_files_whatever_the_chunks(tmp_path):
    from engine.core.parquet import DatasetWriter

    records = [simulate("pig", s) for s in range(9)]
    with DatasetWriter(tmp_path / "a", rows_per_file=4) as w:
        w.add_records(records)
    with DatasetWriter(tmp_path / "b", rows_per_file=4) as w:
        for i in range(0, 9, 2):
            w.add_records(records[i : i + 2])
    for name in ["part-000000.parquet", "part-000001.parquet", "part-000002.parquet"]:
        a = pl.read_parquet(tmp_path / "a" / name)
        assert a.equals(pl.read_parquet(tmp_path / "b" / name))


def test_replay_verifies_a_dataset_folder(tmp_path, capsys):
    write_dataset([simulate("stack5", s) for s in range(3)], tmp_path / "ds")
    assert main(["replay", str(tmp_path / "ds")]) == 0
    assert "3 games verified" in capsys.readouterr().out


def test_a_tampered_or_foreign_dataset_is_refused_naming_the_row(tmp_path, capsys):
    frame = records_frame([simulate("pig", s) for s in range(2)])
    bad = frame.with_columns(
        pl.when(pl.int_range(pl.len()) == 1)
        .then(pl.lit('{"target": "many"}'))
        .otherwise(pl.col("ruleset"))
        .alias("ruleset")
    )
    (tmp_path / "bad").mkdir()
    bad.write_parquet(tmp_path / "bad" / "part-000000.parquet")
    with pytest.raises(RecordError, match="row 2"):
        list(iter_records(tmp_path / "bad"))

    (tmp_path / "foreign").mkdir()
    pl.DataFrame({"x": [1]}).write_parquet(tmp_path / "foreign" / "part-000000.parquet")
    with pytest.raises(RecordError, match="no column 'game'"):
        list(iter_records(tmp_path / "foreign"))

    (tmp_path / "text").mkdir()
    (tmp_path / "text" / "part-000000.parquet").write_text("not parquet")
    assert main(["replay", str(tmp_path / "text")]) == 1
    err = capsys.readouterr().err
    assert "not a readable Parquet file" in err and len(err.strip().splitlines()) == 1

    actions = frame.with_columns(pl.col("actions").list.reverse())
    (tmp_path / "lies").mkdir()
    actions.write_parquet(tmp_path / "lies" / "part-000000.parquet")
    assert main(["replay", str(tmp_path / "lies")]) == 1
    assert "game 1: action 1" in capsys.readouterr().err


def test_simulate_parquet_needs_a_new_folder(tmp_path, capsys):
    (tmp_path / "full").mkdir()
    (tmp_path / "full" / "x").write_text("x")
    for out, text in [
        ("-", "give --out FOLDER"),
        (str(tmp_path / "full"), "not empty"),
        (str(tmp_path / "no" / "ds"), "does not exist"),
    ]:
        assert main(["simulate", "pig", "--format", "parquet", "--out", out]) == 1
        err = capsys.readouterr().err
        assert text in err and len(err.strip().splitlines()) == 1
    (tmp_path / "g.jsonl").write_text(dumps_jsonl([simulate("pig", 1)]))
    with pytest.raises(EngineError, match="not empty"):
        convert(tmp_path / "g.jsonl", tmp_path / "full")


def _parquet(records) -> bytes:
    import io

    from engine.core.parquet import records_frame

    buf = io.BytesIO()
    records_frame(records).write_parquet(buf)
    return buf.getvalue()


def test_uploaded_dataset_files_give_back_their_records_checked_by_replay():
    from engine.core.parquet import read_upload

    recs = [simulate("stack5", s) for s in range(6)]
    files = [("a.parquet", _parquet(recs[:2])), ("b.parquet", _parquet(recs[2:]))]
    assert read_upload(files, max_games=6, max_text_bytes=10**7) == recs


def test_uploaded_dataset_is_refused_before_reading_rows_when_over_the_limits():
    from engine.core.errors import RecordError
    from engine.core.parquet import read_upload

    data = _parquet([simulate("stack5", s) for s in range(6)])
    with pytest.raises(RecordError, match="6 games, more than the 5"):
        read_upload([("a.parquet", data)], max_games=5, max_text_bytes=10**7)
    with pytest.raises(RecordError, match="MB of moves and player names"):
        read_upload([("a.parquet", data)], max_games=6, max_text_bytes=100)
    with pytest.raises(RecordError, match="not a Parquet file") as err:
        read_upload([("a.parquet", data[:-8])], max_games=6, max_text_bytes=10**7)
    assert err.value.code == "upload.parquet.unreadable"  # worded by the app in its language
