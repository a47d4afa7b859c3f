"""Records as a Parquet dataset: a folder of ``part-NNNNNN.parquet`` files written with
polars, one row per game, for millions of games.

Columns (:data:`SCHEMA`): ``game``, ``seed``, ``players`` (list of names), ``ruleset``
(the overrides as JSON text), ``actions`` (list of action texts), the result as typed
columns for the statistics (``finished``, ``scores`` as floats, ``winners``) and exactly
as JSON text (``result``, so integer and float scores come back as they were), ``meta``
(JSON text) and ``version``. Reading checks every row like a JSON Lines record
(:meth:`GameRecord.from_dict`): a dataset converts to JSON Lines and back with every record
equal and every line the same bytes.

A dataset is written :data:`ROWS_PER_FILE` games to a file whatever the chunks it is
given (the same games make the same files), so memory stays flat while writing.

>>> import tempfile
>>> from engine import simulate
>>> recs = [simulate("pig", s, ["random", "random"]) for s in range(3)]
>>> with tempfile.TemporaryDirectory() as d:
...     files = write_dataset(recs, d + "/games")
...     back = list(iter_records(d + "/games"))
>>> back == recs
True
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator
from pathlib import Path

import polars as pl
from polars.datatypes import DataTypeClass

from engine.core.errors import EngineError, Phrase, RecordError, Word, quoted, word
from engine.core.records import MAX_BYTES, GameRecord, decode_json

ROWS_PER_FILE = 50_000
ROW_GROUP = 5_000  # rows read together: a worker replaying a slice reads only its groups
SCHEMA: dict[str, DataTypeClass | pl.DataType] = {
    "game": pl.String,
    "seed": pl.Int64,
    "players": pl.List(pl.String),
    "ruleset": pl.String,
    "actions": pl.List(pl.String),
    "finished": pl.Boolean,
    "scores": pl.List(pl.Float64),
    "winners": pl.List(pl.Int64),
    "result": pl.String,
    "meta": pl.String,
    "version": pl.Int64,
}
PATTERN = "part-*.parquet"


def _json(value) -> str:
    return json.dumps(value, ensure_ascii=False, allow_nan=False)


def records_frame(records: Iterable[GameRecord]) -> pl.DataFrame:
    """One row per record, in :data:`SCHEMA`."""
    cols: dict[str, list] = {name: [] for name in SCHEMA}
    for r in records:
        result = r.result
        cols["game"].append(r.game)
        cols["seed"].append(r.seed)
        cols["players"].append(r.players)
        cols["ruleset"].append(_json(r.ruleset))
        cols["actions"].append(r.actions)
        cols["finished"].append(result is not None)
        cols["scores"].append(None if result is None else [float(s) for s in result["scores"]])
        cols["winners"].append(None if result is None else result["winners"])
        cols["result"].append(None if result is None else _json(result))
        cols["meta"].append(_json(r.meta))
        cols["version"].append(r.version)
    return pl.DataFrame(cols, schema=SCHEMA)


def frame_records(frame: pl.DataFrame, *, where: str = "dataset") -> Iterator[GameRecord]:
    """The records of a frame in :data:`SCHEMA`, each checked like a JSON Lines record."""
    _check_schema(frame.schema, where)
    names = ("game", "seed", "players", "ruleset", "actions", "result", "meta", "version")
    for i, row in enumerate(frame.select(names).iter_rows()):
        game, seed, players, ruleset, actions, result, meta, version = row
        here = f"{where}: row {i + 1}"
        data = {
            "version": version,
            "game": game,
            "ruleset": _decode(ruleset, f"{here}: ruleset"),
            "players": players,
            "seed": seed,
            "actions": actions,
            "result": None if result is None else _decode(result, f"{here}: result"),
            "meta": _decode(meta, f"{here}: meta"),
        }
        yield GameRecord.from_dict(data, where=here)


def _decode(text, where: str):
    if not isinstance(text, str):
        raise RecordError(f"{where}: missing (expected JSON text)")
    return decode_json(text, where=where)


def _check_schema(schema, where: str) -> None:
    for name, dtype in SCHEMA.items():
        found = schema.get(name)
        if found is None:
            raise RecordError(
                f"{where}: no column {name!r}; a game dataset has {', '.join(SCHEMA)}"
            )
        if found != dtype:
            raise RecordError(f"{where}: column {name!r} is {found}, expected {dtype}")


# --- a dataset folder ---------------------------------------------------------------------


class DatasetWriter:
    """Writes frames (or records) to a new dataset folder, :data:`ROWS_PER_FILE` rows to a
    file. Use as a context manager; :meth:`close` writes the last, shorter file."""

    def __init__(self, folder: str | Path, *, rows_per_file: int = ROWS_PER_FILE):
        self.folder = Path(folder)
        self.rows_per_file = rows_per_file
        self.files = 0
        self.rows = 0
        self._buffer: list[pl.DataFrame] = []
        self._buffered = 0
        prepare_folder(self.folder)

    def add_records(self, records: Iterable[GameRecord]) -> None:
        self.add(records_frame(records))

    def add(self, frame: pl.DataFrame) -> None:
        self._buffer.append(frame)
        self._buffered += frame.height
        while self._buffered >= self.rows_per_file:
            whole = pl.concat(self._buffer, rechunk=False)
            self._write(whole.head(self.rows_per_file))
            rest = whole.slice(self.rows_per_file)
            self._buffer, self._buffered = ([rest] if rest.height else []), rest.height

    def _write(self, frame: pl.DataFrame) -> None:
        path = self.folder / f"part-{self.files:06d}.parquet"
        frame.write_parquet(path, compression="zstd", compression_level=9, row_group_size=ROW_GROUP)
        self.files += 1
        self.rows += frame.height

    def close(self) -> None:
        if self._buffered:
            self._write(pl.concat(self._buffer))
        elif not self.files:  # no games: one empty file, so the dataset still reads
            self._write(pl.DataFrame(schema=SCHEMA))
        self._buffer, self._buffered = [], 0

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()


def prepare_folder(folder: Path) -> None:
    """Create ``folder`` (its parent must exist); an existing folder must be empty."""
    if folder.exists() and not folder.is_dir():
        raise EngineError(f"{folder}: is a file; a Parquet dataset is a folder, e.g. games/")
    if folder.is_dir() and any(folder.iterdir()):
        raise EngineError(f"{folder}: the folder is not empty; give a new folder")
    if not folder.parent.is_dir():
        raise EngineError(f"{folder}: the folder {str(folder.parent)!r} does not exist")
    try:
        folder.mkdir(exist_ok=True)
    except OSError as exc:
        raise EngineError(f"{folder}: cannot create ({exc.strerror or exc})") from None


def write_dataset(records: Iterable[GameRecord], folder: str | Path, **kw) -> int:
    """Write records to a new dataset folder; the number of files."""
    with DatasetWriter(folder, **kw) as w:
        w.add_records(records)
    return w.files


def is_dataset(path: str | Path) -> bool:
    return Path(path).is_dir()


def dataset_files(folder: str | Path) -> list[Path]:
    """The Parquet files of a dataset folder, in order."""
    folder = Path(folder)
    if not folder.is_dir():
        raise RecordError(f"{folder}: not a folder of Parquet files")
    files = sorted(folder.glob(PATTERN))
    if not files:
        raise RecordError(
            f"{folder}: cannot read a Parquet dataset: no {PATTERN} files in the folder"
        )
    return files


def read_file(path: Path) -> pl.DataFrame:
    try:
        return pl.read_parquet(path)
    except Exception as exc:  # polars/arrow errors for a file that is not Parquet
        raise RecordError(f"{path}: not a readable Parquet file ({type(exc).__name__})") from None


def read_rows(path: Path, rows: list[int]) -> list[GameRecord]:
    """The records at ``rows`` (0-based, ascending) of one dataset file, each checked."""
    if not rows:
        return []
    lo, hi = rows[0], rows[-1]
    try:
        frame = pl.scan_parquet(path).slice(lo, hi - lo + 1).collect()
    except Exception as exc:
        raise RecordError(f"{path}: not a readable Parquet file ({type(exc).__name__})") from None
    frame = frame[[r - lo for r in rows]]
    return list(frame_records(frame, where=f"{path} (rows {lo + 1}..{hi + 1})"))


def iter_records(folder: str | Path) -> Iterator[GameRecord]:
    """Every record of a dataset, one file in memory at a time."""
    for path in dataset_files(folder):
        yield from frame_records(read_file(path), where=str(path))


def scan(folder: str | Path) -> pl.LazyFrame:
    """A lazy frame over a dataset (nothing read until collected); schema checked."""
    files = dataset_files(folder)
    try:
        lf = pl.scan_parquet(files)
        schema = lf.collect_schema()
    except Exception as exc:
        raise RecordError(
            f"{folder}: not a readable Parquet dataset ({type(exc).__name__})"
        ) from None
    _check_schema(schema, str(folder))
    return lf


# --- JSON Lines of any size ----------------------------------------------------------------


def iter_jsonl(path: str | Path) -> Iterator[GameRecord]:
    """Records from a JSON Lines file of any size, one line in memory at a time (each line
    within the record limits)."""
    path = Path(path)
    try:
        f = open(path, "rb")  # noqa: SIM115 (closed by the with below)
    except OSError as exc:
        raise RecordError(f"{path}: cannot read ({exc.strerror or exc})") from None
    with f:
        n = 0
        for lineno, raw in enumerate(_lines(f, path), start=1):
            try:
                line = raw.decode("utf-8")
            except UnicodeDecodeError as exc:
                raise RecordError(
                    f"{path}: line {lineno}: not UTF-8 text (byte {exc.start})"
                ) from None
            if not line.strip():
                continue
            n += 1
            yield GameRecord.from_json(line, where=f"{path}: game {n} (line {lineno})")


def _lines(f, path) -> Iterator[bytes]:
    """Lines split on ``\\n`` only, each at most :data:`MAX_BYTES`."""
    while True:
        line = f.readline(MAX_BYTES + 1)
        if not line:
            return
        if len(line) > MAX_BYTES:
            raise RecordError(f"{path}: a line over the {MAX_BYTES} byte limit; refused")
        yield line.rstrip(b"\n")


def convert(source: str | Path, target: str | Path, *, chunk: int = 10_000) -> tuple[str, int]:
    """JSON Lines file -> dataset folder, or dataset folder -> JSON Lines file; returns the
    direction and the number of games. Round trip exact."""
    source, target = Path(source), Path(target)
    if is_dataset(source):
        if target.is_dir():
            raise EngineError(f"{target}: is a folder; give a file name, e.g. games.jsonl")
        if not target.parent.is_dir():
            raise EngineError(f"{target}: the folder {str(target.parent)!r} does not exist")
        n = 0
        tmp = target.with_name(target.name + ".part")
        try:
            with open(tmp, "w", encoding="utf-8") as out:
                for record in iter_records(source):
                    out.write(record.to_json() + "\n")
                    n += 1
            tmp.replace(target)
        except BaseException:
            tmp.unlink(missing_ok=True)
            raise
        return "parquet -> jsonl", n
    records = iter_jsonl(source)
    first = next(records, None)  # a missing or unreadable file fails before the folder is made
    n = 0
    with DatasetWriter(target) as w:
        batch = [] if first is None else [first]
        for record in records:
            batch.append(record)
            if len(batch) >= chunk:
                w.add_records(batch)
                n += len(batch)
                batch = []
        if batch:
            w.add_records(batch)
            n += len(batch)
    return "jsonl -> parquet", n


# --- an upload: the bytes of one or more dataset files -------------------------------------

# What a column holds, in words (for a file whose columns are not a game dataset's).
_COLUMN_WORDS = {
    pl.String: word("text"),
    pl.Int64: word("whole numbers"),
    pl.Boolean: word("yes/no values"),
    pl.List(pl.String): word("lists of text"),
    pl.List(pl.Float64): word("lists of numbers"),
    pl.List(pl.Int64): word("lists of whole numbers"),
}


def _upload_frame(name: str, data: bytes) -> pl.LazyFrame:
    """A lazy frame over one uploaded file, its schema checked (nothing else read)."""
    import io

    try:
        lf = pl.scan_parquet(io.BytesIO(data))
        schema = lf.collect_schema()
    except Exception:  # polars/arrow errors for bytes that are not Parquet
        raise RecordError.coded(
            "upload.parquet.unreadable",
            "{name} is not a Parquet file (it cannot be read as one); upload the .parquet "
            "files of a dataset folder saved in the Parquet format",
            name=name,
        ) from None
    for column, dtype in SCHEMA.items():
        found = schema.get(column)
        if found is None:
            raise RecordError.coded(
                "upload.parquet.no_column",
                "{name} is a Parquet file but not a dataset of recorded games: it has no "
                "“{column}” column",
                name=name,
                column=column,
            )
        if found != dtype:
            raise RecordError.coded(
                "upload.parquet.column_type",
                "{name} is a Parquet file but not a dataset of recorded games: its "
                "“{column}” column should hold {what}",
                name=name,
                column=column,
                what=_COLUMN_WORDS.get(dtype) or word(str(dtype)),
            )
    return lf


def _title(name: str) -> str:
    from engine.core.registry import get_game

    try:
        return Word(get_game(name).title)  # the app says the game's name in its language
    except EngineError:
        return quoted(name)


def read_upload(
    files: list[tuple[str, bytes]],
    *,
    max_games: int,
    max_text_bytes: int,
    verify: bool = True,
) -> list[GameRecord]:
    """The records of uploaded dataset files ``[(name, bytes), ...]``, all or nothing.

    Read lazily first: each file must be Parquet with a game dataset's columns, all the
    files one game, at most ``max_games`` games and ``max_text_bytes`` bytes of action
    and player texts in all (so a small file cannot unpack into more than the app keeps);
    only then are the rows made into records, each checked like a JSON Lines record, and
    (``verify``) replayed with every action checked. Errors name the file and the row."""
    frames = [(name, _upload_frame(name, data)) for name, data in files]
    sizes = []
    games: set[str] = set()
    for name, lf in frames:
        try:
            found = lf.select(
                pl.len().alias("rows"),
                pl.col("game").unique().alias("games").implode(),
                pl.col("actions").explode().str.len_bytes().sum().alias("action_bytes"),
                pl.col("players").explode().str.len_bytes().sum().alias("player_bytes"),
            ).collect(engine="streaming")
        except Exception:
            raise RecordError.coded(
                "upload.parquet.damaged",
                "{name}: the Parquet file is damaged (its rows cannot be read)",
                name=name,
            ) from None
        rows, kinds, action_bytes, player_bytes = found.row(0)
        sizes.append((rows, (action_bytes or 0) + (player_bytes or 0)))
        games.update(g for g in kinds if g is not None)
    if len(games) > 1:
        titles = Phrase.joined(sorted(_title(g) for g in games), ", ")  # the language's list
        raise RecordError.coded(
            "upload.parquet.mixed_games",
            "{names}: these hold games of {count} different games ({titles}); upload one "
            "game's dataset at a time",
            names=", ".join(n for n, _ in files),
            count=len(games),
            titles=titles,
        )
    total_games = sum(r for r, _ in sizes)
    if total_games > max_games:
        raise RecordError.coded(
            "upload.parquet.too_many_games",
            "{names}: {games:,} games, more than the {limit:,} an upload may hold here; "
            "upload fewer files",
            names=", ".join(n for n, _ in files),
            games=total_games,
            limit=max(0, max_games),
        )
    if sum(b for _, b in sizes) > max_text_bytes:
        raise RecordError.coded(
            "upload.parquet.too_much_text",
            "{names}: the games hold more than {megabytes:,.1f} MB of moves and player "
            "names, the most an upload may hold here; upload fewer files",
            names=", ".join(n for n, _ in files),
            megabytes=max_text_bytes / 1e6,
        )
    out: list[GameRecord] = []
    for name, lf in frames:
        try:
            frame = lf.collect()
        except Exception:
            raise RecordError.coded(
                "upload.parquet.damaged",
                "{name}: the Parquet file is damaged (its rows cannot be read)",
                name=name,
            ) from None
        records = list(frame_records(frame, where=name))
        if verify:
            from engine.core.records import replay

            for i, record in enumerate(records, start=1):
                try:
                    for _ in replay(record):
                        pass
                except RecordError as exc:  # its own code kept: the page words it
                    where = Phrase.coded("record.where_row", "{source}: row {n}", source=name, n=i)
                    raise RecordError.within(where, exc) from None
        out += records
    return out
