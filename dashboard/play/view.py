"""Play against the bots: you take one seat, the game's bots (chosen per seat) play the
others, one event per short pause so their moves can be followed.

Chance is sampled by the app from a seed (each event from ``Random(f"{seed}:{n}")``, n =
events so far) and recorded as actions, so the game is an ordinary record. It is kept in
the durable store under an id in the URL (``?play=…``): a reload brings it back. For the
hidden-card games you see only your own view (``observation(seat)``, drawn by the game's
explorer ``render_state``); the record can be downloaded only at the end.
"""

from __future__ import annotations

import dataclasses
import os
import secrets
import time

import streamlit as st

from dashboard import guide
from dashboard.game_ui import GameUI, PlayMode
from dashboard.i18n import _, current, error_text, ngettext, pgettext
from dashboard.jobs.pages import app_events, next_event
from dashboard.jobs.pool import JOBS, Busy, session_id
from dashboard.live import draw_groups
from dashboard.play.hint import count_hint, draw_hint, keep, shown, used_line
from dashboard.play.words import bot_label, who
from dashboard.plugins import game_ui, game_uis
from dashboard.store.entries import (
    Damaged,
    NotStored,
    Opened,
    StaleWrite,
    WrongKind,
    stored_document,
)
from dashboard.ui import (
    NAME_MAX_CHARS,
    callback,
    check_name,
    crash_message,
    parse_overrides,
    plain,
    ruleset_form,
    seat_name,
    url_value,
)
from engine import CHANCE, EngineError, GameRecord, get_game
from engine.core.records import final_state, result_of
from engine.core.ruleset import make_ruleset
from engine.ladder import strongest_bot

KEY = "play"
KIND = "play"
PAUSE = 1.0  # seconds between two bot events

PLAY_SECONDS = 1.0  # a bot's move answers within about this on one core


def modes() -> dict[str, tuple[GameUI, PlayMode]]:
    """The game chooser's entries: label (an English message id) → the game's UI and
    the entry (:attr:`dashboard.game_ui.GameUI.play`), in registration order."""
    return {mode.label: (ui, mode) for ui in game_uis() for mode in ui.play}


def bot_choices(game) -> tuple[list[str], str]:
    """The bots a player can pick, and the default: the strongest on the game's shipped
    ladder whose moves take at most :data:`PLAY_SECONDS` (``engine.ladder.strongest_bot``)."""
    bots = list(game.bots)
    best = strongest_bot(game, PLAY_SECONDS)
    if best not in bots:
        bots.append(best)
    return bots, best


def counts(label: str) -> list[int]:
    ui, mode = modes()[label]
    if mode.counts:
        return list(mode.counts)
    g = get_game(ui.game)
    return list(range(g.min_players, g.max_players + 1))


def overrides(label: str, n: int) -> dict:
    return modes()[label][1].overrides(n)


# --- the store ---------------------------------------------------------------------------


def _decode(text: str) -> GameRecord:
    record = GameRecord.from_json(text)
    if not isinstance(record.meta.get("human"), int) or "seed" not in record.meta:
        raise WrongKind.coded("store.not_played", "this stored game was not made on this page")
    return record


#: the played games, under ``?play=…``
PLAYED = stored_document(
    KIND, KEY, _decode, GameRecord.to_json, forget_also=(f"{KEY}_state", f"{KEY}_confirm_end")
)


def _read(play_id: str) -> tuple[GameRecord, int]:
    opened = PLAYED.read(play_id)
    return opened.doc, opened.version


def _state(play_id: str, version: int, record: GameRecord):
    cached = st.session_state.get(f"{KEY}_state")
    if cached and cached[0] == play_id and cached[1] == version:
        return cached[2]
    state = final_state(record, check_result=False)
    st.session_state[f"{KEY}_state"] = (play_id, version, state)
    return state


def _forget() -> None:
    PLAYED.forget()


def _save(play_id: str, record: GameRecord, state, seen: int) -> None:
    record.result = result_of(state)
    version = PLAYED.save(Opened(play_id, record, seen), record).version
    st.session_state[f"{KEY}_state"] = (play_id, version, state)


# --- one step -----------------------------------------------------------------------------


def next_action(record: GameRecord, state):
    """The app's event when no human is to act: a seeded chance outcome or a bot's move
    (in a guided game, the reference game's while the game follows it)."""
    followed = guide.reference_event(record)
    return followed if followed is not None else next_event(record, state)


