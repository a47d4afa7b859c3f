"""Statistics over many records, as polars frames (used by the statistics page and the
lessons). A game adds its own figures in ``engine/<game>/stats.py`` as
``tables(records, *, trusted=False) -> list[StatTable]``, built in ONE replay per record
by :func:`one_pass`: the game gives a :class:`Collector` that sees every step (if it
needs to) and the final state of each record.

Replays are checked (:func:`engine.core.records.replay`) unless the caller says the
records were verified already (``trusted=True``: the shipped data, which the tests
replay, uploads verified once by the page, simulated games); then actions go through
``apply_trusted`` with each distinct action text parsed once, and only the final result
is compared. A trusted replay that fails is replayed checked, so the error names the
action.

>>> from engine import simulate
>>> recs = [simulate("pig", s, ["hold20", "random"]) for s in range(20)]
>>> rates = win_rates(seats_frame(recs), by="bot")
>>> rates.filter(pl.col("bot") == "hold20")["games"][0]
20
"""

from __future__ import annotations

import copy
import importlib
import json
from collections.abc import Callable, Sequence
from contextvars import ContextVar
from dataclasses import dataclass
from pathlib import Path
from typing import TypeVar

import polars as pl
from polars.datatypes import DataTypeClass

from engine.core.errors import EngineError, RecordError
from engine.core.protocol import State
from engine.core.records import GameRecord, initial_state, replay, result_of


@dataclass(frozen=True)
class StatTable:
    """A titled table, with the columns to plot (``x`` against ``y``) if it has a chart."""

    title: str
    frame: pl.DataFrame
    x: str | None = None
    y: str | None = None
    kind: str = "bar"  # "bar" or "line"
    note: str = ""
    x_title: str = ""  # axis titles in words (default: the column name)
    y_title: str = ""
    more_y: tuple[str, ...] = ()  # further series drawn against ``x`` (with a legend)


def games_frame(records: Sequence[GameRecord]) -> pl.DataFrame:
    """One row per game: game, seed, players, number of actions, winners."""
    return pl.DataFrame(
        {
            "game": [r.game for r in records],
            "seed": [r.seed for r in records],
            "num_players": [r.num_players for r in records],
            "players": [" vs ".join(r.players) for r in records],
            "actions": [len(r.actions) for r in records],
            "winners": [",".join(map(str, (r.result or {}).get("winners", []))) for r in records],
            "finished": [r.result is not None for r in records],
        },
        schema_overrides={"seed": pl.Int64},
    )


def seats_frame(records: Sequence[GameRecord]) -> pl.DataFrame:
    """One row per (game, seat): the bot, the final score and the share of the win
    (1 for a sole winner, 1/k for k tied winners, 0 otherwise). Unfinished games are
    left out."""
    rows = []
    for i, r in enumerate(records):
        if r.result is None:
            continue
        winners = r.result["winners"]
        for seat, bot in enumerate(r.players):
            rows.append(
                {
                    "game_no": i,
                    "game": r.game,
                    "num_players": r.num_players,
                    "seat": seat,
                    "bot": bot,
                    "score": float(r.result["scores"][seat]),
                    "win": (1.0 / len(winners)) if seat in winners else 0.0,
                }
            )
    schema = {
        "game_no": pl.Int64,
        "game": pl.String,
        "num_players": pl.Int64,
        "seat": pl.Int64,
        "bot": pl.String,
        "score": pl.Float64,
        "win": pl.Float64,
    }
    return pl.DataFrame(rows, schema=schema)


# a table of seats, read at once or a query over files of any size (the same expressions)
Frame = TypeVar("Frame", pl.DataFrame, pl.LazyFrame)


def win_rates(seats: Frame, by: str = "seat") -> Frame:
    """Games, wins and win rate grouped by ``seat`` or ``bot`` (and player count).

    By bot, a game counts once however many seats the bot played in it (``seats`` says
    how many seat-games that was): ``wins`` adds the bot's share of each game's win, so
    a bot that won every game has a win rate of 1, not 1 / its seats per game.

    >>> from engine import simulate
    >>> recs = [simulate("pig", s, ["hold20", "hold20"]) for s in range(4)]
    >>> win_rates(seats_frame(recs), by="bot").select("games", "seats", "win_rate").row(0)
    (4, 8, 1.0)
    """
    if by == "bot":
        per_game = seats.group_by(["num_players", "game_no", "bot"]).agg(
            pl.len().alias("seats"), pl.col("win").sum(), pl.col("score").sum()
        )
        return (
            per_game.group_by(["num_players", "bot"])
            .agg(
                pl.len().alias("games"),
                pl.col("seats").sum(),
                pl.col("win").sum().alias("wins"),
                pl.col("win").mean().alias("win_rate"),
                (pl.col("score").sum() / pl.col("seats").sum()).alias("mean_score"),
            )
            .sort(["num_players", by])
        )
    return (
        seats.group_by(["num_players", by])
        .agg(
            pl.len().alias("games"),
            pl.col("win").sum().alias("wins"),
            pl.col("win").mean().alias("win_rate"),
            pl.col("score").mean().alias("mean_score"),
        )
        .sort(["num_players", by])
    )


