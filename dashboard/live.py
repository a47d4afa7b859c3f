"""Follow a live game at a real table: enter each move and each chance outcome (card
drawn, die rolled) from the legal ones, with undo; the game is a record all along.

A game plugs in a :class:`LivePlugin`; its page is ``render_live(PLUGIN)``. The record is
kept in a server-side store keyed by an id in the URL (``?live=…``), so a page reload in
the same browser tab brings the game back.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import streamlit as st

from dashboard.ui import (
    NAME_MAX_CHARS,
    callback,
    check_name,
    default_count_index,
    overrides_input,
    parse_overrides,
    plain,
    player_counts,
)
from engine import CHANCE, EngineError, GameRecord, get_game
from engine.core.records import final_state, initial_state, result_of
from engine.core.store import NotStored, WrongKind, default_store


@dataclass(frozen=True)
class LivePlugin:
    """What a game supplies to the live page.

    - ``render_state(state, seat)``: draw the current state (``seat=None``: everything);
    - ``advice(state)``: draw help for the seat to act (odds, suggestions) or nothing;
    - ``explorer_page``: the game's explorer script, for "open in the explorer".
    """

    game: str
    render_state: Callable[[object, int | None], None]
    advice: Callable[[object], None] | None = None
    explorer_page: str | None = None


# --- the durable store (engine/core/store.py): pages never touch SQL ------------------------


def _kind(game: str) -> str:
    return f"live:{game}"


def _read(game: str, live_id: str) -> tuple[GameRecord, int]:
    """The stored record and its version; :class:`StoreError` if it is not there."""
    text, version = default_store().load(_kind(game), live_id)
    record = GameRecord.from_json(text)
    if record.game != game:  # a hand-edited store: refuse rather than crash
        raise WrongKind(f"this link is for a {record.game!r} game, not {game!r}", record.game, game)
    return record, version


def _write(game: str, live_id: str, record: GameRecord, seen_version: int) -> int:
    return default_store().save(_kind(game), live_id, record.to_json(), seen_version)


def _forget(key: str) -> None:
    st.session_state.pop(key, None)
    st.query_params.pop(key, None)


def _load(game: str, key: str) -> tuple[str, GameRecord, int] | None:
    """The game named in the URL (or this tab's last one), or ``None`` with a message
    when it cannot be shown; a new game can then be set up."""
    live_id = st.query_params.get(key) or st.session_state.get(key)
    if not live_id:
        return None
    try:
        record, version = _read(game, live_id)
    except (NotStored, WrongKind) as exc:
        _forget(key)
        st.warning(f"{str(exc)[:1].upper()}{str(exc)[1:]}. Start a new game below.")
        return None
    st.session_state[key] = live_id
    if st.query_params.get(key) != live_id:
        st.query_params[key] = live_id
    return live_id, record, version


def outcome_label(action, probability) -> str:
    return f"{action}  ·  {probability} ({float(probability):.1%})"


def _setup(plugin: LivePlugin, key: str) -> None:
    game = get_game(plugin.game)
    counts = player_counts(game)
    st.subheader("New game")
    with st.form(f"{key}_setup"):
        n = st.selectbox("Players", counts, index=default_count_index(game), key=f"{key}_n")
        names = [
            st.text_input(
                f"Seat {i} name",
                value=f"Player {i + 1}",
                max_chars=NAME_MAX_CHARS,
                key=f"{key}_name{i}",
            )
            for i in range(max(counts))
        ]
        rules = overrides_input(f"{key}_rules")
        start = st.form_submit_button("Start the game", type="primary")
    if not start:
        return
    try:
        overrides = parse_overrides(game, rules)
        players = [
            check_name(name, f"seat {i} name", f"Player {i + 1}")
            for i, name in enumerate(names[: int(n)])
        ]
        record = GameRecord(
            game=plugin.game,
            players=players,
            actions=[],
            ruleset=overrides,
            meta={"made_by": "live game"},
        )
        initial_state(record)
        live_id = default_store().create(_kind(plugin.game), record.to_json())
    except EngineError as exc:
        st.error(str(exc))
        return
    st.session_state[key] = live_id
    st.session_state.pop(f"{key}_error", None)
    st.query_params[key] = live_id
    st.rerun()


def _apply(game: str, live_id: str, seen: int, text: str | None, key: str) -> None:
    """Apply a move to the game as this tab last saw it (version ``seen``)."""
    # Read the widget at click time: values bound at render time can be stale.
    if text is None:
        text = st.session_state.get(f"{key}_choice") or ""
    st.session_state.pop(f"{key}_error", None)
    try:
        record, version = _read(game, live_id)
        if version != seen:
            _write(game, live_id, record, seen)  # raises StaleWrite, in the store's words
        state = final_state(record, check_result=False)
        state.apply(str(text))
        record.actions.append(str(state.history[-1]))
        record.result = result_of(state)
        _write(game, live_id, record, seen)
    except EngineError as exc:
        st.session_state[f"{key}_error"] = str(exc)


def _undo(game: str, live_id: str, seen: int, key: str) -> None:
    st.session_state.pop(f"{key}_error", None)
    try:
        record, _ = _read(game, live_id)
        if record.actions:
            record.actions.pop()
            record.result = None
            _write(game, live_id, record, seen)
    except EngineError as exc:
        st.session_state[f"{key}_error"] = str(exc)


def _entry(
    plugin: LivePlugin, live_id: str, version: int, record: GameRecord, state, key: str
) -> None:
    player = state.current_player()
    if player == CHANCE:
        try:
            outcomes = state.chance_outcomes()
        except EngineError:
            st.warning("This chance event (a whole deal) is entered as text below.")
            outcomes = []
        st.markdown("**What happened?** (chance)")
        if outcomes:
            labels = {str(a): outcome_label(a, p) for a, p in outcomes}
            st.selectbox(
                "Outcome", list(labels), format_func=labels.__getitem__, key=f"{key}_choice"
            )
    else:
        st.markdown(f"**{plain(record.players[player], NAME_MAX_CHARS)} (seat {player}) to act**")
        options = [str(a) for a in state.legal_actions()]
        st.selectbox("Move", options, key=f"{key}_choice")
    cols = st.columns(2)
    if player != CHANCE or outcomes:
        cols[0].button(
            "Apply",
            type="primary",
            on_click=callback(_apply),
            args=(plugin.game, live_id, version, None, key),
            key=f"{key}_apply",
            width="stretch",
        )
    cols[1].button(
        "Undo",
        on_click=callback(_undo),
        args=(plugin.game, live_id, version, key),
        key=f"{key}_undo",
        disabled=not record.actions,
        width="stretch",
    )
    with st.expander("Type a move instead"):
        st.text_input("Action text", max_chars=200, key=f"{key}_typed")
        st.button(
            "Apply typed move",
            on_click=callback(
                lambda: _apply(
                    plugin.game, live_id, version, st.session_state.get(f"{key}_typed", ""), key
                )
            ),
            key=f"{key}_apply_typed",
        )


def render_live(plugin: LivePlugin) -> None:
    """The whole live-game page for one game."""
    game = get_game(plugin.game)
    key = f"live_{plugin.game}"
    st.title(f"{game.title}: live game")
    st.caption(
        "Enter what happens at your table, move by move; only legal moves are offered. "
        "The game survives a page reload (its id is in the URL)."
    )
    try:
        loaded = _load(plugin.game, key)
    except EngineError as exc:  # the store itself is unusable (disk full, bad folder)
        st.error(f"Live games cannot be stored here: {exc}")
        return
    if loaded is None:
        _setup(plugin, key)
        return
    live_id, record, version = loaded
    try:
        state = final_state(record, check_result=False)
    except EngineError as exc:
        st.error(f"The stored game no longer replays: {exc}")
        return
    error = st.session_state.get(f"{key}_error")
    if error:
        st.error(error)

    left, right = st.columns([3, 2])
    with left:
        st.markdown(f"**Move {len(record.actions)}** · {state.describe_turn()}")
        plugin.render_state(state, None)
    with right:
        if state.is_terminal():
            winners = ", ".join(plain(record.players[w], NAME_MAX_CHARS) for w in state.winners())
            st.success(f"Game over — won by {winners}. Scores: {state.returns()}")
            st.button(
                "Undo",
                on_click=callback(_undo),
                args=(plugin.game, live_id, version, key),
                key=f"{key}_undo_end",
            )
        else:
            if plugin.advice is not None:
                with st.container(border=True):
                    plugin.advice(state)
            _entry(plugin, live_id, version, record, state, key)
        with st.expander(f"Moves so far ({len(record.actions)})"):
            st.code("\n".join(f"{i + 1}. {a}" for i, a in enumerate(record.actions)) or "—")
        st.download_button(
            "Download the record (.json)",
            record.to_json(indent=1),
            file_name=f"{plugin.game}-live.json",
            mime="application/json",
            key=f"{key}_download",
        )
        if plugin.explorer_page and st.button("Open in the explorer", key=f"{key}_explore"):
            st.session_state[f"xp_{plugin.game}_live"] = record.to_json()
            st.session_state[f"xp_{plugin.game}_source"] = "Live game"
            st.switch_page(plugin.explorer_page)
        if st.button("End and start a new game", key=f"{key}_new"):
            _forget(key)
            st.rerun()