def _apply(record: GameRecord, state, text: str) -> bool:
    """Apply ``text`` to ``state`` and add it to the record; True when a guided game stops
    here for a rule card (the hook after an action is applied)."""
    before = state.clone() if guide.guided(record) else None
    state.apply(text)
    record.actions.append(state.history[-1])
    return before is not None and guide.after_action(record, before, state.history[-1], state)


# --- the search bot's moves, in a worker process --------------------------------------------

#: bots whose move takes up to seconds (the search bot: 0.4-2.5 s a move measured on the
#: 2-core machine): in a game with one, the app's events are made by a job
#: (:func:`dashboard.jobs.pages.app_events`); the others answer within 50 ms, in the page
SLOW_BOTS = ("mcts",)
BOT_JOB = f"{KEY}_bot_job"  # session keys: the job making the app's events,
SKIPPING = f"{KEY}_skipping"  # the game whose bots play on to your turn,
PAUSED = f"{KEY}_paused"  # the game whose bots are paused


def _slow(record: GameRecord) -> bool:
    return any(b.partition("@")[0] in SLOW_BOTS for b in record.meta["bots"].values())


def _apply_events(play_id: str, seen: int, actions: list) -> None:
    """Store the events a job made, unless the game changed since it started."""
    try:
        record, version = _read(play_id)
        PLAYED.check_fresh(seen, version)
        state = _state(play_id, version, record).clone()
        for text in actions:
            _apply(record, state, text)
        _save(play_id, record, state, version)
        st.session_state[f"{KEY}_last_step"] = time.monotonic()
    except StaleWrite:
        st.session_state.pop(f"{KEY}_state", None)


def _events_job(play_id: str, record: GameRecord, version: int, due: bool) -> dict | None:
    """Pick up the events of a finished job, or start one when the bots are due to move
    (every move up to your turn when you asked to skip to it); the job running, if any."""
    job = st.session_state.get(BOT_JOB)
    if job is not None and job["play"] != play_id:  # another game now
        JOBS.forget(st.session_state.pop(BOT_JOB)["id"])
        job = None
    if job is not None:
        status = JOBS.poll(job["id"])
        if status is not None and not status.finished:
            return dict(job, status=status)
        st.session_state.pop(BOT_JOB)
        JOBS.forget(job["id"])
        if status is not None and status.error is not None:
            raise status.error
        if status is not None and status.result:
            _apply_events(play_id, job["version"], status.result)
        if job["until_human"]:
            st.session_state.pop(SKIPPING, None)
        return None
    skipping = st.session_state.get(SKIPPING) == play_id
    if st.session_state.get(PAUSED) == play_id or not (due or skipping):
        return None
    try:
        job_id = JOBS.submit(session_id(), app_events, record.to_json(), skipping)
    except Busy as exc:
        st.warning(error_text(exc))  # tried again at the next tick
        return None
    job = {"id": job_id, "play": play_id, "version": version, "until_human": skipping}
    st.session_state[BOT_JOB] = job
    return dict(job, status=None)


def _skip(play_id: str) -> None:
    st.session_state[SKIPPING] = play_id
    st.session_state.pop(PAUSED, None)


def _pause_bots(play_id: str) -> None:
    """Cancel the job: it stops after the move being thought about; no new one starts."""
    st.session_state[PAUSED] = play_id
    st.session_state.pop(SKIPPING, None)
    job = st.session_state.get(BOT_JOB)
    if job is not None:
        JOBS.cancel(job["id"])


def _thinking(job: dict | None, play_id: str) -> None:
    """The search bot thinking (its progress and the Pause button), or the bots paused."""
    if st.session_state.get(PAUSED) == play_id:
        st.caption(_("The bots are paused."))
        st.button(
            _("Resume"),
            icon=":material/play_arrow:",
            key=f"{KEY}_resume",
            on_click=lambda: st.session_state.pop(PAUSED, None),
        )
    if job is None:
        return
    status = job["status"]
    done = status.done if status is not None else 0
    if job["until_human"] and done:
        text = ngettext(
            "{n} move played on the way to your turn…",
            "{n} moves played on the way to your turn…",
            done,
        ).format(n=done)
    else:
        text = _("The search bot is thinking…")
    st.progress(0.0, text=text)  # a move takes a second or two: no seconds counted
    if status is not None and status.cancelled:
        st.caption(_("The bots stop after the move being thought about…"))
    elif st.session_state.get(PAUSED) != play_id:
        st.button(
            _("Pause the bots"),
            icon=":material/pause:",
            key=f"{KEY}_pause_bots",
            on_click=callback(_pause_bots),
            args=(play_id,),
        )


