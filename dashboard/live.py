"""Follow a live game at a real table: one tap per event. A chance event (card drawn, die
rolled) is a grid of buttons, one per possible outcome with its probability; a move is a
button among the legal ones, grouped by kind. Undo takes the last event back; the game is
a record all along.

A game plugs in its :class:`dashboard.game_ui.GameUI`; its page is
``render_live(game_ui("<game>"))``. The record is
kept in a server-side store keyed by an id in the URL (``?live=…``), so a page reload in
the same browser tab brings the game back. The board, the advice and the buttons are one
``st.fragment``: a tap reruns only them.
"""

from __future__ import annotations

import os
import re

import streamlit as st

from dashboard.game_ui import GameUI, Group
from dashboard.i18n import _, current, error_text
from dashboard.store import (
    Damaged,
    NotStored,
    Opened,
    StoredDocument,
    WrongKind,
    describe_kind,
    stored_document,
)
from dashboard.ui import (
    NAME_MAX_CHARS,
    callback,
    check_name,
    crash_message,
    default_count_index,
    overrides_input,
    parse_overrides,
    plain,
    player_counts,
    show_callback_error,
)
from engine import CHANCE, EngineError, GameRecord, get_game
from engine.core.records import final_state, initial_state, result_of

# --- the durable store (dashboard/store.py): pages never touch SQL ------------------------


def _document(game: str, key: str) -> StoredDocument[GameRecord]:
    """Live games of ``game``, under ``?key=…``: a record of that game."""

    def decode(text: str) -> GameRecord:
        record = GameRecord.from_json(text)
        if record.game != game:  # a hand-edited store: refuse rather than crash
            raise WrongKind.coded(
                "store.wrong_kind",
                "this link is for {found}, not {wanted}",
                found=describe_kind(f"live:{record.game}"),
                wanted=describe_kind(f"live:{game}"),
            )
        return record

    return stored_document(
        f"live:{game}",
        key,
        decode,
        GameRecord.to_json,
        forget_also=(f"{key}_confirm_end",),
    )


def _load(game: str, key: str) -> Opened[GameRecord] | None:
    """The game named in the URL (or this tab's last one), or ``None`` with a message
    when it cannot be shown; a new game can then be set up."""
    try:
        return _document(game, key).open()
    except (NotStored, WrongKind, Damaged) as exc:
        detail = f"{error_text(exc)[:1].upper()}{error_text(exc)[1:]}".rstrip(".")
        st.warning(
            _(
                "This game link does not open a game here: {detail}. Links to live games "
                "stay valid while the game is stored on this server. Start a new game below."
            ).format(detail=detail)
        )
        return None


def _state(key: str, live_id: str, version: int, record: GameRecord):
    """The record's final state, replayed once per stored version (cached in the session:
    a tap then costs one ``apply``, not a replay of the whole game)."""
    cached = st.session_state.get(f"{key}_state")
    if cached and cached[0] == live_id and cached[1] == version:
        return cached[2]
    state = final_state(record, check_result=False)
    st.session_state[f"{key}_state"] = (live_id, version, state)
    return state


# --- button keys and looks -------------------------------------------------------------------


def button_key(key: str, kind: str, text: str) -> str:
    """The widget key of the button for action ``text`` (``kind``: ``o`` chance outcome,
    ``m`` move); made of letters, digits, ``_`` and ``-`` so CSS can pick it."""
    slug = re.sub(r"[^A-Za-z0-9]", lambda m: f"-{ord(m.group()):x}-", str(text))
    return f"{key}_{kind}_{slug}"


def percent(probability) -> str:
    p = float(probability)
    return f"{p:.0%}" if p >= 0.095 else f"{p:.1%}"


def outcome_label(action, probability) -> str:
    return f"{action}  ·  {probability} ({float(probability):.1%})"