def length_frame(records: Sequence[GameRecord]) -> pl.DataFrame:
    """How many games took how many actions (chance outcomes included)."""
    return games_frame(records).group_by("actions").agg(pl.len().alias("games")).sort("actions")


def seat_bots(seats: pl.DataFrame) -> pl.DataFrame:
    """Per (player count, seat): how many games and the distinct bots that played it."""
    return (
        seats.group_by(["num_players", "seat"])
        .agg(pl.len().alias("games"), pl.col("bot").unique().sort().alias("bots"))
        .sort(["num_players", "seat"])
    )


def single_bot_seats(seats: pl.DataFrame) -> list[tuple[int, int, str]]:
    """(player count, seat, bot) for every seat that one bot played in all its games.

    >>> from engine import simulate
    >>> recs = [simulate("pig", s, ["hold20", "random"]) for s in range(3)]
    >>> single_bot_seats(seats_frame(recs))
    [(2, 0, 'hold20'), (2, 1, 'random')]
    """
    rows = seat_bots(seats).filter(pl.col("bots").list.len() == 1)
    return [(n, s, b[0]) for n, s, b in rows.select("num_players", "seat", "bots").iter_rows()]


def game_tables(
    game: str,
    records: Sequence[GameRecord] | str | Path,
    *,
    trusted: bool = False,
    workers: int | None = 1,
    cluster: str | None = None,
) -> list[StatTable]:
    """The game's own figures, if it defines ``engine.<game>.stats.tables``.

    ``records`` may be a Parquet dataset folder (each worker reads its own rows) or a
    JSON Lines file. With ``workers`` other than 1 or a Ray ``cluster``, the replays of
    :func:`one_pass` run on that backend (:mod:`engine.core.parallel`) for
    :data:`MIN_PARALLEL` records or more; the tables are the same."""
    try:
        module = importlib.import_module(f"engine.{game}.stats")
    except ModuleNotFoundError:
        return []
    if isinstance(records, (str, Path)):
        records = _records_at(records)
    if workers == 1 and cluster is None:
        return list(module.tables(list(records), trusted=trusted))
    token = _PLAN.set((workers, cluster))
    try:
        return list(module.tables(list(records), trusted=trusted))
    finally:
        _PLAN.reset(token)


# --- one replay per record -----------------------------------------------------------------


class Collector:
    """Gathers a game's figures in one pass. :func:`one_pass` calls :meth:`start` before
    a record's first action, :meth:`step` after each action (only when ``wants_steps``;
    the same state object each time) and :meth:`finish` with the final state."""

    wants_steps = False

    def start(self, game_no: int, record: GameRecord) -> None:
        pass

    def step(self, action: str, state: State) -> None:
        pass

    def finish(self, game_no: int, record: GameRecord, state: State) -> None:
        pass


_PARSED: dict[tuple, dict[str, object]] = {}  # (game, ruleset, players) -> text -> action
_PARSED_LIMIT = 100_000


def _parser(record: GameRecord, state: State) -> Callable[[str], object]:
    """``state.parse_action`` remembered per action text (parsing is syntax only and
    actions are immutable, so a text means the same action throughout a game kind)."""
    key = (record.game, json.dumps(record.ruleset, sort_keys=True), record.num_players)
    memo = _PARSED.get(key)
    if memo is None or len(memo) > _PARSED_LIMIT:
        if len(_PARSED) > 64:
            _PARSED.clear()
        memo = _PARSED[key] = {}
    parse = state.parse_action

    def parsed(text: str):
        action = memo.get(text)
        if action is None:
            action = memo[text] = parse(text)
        return action

    return parsed


