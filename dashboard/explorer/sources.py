"""Where the explorer's game comes from: a recorded file of data/<game>/, a game simulated
here, an uploaded record, or the game of the live page; the control that chooses."""

from __future__ import annotations

from pathlib import Path

import streamlit as st

from dashboard.explorer.url import SOURCES, drop_url, refuse_game, url_in, url_out
from dashboard.explorer.words import file_label, player, summary
from dashboard.game_ui import GameUI
from dashboard.i18n import N_, _, error_text, ngettext
from dashboard.ui import (
    default_count_index,
    overrides_input,
    parse_overrides,
    plain_label,
    player_counts,
)
from engine import EngineError, GameRecord, get_game, parse_records, simulate
from engine.core.records import MAX_BYTES, parse_jsonl

DATA_DIR = Path(__file__).resolve().parents[2] / "data"


MAX_SIMULATED_PLAYERS = 6


LIVE = "Live game"


#: the source control's values (English, kept in the session) in the page's words
SOURCE_WORDS = {
    "Recorded": N_("Recorded"),
    "Simulate": N_("Simulate"),
    "Upload": N_("Upload"),
    LIVE: N_("Live game"),
}


@st.cache_data(show_spinner=False, max_entries=32)
def _load_file(path: str, mtime: float) -> list[str]:
    return [
        r.to_json()
        for r in parse_jsonl(Path(path).read_text(encoding="utf-8"), source=Path(path).name)
    ]


def recorded_files(game: str) -> list[Path]:
    folder = DATA_DIR / game
    return sorted(folder.glob("*.jsonl")) if folder.is_dir() else []


def _choose_recorded(plugin: GameUI, key: str) -> GameRecord | None:
    game = plugin.game
    paths = {p.name: p for p in recorded_files(game)}
    if not paths:
        st.info(_("No recorded games for this game yet: simulate one instead."))
        return None
    if st.session_state.get(f"{key}_file") not in paths:
        st.session_state[f"{key}_file"] = next(iter(paths))
    c1, c2 = st.columns([3, 2])
    name = c1.selectbox(_("File"), list(paths), format_func=file_label, key=f"{key}_file")
    path = paths[name]
    try:
        records = _load_file(str(path), path.stat().st_mtime)
    except EngineError as exc:
        st.error(error_text(exc))
        return None
    num = st.session_state.get(f"{key}_num")
    if not isinstance(num, int) or not 1 <= num <= len(records):
        if isinstance(num, int):  # a link's number beyond the file: said, not hidden
            refuse_game(key, num, len(records))
        st.session_state[f"{key}_num"] = 1
    i = c2.number_input(
        _("Game number (1–{n})").format(n=len(records)), 1, len(records), key=f"{key}_num"
    )
    url_out(key, src="recorded", file=name, game=int(i))
    record = GameRecord.from_json(records[int(i) - 1])
    st.caption(summary(record))
    return record


def _choose_simulated(plugin: GameUI, key: str) -> GameRecord | None:
    game = get_game(plugin.game)
    counts = player_counts(game)
    url_out(key, src="simulate")
    drop_url("file", "game")
    with st.form(f"{key}_sim", enter_to_submit=False):  # no Streamlit hint in English
        c1, c2 = st.columns(2)
        seed = c1.number_input(_("Seed"), 0, 10**9, 1, key=f"{key}_seed")
        n = c2.selectbox(_("Players"), counts, index=default_count_index(game), key=f"{key}_n")
        bots = sorted(game.bots)
        default_bot = "heuristic" if "heuristic" in bots else bots[0]
        chosen = []
        cols = st.columns(min(MAX_SIMULATED_PLAYERS, max(counts)))
        for seat in range(max(counts)):
            chosen.append(
                cols[seat % len(cols)].selectbox(
                    player(seat),
                    bots,
                    index=bots.index(default_bot),
                    format_func=plain_label,
                    key=f"{key}_bot{seat}",
                )
            )
        rules = overrides_input(f"{key}_rules")
        go_ = st.form_submit_button(_("Simulate"), type="primary")
    if go_:
        try:
            overrides = parse_overrides(game, rules)
            record = simulate(game, int(seed), chosen[: int(n)], **overrides)
        except EngineError as exc:
            st.error(error_text(exc))
            return None
        st.session_state[f"{key}_simulated"] = record.to_json()
    text = st.session_state.get(f"{key}_simulated")
    if text is None:
        st.caption(
            _(
                "Choose seed, players and bots (players beyond the player count are unused), "
                "then Simulate."
            )
        )
        return None
    record = GameRecord.from_json(text)
    st.caption(summary(record))
    return record


def _choose_uploaded(plugin: GameUI, key: str) -> GameRecord | None:
    url_out(key, src="upload")
    drop_url("file", "game")
    upload = st.file_uploader(
        _("A record (.json) or many (.jsonl)"), type=["json", "jsonl"], key=f"{key}_upload"
    )
    if upload is None:
        return None
    if upload.size > MAX_BYTES:
        st.error(
            _("{file}: {size} bytes is over the {limit} byte limit.").format(
                file=upload.name, size=upload.size, limit=MAX_BYTES
            )
        )
        return None
    try:
        text = upload.getvalue().decode("utf-8")
        records = parse_records(text, source=upload.name, verify=True)
    except UnicodeDecodeError:
        st.error(_("{file}: not UTF-8 text; a record is JSON.").format(file=upload.name))
        return None
    except EngineError as exc:
        st.error(_("Refused: {error}").format(error=error_text(exc)))
        return None
    records = [r for r in records if r.game == plugin.game]
    if not records:
        st.error(
            _("{file}: no {game} game in this file.").format(
                file=upload.name, game=plugin.title_text()
            )
        )
        return None
    i = st.number_input(
        _("Game number (1–{n})").format(n=len(records)), 1, len(records), 1, key=f"{key}_upnum"
    )
    record = records[int(i) - 1]
    verified = ngettext(
        "{n} game(s) verified by replay.", "{n} game(s) verified by replay.", len(records)
    ).format(n=len(records))
    st.success(f"{verified} " + summary(record))
    return record


def _choose_live(plugin: GameUI, key: str) -> GameRecord | None:
    drop_url("src", "file", "game")
    record = GameRecord.from_json(st.session_state[f"{key}_live"])
    st.caption(
        _("The game entered on the live page, as far as it has gone.") + " " + summary(record)
    )
    return record


def choose_record(plugin: GameUI, key: str) -> GameRecord | None:
    """The source control (recorded, simulate, upload, and the live page's game when it
    sent one) and the chosen source's pickers; the record chosen, or ``None`` yet."""
    files = [p.name for p in recorded_files(plugin.game)]
    url_in(key, files)
    labels = list(SOURCES.values()) + ([LIVE] if f"{key}_live" in st.session_state else [])
    # A click on the chosen source must not leave the page without one: the control
    # refuses to deselect (required), and an empty value still keeps the last choice.
    last = st.session_state.get(f"{key}_source_last")
    if st.session_state.get(f"{key}_source") not in labels:
        st.session_state[f"{key}_source"] = last if last in labels else labels[0]
    source = st.segmented_control(
        _("Game source"),
        labels,
        required=True,
        format_func=lambda v: _(SOURCE_WORDS.get(v) or str(v)),
        key=f"{key}_source",
    )
    if source not in labels:
        source = last if last in labels else labels[0]
    st.session_state[f"{key}_source_last"] = source
    chooser = {
        "Recorded": _choose_recorded,
        "Simulate": _choose_simulated,
        "Upload": _choose_uploaded,
        LIVE: _choose_live,
    }[source]
    return chooser(plugin, key)
