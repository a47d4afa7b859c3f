"""The records the statistics page counts, and their figures.

Costs are paid once: an upload is verified by a checked replay once per content (keyed by
its SHA-256); the shipped data (replayed by the tests), verified uploads and simulated
games are then replayed *trusted* (``apply_trusted``), once per record for all of a
game's tables (:func:`engine.stats.one_pass`). The parsed records and the tables are
cached by the content of every record set and the player count shown, so a rerun of the
page replays nothing. Tables are shown for one player count at a time, so no bar adds
games of different player counts. A session's uploads hold at most
:data:`MAX_UPLOAD_BYTES` in all (the other limits are in :mod:`dashboard.stats.uploads` and
:mod:`dashboard.stats.simulate`).
"""

from __future__ import annotations

import hashlib
from collections import Counter
from dataclasses import dataclass, field

import polars as pl
import streamlit as st

from dashboard.explorer.sources import DATA_DIR
from dashboard.i18n import _, current, error_text, ngettext, pgettext
from dashboard.jobs import panel as job_panel
from dashboard.jobs.pages import (
    count_tables,
)
from dashboard.stats.table_view import bot_words, table_figure
from dashboard.ui import (
    plain_label,
    seat_name,
)
from engine import EngineError, GameRecord, parse_records
from engine import stats as engine_stats
from engine.core.parquet import read_upload
from engine.core.records import MAX_BYTES, parse_jsonl
from engine.stats import StatTable, length_frame, seats_frame, single_bot_seats, win_rates

MAX_UPLOAD_BYTES = 2 * MAX_BYTES  # the total size of the files uploaded in one session
SESSION_KEY = "stats_records"
SIMS_DIGEST_KEY = "stats_records_digest"  # SHA-256 chained over the simulated batches
UPLOADS_KEY = "stats_uploads"  # [{"digest", "name", "size", "text"}] or, for Parquet,
# [{"kind": "parquet", "digest", "name", "size", "files", "file_digests", "games", "room"}]
CHECKED = job_panel.Kept(16)  # digest -> the records of an upload a job checked


@st.cache_resource(show_spinner=False, max_entries=16)  # the callers' spinner: reading()
def _recorded(game: str, stamp: tuple) -> tuple[GameRecord, ...]:
    out = []
    for path in sorted((DATA_DIR / game).glob("*.jsonl")):
        out += parse_jsonl(path.read_text(encoding="utf-8"), source=path.name)
    return tuple(out)


def reading():
    """The spinner over reading and counting the games, in the page's language (a cached
    function's own spinner is a fixed text: English on every page); it shows only when
    the work takes more than half a second, so not for what the cache already holds."""
    return st.spinner(_("Reading and counting the games…"))


def _stamp(game: str) -> tuple:
    folder = DATA_DIR / game
    return (
        tuple((p.name, p.stat().st_mtime) for p in sorted(folder.glob("*.jsonl")))
        if folder.is_dir()
        else ()
    )


@st.cache_resource(show_spinner=False, max_entries=16)
def verified(digest: str, source: str, _text: str) -> tuple[GameRecord, ...]:
    """The records of an upload, replayed with every action checked, once per content."""
    return tuple(parse_records(_text, source=source, verify=True))


@st.cache_resource(show_spinner=False, max_entries=16)
def _verified_parquet(digest: str, room: int, _files: tuple) -> tuple[GameRecord, ...]:
    """The records of uploaded Parquet files (read lazily, checked, replayed with every
    action checked), once per content; at most ``room`` games."""
    return tuple(
        read_upload(list(_files), max_games=room, max_text_bytes=MAX_UPLOAD_BYTES, verify=True)
    )


def content_digest(data: bytes | str) -> str:
    if isinstance(data, str):
        data = data.encode("utf-8")
    return hashlib.sha256(data).hexdigest()


def records_for(game: str) -> list[GameRecord]:
    """The recorded games of ``game`` plus those added in this session."""
    try:
        recorded = list(_recorded(game, _stamp(game)))
    except EngineError as exc:
        st.error(
            _("A recorded file of this game could not be read: {error}").format(
                error=error_text(exc)
            )
        )
        recorded = []
    added = [GameRecord.from_json(t) for t in st.session_state.get(SESSION_KEY, [])]
    for item in st.session_state.get(UPLOADS_KEY, []):
        try:
            if item.get("kind") == "parquet":  # checked by a job (else once more, here)
                checked = CHECKED.get(item["digest"])
                added += checked or _verified_parquet(item["digest"], item["room"], item["files"])
            else:
                checked = CHECKED.get(item["digest"])  # by a job, else in the page
                added += checked or verified(item["digest"], item["name"], item["text"])
        except EngineError:  # verified when added; cannot fail again
            continue
    return recorded + [r for r in added if r.game == game]


def game_tables(game: str, records: list[GameRecord]) -> list[StatTable]:
    """The game's own tables, replayed trusted: every record here was verified once (the
    shipped data by the tests, uploads when added) or made by the engine."""
    return engine_stats.game_tables(game, records, trusted=True)


@dataclass(frozen=True)
class Figures:
    games: int
    unfinished: int
    tables: list[StatTable]
    error: str | None = None
    players: int | None = None
    charts: list = field(default_factory=list)  # table_figure of each table, built once
    #: the game's own tables are left to the job pool (too many games to count in the page)
    pending: bool = False


def content_key(game: str) -> tuple:
    return (
        game,
        _stamp(game),
        tuple(item["digest"] for item in st.session_state.get(UPLOADS_KEY, [])),
        st.session_state.get(SIMS_DIGEST_KEY, ""),
    )


