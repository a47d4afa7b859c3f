"""The game explorer shared by every game: choose a recorded, simulated or uploaded game,
then step through it beside the game's own state view and charts.

A game plugs in an :class:`ExplorerPlugin`; its page is ``render_explorer(PLUGIN)``.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import plotly.graph_objects as go
import polars as pl
import streamlit as st

from dashboard.ui import (
    NAME_MAX_CHARS,
    callback,
    default_count_index,
    overrides_input,
    parse_overrides,
    plain,
    player_counts,
)
from engine import EngineError, GameRecord, get_game, parse_records, simulate, states
from engine.core.records import MAX_BYTES, parse_jsonl

DATA_DIR = Path(__file__).resolve().parents[1] / "data"
MAX_SIMULATED_PLAYERS = 6


@dataclass(frozen=True)
class ExplorerPlugin:
    """What a game supplies to the explorer.

    - ``render_state(state, seat)``: draw one state with ``st`` (``seat=None`` shows
      everything, a seat shows what that seat may see);
    - ``history(record)``: a polars frame, one row per step (step 0 = before any action)
      with at least ``step``, ``action`` and ``actor`` columns;
    - ``charts(history, step)``: plotly figures with the current step marked.
    """

    game: str
    render_state: Callable[[object, int | None], None]
    history: Callable[[GameRecord], pl.DataFrame]
    charts: Callable[[pl.DataFrame, int], list[go.Figure]]


# --- cached loading -------------------------------------------------------------------------


@st.cache_data(show_spinner=False, max_entries=32)
def _load_file(path: str, mtime: float) -> list[str]:
    return [
        r.to_json()
        for r in parse_jsonl(Path(path).read_text(encoding="utf-8"), source=Path(path).name)
    ]


@st.cache_resource(show_spinner="Replaying the game…", max_entries=8)
def _states(record_json: str):
    return states(GameRecord.from_json(record_json))


@st.cache_data(show_spinner=False, max_entries=16)
def _history(game: str, record_json: str, _fn) -> pl.DataFrame:
    return _fn(GameRecord.from_json(record_json))


def recorded_files(game: str) -> list[Path]:
    folder = DATA_DIR / game
    return sorted(folder.glob("*.jsonl")) if folder.is_dir() else []


def _summary(record: GameRecord) -> str:
    winners = (record.result or {}).get("winners")
    won = ", ".join(f"seat {w}" for w in winners) if winners else "unfinished"
    names = " vs ".join(plain(p, NAME_MAX_CHARS) for p in record.players)
    return f"{names} · seed {record.seed} · won by {won}"


# --- choosing a game -------------------------------------------------------------------------


def _choose_recorded(game: str, key: str) -> GameRecord | None:
    files = recorded_files(game)
    if not files:
        st.info("No recorded games for this game in `data/` yet: simulate one instead.")
        return None
    path = st.selectbox("File", files, format_func=lambda p: p.name, key=f"{key}_file")
    try:
        records = _load_file(str(path), path.stat().st_mtime)
    except EngineError as exc:
        st.error(str(exc))
        return None
    i = st.number_input(f"Game number (1–{len(records)})", 1, len(records), 1, key=f"{key}_num")
    record = GameRecord.from_json(records[int(i) - 1])
    st.caption(_summary(record))
    return record


def _choose_simulated(game_name: str, key: str) -> GameRecord | None:
    game = get_game(game_name)
    counts = player_counts(game)
    with st.form(f"{key}_sim"):
        c1, c2 = st.columns(2)
        seed = c1.number_input("Seed", 0, 10**9, 1, key=f"{key}_seed")
        n = c2.selectbox("Players", counts, index=default_count_index(game), key=f"{key}_n")
        bots = sorted(game.bots)
        default_bot = "heuristic" if "heuristic" in bots else bots[0]
        chosen = []
        cols = st.columns(min(MAX_SIMULATED_PLAYERS, max(counts)))
        for seat in range(max(counts)):
            chosen.append(
                cols[seat % len(cols)].selectbox(
                    f"Seat {seat}", bots, index=bots.index(default_bot), key=f"{key}_bot{seat}"
                )
            )
        rules = overrides_input(f"{key}_rules")
        go_ = st.form_submit_button("Simulate", type="primary")
    if go_:
        try:
            overrides = parse_overrides(game, rules)
            record = simulate(game, int(seed), chosen[: int(n)], **overrides)
        except EngineError as exc:
            st.error(str(exc))
            return None
        st.session_state[f"{key}_simulated"] = record.to_json()
    text = st.session_state.get(f"{key}_simulated")
    if text is None:
        st.caption(
            "Choose seed, players and bots (seats beyond the player count are unused), "
            "then Simulate."
        )
        return None
    record = GameRecord.from_json(text)
    st.caption(_summary(record))
    return record


def _choose_uploaded(game: str, key: str) -> GameRecord | None:
    upload = st.file_uploader(
        "A record (.json) or many (.jsonl)", type=["json", "jsonl"], key=f"{key}_upload"
    )
    if upload is None:
        return None
    if upload.size > MAX_BYTES:
        st.error(f"{upload.name}: {upload.size} bytes is over the {MAX_BYTES} byte limit.")
        return None
    try:
        text = upload.getvalue().decode("utf-8")
        records = parse_records(text, source=upload.name, verify=True)
    except UnicodeDecodeError:
        st.error(f"{upload.name}: not UTF-8 text; a record is JSON.")
        return None
    except EngineError as exc:
        st.error(f"Refused: {exc}")
        return None
    records = [r for r in records if r.game == game]
    if not records:
        st.error(f"{upload.name}: no {get_game(game).title} game in this file.")
        return None
    i = st.number_input(f"Game number (1–{len(records)})", 1, len(records), 1, key=f"{key}_upnum")
    record = records[int(i) - 1]
    st.success(f"{len(records)} game(s) verified by replay. " + _summary(record))
    return record


def _choose_live(game: str, key: str) -> GameRecord | None:
    record = GameRecord.from_json(st.session_state[f"{key}_live"])
    st.caption("The game entered on the live page, as far as it has gone. " + _summary(record))
    return record


# --- stepping ---------------------------------------------------------------------------------


def _step_controls(key: str, last: int) -> int:
    skey = f"{key}_step"
    jump = st.session_state.pop(f"{key}_jump", None)
    if jump is not None:  # a click in the move list, applied before the slider exists
        st.session_state[skey] = jump
    if st.session_state.get(skey, 0) > last:
        st.session_state[skey] = last

    @callback
    def move(to):
        st.session_state[skey] = max(0, min(last, to(st.session_state.get(skey, 0))))

    cols = st.columns(4)
    cols[0].button(
        "First",
        icon=":material/first_page:",
        on_click=move,
        args=(lambda s: 0,),
        key=f"{key}_first",
        width="stretch",
    )
    cols[1].button(
        "Prev",
        icon=":material/chevron_left:",
        on_click=move,
        args=(lambda s: s - 1,),
        key=f"{key}_prev",
        width="stretch",
    )
    cols[2].button(
        "Next",
        icon=":material/chevron_right:",
        on_click=move,
        args=(lambda s: s + 1,),
        key=f"{key}_next",
        width="stretch",
    )
    cols[3].button(
        "Last",
        icon=":material/last_page:",
        on_click=move,
        args=(lambda s: last,),
        key=f"{key}_last",
        width="stretch",
    )
    if last > 0:
        st.slider("Step", 0, last, key=skey)
    else:
        st.session_state[skey] = 0
    return st.session_state[skey]


def _move_list(history: pl.DataFrame, step: int, key: str, players: list[str]) -> None:
    def who(a: int) -> str:
        if a == -1:
            return "chance"
        if a < 0:
            return ""
        return f"{a} · {players[a]}" if a < len(players) else str(a)

    extra = [c for c in ("event",) if c in history.columns]  # what happened, if the game says
    moves = history.select(
        pl.when(pl.col("step") == step).then(pl.lit("▶")).otherwise(pl.lit("")).alias(" "),
        "step",
        pl.col("actor").map_elements(who, return_dtype=pl.String).alias("who"),
        "action",
        *extra,
    )
    event = st.dataframe(
        moves,
        hide_index=True,
        height=360,
        on_select="rerun",
        selection_mode="single-row",
        key=f"{key}_moves",
        width="stretch",
    )
    rows = event.selection.rows if event is not None else []
    picked = rows[0] if rows else None
    # A click jumps once; the selection stays in the widget, so only act when it changes.
    if picked is not None and picked != st.session_state.get(f"{key}_picked"):
        st.session_state[f"{key}_picked"] = picked
        st.session_state[f"{key}_jump"] = int(moves["step"][picked])
        st.rerun()
    if picked is None:
        st.session_state[f"{key}_picked"] = None


def render_explorer(plugin: ExplorerPlugin) -> None:
    """The whole explorer UI for one game."""
    game = get_game(plugin.game)
    key = f"xp_{plugin.game}"
    st.title(f"{game.title}: games")
    st.caption("Step through a recorded, simulated or uploaded game, move by move.")

    source = (
        st.segmented_control(
            "Game source",
            ["Recorded", "Simulate", "Upload"],
            default="Recorded",
            key=f"{key}_source",
        )
        or "Recorded"
    )
    chooser = {
        "Recorded": _choose_recorded,
        "Simulate": _choose_simulated,
        "Upload": _choose_uploaded,
    }[source]
    record = chooser(plugin.game, key)
    if record is None:
        return
    record_json = record.to_json()
    if st.session_state.get(f"{key}_current") != record_json:
        st.session_state[f"{key}_current"] = record_json
        st.session_state[f"{key}_step"] = 0
        st.session_state[f"{key}_picked"] = None

    try:
        all_states = _states(record_json)
        history = _history(plugin.game, record_json, plugin.history)
    except EngineError as exc:
        st.error(f"This record does not replay: {exc}")
        return

    last = len(all_states) - 1
    step = _step_controls(key, last)
    state = all_states[step]
    action = record.actions[step - 1] if step else "(start)"
    st.markdown(f"**Step {step} of {last}** — `{action}` · {state.describe_turn()}")

    seats = ["Everything (omniscient)"] + [
        f"Seat {i} · {name}" for i, name in enumerate(record.players)
    ]
    view = st.selectbox(
        "View as", range(len(seats)), format_func=seats.__getitem__, key=f"{key}_view"
    )
    left, right = st.columns([3, 2])
    with left:
        plugin.render_state(state, None if view == 0 else view - 1)
    with right:
        st.markdown("**Moves** (click one to jump there)")
        _move_list(history, step, key, record.players)
        st.download_button(
            "Download this record (.json)",
            record.to_json(indent=1),
            file_name=f"{plugin.game}-seed{record.seed}.json",
            mime="application/json",
            key=f"{key}_download",
        )
    for fig in plugin.charts(history, step):
        st.plotly_chart(fig, width="stretch")