def advance(play_id: str, until_human: bool = False, limit: int = 2000) -> None:
    """Apply the next app event (or every one up to the human's turn) and store it. When
    another run stored an event first (a timer tick and a click at once), nothing
    happens: the next run shows the stored game."""
    try:
        _advance(play_id, until_human, limit)
    except StaleWrite:
        st.session_state.pop(f"{KEY}_state", None)


def _advance(play_id: str, until_human: bool, limit: int) -> None:
    record, version = _read(play_id)
    if ended(record):
        return
    state = _state(play_id, version, record).clone()
    human = record.meta["human"]
    steps = 0
    while not state.is_terminal() and state.current_player() != human and steps < limit:
        if guide.pending(record) is not None:  # the bots wait for the rule card
            break
        stop = _apply(record, state, next_action(record, state))
        steps += 1
        if stop or not until_human:
            break
    if steps:
        _save(play_id, record, state, version)
        st.session_state[f"{KEY}_last_step"] = time.monotonic()


ENDED = "ended"  # the record's meta: the player ended the game before its end


def ended(record: GameRecord) -> bool:
    """The player ended this game: it is over where it stands (its link shows it so)."""
    return record.meta.get(ENDED) is True


def end_game(play_id: str) -> None:
    """End the game where it stands: stored as ended, so its link shows it over, with
    the scores it had, and no event is added to it any more."""
    try:
        record, version = _read(play_id)
        state = _state(play_id, version, record)
        record.meta[ENDED] = True
        _save(play_id, record, state, version)
    except StaleWrite:  # an event was stored meanwhile: ended at the next click
        st.session_state.pop(f"{KEY}_state", None)
        return
    st.session_state.pop(f"{KEY}_confirm_end", None)


def close_card(play_id: str, code: str) -> None:
    """The rule card's Continue: kept as shown in the stored game; the game goes on."""
    try:
        record, version = _read(play_id)
        if guide.mark_shown(record, code):
            _save(play_id, record, _state(play_id, version, record), version)
    except StaleWrite:  # stored meanwhile: the next run shows the card again
        st.session_state.pop(f"{KEY}_state", None)
    st.session_state[f"{KEY}_last_step"] = time.monotonic()


def human_move(play_id: str, seen: int, text: str) -> None:
    record, version = _read(play_id)
    PLAYED.check_fresh(seen, version)
    if ended(record):
        return
    state = _state(play_id, version, record).clone()
    _apply(record, state, text)
    _save(play_id, record, state, version)
    st.session_state[f"{KEY}_last_step"] = time.monotonic()


def ask_hint(play_id: str, seen: int) -> None:
    """The Hint button: the suggested move at this position, counted in the stored game."""
    from engine.hints import hint

    record, version = _read(play_id)
    PLAYED.check_fresh(seen, version)
    state = _state(play_id, version, record)
    found = hint(record.game, state, record.meta["human"], seed=record.meta["seed"])
    if found is None or ended(record):
        return
    count_hint(record)
    _save(play_id, record, state, version)
    keep(play_id, record, found)


# --- words -----------------------------------------------------------------------------------


def _log(record: GameRecord, viewer: int, last: int = 8) -> list[str]:
    cached = st.session_state.get(f"{KEY}_words")
    if cached and cached[0] == (record.meta.get("seed"), len(record.actions), current()):
        return cached[1]
    from engine.core.records import initial_state

    state = initial_state(record)
    ui = game_ui(record.game)
    words = []
    for text in record.actions:
        action = state.parse_action(text)
        words.append(ui.public_words(action, record.players, state.current_player(), viewer))
        state.apply_trusted(action)
    st.session_state[f"{KEY}_words"] = (
        (record.meta.get("seed"), len(record.actions), current()),
        words,
    )
    return words


# --- the board and the buttons ------------------------------------------------------------------


def _board(record: GameRecord, state, seat: int | None) -> None:
    """The game's board with the players' names, as ``seat`` may see it (``None``: all);
    by default the names, then the game's own drawing (the page says who won, by name)."""
    names = record.players
    ui = game_ui(record.game)
    if ui.board is not None:
        ui.board(state, names, you=seat)
        return
    st.caption(
        " · ".join(
            _("{player}: {name}").format(player=seat_name(p), name=plain(n, NAME_MAX_CHARS))
            for p, n in enumerate(names)
        )
    )
    ui.render_state(state, seat, over_banner=False)


