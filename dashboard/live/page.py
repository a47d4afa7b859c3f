"""Follow a live game at a real table: one tap per event. A chance event (card drawn, die
rolled) is a grid of buttons, one per possible outcome with its probability; a move is a
button among the legal ones, grouped by kind. Undo takes the last event back; the game is
a record all along.

A game plugs in its :class:`dashboard.game_ui.GameUI`; its page is
``render_live(game_ui("<game>"))``. The record is
kept in a server-side store keyed by an id in the URL (``?live=…``), so a page reload in
the same browser tab brings the game back. The board, the advice and the buttons are one
``st.fragment``: a tap reruns only them.

In a browser the buttons are the tap pad (:mod:`dashboard.components.tap`): the pads of the
position and of the positions its taps lead to (:func:`dashboard.live.pad.tap_pads`, made
from the plugin's words) are sent with the fragment, so a tap is drawn at once; the
browser sends its queue of taps, which :func:`apply_taps` applies once each,
version-checked, and the fragment's rerun confirms them. Without a browser (AppTest) they
are Streamlit buttons calling the same :func:`_apply`.
"""

from __future__ import annotations

import functools
import gc
import os

import streamlit as st

from dashboard import folds
from dashboard.components.fields import Field, Row, field_rows
from dashboard.game_ui import GameUI
from dashboard.i18n import DEFAULT, _, current, error_text, language
from dashboard.live.buttons import chance_grid, draw_groups
from dashboard.live.pad import head_text, over_text, pad_data, pad_views, use_pad
from dashboard.play.live_hint import draw_live_hint
from dashboard.store.entries import (
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
    init_state,
    parse_overrides,
    plain,
    player_counts,
    refused_rules,
    ruleset_form,
    ruleset_title,
    show_callback_error,
)
from engine import CHANCE, EngineError, GameRecord, get_game
from engine.core.records import final_state, initial_state, result_of

# --- the durable store (dashboard/store/entries.py): pages never touch SQL ------------------------


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
        stale=lambda: _(
            "this game changed in another tab — it is shown as stored now; your tap was not saved"
        ),
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


# --- set-up ------------------------------------------------------------------------------------


def _setup(plugin: GameUI, key: str) -> None:
    game = get_game(plugin.game)
    counts = player_counts(game)
    # one element for the page's words, the count and the names: a phone draws it at once
    init_state(**{f"{key}_n": counts[default_count_index(game)]})
    n = int(st.session_state[f"{key}_n"])
    field_rows(
        f"{key}_setup",
        [
            Row(
                (Field(f"{key}_n", _("Players"), kind="choice", options=tuple(counts)),),
                title=_("New game"),
                note=_(
                    "Enter what happens at your table with one tap per event; only legal moves "
                    "are offered. The game survives a page reload (its id is in the URL)."
                ),
            ),
            Row(
                tuple(
                    Field(
                        f"{key}_name{i}",
                        _("Player {n} name").format(n=i + 1),
                        # typing replaces it, never appends
                        placeholder=_("Player {n}").format(n=i + 1),
                        max_chars=NAME_MAX_CHARS,
                        size=14,
                        capitals="words",
                    )
                    for i in range(n)
                )
            ),
        ],
    )
    names = [st.session_state.get(f"{key}_name{i}") or "" for i in range(n)]
    # the rules read first, their form in a fold (closed, a link: no element of its own)
    rules = ruleset_form(game, f"{key}_rules", draw=False)
    fold = folds.Fold(
        ruleset_title(game), f"{key}_rules_open", "rules", refused=refused_rules(rules)
    )
    folds.draw([(fold, lambda: ruleset_form(game, f"{key}_rules", into=st.container()))])
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


def _apply(game: str, live_id: str, seen: int, text: str | None, key: str) -> bool:
    """Apply a move to the game as this tab last saw it (version ``seen``); False (and the
    reason kept for the page to show) when it was refused."""
    if text is None:  # the typed box, read at click time
        text = st.session_state.get(f"{key}_typed") or ""
    st.session_state.pop(f"{key}_error", None)
    names = None
    try:
        document = _document(game, key)
        opened = document.read(live_id)
        document.check_fresh(seen, opened.version)
        record = opened.doc
        names = record.players
        state = _state(key, live_id, opened.version, record).clone()
        state.apply(str(text))
        record.actions.append(str(state.history[-1]))
        record.result = result_of(state)
        saved = document.save(opened, record)
        st.session_state[f"{key}_state"] = (live_id, saved.version, state)
    except EngineError as exc:
        st.session_state[f"{key}_error"] = error_words(exc, names)
        return False
    return True