def _css(rules: list[tuple[str, str]]) -> None:
    """Style buttons by their key (Streamlit gives each keyed widget the class
    ``st-key-<key>``). The colours hold when hovered, pressed or focused too: on a touch
    screen the hover stays where the finger was, so the next button drawn there would
    otherwise look empty; a hover only darkens a little."""
    states = ("", ":hover", ":active", ":focus", ":focus-visible")
    body = "".join(
        ",".join(f".st-key-{k} button{s}" for s in states) + f"{{{css}}}"
        f".st-key-{k} button:hover{{filter:brightness(0.92)}}"
        for k, css in rules
        if css
    )
    if body:
        st.html(f"<style>{body}</style>")


# --- set-up ------------------------------------------------------------------------------------


def _setup(plugin: GameUI, key: str) -> None:
    game = get_game(plugin.game)
    counts = player_counts(game)
    st.subheader(_("New game"))
    n = st.selectbox(_("Players"), counts, index=default_count_index(game), key=f"{key}_n")
    names = [
        st.text_input(
            _("Player {n} name").format(n=i + 1),
            placeholder=_("Player {n}").format(n=i + 1),  # typing replaces it, never appends
            max_chars=NAME_MAX_CHARS,
            key=f"{key}_name{i}",
        )
        for i in range(int(n))
    ]
    rules = overrides_input(f"{key}_rules")
    if not st.button(_("Start the game"), type="primary", key=f"{key}_start"):
        return
    try:
        overrides = parse_overrides(game, rules)
        players = [
            check_name(
                name,
                _("player {n} name").format(n=i + 1),
                _("Player {n}").format(n=i + 1),
            )
            for i, name in enumerate(names)
        ]
        record = GameRecord(
            game=plugin.game,
            players=players,
            actions=[],
            ruleset=overrides,
            meta={"made_by": "live game"},
        )
        initial_state(record)
        _document(plugin.game, key).create(record)
    except EngineError as exc:
        st.error(error_text(exc))
        return
    st.session_state.pop(f"{key}_error", None)
    st.rerun()


# --- changing the game ----------------------------------------------------------------------------


def _apply(game: str, live_id: str, seen: int, text: str | None, key: str) -> None:
    """Apply a move to the game as this tab last saw it (version ``seen``)."""
    if text is None:  # the typed box, read at click time
        text = st.session_state.get(f"{key}_typed") or ""
    st.session_state.pop(f"{key}_error", None)
    try:
        document = _document(game, key)
        opened = document.read(live_id)
        document.check_fresh(seen, opened.version)
        record = opened.doc
        state = _state(key, live_id, opened.version, record).clone()
        state.apply(str(text))
        record.actions.append(str(state.history[-1]))
        record.result = result_of(state)
        saved = document.save(opened, record)
        st.session_state[f"{key}_state"] = (live_id, saved.version, state)
    except EngineError as exc:
        st.session_state[f"{key}_error"] = error_text(exc)


def _undo(game: str, live_id: str, seen: int, key: str) -> None:
    st.session_state.pop(f"{key}_error", None)
    try:
        document = _document(game, key)
        opened = document.read(live_id)
        record = opened.doc
        if record.actions:
            record.actions.pop()
            record.result = None
            document.save(Opened(live_id, record, seen), record)
    except EngineError as exc:
        st.session_state[f"{key}_error"] = error_text(exc)


# --- the buttons ------------------------------------------------------------------------------


def draw_groups(groups: list[Group], on_tap, key: str) -> None:
    """Each group: its title and picture, then its buttons in a wrapping row."""
    for i, (title, picture, choices) in enumerate(groups):
        if title or picture:
            head = st.container(horizontal=True, gap="small", vertical_alignment="center")
            if picture:
                head.html(picture, width="content")
            if title:
                head.markdown(title, width="content")
        row = st.container(horizontal=True, gap="small", key=f"{key}_group{i}")
        for action, label, highlighted in choices:
            text = str(action)
            row.button(
                label,
                key=button_key(key, "m", text),
                type="primary" if highlighted else "secondary",
                on_click=on_tap,
                args=(text,),
            )


