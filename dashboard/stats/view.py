"""Widgets of the statistics page: loading, simulating and uploading records, and
drawing a table with its chart and CSV download.

Costs are paid once: an upload is verified by a checked replay once per content (keyed by
its SHA-256); the shipped data (replayed by the tests), verified uploads and simulated
games are then replayed *trusted* (``apply_trusted``), once per record for all of a
game's tables (:func:`engine.stats.one_pass`). The parsed records and the tables are
cached by the content of every record set and the player count shown, so a rerun of the
page replays nothing. Tables are shown for one player count at a time, so no bar adds
games of different player counts. A session keeps at most :data:`MAX_UPLOAD_SETS`
uploads (:data:`MAX_UPLOAD_BYTES` in all) and :data:`MAX_SESSION_GAMES` simulated games;
a simulation request stops at :data:`SIM_SECONDS`.
"""

from __future__ import annotations

import hashlib
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

import plotly.graph_objects as go
import polars as pl
import streamlit as st

from dashboard import palette
from dashboard.explorer.sources import DATA_DIR
from dashboard.i18n import _, current, error_text, ngettext, pgettext
from dashboard.jobs import panel as job_panel
from dashboard.jobs.pages import (
    check_parquet,
    check_upload,
    count_tables,
    grade_for_insights,
    simulate_batch,
)
from dashboard.jobs.pool import JOBS
from dashboard.stats.words import COLUMN_WORDS, KIND_WORDS, SITUATION_WORDS, value_words
from dashboard.ui import (
    callback,
    default_count_index,
    overrides_input,
    parse_overrides,
    plain_label,
    player_counts,
    seat_name,
)
from engine import EngineError, GameRecord, get_game, parse_records
from engine import stats as engine_stats
from engine.core.parquet import read_upload
from engine.core.records import MAX_BYTES, parse_jsonl
from engine.stats import StatTable, length_frame, seats_frame, single_bot_seats, win_rates

MAX_BATCH = 200  # games per simulation request
SIM_SECONDS = 10.0  # and at most this long, so a request cannot hang the app
MAX_SESSION_GAMES = 20_000  # simulated games kept in one session
MAX_UPLOAD_SETS = 4  # uploaded files kept in one session
MAX_UPLOAD_BYTES = 2 * MAX_BYTES  # their total size
MAX_PARQUET_GAMES = 60_000  # games uploaded as Parquet in one session (about what
# MAX_UPLOAD_BYTES of JSON Lines holds: Parquet packs five or more times as many per byte)
SESSION_KEY = "stats_records"
SIMS_DIGEST_KEY = "stats_records_digest"  # SHA-256 chained over the simulated batches
UPLOADS_KEY = "stats_uploads"  # [{"digest", "name", "size", "text"}] or, for Parquet,
# [{"kind": "parquet", "digest", "name", "size", "files", "file_digests", "games", "room"}]
CHART_CONFIG = {"displayModeBar": False}  # no toolbar printed over a title on a phone


@st.cache_resource(show_spinner=False, max_entries=16)  # the callers' spinner: _reading()
def _recorded(game: str, stamp: tuple) -> tuple[GameRecord, ...]:
    out = []
    for path in sorted((DATA_DIR / game).glob("*.jsonl")):
        out += parse_jsonl(path.read_text(encoding="utf-8"), source=path.name)
    return tuple(out)


def _reading():
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
def _verified(digest: str, source: str, _text: str) -> tuple[GameRecord, ...]:
    """The records of an upload, replayed with every action checked, once per content."""
    return tuple(parse_records(_text, source=source, verify=True))


@st.cache_resource(show_spinner=False, max_entries=16)
def _verified_parquet(digest: str, room: int, _files: tuple) -> tuple[GameRecord, ...]:
    """The records of uploaded Parquet files (read lazily, checked, replayed with every
    action checked), once per content; at most ``room`` games."""
    return tuple(
        read_upload(list(_files), max_games=room, max_text_bytes=MAX_UPLOAD_BYTES, verify=True)
    )