def error_words(exc: EngineError, names: list[str] | None) -> str:
    """An engine error in the page's language with the players named as the page names
    them (``names``: the game's players; ``None``: "Player 1"…), never the engine's
    "seat 0". A coded error is worded from its code and parameters
    (:func:`dashboard.words.phrases.phrase_text`); any other as written.

    >>> from engine import get_game
    >>> s = get_game("stack5").new_initial_state(2)
    >>> for a in ["R2", "B2"]:
    ...     s.apply(a)
    >>> try:
    ...     s.apply("stop")
    ... except EngineError as exc:
    ...     print(error_words(exc, ["Ana", "Ben"]).split(";")[0])
    “stop” is not allowed now (Ana busted with R2 B2 and gives the cards to another player)
    """
    from dashboard.words.phrases import phrase_text
    from engine.core.errors import Phrase

    def phrase(error):
        if getattr(error, "code", None) is None or getattr(error, "template", None) is None:
            return error if isinstance(error, Phrase) else str(error)
        params = {
            k: phrase(v) if isinstance(v, EngineError) else v for k, v in error.params.items()
        }
        return Phrase.coded(error.code, error.template, **params)

    if getattr(exc, "code", None) is None:
        return error_text(exc)
    shown = [plain(n, NAME_MAX_CHARS) for n in names] if names else None
    said = phrase_text(phrase(exc), names=shown)
    # a sentence: in English its first letter a capital (what the player wrote stays as is)
    return said[:1].upper() + said[1:] if current() == DEFAULT else said


#: the most taps one value of the pad may carry, and the browser tabs remembered per session
MAX_QUEUED = 200
MAX_TABS = 20


def _count(value) -> int | None:
    return value if isinstance(value, int) and not isinstance(value, bool) and value >= 0 else None


def apply_taps(game: str, live_id: str, key: str, value: dict) -> None:
    """The taps the pad (:mod:`dashboard.components.tap`) sent: ``{"tab", "live", "taps":
    [{"n", "text", "v", "since"}, …]}``, every tap of that browser tab not yet confirmed, in
    order. Each is applied once (``n`` above the last one done for its tab), at the version
    ``v`` it expects (a stale one is refused in words, as a button's tap); a tap queued
    after a refused one it relied on (``since``: the last tap its tab knew done) is refused
    with it, silently (the first refusal says it)."""
    tab, taps = value.get("tab"), value.get("taps")
    if value.get("live") != live_id or not isinstance(tab, str) or not 0 < len(tab) <= 40:
        return  # another game's taps (the tab went on to a new one): not this game's
    if not isinstance(taps, list):
        return
    book = st.session_state.setdefault(f"{key}_taps", {})  # (game, tab) → its marks
    mark = book.setdefault((live_id, tab), {"done": 0, "refused": 0})
    while len(book) > MAX_TABS:
        book.pop(next(iter(book)))
    for tap in taps[:MAX_QUEUED]:
        if not isinstance(tap, dict):
            continue
        n, v, since = (_count(tap.get(k)) for k in ("n", "v", "since"))
        text = tap.get("text")
        if n is None or v is None or since is None or not isinstance(text, str):
            continue
        if n <= mark["done"]:
            continue  # applied (or refused) already: a value sent again
        mark["done"] = n
        if mark["refused"] > since:
            continue  # it relied on a refused tap
        if not _apply(game, live_id, v, text[:200], key):
            mark["refused"] = n


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


