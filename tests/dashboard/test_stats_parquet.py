"""The statistics page takes a Parquet dataset (one or several .parquet files) as it takes
JSON Lines: the same games give the same tables; hostile files are refused in words, with
nothing added."""

from __future__ import annotations

import io

import polars as pl

from engine import simulate
from engine.core.parquet import records_frame
from engine.core.records import dumps_jsonl
from tests.apptest import finish_job, open_page

GAME = "whist"


def parquet_bytes(records) -> bytes:
    buf = io.BytesIO()
    records_frame(records).write_parquet(buf)
    return buf.getvalue()


def stats_page(game: str = GAME):
    at = open_page("views/statistics.py")
    at.selectbox(key="stats_game").set_value(game).run()
    assert not at.exception
    return at


def upload_parquet(at, files):
    at.file_uploader(key="stats_upload_parquet").set_value(
        [(name, data, "application/octet-stream") for name, data in files]
    ).run()
    assert not at.exception
    return finish_job(at, "stats_parquet_job")  # read and replayed in the job pool


def headline(at) -> str:
    return next(m.value for m in at.markdown if m.value.startswith("**"))


def games_shown(at) -> int:
    return int(headline(at)[2:].split()[0].replace(",", ""))


def page_tables(at) -> list:
    return [s.value for s in at.subheader], [d.value.to_csv() for d in at.dataframe]


def texts(elements) -> str:
    return " ".join(e.value for e in elements)


GAMES = [simulate(GAME, s) for s in range(700, 712)]


def test_parquet_dataset_gives_the_same_tables_as_the_same_games_in_json_lines():
    base = games_shown(stats_page())
    as_jsonl = stats_page()
    as_jsonl.file_uploader(key="stats_upload").set_value(
        ("games.jsonl", dumps_jsonl(GAMES).encode(), "application/json")
    ).run()
    assert any("Added 12 verified games" in s.value for s in as_jsonl.success)
    as_parquet = upload_parquet(  # a dataset of two files, chosen together
        stats_page(),
        [
            ("part-000000.parquet", parquet_bytes(GAMES[:5])),
            ("part-000001.parquet", parquet_bytes(GAMES[5:])),
        ],
    )
    assert any("Added 12 verified games" in s.value for s in as_parquet.success)
    assert games_shown(as_parquet) == games_shown(as_jsonl) == base + 12
    assert headline(as_parquet) == headline(as_jsonl)
    titles, frames = page_tables(as_parquet)
    assert (titles, frames) == page_tables(as_jsonl)
    assert len(frames) >= 4  # seat, bot, length and the game's own tables


def test_parquet_files_chosen_one_after_another_are_counted_once():
    at = stats_page()
    base = games_shown(at)
    first = ("part-000000.parquet", parquet_bytes(GAMES[:5]))
    upload_parquet(at, [first])
    assert games_shown(at) == base + 5
    upload_parquet(at, [first, ("part-000001.parquet", parquet_bytes(GAMES[5:]))])
    assert any("Added 7 verified games from part-000001.parquet" in s.value for s in at.success)
    assert games_shown(at) == base + 12
    upload_parquet(at, [first])
    assert "already counted" in texts(at.info)
    assert games_shown(at) == base + 12


def test_hostile_parquet_uploads_are_refused_in_words_and_add_nothing():
    at = stats_page()
    base = headline(at)
    good = ("part-000000.parquet", parquet_bytes(GAMES[:4]))
    wrong_columns = io.BytesIO()
    pl.DataFrame({"game": [GAME], "seed": ["seven"]}).write_parquet(wrong_columns)
    renamed = io.BytesIO()
    records_frame(GAMES[:2]).rename({"seed": "deal"}).write_parquet(renamed)
    tampered = records_frame(GAMES[:2]).with_columns(
        pl.col("actions").list.reverse()  # moves out of order: the replay refuses them
    )
    tampered_bytes = io.BytesIO()
    tampered.write_parquet(tampered_bytes)
    cases = [
        (
            [("games.parquet", b"these are not the bytes of a Parquet file")],
            "is not a Parquet file",
        ),
        ([("x.parquet", wrong_columns.getvalue())], "not a dataset of recorded games"),
        ([("y.parquet", renamed.getvalue())], "it has no “seed” column"),
        (
            [good, ("pig.parquet", parquet_bytes([simulate("pig", 1, ["random", "random"])]))],
            "different games",
        ),
        ([good, ("bad.parquet", tampered_bytes.getvalue())], "bad.parquet: row 1"),
    ]
    for files, words in cases:
        upload_parquet(at, files)
        errors = texts(at.error)
        assert words in errors, (words, errors)
        assert "Refused, nothing added" in errors
        assert not at.success
        assert headline(at) == base  # nothing half-applied: the good file is not counted
        assert "Traceback" not in errors and "Error" not in errors.replace("error", "")