@st.cache_resource(show_spinner=False, max_entries=8)
def cached_records(key: tuple, _load) -> tuple[GameRecord, ...]:
    return tuple(_load())


@st.cache_resource(show_spinner=False, max_entries=16)
def _counts(key: tuple, _load) -> dict[int, int]:
    """Games per player count (no replay)."""
    return dict(sorted(Counter(r.num_players for r in cached_records(key, _load)).items()))


def _seat_note(seats: pl.DataFrame) -> str:
    single = single_bot_seats(seats)
    if not single:
        return ""
    seats_seen = seats["seat"].n_unique() if "seat" in seats.columns else len(single)
    bots = {b for _n, _s, b in single}
    if len(single) == seats_seen and len(bots) == 1:
        return _(
            "The {bot} played every seat of every game: the bars show what the seat alone is worth."
        ).format(bot=plain_label(bots.pop()))
    shown = pgettext("list separator", ", ").join(
        _("{player} always {bot}").format(player=seat_name(s), bot=plain_label(b))
        for _n, s, b in single
    )
    return _(
        "One bot played every game at some seats ({shown}): those bars measure the bot as "
        "much as the seat."
    ).format(shown=shown)


@st.cache_resource(show_spinner=False, max_entries=32)
def _figures(key: tuple, players: int | None, lang: str, _load) -> Figures:
    """The tables (titled in ``lang``, the session's language: part of the cache key)."""
    game = key[0]
    records = [r for r in cached_records(key, _load) if players is None or r.num_players == players]
    if not records:
        return Figures(0, 0, [], players=players)
    seats = seats_frame(records)
    tables = [
        StatTable(
            _("Win rate by seat"),
            win_rates(seats, "seat"),
            x="seat",
            y="win_rate",
            x_title=_("Seat"),
            y_title=_("Share of games won"),
            note=_seat_note(seats),
        ),
        StatTable(
            _("Win rate by bot"),
            bot_words(win_rates(seats, "bot")),
            x="bot",
            y="win_rate",
            x_title=_("Bot"),
            y_title=_("Share of games won"),
        ),
        StatTable(
            _("Game length (actions, chance outcomes included)"),
            length_frame(records),
            x="actions",
            y="games",
            x_title=_("Actions in the game (chance outcomes included)"),
            y_title=_("Games"),
        ),
    ]
    error = None
    pending = len(records) > BIG
    if not pending:
        try:
            tables += game_tables(game, records)
        except EngineError as exc:
            error = _("Could not compute the game's own figures: {error}").format(
                error=error_text(exc)
            )
    charts = [table_figure(t, game) for t in tables]
    return Figures(
        len(records),
        sum(r.result is None for r in records),
        tables,
        error,
        players,
        charts,
        pending,
    )


BIG = 1500  # games over which the game's own tables are counted in the job pool
TABLES_JOB = "stats_tables_job"  # session key: the game's tables being counted
_TABLES = job_panel.Kept(8)  # (content key, players) → the game's own tables, counted


def pending_tables(game: str, players: int | None) -> list[StatTable] | None:
    """The game's own tables of a big set of records (:attr:`Figures.pending`): counted in
    the job pool, with progress and Cancel while they are, then kept for every session;
    ``None`` while they are not ready."""
    key = (content_key(game), players)
    job_panel.drop_other(TABLES_JOB, key)
    tables = _TABLES.get(key)
    if tables is not None:
        return tables
    done = job_panel.take(TABLES_JOB)
    if done is not None:
        job, status = done
        if status is None:
            job_panel.lost()
        elif status.cancelled:
            st.session_state[TABLES_JOB + "_cancelled"] = key
        elif not job_panel.show_error(status) and job.get("content") == key:
            _TABLES.put(key, status.result)
            return status.result
    if job_panel.running(TABLES_JOB) is None:
        if st.session_state.get(TABLES_JOB + "_cancelled") == key:
            st.info(_("The game's own figures were not counted (cancelled)."))
            if not st.button(_("Count the game's own figures"), key="stats_tables_again"):
                return None
            st.session_state.pop(TABLES_JOB + "_cancelled", None)
        with reading():
            records = tuple(
                r
                for r in cached_records(content_key(game), lambda: records_for(game))
                if players is None or r.num_players == players
            )
        if not job_panel.start(TABLES_JOB, count_tables, game, records, content=key):
            return None
    job_panel.progress_panel(
        TABLES_JOB,
        lambda status: _("Counting the game's own figures over every game…"),
        _("Cancel"),
    )
    return None


def figures_for(game: str, players: int | None = None) -> Figures:
    """Every table of the page for ``game`` and one player count (``None``: all),
    computed once per content of the records."""
    with reading():
        return _figures(content_key(game), players, current(), lambda: records_for(game))


def player_count_choice(game: str) -> int | None:
    """The player count the page shows (a selector when the records hold several)."""
    with reading():
        counts = _counts(content_key(game), lambda: records_for(game))
    if not counts:
        return None
    if len(counts) == 1:
        return next(iter(counts))
    options = list(counts)
    default = max(options, key=lambda n: (counts[n], -n))
    chosen = st.segmented_control(
        _("Players"),
        options,
        default=default,
        required=True,
        format_func=lambda n: ngettext(
            "{n} players ({games:,} game)", "{n} players ({games:,} games)", counts[n]
        ).format(n=n, games=counts[n]),
        key=f"stats_players_{game}",
        help=_("Games with different numbers of players are never added together."),
    )
    return chosen if chosen in counts else default
