"""Follow a live game at a real table: enter each move and each chance outcome (card
drawn, die rolled) from the legal ones, with undo; the game is a record all along.

A game plugs in a :class:`LivePlugin`; its page is ``render_live(PLUGIN)``. The record is
kept in a server-side store keyed by an id in the URL (``?live=…``), so a page reload in
the same browser tab brings the game back.
"""

from __future__ import annotations

import secrets
from collections.abc import Callable
from dataclasses import dataclass

import streamlit as st

from dashboard.ui import default_count_index, overrides_input, parse_overrides, player_counts
from engine import CHANCE, EngineError, GameRecord, get_game
from engine.core.records import final_state, initial_state, result_of

MAX_STORED_GAMES = 500


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


@st.cache_resource
def _store() -> dict[str, str]:
    return {}


def _save(live_id: str, record: GameRecord) -> None:
    store = _store()
    if live_id not in store and len(store) >= MAX_STORED_GAMES:
        store.pop(next(iter(store)))
    store[live_id] = record.to_json()


def _load(key: str) -> tuple[str, GameRecord] | None:
    live_id = st.query_params.get(key) or st.session_state.get(key)
    if not live_id:
        return None
    text = _store().get(live_id)
    if text is None:
        return None
    st.session_state[key] = live_id
    return live_id, GameRecord.from_json(text)


def outcome_label(action, probability) -> str:
    return f"{action}  ·  {probability} ({float(probability):.1%})"


def _setup(plugin: LivePlugin, key: str) -> None:
    game = get_game(plugin.game)
    counts = player_counts(game)
    st.subheader("New game")
    with st.form(f"{key}_setup"):
        n = st.selectbox("Players", counts, index=default_count_index(game), key=f"{key}_n")
        names = [
            st.text_input(f"Seat {i} name", value=f"Player {i + 1}", key=f"{key}_name{i}")
            for i in range(max(counts))
        ]
        rules = overrides_input(f"{key}_rules")
        start = st.form_submit_button("Start the game", type="primary")
    if not start:
        return
    try:
        overrides = parse_overrides(game, rules)
        players = [name.strip() or f"Player {i + 1}" for i, name in enumerate(names[: int(n)])]
        record = GameRecord(
            game=plugin.game,
            players=players,
            actions=[],
            ruleset=overrides,
            meta={"made_by": "live game"},
        )
        initial_state(record)
    except EngineError as exc:
        st.error(str(exc))
        return
    live_id = secrets.token_urlsafe(8)
    _save(live_id, record)
    st.session_state[key] = live_id
    st.query_params[key] = live_id
    st.rerun()


def _stored(live_id: str) -> GameRecord:
    return GameRecord.from_json(_store()[live_id])


def _apply(live_id: str, text: str | None, key: str) -> None:
    # Read the widget and the game at click time: values bound at render time can be stale.
    if text is None:
        text = st.session_state.get(f"{key}_choice") or ""
    record = _stored(live_id)
    state = final_state(record, check_result=False)
    try:
        state.apply(text)
    except EngineError as exc:
        st.session_state[f"{key}_error"] = str(exc)
        return
    record.actions.append(str(state.history[-1]))
    record.result = result_of(state)
    _save(live_id, record)
    st.session_state.pop(f"{key}_error", None)


def _undo(live_id: str) -> None:
    record = _stored(live_id)
    if record.actions:
        record.actions.pop()
        record.result = None
        _save(live_id, record)


def _entry(plugin: LivePlugin, live_id: str, record: GameRecord, state, key: str) -> None:
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
        st.markdown(f"**{record.players[player]} (seat {player}) to act**")
        options = [str(a) for a in state.legal_actions()]
        st.selectbox("Move", options, key=f"{key}_choice")
    cols = st.columns(2)
    if player != CHANCE or outcomes:
        cols[0].button(
            "Apply",
            type="primary",
            on_click=_apply,
            args=(live_id, None, key),
            key=f"{key}_apply",
            width="stretch",
        )
    cols[1].button(
        "Undo",
        on_click=_undo,
        args=(live_id,),
        key=f"{key}_undo",
        disabled=not record.actions,
        width="stretch",
    )
    with st.expander("Type a move instead"):
        st.text_input("Action text", key=f"{key}_typed")
        st.button(
            "Apply typed move",
            on_click=lambda: _apply(live_id, st.session_state.get(f"{key}_typed", ""), key),
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
    loaded = _load(key)
    if loaded is None:
        _setup(plugin, key)
        return
    live_id, record = loaded
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
            winners = ", ".join(record.players[w] for w in state.winners())
            st.success(f"Game over — won by {winners}. Scores: {state.returns()}")
            st.button("Undo", on_click=_undo, args=(live_id,), key=f"{key}_undo_end")
        else:
            if plugin.advice is not None:
                with st.container(border=True):
                    plugin.advice(state)
            _entry(plugin, live_id, record, state, key)
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
            st.session_state.pop(key, None)
            st.query_params.pop(key, None)
            st.rerun()