def replay_record(
    record: GameRecord,
    *,
    trusted: bool = False,
    on_step: Callable[[str, State], None] | None = None,
) -> State:
    """Replay ``record`` once and return its final state, calling ``on_step(action,
    state)`` after every action. Checked unless ``trusted`` (see the module notes); a
    trusted replay still compares the final result with the stored one."""
    if not trusted:
        state = initial_state(record)
        for step in replay(record):
            state = step.state
            if on_step is not None:
                on_step(step.action, state)
        return state
    try:
        state = initial_state(record)
        parse = _parser(record, state)
        apply = state.apply_trusted
        if on_step is None:
            for text in record.actions:
                apply(parse(text))
        else:
            for text in record.actions:
                apply(parse(text))
                on_step(text, state)
        if result_of(state) != record.result:
            raise RecordError("the stored result does not match the replay")
        return state
    except Exception as exc:  # a record that was not what it claimed: say which action
        for _ in replay(record):
            pass
        if isinstance(exc, EngineError):
            raise
        raise RecordError(f"replay failed ({type(exc).__name__})") from exc


C = TypeVar("C", bound=Collector)


def one_pass(records: Sequence[GameRecord], collector: C, *, trusted: bool = False) -> C:
    """Replay each record once, handing its steps and final state to ``collector``.

    Inside :func:`game_tables` with workers, the records are replayed in pieces on other
    processes, each with a copy of the (empty) collector; the copies' list attributes are
    then joined in record order (so a collector keeps its rows in lists)."""
    plan = _PLAN.get()
    refs = bool(records) and isinstance(records[0], RecordRef)
    if refs or (plan is not None and len(records) >= MIN_PARALLEL):
        workers, cluster = plan if plan is not None else (1, None)
        if len(records) < MIN_PARALLEL and cluster is None:
            workers = 1
        return _one_pass_pieces(records, collector, trusted, workers, cluster)
    for i, record in enumerate(records):
        collector.start(i, record)
        final = replay_record(
            record, trusted=trusted, on_step=collector.step if collector.wants_steps else None
        )
        collector.finish(i, record, final)
    return collector


# --- replays in pieces, on the parallel backends --------------------------------------------

MIN_PARALLEL = 2_000  # fewer records are replayed in this process (a pool costs more)
PIECE = 500  # records per piece of work
_PLAN: ContextVar[tuple | None] = ContextVar("engine_stats_plan", default=None)


class RecordRef:
    """A record not loaded yet: row ``row`` of the dataset file ``path``. Has the
    ``game`` and a ``result`` that is ``None`` for an unfinished game (as a game's
    ``tables`` filters on), nothing else; :func:`one_pass` loads it in a worker."""

    __slots__ = ("path", "row", "game", "result")

    def __init__(self, path: str, row: int, game: str, finished: bool):
        self.path, self.row, self.game = path, row, game
        self.result: dict | None = {} if finished else None


def record_refs(folder: str | Path) -> list[RecordRef]:
    """One :class:`RecordRef` per game of a Parquet dataset (two columns read)."""
    from engine.core.parquet import dataset_files

    out = []
    for path in dataset_files(folder):
        try:
            cols = pl.scan_parquet(path).select("game", "finished").collect()
        except Exception as exc:
            raise RecordError(f"{path}: not a game dataset file ({type(exc).__name__})") from None
        name = str(path)
        out += [
            RecordRef(name, i, g, bool(f))
            for i, (g, f) in enumerate(zip(cols["game"].to_list(), cols["finished"].to_list()))
        ]
    return out


def _records_at(path: str | Path) -> list:
    from engine.core.parquet import is_dataset, iter_jsonl

    return record_refs(path) if is_dataset(path) else list(iter_jsonl(path))


def _pieces(records, collector: Collector, trusted: bool):
    """``(kind, what, numbers, collector, trusted)`` per piece: ``records`` with the
    records, or ``parquet`` with ``(path, rows)``; ``numbers`` are the game numbers."""
    start = 0
    while start < len(records):
        first = records[start]
        if isinstance(first, RecordRef):
            end = start
            while (
                end < len(records)
                and end - start < PIECE * 5
                and isinstance(records[end], RecordRef)
                and records[end].path == first.path
            ):
                end += 1
            rows = [r.row for r in records[start:end]]
            yield ("parquet", (first.path, rows), range(start, end), collector, trusted)
        else:
            end = min(len(records), start + PIECE)
            chunk = list(records[start:end])
            yield ("records", chunk, range(start, end), collector, trusted)
        start = end


def pass_piece(piece) -> Collector:
    """Replay one piece (in a worker) into a fresh copy of the collector."""
    kind, what, numbers, template, trusted = piece
    if kind == "parquet":
        from engine.core.parquet import read_rows

        path, rows = what
        records = read_rows(Path(path), rows)
    else:
        records = what
    collector = copy.deepcopy(template)
    for i, record in zip(numbers, records):
        collector.start(i, record)
        final = replay_record(
            record, trusted=trusted, on_step=collector.step if collector.wants_steps else None
        )
        collector.finish(i, record, final)
    return collector