def _chance_grid(plugin: GameUI, state, on_tap, key: str) -> bool:
    """The outcome buttons of a chance event; False when its outcomes cannot be listed
    (a whole deal: then it is typed)."""
    try:
        outcomes = state.chance_outcomes()
    except EngineError:
        st.info(_("This chance event (a whole deal) is entered as text under *Type a move*."))
        return False
    st.markdown(_("**What came up?** Tap it:"))
    grid = st.container(horizontal=True, gap="small", key=f"{key}_outcomes")
    rules = []
    for action, p in outcomes:
        text = str(action)
        bkey = button_key(key, "o", text)
        if plugin.outcome is not None:
            label, css = plugin.outcome(action, p)
        else:
            label, css = f"{text} · {percent(p)}", ""
        rules.append((bkey, css))
        grid.button(
            label,
            key=bkey,
            on_click=on_tap,
            args=(text,),
            help=_("{outcome}: probability {fraction} ({percent})").format(
                outcome=text, fraction=p, percent=f"{float(p):.1%}"
            ),
        )
    _css(rules)
    return True


def _entry(plugin, live_id, version, record, state, key, best: set[str]) -> None:
    def tap(text):
        _apply(plugin.game, live_id, version, text, key)

    on_tap = callback(tap)
    player = state.current_player()
    names = record.players
    if player == CHANCE:
        note = plugin.chance_note(state, names) if plugin.chance_note is not None else None
        if note:
            st.markdown(note)
        _chance_grid(plugin, state, on_tap, key)
    else:
        st.markdown(_("**{name}** to act:").format(name=plain(names[player], NAME_MAX_CHARS)))
        actions = state.legal_actions()
        draw_groups(plugin.button_groups(state, actions, names, best), on_tap, key)


def _typed_box(plugin, live_id, version, key) -> None:
    with st.expander(_("Type a move (expert)")):
        st.text_input(_("Action text"), max_chars=200, key=f"{key}_typed")
        st.button(
            _("Apply typed move"),
            on_click=callback(_apply),
            args=(plugin.game, live_id, version, None, key),
            key=f"{key}_apply_typed",
        )


def _moves_so_far(plugin, record: GameRecord, key: str) -> list[str]:
    """Every event in words (cached per record length)."""
    cached = st.session_state.get(f"{key}_words")
    if cached and cached[0] == (record.actions, current()):
        return cached[1]
    words = plugin.describe_record(initial_state(record), record.actions, record.players)
    st.session_state[f"{key}_words"] = ((list(record.actions), current()), words)
    return words


def _game_view(plugin: GameUI, key: str, live_id: str) -> None:
    """The fragment: a fragment rerun is outside the app's catch-all, so it has its own."""
    show_callback_error()  # a tap's callback ran before this fragment
    try:
        _game_view_body(plugin, key, live_id)
    except Exception as exc:  # rerun/stop/switch_page are BaseExceptions: they pass
        if os.environ.get("TABLETOP_DEBUG"):
            raise
        st.error(crash_message(exc))


