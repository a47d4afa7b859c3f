"""Widgets of the statistics page: loading, simulating and uploading records, and
drawing a table with its chart and CSV download.

Costs are paid once: an upload is verified by a checked replay once per content (keyed by
its SHA-256), and the derived tables are cached by the content of every record set, so a
rerun of the page does not replay anything. A session keeps at most
:data:`MAX_UPLOAD_SETS` uploads (:data:`MAX_UPLOAD_BYTES` in all) and
:data:`MAX_SESSION_GAMES` simulated games; a simulation request stops at
:data:`SIM_SECONDS`.
"""

from __future__ import annotations

import hashlib
import time
from dataclasses import dataclass
from pathlib import Path

import plotly.graph_objects as go
import streamlit as st

from dashboard.explorer import DATA_DIR
from dashboard.ui import default_count_index, overrides_input, parse_overrides, player_counts
from engine import EngineError, GameRecord, get_game, parse_records, simulate
from engine.core.records import MAX_BYTES, parse_jsonl
from engine.stats import StatTable, game_tables, length_frame, seats_frame, win_rates

MAX_BATCH = 200  # games per simulation request
SIM_SECONDS = 10.0  # and at most this long, so a request cannot hang the app
MAX_SESSION_GAMES = 20_000  # simulated games kept in one session
MAX_UPLOAD_SETS = 4  # uploaded files kept in one session
MAX_UPLOAD_BYTES = 2 * MAX_BYTES  # their total size
SESSION_KEY = "stats_records"
UPLOADS_KEY = "stats_uploads"  # [{"digest", "name", "size", "text"}]


@st.cache_data(show_spinner="Reading recorded games…")
def _recorded(game: str, stamp: tuple) -> list[str]:
    out = []
    for path in sorted((DATA_DIR / game).glob("*.jsonl")):
        out += [
            r.to_json() for r in parse_jsonl(path.read_text(encoding="utf-8"), source=path.name)
        ]
    return out


def _stamp(game: str) -> tuple:
    folder = DATA_DIR / game
    return (
        tuple((p.name, p.stat().st_mtime) for p in sorted(folder.glob("*.jsonl")))
        if folder.is_dir()
        else ()
    )


@st.cache_resource(show_spinner="Checking every uploaded game by replay…", max_entries=16)
def _verified(digest: str, source: str, _text: str) -> tuple[GameRecord, ...]:
    """The records of an upload, replayed with every action checked, once per content."""
    return tuple(parse_records(_text, source=source, verify=True))


def _digest(data: bytes | str) -> str:
    if isinstance(data, str):
        data = data.encode("utf-8")
    return hashlib.sha256(data).hexdigest()


def records_for(game: str) -> list[GameRecord]:
    """The recorded games of ``game`` plus those added in this session."""
    try:
        recorded = [GameRecord.from_json(t) for t in _recorded(game, _stamp(game))]
    except EngineError as exc:
        st.error(f"A file in data/{game} could not be read: {exc}")
        recorded = []
    added = [GameRecord.from_json(t) for t in st.session_state.get(SESSION_KEY, [])]
    for item in st.session_state.get(UPLOADS_KEY, []):
        try:
            added += _verified(item["digest"], item["name"], item["text"])
        except EngineError:  # verified when added; cannot fail again
            continue
    return recorded + [r for r in added if r.game == game]


@dataclass(frozen=True)
class Figures:
    games: int
    unfinished: int
    tables: list[StatTable]
    error: str | None = None


def _content_key(game: str) -> tuple:
    sims = st.session_state.get(SESSION_KEY, [])
    return (
        game,
        _stamp(game),
        tuple(item["digest"] for item in st.session_state.get(UPLOADS_KEY, [])),
        _digest("\n".join(sims)) if sims else "",
    )


@st.cache_data(show_spinner="Counting…", max_entries=32)
def _figures(key: tuple, _load) -> Figures:
    game = key[0]
    records = _load()
    if not records:
        return Figures(0, 0, [])
    seats = seats_frame(records)
    tables = [
        StatTable("Win rate by seat", win_rates(seats, "seat"), x="seat", y="win_rate"),
        StatTable("Win rate by bot", win_rates(seats, "bot"), x="bot", y="win_rate"),
        StatTable(
            "Game length (actions, chance outcomes included)",
            length_frame(records),
            x="actions",
            y="games",
        ),
    ]
    error = None
    try:
        tables += game_tables(game, records)
    except EngineError as exc:
        error = f"Could not compute the game's own figures: {exc}"
    return Figures(len(records), sum(r.result is None for r in records), tables, error)


def figures_for(game: str) -> Figures:
    """Every table of the page for ``game``, computed once per content of the records."""
    return _figures(_content_key(game), lambda: records_for(game))


def _add(records: list[GameRecord]) -> None:
    st.session_state.setdefault(SESSION_KEY, [])
    st.session_state[SESSION_KEY] += [r.to_json() for r in records]