def _entry(plugin, live_id, version, record, state, key, best: set[str]) -> None:
    def tap(text):
        _apply(plugin.game, live_id, version, text, key)

    on_tap = callback(tap)
    player = state.current_player()
    names = record.players
    if player == CHANCE:
        note = (
            plugin.live.chance_note(state, names) if plugin.live.chance_note is not None else None
        )
        if note:
            st.markdown(note)
        chance_grid(plugin, state, names, on_tap, key)
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
        # the session's language read once for the whole run: each of the thousands of
        # texts of the pads would otherwise read it from the session state (a lock and a
        # few lookups each: a good part of a tap's run on a busy server)
        with language(current()):
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
        st.error(error[:1].upper() + error[1:])  # a sentence of its own
    names = record.players
    left, right = st.columns([3, 2], gap="medium")
    best: set[str] = set()
    pad = use_pad()
    # with the tap pad, the parts it draws (components/tap.py, PARTS) get a place each; with its
    # views, the board and the advice too (drawn ahead for every tap, see tap_pads)
    views = pad and pad_views(plugin)
    boxes: dict = {}
    with left:
        if pad:
            boxes["head"] = st.container()
        else:
            st.markdown(head_text(plugin, len(record.actions), words[-1] if words else None))
        if views:
            boxes["board"] = st.container()
        elif plugin.board is not None:
            plugin.board(state, names)
        else:
            plugin.render_state(state, None)
    with right:
        if state.is_terminal() and not pad:
            st.success(over_text(state, names))
        elif state.is_terminal():
            boxes["pad"] = st.container()
        else:
            entry_box = st.container()  # the buttons first: right under the board on a phone
            advice_box = st.container()
            with st.container():
                draw_live_hint(key, live_id, record, state)
            if views:
                boxes["coach"] = advice_box
            else:
                with advice_box:
                    if plugin.live.coach is not None:
                        best = plugin.live.coach(state, names) or set()
                    elif plugin.live.advice is not None:
                        with st.container(border=True):
                            plugin.live.advice(state)
            if pad:
                boxes["pad"] = entry_box
            else:
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
    if pad:
        boxes["moves"] = st.container()
    else:
        with st.expander(_("Moves so far ({n})").format(n=len(record.actions))):
            st.markdown("\n".join(f"{i + 1}. {plain(w)}" for i, w in enumerate(words)) or "—")
    if pad:
        _mount_pad(plugin, key, live_id, version, record, state, words, best, boxes)
        _freeze_heap_once()
    _footer(plugin, key, record, state.is_terminal())


_heap_frozen = False


def _freeze_heap_once() -> None:
    """Once per server, after the first live page drawn in a browser (everything the
    server and the page load is loaded by then): what is alive now is kept out of the
    garbage collector's full passes (:func:`gc.freeze`). A tap's run makes many objects
    that live a few runs (its pads), so full passes come often; each went through the
    whole server (Streamlit, pandas, the engine: about half a million objects) and held
    every session for 150-200 ms on this machine."""
    global _heap_frozen
    if not _heap_frozen:
        _heap_frozen = True
        gc.freeze()


def _mount_pad(plugin, key, live_id, version, record, state, words, best, boxes) -> None:
    """The tap pad in ``boxes["pad"]`` and the parts it draws in theirs (see
    :mod:`dashboard.components.tap`)."""
    from dashboard.components.tap import tap_pad, tap_part

    data = pad_data(plugin, key, live_id, version, record, state, words, best)
    # the long lists as tuples: the same JSON, but Streamlit then does not look into each
    # for a table of data to send apart (pandas' type inference over thousands of texts)
    data = {k: tuple(v) if isinstance(v, list) else v for k, v in data.items()}
    for part, box in boxes.items():
        with box:
            if part == "pad":
                on_taps = callback(lambda value: apply_taps(plugin.game, live_id, key, value))
                tap_pad(key, data, on_taps)
            else:
                tap_part(key, part, data)


def _footer(plugin: GameUI, key: str, record: GameRecord, over: bool) -> None:
    if over and plugin.pages.explorer:
        from dashboard.practice.own_puzzles import review_for_a_seat

        review_for_a_seat(record, plugin.pages.explorer, key)
    row = st.container(horizontal=True, gap="small")
    row.download_button(
        _("Download the record (.json)"),
        # made when the button is pressed, not at every tap's rerun (nothing to send then)
        functools.partial(record.to_json, indent=1),
        file_name=f"{plugin.game}-live.json",
        mime="application/json",
        key=f"{key}_download",
        on_click="ignore",
    )
    if plugin.pages.explorer and row.button(_("Open in the explorer"), key=f"{key}_explore"):
        st.session_state[f"xp_{plugin.game}_live"] = record.to_json()
        st.session_state[f"xp_{plugin.game}_source"] = "Live game"
        st.switch_page(plugin.pages.explorer)
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


def live_key(game: str) -> str:
    """The key of ``game``'s live page: its URL parameter (the live game's id) and the
    prefix of its widgets' keys."""
    return f"live_{game}"


def render_live(plugin: GameUI) -> None:
    """The whole live-game page for one game."""
    key = live_key(plugin.game)
    try:
        loaded = _load(plugin.game, key)
    except EngineError as exc:  # the store itself is unusable (disk full, bad folder)
        st.error(_("Live games cannot be stored here: {error}").format(error=error_text(exc)))
        return
    if loaded is None:
        st.markdown("### " + _("{game}: live game").format(game=plugin.title_text()))
        _setup(plugin, key)
        return
    live_id = loaded.id
    st.fragment(_game_view)(plugin, key, live_id)