def _game_view_body(plugin: GameUI, key: str, live_id: str) -> None:
    try:
        opened = _document(plugin.game, key).read(live_id)
        record = opened.doc
        state = _state(key, live_id, opened.version, record)
        words = _moves_so_far(plugin, record, key)
        version = opened.version
    except (NotStored, WrongKind, Damaged):
        st.rerun(scope="app")
    except EngineError as exc:
        st.error(_("The stored game no longer replays: {error}").format(error=error_text(exc)))
        return
    error = st.session_state.pop(f"{key}_error", None)
    if error:
        st.error(error)
    names = record.players
    left, right = st.columns([3, 2], gap="medium")
    best: set[str] = set()
    with left:
        last = " · " + _("last: {event}").format(event=plain(words[-1])) if words else ""
        head = _("**{game} live · Event {n}**").format(
            game=plugin.title_text(), n=len(record.actions)
        )
        st.markdown(f"{head}{last}")
        if plugin.board is not None:
            plugin.board(state, names)
        else:
            plugin.render_state(state, None)
    with right:
        if state.is_terminal():
            winners = ", ".join(plain(names[w], NAME_MAX_CHARS) for w in state.winners())
            scores = ", ".join(
                f"{plain(names[p], NAME_MAX_CHARS)} {v:g}" for p, v in enumerate(state.returns())
            )
            st.success(
                _("Game over — won by {winners}. Scores: {scores}").format(
                    winners=winners, scores=scores
                )
            )
        else:
            entry_box = st.container()  # the buttons first: right under the board on a phone
            advice_box = st.container()
            with advice_box:
                if plugin.coach is not None:
                    best = plugin.coach(state, names) or set()
                elif plugin.advice is not None:
                    with st.container(border=True):
                        plugin.advice(state)
            with entry_box:
                _entry(plugin, live_id, version, record, state, key, best)
        st.button(
            _("Undo last event"),
            icon=":material/undo:",
            on_click=callback(_undo),
            args=(plugin.game, live_id, version, key),
            key=f"{key}_undo",
            disabled=not record.actions,
        )
        if not state.is_terminal():
            _typed_box(plugin, live_id, version, key)
    with st.expander(_("Moves so far ({n})").format(n=len(record.actions))):
        st.markdown(
            "\n".join(
                f"{i + 1}. {plain(w)} (`{a}`)"
                for i, (w, a) in enumerate(zip(words, record.actions))
            )
            or "—"
        )
    _footer(plugin, key, record)


def _footer(plugin: GameUI, key: str, record: GameRecord) -> None:
    row = st.container(horizontal=True, gap="small")
    row.download_button(
        _("Download the record (.json)"),
        record.to_json(indent=1),
        file_name=f"{plugin.game}-live.json",
        mime="application/json",
        key=f"{key}_download",
    )
    if plugin.explorer_page and row.button(_("Open in the explorer"), key=f"{key}_explore"):
        st.session_state[f"xp_{plugin.game}_live"] = record.to_json()
        st.session_state[f"xp_{plugin.game}_source"] = "Live game"
        st.switch_page(plugin.explorer_page)
    confirm = f"{key}_confirm_end"
    if not st.session_state.get(confirm):
        row.button(
            _("End this game…"),
            key=f"{key}_new",
            on_click=lambda: st.session_state.update({confirm: True}),
        )
        return
    with st.container(border=True):
        st.warning(
            _(
                "End this game and start a new one? This page stops showing it; its link and "
                "record stay as they are (download the record first if you want a copy)."
            )
        )
        yes_no = st.container(horizontal=True, gap="small")
        if yes_no.button(_("Yes, end it"), type="primary", key=f"{key}_end_yes"):
            _document(plugin.game, key).forget()
            st.rerun(scope="app")
        yes_no.button(
            _("No, keep playing"),
            key=f"{key}_end_no",
            on_click=lambda: st.session_state.pop(confirm, None),
        )


def render_live(plugin: GameUI) -> None:
    """The whole live-game page for one game."""
    key = f"live_{plugin.game}"
    try:
        loaded = _load(plugin.game, key)
    except EngineError as exc:  # the store itself is unusable (disk full, bad folder)
        st.error(_("Live games cannot be stored here: {error}").format(error=error_text(exc)))
        return
    if loaded is None:
        st.markdown("### " + _("{game}: live game").format(game=plugin.title_text()))
        st.caption(
            _(
                "Enter what happens at your table with one tap per event; only legal moves are "
                "offered. The game survives a page reload (its id is in the URL)."
            )
        )
        _setup(plugin, key)
        return
    live_id = loaded.id
    st.fragment(_game_view)(plugin, key, live_id)