def _buttons(record: GameRecord, state, play_id: str, version: int) -> None:
    def tap(text):
        human_move(play_id, version, text)

    ui = game_ui(record.game)
    hint = shown(play_id, record)
    best = {hint.best} if hint is not None else set()
    groups = ui.button_groups(state, state.legal_actions(), record.players, best)
    draw_groups(groups, callback(tap), KEY)
    if hint is not None:
        draw_hint(record, state, hint)
    else:
        st.button(
            _("Hint"),
            icon=":material/lightbulb:",
            key=f"{KEY}_hint",
            help=_("The move a strong player would choose here, and why"),
            on_click=callback(ask_hint),
            args=(play_id, version),
        )


# --- the page --------------------------------------------------------------------------------


def _setup() -> None:
    st.subheader(_("New game"))
    label = st.selectbox(
        pgettext("which game", "Game"), list(modes()), format_func=_, key=f"{KEY}_game"
    )
    game_name = modes()[label][0].game
    game = get_game(game_name)
    if guide.has_guide(game_name) and _guided_rules(label):
        st.caption(
            _(
                "New to the game? In a guided first game the bots pause the first time each "
                "rule comes up, to explain it."
            )
        )
        if st.button(
            _("Play your first game"), icon=":material/school:", key=f"{KEY}_guided_{game_name}"
        ):
            start_guided(game_name)
            st.rerun()
    n = int(st.selectbox(_("Players"), counts(label), key=f"{KEY}_n_{label}"))
    you = int(
        st.selectbox(
            _("Your seat"),
            list(range(n)),
            format_func=seat_name,
            key=f"{KEY}_seat",
        )
        if n
        else 0
    )
    name = st.text_input(
        _("Your name"), placeholder=_("You"), max_chars=NAME_MAX_CHARS, key=f"{KEY}_name"
    )
    bots, best = bot_choices(game)
    chosen = {}
    cols = st.columns(2)
    for i, seat in enumerate(s for s in range(n) if s != you):
        chosen[seat] = cols[i % 2].selectbox(
            seat_name(seat),
            bots,
            index=bots.index(best),
            format_func=bot_label,
            key=f"{KEY}_bot{seat}",
        )
    pause = st.select_slider(
        _("Pause between bot moves (seconds)"),
        [0.2, 0.5, 1.0, 2.0],
        value=PAUSE,
        key=f"{KEY}_pause",
    )
    seed_text = st.text_input(
        _("Seed (optional: the same seed deals the same game)"), key=f"{KEY}_seed"
    )
    # the variant follows the game and player count chosen above; every other rule is free
    # (a Bid Whist target of 1 is a one-hand game)
    rule_fields = [f.name for f in dataclasses.fields(game.ruleset_class) if f.name != "variant"]
    rules = ruleset_form(game, f"{KEY}_rules_{game_name}", fields=rule_fields)
    if not st.button(_("Start playing"), type="primary", key=f"{KEY}_start"):
        return
    try:
        seed = int(seed_text) if seed_text.strip().isdigit() and len(seed_text) < 19 else None
        if seed_text.strip() and seed is None:
            raise EngineError(
                _("seed {text}: write a whole number (digits 0-9)").format(
                    text=repr(seed_text[:20])
                )
            )
        if seed is None:
            seed = secrets.randbelow(10**9)
        me = check_name(name, _("your name"), _("You"))
        players = [
            me if s == you else f"{bot_label(chosen[s]).capitalize()} {s + 1}" for s in range(n)
        ]
        record = GameRecord(
            game=game_name,
            players=players,
            actions=[],
            ruleset=overrides(label, n) | parse_overrides(game, rules),
            meta={
                "made_by": "play against the bots",
                "human": you,
                "bots": {str(s): b for s, b in chosen.items()},
                "seed": seed,
                "pause": float(pause),
            },
        )
        final_state(record)
        PLAYED.create(record)
    except EngineError as exc:
        st.error(error_text(exc))
        return
    st.rerun()


def _guided_rules(label: str) -> bool:
    """The entry ``label`` plays the rules of its game's guided first game (the default
    ones): an entry for another variant of the game does not offer it."""
    game = get_game(modes()[label][0].game)
    default = make_ruleset(game.ruleset_class, {})
    return (
        make_ruleset(game.ruleset_class, overrides(label, game.default_count(default))) == default
    )