def render_simulation_form(game_name: str) -> None:
    game = get_game(game_name)
    counts = player_counts(game)
    bots = sorted(game.bots)
    with st.form("stats_sim"):
        c1, c2, c3 = st.columns(3)
        n = c1.selectbox("Players", counts, index=default_count_index(game), key="stats_n")
        games = c2.number_input(f"Games (at most {MAX_BATCH})", 1, MAX_BATCH, 20, key="stats_games")
        seed = c3.number_input("First seed", 0, 10**9, 1000, key="stats_seed")
        cols = st.columns(min(4, max(counts)))
        chosen = [
            cols[s % len(cols)].selectbox(f"Seat {s}", bots, key=f"stats_bot{s}")
            for s in range(max(counts))
        ]
        rules = overrides_input("stats_rules")
        go_ = st.form_submit_button("Simulate and add", type="primary")
        st.caption(f"A batch stops after {SIM_SECONDS:g} seconds and keeps the games it finished.")
    if not go_:
        return
    kept = len(st.session_state.get(SESSION_KEY, []))
    if kept >= MAX_SESSION_GAMES:
        st.error(
            f"This session already holds {kept:,} simulated games, the most it keeps; "
            "reload the page to start afresh."
        )
        return
    wanted = min(int(games), MAX_SESSION_GAMES - kept)
    bar = st.progress(0.0, text="Simulating…")
    made = []
    deadline = time.monotonic() + SIM_SECONDS
    try:
        overrides = parse_overrides(game, rules)
        for i in range(wanted):
            made.append(simulate(game, int(seed) + i, chosen[: int(n)], **overrides))
            bar.progress((i + 1) / wanted, text=f"Simulated {i + 1} of {wanted}")
            if time.monotonic() > deadline and i + 1 < wanted:
                break
    except EngineError as exc:
        st.error(str(exc))
        return
    _add(made)
    if len(made) < int(games):
        st.warning(
            f"Added {len(made)} of the {int(games)} games asked for: a batch stops after "
            f"{SIM_SECONDS:g} seconds (or when the session is full). Simulate again with "
            f"first seed {int(seed) + len(made)} to continue."
        )
    else:
        st.success(f"Added {len(made)} simulated games.")


def render_uploads() -> None:
    upload = st.file_uploader(
        "Records (.json or .jsonl)", type=["json", "jsonl"], key="stats_upload"
    )
    sets = st.session_state.setdefault(UPLOADS_KEY, [])
    if sets:
        names = ", ".join(f"{s['name']} ({s['size'] / 1e6:.1f} MB)" for s in sets)
        c1, c2 = st.columns([3, 1])
        c1.caption(f"Uploaded in this session: {names}")
        if c2.button("Forget uploads", key="stats_forget"):
            st.session_state[UPLOADS_KEY] = []
            st.session_state.pop("stats_last_upload", None)
            st.rerun()
    if upload is None:
        return
    marker = f"{upload.name}:{upload.size}:{getattr(upload, 'file_id', '')}"
    if st.session_state.get("stats_last_upload") == marker:
        return
    if upload.size > MAX_BYTES:
        st.error(f"{upload.name}: {upload.size:,} bytes is over the {MAX_BYTES:,} byte limit.")
        return
    data = upload.getvalue()
    digest = _digest(data)
    if any(s["digest"] == digest for s in sets):
        st.session_state["stats_last_upload"] = marker
        st.info(f"{upload.name} is already counted (the same content was uploaded before).")
        return
    total = sum(s["size"] for s in sets) + len(data)
    if len(sets) >= MAX_UPLOAD_SETS or total > MAX_UPLOAD_BYTES:
        st.error(
            f"A session keeps at most {MAX_UPLOAD_SETS} uploaded files and "
            f"{MAX_UPLOAD_BYTES // 2**20} MiB in all; choose Forget uploads first."
        )
        return
    try:
        text = data.decode("utf-8")
        records = _verified(digest, upload.name, text)
    except UnicodeDecodeError:
        st.error(f"{upload.name}: not UTF-8 text; a record is JSON.")
        return
    except EngineError as exc:
        st.error(f"Refused: {exc}")
        return
    st.session_state["stats_last_upload"] = marker
    sets.append({"digest": digest, "name": upload.name, "size": len(data), "text": text})
    st.success(f"Added {len(records)} verified game(s) from {upload.name}.")


def show_table(table: StatTable, key: str) -> None:
    st.subheader(table.title)
    if table.note:
        st.caption(table.note)
    frame = table.frame
    if table.x and table.y and frame.height:
        trace = go.Bar if table.kind == "bar" else go.Scatter
        fig = go.Figure(trace(x=frame[table.x].to_list(), y=frame[table.y].to_list()))
        fig.update_layout(
            xaxis_title=table.x,
            yaxis_title=table.y,
            height=300,
            margin={"l": 10, "r": 10, "t": 10, "b": 10},
        )
        st.plotly_chart(fig, width="stretch", key=f"stats_fig_{key}")
    st.dataframe(frame, hide_index=True, width="stretch")
    st.download_button(
        "Download CSV",
        frame.write_csv(),
        file_name=f"{Path(key).name}.csv",
        mime="text/csv",
        key=f"stats_csv_{key}",
    )
