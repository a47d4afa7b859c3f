"""Widgets of the statistics page: loading, simulating and uploading records, and
drawing a table with its chart and CSV download."""

from __future__ import annotations

from pathlib import Path

import plotly.graph_objects as go
import streamlit as st

from dashboard.explorer import DATA_DIR
from dashboard.ui import default_count_index, overrides_input, parse_overrides, player_counts
from engine import EngineError, GameRecord, get_game, parse_records, simulate
from engine.core.records import MAX_BYTES, parse_jsonl
from engine.stats import StatTable

MAX_BATCH = 200  # games per simulation request, so a request cannot hang the app
SESSION_KEY = "stats_records"


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


def records_for(game: str) -> list[GameRecord]:
    """The recorded games of ``game`` plus those added in this session."""
    try:
        recorded = [GameRecord.from_json(t) for t in _recorded(game, _stamp(game))]
    except EngineError as exc:
        st.error(f"A file in data/{game} could not be read: {exc}")
        recorded = []
    added = [GameRecord.from_json(t) for t in st.session_state.get(SESSION_KEY, [])]
    return recorded + [r for r in added if r.game == game]


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
    if not go_:
        return
    bar = st.progress(0.0, text="Simulating…")
    made = []
    try:
        overrides = parse_overrides(game, rules)
        for i in range(int(games)):
            made.append(simulate(game, int(seed) + i, chosen[: int(n)], **overrides))
            bar.progress((i + 1) / int(games), text=f"Simulated {i + 1} of {int(games)}")
    except EngineError as exc:
        st.error(str(exc))
        return
    _add(made)
    st.success(f"Added {len(made)} simulated games.")


def render_uploads() -> None:
    upload = st.file_uploader(
        "Records (.json or .jsonl)", type=["json", "jsonl"], key="stats_upload"
    )
    if upload is None:
        return
    marker = f"{upload.name}:{upload.size}:{getattr(upload, 'file_id', '')}"
    if st.session_state.get("stats_last_upload") == marker:
        return
    if upload.size > MAX_BYTES:
        st.error(f"{upload.name}: {upload.size} bytes is over the {MAX_BYTES} byte limit.")
        return
    try:
        records = parse_records(upload.getvalue().decode("utf-8"), source=upload.name)
    except UnicodeDecodeError:
        st.error(f"{upload.name}: not UTF-8 text; a record is JSON.")
        return
    except EngineError as exc:
        st.error(f"Refused: {exc}")
        return
    st.session_state["stats_last_upload"] = marker
    _add(records)
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