def start_guided(game: str) -> None:
    """Start ``game``'s guided first game (:mod:`dashboard.guide`): it becomes the page's
    stored game."""
    with st.spinner(_("Choosing a good first game…")):
        record = guide.new_record(game, _("You"))
    final_state(record)
    PLAYED.create(record)


def _guided_link() -> None:
    """``?guide=<game>`` (a Learn page's "Play your first game"): start that guided game
    in place of any game open here; the address then names the new game."""
    games = [ui.game for ui in game_uis() if guide.has_guide(ui.game)]
    refused: dict = {}
    game = url_value("guide", "", choices=games, refused=refused)
    if "guide" not in st.query_params:
        return
    st.query_params.pop("guide", None)
    if game:
        _forget()
        start_guided(game)
    elif "guide" in refused:
        st.warning(
            _("This link asks for a guided first game of {value}, which has none here.").format(
                value=pgettext("quoted input", "“{text}”").format(text=plain(refused["guide"], 40))
            )
        )


def _load() -> tuple[str, GameRecord, int] | None:
    try:
        opened = PLAYED.open()
    except NotStored:
        st.warning(
            _(
                "This game is no longer stored (never saved, or removed after long disuse). "
                "Start a new game below."
            )
        )
        return None
    except (WrongKind, Damaged) as exc:
        st.warning(
            _("This game link does not open a game here: {detail}. Start a new game below.").format(
                detail=error_text(exc)
            )
        )
        return None
    return None if opened is None else (opened.id, opened.doc, opened.version)


def _view(play_id: str, timed: bool = False) -> None:
    try:
        _view_body(play_id, timed)
    except EngineError as exc:
        st.error(error_text(exc))
    except Exception as exc:  # a fragment rerun is outside the app's catch-all
        if os.environ.get("TABLETOP_DEBUG"):
            raise
        st.error(crash_message(exc))


def _view_body(play_id: str, timed: bool) -> None:
    from dashboard.ui import show_callback_error

    show_callback_error()
    record, version = _read(play_id)
    state = _state(play_id, version, record)
    human = record.meta["human"]
    over = state.is_terminal() or ended(record)
    held = guide.pending(record) is not None  # the hook before the bots continue
    bots_turn = not over and not held and state.current_player() != human
    # start the bots' timer after your move, stop it on your turn: a rerun of the whole
    # page, made once this part is drawn (your move shows without waiting for it)
    restart = bots_turn != timed
    job = None
    if bots_turn and timed:
        last = st.session_state.get(f"{KEY}_last_step", 0.0)
        due = time.monotonic() - last >= _pause(record) * 0.9
        if _slow(record):  # the search bot thinks in a worker process
            job = _events_job(play_id, record, version, due)
            record, version = _read(play_id)
            state = _state(play_id, version, record)
        elif due:
            advance(play_id)
            record, version = _read(play_id)
            state = _state(play_id, version, record)
        if state.is_terminal() or state.current_player() == human or guide.pending(record):
            restart = True  # stop the timer: the buttons (or a rule card) without it
            bots_turn = False
    card = guide.pending(record)
    names = record.players
    words = _log(record, human)
    over = state.is_terminal() or ended(record)
    if card is not None:  # above the board: the first thing a phone shows
        from dashboard.guide.cards import rule_card

        happened = words[card.step] if card.step < len(words) else ""
        rule_card(record.game, card, happened, callback(close_card), (play_id, card.code))
    left, right = st.columns([3, 2], gap="medium")
    with left:
        _board(record, state, None if over else human)
    with right:
        if card is not None:
            pass  # the game waits for the card's Continue
        elif over:
            scores = ", ".join(
                f"{plain(names[p], NAME_MAX_CHARS)} {v:g}" for p, v in enumerate(state.returns())
            )
            won = ", ".join(plain(names[w], NAME_MAX_CHARS) for w in state.winners())
            if not state.is_terminal():  # ended by the player: the scores it stopped at
                st.info(
                    ngettext(
                        "You ended this game after {n} move. Scores when it ended: {scores}",
                        "You ended this game after {n} moves. Scores when it ended: {scores}",
                        len(record.actions),
                    ).format(n=len(record.actions), scores=scores)
                )
            else:
                st.success(
                    _("Game over — won by {winners}. Scores: {scores}").format(
                        winners=won, scores=scores
                    )
                )
            st.caption(used_line(record))
            if guide.guided(record):
                from dashboard.guide.cards import rules_met

                rules_met(record.game, guide.shown(record))
        elif bots_turn:
            player = state.current_player()
            if player == CHANCE:
                st.info(_("Waiting for the cards or dice…"))
            else:
                st.info(_("Waiting for {who}…").format(who=plain(who(names, player))))
            if _slow(record):
                _thinking(job, play_id)
            if not (job and job["until_human"]):
                st.button(
                    _("Skip to my turn"),
                    icon=":material/fast_forward:",
                    key=f"{KEY}_skip",
                    on_click=callback(_skip if _slow(record) else advance),
                    args=(play_id,) if _slow(record) else (play_id, True),
                )
        else:
            name = names[human]
            if name in ("You", _("You")):  # no name given: not "Your turn, You"
                st.markdown(_("**Your turn:**"))
            else:
                st.markdown(_("**Your turn, {name}:**").format(name=plain(name, NAME_MAX_CHARS)))
            _buttons(record, state, play_id, version)
            if guide.guided(record):  # the moves the rules refuse now, and why
                from dashboard.guide.tries import why_not

                why_not(record, state, play_id, version)
        st.markdown(
            _("**Last events**")
            + "  \n"
            + (
                "  \n".join(
                    f"{len(words) - k}\\. {plain(w)}" for k, w in enumerate(reversed(words[-8:]))
                )
                or "—"
            )
        )
    _footer(record, over, play_id)
    if restart:
        st.rerun(scope="app")