def _digest(data: bytes | str) -> str:
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
                checked = _CHECKED.get(item["digest"])
                added += checked or _verified_parquet(item["digest"], item["room"], item["files"])
            else:
                checked = _CHECKED.get(item["digest"])  # by a job, else in the page
                added += checked or _verified(item["digest"], item["name"], item["text"])
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


def _content_key(game: str) -> tuple:
    return (
        game,
        _stamp(game),
        tuple(item["digest"] for item in st.session_state.get(UPLOADS_KEY, [])),
        st.session_state.get(SIMS_DIGEST_KEY, ""),
    )


@st.cache_resource(show_spinner=False, max_entries=8)
def _records(key: tuple, _load) -> tuple[GameRecord, ...]:
    return tuple(_load())


@st.cache_resource(show_spinner=False, max_entries=16)
def _counts(key: tuple, _load) -> dict[int, int]:
    """Games per player count (no replay)."""
    return dict(sorted(Counter(r.num_players for r in _records(key, _load)).items()))


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
    records = [r for r in _records(key, _load) if players is None or r.num_players == players]
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
            _bot_words(win_rates(seats, "bot")),
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
    key = (_content_key(game), players)
    other = job_panel.running(TABLES_JOB)
    if other is not None and other.get("content") != key:  # another game's: not wanted now
        JOBS.cancel(other["id"])
        JOBS.forget(other["id"])
        st.session_state.pop(TABLES_JOB, None)
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
        with _reading():
            records = tuple(
                r
                for r in _records(_content_key(game), lambda: records_for(game))
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
    with _reading():
        return _figures(_content_key(game), players, current(), lambda: records_for(game))


def player_count_choice(game: str) -> int | None:
    """The player count the page shows (a selector when the records hold several)."""
    with _reading():
        counts = _counts(_content_key(game), lambda: records_for(game))
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


def _add(records: list[GameRecord]) -> None:
    st.session_state.setdefault(SESSION_KEY, [])
    texts = [r.to_json() for r in records]
    st.session_state[SESSION_KEY] += texts
    chained = st.session_state.get(SIMS_DIGEST_KEY, "") + "\n" + "\n".join(texts)
    st.session_state[SIMS_DIGEST_KEY] = _digest(chained)


def render_simulation_form(game_name: str) -> None:
    game = get_game(game_name)
    counts = player_counts(game)
    bots = sorted(game.bots)
    with st.form("stats_sim", enter_to_submit=False):  # no Streamlit hint in English
        c1, c2, c3 = st.columns(3)
        n = c1.selectbox(_("Players"), counts, index=default_count_index(game), key="stats_n")
        games = c2.number_input(
            _("Games (at most {n})").format(n=MAX_BATCH), 1, MAX_BATCH, 20, key="stats_games"
        )
        seed = c3.number_input(_("First seed"), 0, 10**9, 1000, key="stats_seed")
        cols = st.columns(min(4, max(counts)))
        chosen = [
            cols[s % len(cols)].selectbox(
                _("Player {n}").format(n=s + 1),
                bots,
                format_func=plain_label,
                key=f"stats_bot_{game_name}_{s}",
            )
            for s in range(max(counts))
        ]
        rules = overrides_input(f"stats_rules_{game_name}", game)  # per game: no stale fields
        go_ = st.form_submit_button(_("Simulate and add"), type="primary")
        st.caption(
            _("A batch stops after {seconds:g} seconds and keeps the games it finished.").format(
                seconds=SIM_SECONDS
            )
        )
    if go_:
        _start_simulation(game_name, int(n), chosen, int(games), int(seed), rules)
    if job_panel.running(SIM_JOB):
        job_panel.progress_panel(
            SIM_JOB,
            _simulated_words,
            _("Cancel the simulation"),
            stopping=_("Stopping after the games being played…"),
        )
    done = job_panel.take(SIM_JOB)
    if done is not None:
        _simulated(*done)


SIM_JOB = "stats_sim_job"  # session key: the simulation running (dashboard.jobs.panel)


def _start_simulation(game_name: str, n: int, chosen: list, games: int, seed: int, rules) -> None:
    """Simulate the batch in a worker process (:func:`dashboard.jobs.pages.simulate_batch`):
    20 Stock Hold'em games take about 7 s."""
    kept = len(st.session_state.get(SESSION_KEY, []))
    if kept >= MAX_SESSION_GAMES:
        st.error(
            _(
                "This session already holds {kept:,} simulated games, the most it keeps; "
                "reload the page to start afresh."
            ).format(kept=kept)
        )
        return
    if job_panel.running(SIM_JOB):
        st.warning(_("A batch is still being simulated: wait for it or cancel it."))
        return
    try:
        overrides = parse_overrides(get_game(game_name), rules)
    except EngineError as exc:
        st.error(error_text(exc))
        return
    wanted = min(games, MAX_SESSION_GAMES - kept)
    seeds = list(range(seed, seed + wanted))
    job_panel.start(
        SIM_JOB,
        simulate_batch,
        game_name,
        seeds,
        chosen[:n],
        overrides,
        SIM_SECONDS,
        asked=games,
        seed=seed,
    )


def _simulated_words(status) -> str:
    if not status.done:
        return _("Simulating…")
    return _("Simulated {done} of {total}").format(done=status.done, total=status.total)


def _simulated(job: dict, status) -> None:
    """Add the games the finished simulation made, and say how many."""
    if status is None:
        job_panel.lost()
        return
    if job_panel.show_error(status):
        return
    result = status.result or {"records": [], "cancelled": True}
    made = [GameRecord.from_json(text) for text in result["records"]]
    _add(made)
    asked, seed = job["asked"], job["seed"]
    if result["cancelled"]:
        st.info(
            _(
                "Simulation cancelled: added {made} of the {asked} games asked for. Simulate "
                "again with first seed {seed} to continue."
            ).format(made=len(made), asked=asked, seed=seed + len(made))
        )
    elif len(made) < asked:
        st.warning(
            _(
                "Added {made} of the {asked} games asked for: a batch stops after {seconds:g} "
                "seconds (or when the session is full). Simulate again with first seed {seed} "
                "to continue."
            ).format(made=len(made), asked=asked, seconds=SIM_SECONDS, seed=seed + len(made))
        )
    else:
        st.success(
            ngettext("Added {n} simulated game.", "Added {n} simulated games.", len(made)).format(
                n=len(made)
            )
        )


def render_uploads(game_name: str | None = None) -> None:
    """The uploaders, and what became of the last file chosen (a big one is checked in a
    worker process: its progress and Cancel button show here)."""
    _uploads(game_name)
    for key in (UPLOAD_JOB, PARQUET_JOB):
        if job_panel.running(key):
            job_panel.progress_panel(
                key,
                lambda status: _("Checking every uploaded game by replay…"),
                _("Cancel the upload"),
            )


def _uploads(game_name: str | None) -> None:
    upload = st.file_uploader(
        _("Records (.json or .jsonl)"), type=["json", "jsonl"], key="stats_upload"
    )
    parquet = st.file_uploader(
        _("Or a Parquet dataset (its .parquet files)"),
        type=["parquet"],
        accept_multiple_files=True,
        key="stats_upload_parquet",
        help=_(
            "Choose every .parquet file of one dataset folder (a simulation saved in the "
            "Parquet format): the files chosen together are counted as one dataset."
        ),
    )
    sets = st.session_state.setdefault(UPLOADS_KEY, [])
    if sets:
        names = ", ".join(f"{s['name']} ({s['size'] / 1e6:.1f} MB)" for s in sets)
        c1, c2 = st.columns([3, 1])
        c1.caption(_("Uploaded in this session: {names}").format(names=names))
        if c2.button(_("Forget uploads"), key="stats_forget"):
            st.session_state[UPLOADS_KEY] = []
            st.session_state.pop("stats_last_upload", None)
            st.session_state.pop("stats_last_parquet", None)
            st.rerun()
    _parquet_job(sets, game_name)  # first: a finished check marks its files as taken
    if not job_panel.running(PARQUET_JOB):
        _take_parquet(parquet or [], sets, game_name)
    _upload_job(sets)
    if upload is None or job_panel.running(UPLOAD_JOB):
        return
    marker = f"{upload.name}:{upload.size}:{getattr(upload, 'file_id', '')}"
    if st.session_state.get("stats_last_upload") == marker:
        return
    if upload.size > MAX_BYTES:
        st.error(_too_big(upload.name, upload.size))
        return
    data = upload.getvalue()
    digest = _digest(data)
    if any(s["digest"] == digest for s in sets):
        st.session_state["stats_last_upload"] = marker
        st.info(
            _("{name} is already counted (the same content was uploaded before).").format(
                name=upload.name
            )
        )
        return
    total = sum(s["size"] for s in sets) + len(data)
    if len(sets) >= MAX_UPLOAD_SETS or total > MAX_UPLOAD_BYTES:
        st.error(_session_full())
        return
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        st.error(_("{name}: not UTF-8 text; a record is JSON.").format(name=upload.name))
        return
    item = {"digest": digest, "name": upload.name, "size": len(data), "text": text}
    if len(data) > UPLOAD_IN_PAGE:  # checked in a worker process; the page shows it
        job_panel.start(UPLOAD_JOB, check_upload, upload.name, text, item=item, marker=marker)
        return
    try:
        with st.spinner(_("Checking every uploaded game by replay…")):
            records = _verified(digest, upload.name, text)
    except EngineError as exc:
        st.error(_("Refused: {error}").format(error=error_text(exc)))
        return
    _accept(sets, item, marker, len(records))


UPLOAD_IN_PAGE = 128 * 1024  # bytes of JSON checked in the page (about 0.1 s); more: a job
UPLOAD_JOB = "stats_upload_job"  # session key: the upload being checked (dashboard.jobs.panel)
_CHECKED = job_panel.Kept(16)  # digest -> the records of an upload a job checked


def _accept(sets: list, item: dict, marker: str, games: int) -> None:
    st.session_state["stats_last_upload"] = marker
    sets.append(item)
    st.success(
        ngettext(
            "Added {n} verified game from {name}.",
            "Added {n} verified games from {name}.",
            games,
        ).format(n=games, name=item["name"])
    )


def _upload_job(sets: list) -> None:
    """The outcome of the upload checked in a worker process, once it is over."""
    done = job_panel.take(UPLOAD_JOB)
    if done is None:
        refused = st.session_state.get("stats_upload_refused")
        if refused and refused[0] == st.session_state.get("stats_last_upload"):
            st.error(refused[1])  # said again on every rerun, not checked again
        return
    job, status = done
    item = job["item"]
    st.session_state["stats_last_upload"] = job["marker"]  # not checked again
    if status is None:
        job_panel.lost()
    elif status.error is not None:
        if isinstance(status.error, EngineError):
            message = _("Refused: {error}").format(error=error_text(status.error))
            st.session_state["stats_upload_refused"] = (job["marker"], message)
            st.error(message)
        else:
            job_panel.show_error(status)
    elif status.result is None:
        st.info(_("Upload cancelled: nothing was added from {name}.").format(name=item["name"]))
    else:
        _CHECKED.put(item["digest"], status.result)
        _accept(sets, item, job["marker"], len(status.result))


def _too_big(name: str, size: int) -> str:
    return _("{name}: {size:,} bytes is over the {limit:,} byte limit.").format(
        name=name, size=size, limit=MAX_BYTES
    )


def _session_full() -> str:
    return _(
        "A session keeps at most {sets} uploads and {mib} MiB in all; choose Forget uploads first."
    ).format(sets=MAX_UPLOAD_SETS, mib=MAX_UPLOAD_BYTES // 2**20)


def _take_parquet(files: list, sets: list, game_name: str | None) -> None:
    """Add the Parquet files in the uploader that are not counted yet, as one dataset:
    all of them or, if any is refused, none."""
    if not files:
        return
    marker = tuple(f"{f.name}:{f.size}:{getattr(f, 'file_id', '')}" for f in files)
    if st.session_state.get("stats_last_parquet") == marker:
        return
    counted = {d for s in sets for d in s.get("file_digests", [s["digest"]])}
    new: list[tuple[str, bytes, str]] = []
    for f in files:
        if f.size > MAX_BYTES:
            st.error(_too_big(f.name, f.size))
            return
        data = f.getvalue()
        digest = _digest(data)
        if digest not in counted and all(digest != d for _n, _b, d in new):
            new.append((f.name, data, digest))
    if not new:
        st.session_state["stats_last_parquet"] = marker
        st.info(
            _("These Parquet files are already counted (the same content was uploaded before).")
        )
        return
    size = sum(len(data) for _n, data, _d in new)
    if len(sets) >= MAX_UPLOAD_SETS or sum(s["size"] for s in sets) + size > MAX_UPLOAD_BYTES:
        st.error(_session_full())
        return
    room = MAX_PARQUET_GAMES - sum(s.get("games", 0) for s in sets if s.get("kind") == "parquet")
    digest = _digest("\n".join(sorted(d for _n, _b, d in new)))
    files_kept = tuple((name, data) for name, data, _d in new)
    names = ", ".join(name for name, _b, _d in new)
    if len(new) > 3:
        names = _("{n} Parquet files ({first} … {last})").format(
            n=len(new), first=new[0][0], last=new[-1][0]
        )
    item = {
        "kind": "parquet",
        "digest": digest,
        "name": names,
        "size": size,
        "files": files_kept,
        "file_digests": [d for _n, _b, d in new],
        "room": room,
    }
    # read and replayed in a worker process (up to 60,000 games): the page shows progress
    job_panel.start(
        PARQUET_JOB, check_parquet, files_kept, room, MAX_UPLOAD_BYTES, item=item, marker=marker
    )


PARQUET_JOB = "stats_parquet_job"  # session key: the Parquet upload being checked


def _parquet_job(sets: list, game_name: str | None) -> None:
    """The outcome of the Parquet files checked in a worker process, once it is over."""
    done = job_panel.take(PARQUET_JOB)
    if done is None:
        return
    job, status = done
    item = job["item"]
    st.session_state["stats_last_parquet"] = job["marker"]  # not checked again
    if status is None:
        job_panel.lost()
        return
    if status.error is not None:
        if isinstance(status.error, EngineError):
            st.error(_("Refused, nothing added: {error}").format(error=error_text(status.error)))
        else:
            job_panel.show_error(status)
        return
    if status.result is None:
        st.info(_("Upload cancelled: nothing was added from {name}.").format(name=item["name"]))
        return
    records = status.result
    _CHECKED.put(item["digest"], records)
    sets.append(dict(item, games=len(records)))
    names = item["name"]
    kinds = sorted({r.game for r in records})
    st.success(
        ngettext(
            "Added {n} verified game from {name}.",
            "Added {n} verified games from {name}.",
            len(records),
        ).format(n=len(records), name=names)
    )
    if kinds and game_name is not None and kinds != [game_name]:
        st.info(
            _("They are games of {game}: choose it under Game to see them.").format(
                game=_(get_game(kinds[0]).title)
            )
        )


def _words(column: str) -> str:
    word = _(COLUMN_WORDS[column]) if column in COLUMN_WORDS else column.replace("_", " ")
    return word[:1].upper() + word[1:]


def _shown(frame: pl.DataFrame) -> pl.DataFrame:
    """The table with its columns named, and its word values worded, in the session's
    language (a name that would clash with another keeps the engine's)."""
    for c in frame.columns:
        words = value_words(c)
        if words is not None and (frame[c].dtype == pl.String or c == "seat"):
            shown = [None if v is None else words(v) for v in frame[c]]
            frame = frame.with_columns(pl.Series(c, shown, dtype=pl.String))
    names = {c: _(COLUMN_WORDS[c]) for c in frame.columns if c in COLUMN_WORDS}
    taken = set(frame.columns) - set(names)
    out: dict[str, str] = {}
    for c, word in names.items():
        if word not in taken and word not in out.values():
            out[c] = word
    return frame.rename(out)


def table_figure(table: StatTable, game: str = "") -> go.Figure | None:
    """The chart of a table: ``y`` and every ``more_y`` column against ``x`` (bars grouped
    side by side, with a legend when there are several), axes titled in words, colours
    from :mod:`dashboard.palette`."""
    frame = table.frame
    if not (table.x and table.y and frame.height):
        return None
    xs = frame[table.x].to_list()
    series = (table.y, *table.more_y)
    fig = go.Figure()
    words = value_words(table.x)
    labels = [words(x) for x in xs] if words is not None else xs
    for i, column in enumerate(series):
        colour = palette.bar_colours(game, table.x, xs) if len(series) == 1 else None
        colour = colour or palette.SERIES[i % len(palette.SERIES)]
        ys = frame[column].to_list()
        if table.kind == "bar":
            fig.add_trace(go.Bar(x=labels, y=ys, name=_words(column), marker_color=colour))
        else:
            fig.add_trace(
                go.Scatter(
                    x=labels, y=ys, name=_words(column), mode="lines+markers", line_color=colour
                )
            )
    several = len(series) > 1
    fig.update_layout(
        xaxis_title=_(table.x_title) if table.x_title else _words(table.x),
        yaxis_title=_(table.y_title) if table.y_title else _words(table.y),
        barmode="group",
        showlegend=several,
        legend={"orientation": "h", "x": 0, "y": 1.02, "yanchor": "bottom"},
        height=320,
        margin={"l": 10, "r": 10, "t": 40 if several else 16, "b": 10},
    )
    if frame[table.x].dtype.is_integer() and len(set(xs)) <= 20:
        fig.update_xaxes(tickmode="array", tickvals=sorted(set(xs)))
    return fig


def show_table(table: StatTable, key: str, game: str = "", fig: go.Figure | None = None) -> None:
    """A table under its title: note, chart (``fig``, else drawn now), rows, CSV."""
    st.subheader(_(table.title))  # a game's own tables: titled by the engine (stats_words)
    if table.note:
        st.caption(_(table.note))
    frame = table.frame
    fig = fig if fig is not None else table_figure(table, game)
    if fig is not None:
        st.plotly_chart(fig, width="stretch", key=f"stats_fig_{key}", config=CHART_CONFIG)
    # a line of its own above the table: its toolbar shows there, not over the chart
    st.caption(
        ngettext(
            "{n} row · scroll sideways for every column",
            "{n} rows · scroll sideways for every column",
            frame.height,
        ).format(n=frame.height)
    )
    st.dataframe(_shown(frame), hide_index=True, width="stretch")
    st.download_button(
        _("Download CSV"),
        frame.write_csv(),
        file_name=f"{Path(key).name}.csv",
        mime="text/csv",
        key=f"stats_csv_{key}",
    )


def _bot_words(frame: pl.DataFrame) -> pl.DataFrame:
    """Bot names in player words, worded in this thread (polars would call back from its
    own threads, which do not know the session's language)."""
    words = [plain_label(b) for b in frame["bot"]]
    return frame.with_columns(pl.Series("bot", words, dtype=pl.String))


# --- Insights across games: accuracy per kind of decision -------------------------------------

INSIGHTS_JOB = "stats_insights_job"  # session key: the games being graded for the Insights
INSIGHTS_MAX = 200  # games one request may grade
_INSIGHTS = job_panel.Kept(8)  # (content key, players, games) → {"rows", "games"}


def _insights_frames(rows: list[dict]):
    from engine import insights

    frame = insights.from_rows(rows)
    return insights.accuracy(frame), insights.costliest(frame)


def _kind_word(kind: str) -> str:
    return _(KIND_WORDS.get(kind, kind))


def _situation_word(situation: str) -> str:
    return _(SITUATION_WORDS.get(situation, situation))


def insights_figure(acc: pl.DataFrame) -> go.Figure:
    """Per kind of decision (x), one bar per player or bot: the share of decisions that
    kept the best value."""
    fig = go.Figure()
    players = acc["player"].unique(maintain_order=True).to_list()
    for i, player in enumerate(players):
        mine = acc.filter(pl.col("player") == player)
        fig.add_trace(
            go.Bar(
                x=[_kind_word(k) for k in mine["kind"]],
                y=mine["kept_share"].to_list(),
                name=plain_label(player),
                marker_color=palette.SERIES[i % len(palette.SERIES)],
                customdata=[[n] for n in mine["decisions"]],
                hovertemplate="%{y:.0%} · %{customdata[0]}<extra>%{fullData.name}</extra>",
            )
        )
    fig.update_layout(
        xaxis_title=_("Kind of decision"),
        yaxis_title=_("Share that kept the best value"),
        yaxis={"range": [0, 1], "tickformat": ".0%"},
        barmode="group",
        showlegend=True,
        legend={"orientation": "h", "x": 0, "y": 1.02, "yanchor": "bottom"},
        height=340,
        margin={"l": 10, "r": 10, "t": 40, "b": 10},
    )
    return fig


def _accuracy_shown(acc: pl.DataFrame) -> pl.DataFrame:
    """The accuracy table in player words (worded in this thread, not polars')."""
    from dashboard.words.units import unit_word

    return pl.DataFrame(
        {
            _("player or bot"): [plain_label(p) for p in acc["player"]],
            _("kind of decision"): [_kind_word(k) for k in acc["kind"]],
            _("decisions"): acc["decisions"],
            _("kept the best value"): [f"{x:.0%}" for x in acc["kept_share"]],
            _("mean lost"): acc["mean_loss"],
            _("total lost"): acc["total_loss"],
            _("unit"): [unit_word(u or "") for u in acc["unit"]],
        }
    )


def _costliest_words(row: dict) -> str:
    """``**simple bot**: card play, leading — 4 mistakes, 4 tricks lost in all`` (a kind
    made in one situation only is not said twice)."""
    from dashboard.words.units import amount

    what = _kind_word(row["kind"])
    if row["situation"] != row["kind"]:
        what = _("{kind}, {situation}").format(
            kind=what, situation=_situation_word(row["situation"])
        )
    return ngettext(
        "**{player}**: {what} — {n} mistake, {lost} lost in all",
        "**{player}**: {what} — {n} mistakes, {lost} lost in all",
        row["mistakes"],
    ).format(
        player=plain_label(row["player"]),
        what=what,
        n=row["mistakes"],
        lost=amount(row["total_loss"], row["unit"] or ""),
    )


def render_insights(game: str, players: int | None) -> None:
    """The Insights across games: the last games of the page's set graded decision by
    decision in the job pool (at most :data:`INSIGHTS_MAX`; by default
    ``engine.insights.default_games``), then each player's or bot's share of decisions
    that kept the best value and mean value lost per kind of decision (a chart, a table,
    a CSV) and their costliest recurring mistake."""
    from engine import insights
    from engine.analysis import ANALYSED

    if game not in ANALYSED:
        return
    st.subheader(_("Insights: accuracy by kind of decision"))
    st.caption(
        _(
            "Every decision of the last games of this set (those added most recently) "
            "graded against the best choice, as on the analysis board: for each player or "
            "bot, the share of decisions of each kind that kept the best value, the value "
            "lost, and the costliest recurring mistake (the kind of decision and situation "
            "whose mistakes lost the most in all, made at least twice)."
        )
    )
    with _reading():
        records = [
            r
            for r in _records(_content_key(game), lambda: records_for(game))
            if players is None or r.num_players == players
        ]
    default = min(insights.default_games(game), len(records), INSIGHTS_MAX)
    c1, c2 = st.columns([1, 1], vertical_alignment="bottom")
    with c1:
        n = st.number_input(
            _("Games to grade"),
            min_value=1,
            max_value=max(1, min(INSIGHTS_MAX, len(records))),
            value=max(1, default),
            key=f"stats_insights_games_{game}_{players}",
            help=_(
                "{n} by default for this game: grading takes seconds a game. At most {most}."
            ).format(n=default, most=min(INSIGHTS_MAX, len(records))),
        )
    key = (_content_key(game), players, int(n))
    other = job_panel.running(INSIGHTS_JOB)
    if other is not None and other.get("content") != key:  # another set's: not wanted now
        JOBS.cancel(other["id"])
        JOBS.forget(other["id"])
        st.session_state.pop(INSIGHTS_JOB, None)
    done = job_panel.take(INSIGHTS_JOB)
    if done is not None:
        job, status = done
        if status is None:
            job_panel.lost()
        elif not job_panel.show_error(status) and status.result is not None:
            _INSIGHTS.put(job["content"], status.result)
    graded = _INSIGHTS.get(key)
    asked = st.session_state.pop(INSIGHTS_JOB + "_asked", None)
    if asked == key and graded is None and job_panel.running(INSIGHTS_JOB) is None:
        chosen = tuple(records[-int(n) :])
        job_panel.start(INSIGHTS_JOB, grade_for_insights, chosen, content=key)
    if job_panel.running(INSIGHTS_JOB) is None and graded is None:
        # the button only records the wish (its callback runs before the page), so the
        # run it makes starts the job and no longer draws the button
        c2.button(
            ngettext("Grade {n} game", "Grade {n} games", int(n)).format(n=int(n)),
            key="stats_insights_go",
            icon=":material/insights:",
            type="primary",
            on_click=callback(st.session_state.__setitem__),
            args=(INSIGHTS_JOB + "_asked", key),
        )
    if job_panel.running(INSIGHTS_JOB) is not None:
        job_panel.progress_panel(
            INSIGHTS_JOB,
            lambda status: _("Grading game {done} of {total}…").format(
                done=min(status.done + 1, status.total or 1), total=status.total or int(n)
            ),
            _("Stop grading"),
            stopping=_("Stopping after the game being graded; the games graded are kept."),
        )
    if graded is None:
        return
    rows = graded["rows"]
    if not rows:
        st.info(_("No decision of these games is graded."))
        return
    acc, worst = _insights_frames(rows)
    st.caption(
        ngettext(
            "{games} game graded · {n} decisions",
            "{games} games graded · {n} decisions",
            graded["games"],
        ).format(games=graded["games"], n=len(rows))
    )
    st.plotly_chart(
        insights_figure(acc), width="stretch", key="stats_insights_fig", config=CHART_CONFIG
    )
    st.dataframe(_accuracy_shown(acc), hide_index=True, width="stretch")
    st.download_button(
        _("Download CSV"),
        acc.write_csv(),
        file_name=f"insights-{game}.csv",
        mime="text/csv",
        key="stats_insights_csv",
    )
    st.markdown("**" + _("Costliest recurring mistake") + "**")
    if worst.height == 0:
        st.caption(_("No mistake recurs in these games."))
    for row in worst.to_dicts():
        st.markdown("- " + _costliest_words(row))
    st.download_button(
        _("Download every graded decision (CSV)"),
        insights.from_rows(rows).write_csv(),
        file_name=f"insights-{game}-decisions.csv",
        mime="text/csv",
        key="stats_insights_rows_csv",
    )
