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

import importlib
import json
from collections.abc import Callable, Sequence
from dataclasses import dataclass

import polars as pl

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


def win_rates(seats: pl.DataFrame, by: str = "seat") -> pl.DataFrame:
    """Games, wins and win rate grouped by ``seat`` or ``bot`` (and player count)."""
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
    game: str, records: Sequence[GameRecord], *, trusted: bool = False
) -> list[StatTable]:
    """The game's own figures, if it defines ``engine.<game>.stats.tables``."""
    try:
        module = importlib.import_module(f"engine.{game}.stats")
    except ModuleNotFoundError:
        return []
    return list(module.tables(list(records), trusted=trusted))


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


def one_pass(
    records: Sequence[GameRecord], collector: Collector, *, trusted: bool = False
) -> Collector:
    """Replay each record once, handing its steps and final state to ``collector``."""
    for i, record in enumerate(records):
        collector.start(i, record)
        final = replay_record(
            record, trusted=trusted, on_step=collector.step if collector.wants_steps else None
        )
        collector.finish(i, record, final)
    return collector