def _footer(record: GameRecord, over: bool, play_id: str) -> None:
    row = st.container(horizontal=True, gap="small")
    if over:
        row.download_button(
            _("Download the record (.json)"),
            record.to_json(indent=1),
            file_name=f"{record.game}-vs-bots.json",
            mime="application/json",
            key=f"{KEY}_download",
        )
        if row.button(_("Review this game"), key=f"{KEY}_explore", type="primary"):
            from dashboard.practice.own_puzzles import open_review

            open_review(record, record.meta["human"], game_ui(record.game).pages.explorer)
    confirm = f"{KEY}_confirm_end"
    if over:
        if row.button(_("New game"), key=f"{KEY}_new"):
            _forget()
            st.rerun(scope="app")
        return
    if not st.session_state.get(confirm):
        row.button(
            _("End this game…"),
            key=f"{KEY}_end",
            on_click=lambda: st.session_state.update({confirm: True}),
        )
        return
    st.warning(
        _(
            "End this game here? It stops where it stands, with the scores it has now, and "
            "cannot be continued; its link then shows it ended."
        )
    )
    yes_no = st.container(horizontal=True, gap="small")
    if yes_no.button(_("Yes, end it"), type="primary", key=f"{KEY}_end_yes"):
        end_game(play_id)
        st.rerun(scope="app")
    yes_no.button(
        _("No, keep playing"),
        key=f"{KEY}_end_no",
        on_click=lambda: st.session_state.pop(confirm, None),
    )


def render_play() -> None:
    st.markdown("### " + _("Play against the bots"))
    try:
        _guided_link()
        loaded = _load()
    except EngineError as exc:
        st.error(_("Games cannot be stored here: {error}").format(error=error_text(exc)))
        return
    if loaded is None:
        st.caption(
            _(
                "Take a seat; the bots play the others, one move a second so you can follow. "
                "The game survives a page reload (its id is in the URL)."
            )
        )
        _setup()
        return
    play_id, record, version = loaded
    state = _state(play_id, version, record)
    human = record.meta["human"]
    bots_turn = not state.is_terminal() and not ended(record) and state.current_player() != human
    bots_turn = bots_turn and guide.pending(record) is None
    st.caption(
        _("{game} · you are {player} · seed {seed}").format(
            game=game_ui(record.game).title_text(),
            player=seat_name(human),
            seed=record.meta["seed"],
        )
    )
    from dashboard.guide.cards import rules_door

    rules_door(record.game)
    pause = _pause(record)
    st.fragment(_view, run_every=pause if bots_turn else None)(play_id, bots_turn)


def _pause(record: GameRecord) -> float:
    value = record.meta.get("pause", PAUSE)
    return float(value) if isinstance(value, (int, float)) and 0.1 <= value <= 5 else PAUSE