def _merge(into: Collector, part: Collector) -> None:
    for name, value in vars(part).items():
        if isinstance(value, list):
            mine = getattr(into, name, None)
            if isinstance(mine, list):
                mine.extend(value)
            else:
                setattr(into, name, list(value))
        else:
            setattr(into, name, value)


def _one_pass_pieces(records, collector: C, trusted, workers, cluster) -> C:
    from engine.core.parallel import run_ordered

    template = copy.deepcopy(collector)
    pieces = _pieces(records, template, trusted)
    for part in run_ordered(pass_piece, pieces, workers=workers, cluster=cluster):
        _merge(collector, part)
    return collector


# --- frame-level statistics over a LazyFrame (JSON Lines or Parquet, any size) --------------

_NDJSON_SCHEMA: dict[str, DataTypeClass | pl.DataType] = {
    "game": pl.String,
    "seed": pl.Int64,
    "players": pl.List(pl.String),
    "actions": pl.List(pl.String),
    "result": pl.Struct({"scores": pl.List(pl.Float64), "winners": pl.List(pl.Int64)}),
}


def scan_games(path: str | Path) -> pl.LazyFrame:
    """A lazy frame, one row per game, of a Parquet dataset folder (``scan_parquet``) or a
    JSON Lines file (``scan_ndjson``): ``game``, ``seed``, ``players`` (list),
    ``num_players``, ``actions`` (how many), ``finished``, ``scores``, ``winners``.
    Nothing is read until it is collected; the frames below are computed streaming."""
    from engine.core.parquet import is_dataset, scan

    path = Path(path)
    if is_dataset(path):
        lf = scan(path).select(
            "game",
            "seed",
            "players",
            pl.col("actions").list.len().cast(pl.Int64).alias("actions"),
            "finished",
            "scores",
            "winners",
        )
    else:
        if not path.is_file():
            raise RecordError(f"{path}: no such file or dataset folder")
        lf = pl.scan_ndjson(path, schema=_NDJSON_SCHEMA).select(
            "game",
            "seed",
            "players",
            pl.col("actions").list.len().cast(pl.Int64).alias("actions"),
            pl.col("result").is_not_null().alias("finished"),
            pl.col("result").struct.field("scores").alias("scores"),
            pl.col("result").struct.field("winners").alias("winners"),
        )
    return lf.with_columns(num_players=pl.col("players").list.len().cast(pl.Int64))


def seats_lazy(games: pl.LazyFrame) -> pl.LazyFrame:
    """:func:`seats_frame` of a :func:`scan_games` frame (``game_no`` counts every game,
    unfinished ones too, as there)."""
    return (
        games.with_row_index("game_no")
        .filter(pl.col("finished"))
        .with_columns(seat=pl.int_ranges(pl.col("num_players")))
        .explode(["players", "scores", "seat"])
        .select(
            pl.col("game_no").cast(pl.Int64),
            "game",
            "num_players",
            pl.col("seat").cast(pl.Int64),
            pl.col("players").alias("bot"),
            pl.col("scores").alias("score"),
            pl.when(pl.col("winners").list.contains(pl.col("seat")))
            .then(1.0 / pl.col("winners").list.len())
            .otherwise(0.0)
            .alias("win"),
        )
    )


def length_lazy(games: pl.LazyFrame) -> pl.LazyFrame:
    """:func:`length_frame` of a :func:`scan_games` frame."""
    return games.group_by("actions").agg(pl.len().alias("games")).sort("actions")


def frame_statistics(path: str | Path, players: int | None = None) -> dict[str, pl.DataFrame]:
    """The frame-level tables of a dataset or JSON Lines file without holding its games
    in memory: ``seat`` and ``bot`` (:func:`win_rates`), ``length``, ``counts`` (games per
    player count); ``players`` keeps one player count."""
    games = scan_games(path)
    if players is not None:
        games = games.filter(pl.col("num_players") == players)
    seats = seats_lazy(games)
    queries = [
        win_rates(seats, "seat"),
        win_rates(seats, "bot"),
        length_lazy(games),
        games.group_by("num_players").agg(pl.len().alias("games")).sort("num_players"),
        games.select(pl.len().alias("games"), (~pl.col("finished")).sum().alias("unfinished")),
    ]
    try:
        frames = pl.collect_all(queries, engine="streaming")
    except pl.exceptions.PolarsError as exc:
        raise RecordError(
            f"{path}: cannot read the games ({' '.join(str(exc).split())[:200]})"
        ) from None
    return dict(zip(["seat", "bot", "length", "counts", "totals"], frames))
