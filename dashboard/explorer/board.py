"""The explorer's analysis board: the game replayed once, every step drawn by the game's
own ``render_state``, the move list and the charts, sent to the board component
(:mod:`dashboard.components.board`) that steps in the browser; what follows the step on
the server (the address bar, the bot hint). A game graded deal by deal (Whist) is graded
as it opens, and the board's grades fill in as each deal arrives."""

from __future__ import annotations

import hashlib
from dataclasses import dataclass

import polars as pl
import streamlit as st

from dashboard.components.board import (
    board,
    chart_spec,
    drawing,
    md_html,
    pack_drawings,
    step_reporter,
)
from dashboard.explorer.grades import (
    board_grades,
    deal_by_deal,
    grades,
    grades_panel,
    left_out_words,
    stop_deal_grading,
)
from dashboard.explorer.url import url_out
from dashboard.explorer.words import chance_word, player, player_words, turn_text, who_label
from dashboard.game_ui import GameUI
from dashboard.i18n import N_, _, current, error_text, pgettext
from dashboard.ui import in_browser, plain, plain_label
from engine import EngineError, GameRecord, get_game, states
from engine.core.annotation import Annotation


@dataclass(frozen=True)
class Replay:
    """Everything a step needs, computed once per record (cached by its content)."""

    record: GameRecord
    states: list
    history: pl.DataFrame
    moves: pl.DataFrame  # the move list without the current-step marker
    said: list[str]  # each action in words (index 0: the first action), players named in full


@st.cache_resource(show_spinner=False, max_entries=8)
def _replay(
    game: str,
    record_json: str,
    _history_fn,
    lang: str = "en",
    _event_fn=None,
    _chance="",
    _plugin: GameUI | None = None,
) -> Replay:
    """``lang``: the cache keeps one replay per language (the move list has words)."""
    record = GameRecord.from_json(record_json)
    all_states = states(record)
    history = _history_fn(record)
    bots = set(get_game(game).bots)
    chance = chance_word(_chance)
    seats = range(len(record.players))
    short = said_moves(_plugin, all_states, record.actions, [f"P{i + 1}" for i in seats])
    said = said_moves(_plugin, all_states, record.actions, [player(i) for i in seats])
    moves = _moves(history, record.players, bots, _event_fn or player_words, chance, short)
    return Replay(record, all_states, history, moves, said)


def said_moves(plugin: GameUI | None, all_states: list, actions: list[str], names: list[str]):
    """Each action of a record in the game's own words (:meth:`GameUI.describe_move`), read
    from the state it was played in; a grade's text for several moves at once in the
    game's ``text_words``; the action's text only for a game without words."""
    if plugin is None:
        return list(actions)
    out = []
    for state, text in zip(all_states, actions, strict=False):
        try:
            action = state.parse_action(text)
        except EngineError:
            worded = plugin.text_words and plugin.text_words(text, names, state.current_player())
            out.append(worded[:1].upper() + worded[1:] if worded else text)
            continue
        out.append(plugin.describe_move(action, names, state.current_player()))
    return out


_KEY_NAMES = {
    "first": N_("Home key"),
    "prev": N_("← key"),
    "next": N_("→ key"),
    "last": N_("End key"),
}


def _moves(
    history: pl.DataFrame,
    players: list[str],
    bots=(),
    event_words=player_words,
    chance: str | None = None,
    said: list[str] | None = None,
) -> pl.DataFrame:
    """The move list without the current-step marker: step, who (``P1`` for Player 1,
    with the player's name unless it is a bot's; ``chance`` for chance's steps), move (in
    words: ``said``, one per action; step 0 has none), the game's event."""
    if chance is None:
        chance = plain_label("chance")

    def who(a: int) -> str:
        if a == -1:
            return chance
        if a < 0:
            return ""
        if a < len(players) and players[a] not in bots:
            return f"P{a + 1} · {players[a]}"
        return f"P{a + 1}"

    # Worded here, in this thread: polars would call back from its own threads, which do
    # not know the session's language.
    columns = {
        "step": history["step"],
        "who": pl.Series([who(a) for a in history["actor"]], dtype=pl.String),
        "move": history["action"]
        if said is None
        else pl.Series([""] + said, dtype=pl.String)[: len(history)],
    }
    if "event" in history.columns:  # what happened, if the game says
        events = [None if e is None else event_words(e) for e in history["event"]]
        columns["event"] = pl.Series(events, dtype=pl.String)
    return pl.DataFrame(columns)


def _step_words(plugin: GameUI, rep: Replay, state, step: int, last: int):
    """The step's head line before its mark (``Step 3 of 40 — Player 2 plays 7♦``: the move
    that led here in words) and who is to act."""
    if step:
        move = f"**{plain(rep.said[step - 1])}**"
    else:
        move = _("the start")
    head = _("**Step {step} of {last}**").format(step=step, last=last)
    return f"{head} — {move}", plain(turn_text(plugin, state))


@st.cache_resource(show_spinner=False, max_entries=8)
def _board_game(game: str, record_json: str, lang: str, view: int | None, _plugin, _rep) -> dict:
    """The whole game for the board component, per step: its head line, who is to act and
    the game's own drawing (as ``view`` sees it); the move list; the charts' series. Made
    once per record, language and view (``lang``: the words' language), so a rerun sends
    the very same data."""
    plugin, rep = _plugin, _rep
    last = len(rep.states) - 1
    steps: list[dict[str, object]] = []
    drawings = []
    for step, state in enumerate(rep.states):
        lead, turn = _step_words(plugin, rep, state, step, last)
        # "n": no bot to ask here (chance acts, or the game is over): the board hides the
        # hint button at once, so the step's rerun draws the same page (see _bot_hint)
        steps.append({"lead": md_html(lead), "turn": md_html(turn), "n": int(_no_hint(state))})
        drawings.append(drawing(plugin.render_state, state, view))
    pieces, packed = pack_drawings(drawings)
    for entry, drawn in zip(steps, packed, strict=True):
        entry["d"] = drawn
    labels = {
        "step": _("step"),
        "who": _("who"),
        "move": pgettext("column", "move"),
        "event": _("what happened"),
    }
    moves = rep.moves
    words = {"step": _("Step"), "marks": _("?? blunder · ? mistake · ?! inaccuracy · !? good find")}
    for name, label in (("first", N_("First")), ("prev", N_("Prev")), ("next", N_("Next"))):
        words[name] = _(label)
        words[f"{name}_key"] = _(_KEY_NAMES[name])
    words["last"], words["last_key"] = _("Last"), _(_KEY_NAMES["last"])
    return {
        # the record (the board keeps its step while it is the same), and the drawn game:
        # the record in this language as this view sees it (redrawn whole when it changes)
        "rid": hashlib.sha256(record_json.encode()).hexdigest()[:16],
        "did": hashlib.sha256(f"{record_json}|{lang}|{view}".encode()).hexdigest()[:16],
        "last": last,
        "words": words,
        "steps": steps,
        "pieces": pieces,
        "moves": {
            "cols": [labels[c] for c in moves.columns],
            "rows": [list(r) for r in moves.iter_rows()],
        },
        "charts": [chart_spec(fig) for fig in plugin.charts(rep.history, None)],
    }


def show_board(plugin: GameUI, key: str, record_json: str) -> None:
    try:
        with st.spinner(_("Replaying the game…")):
            rep = _replay(
                plugin.game,
                record_json,
                plugin.history,
                current(),
                plugin.event_words,
                plugin.chance,
                plugin,
            )
    except EngineError as exc:
        st.error(_("This record does not replay: {error}").format(error=error_text(exc)))
        return
    record = rep.record
    last = len(rep.states) - 1
    skey = f"{key}_step"
    jump = st.session_state.pop(f"{key}_jump", None)
    if jump is not None:  # a step asked for by the page (a link, a test)
        st.session_state[skey] = jump
    step = st.session_state.get(skey, 0)
    step = max(0, min(last, step if isinstance(step, int) else 0))
    st.session_state[skey] = step

    seats = [_("Everything")] + [who_label(record.players, i) for i in range(len(record.players))]
    if st.session_state.get(f"{key}_view") not in range(len(seats)):
        st.session_state[f"{key}_view"] = 0
    by_deal = plugin.explorer.deal_of is not None  # graded deal by deal as it opens (Whist)
    if by_deal:
        st.session_state.setdefault(f"{key}_grade", True)
    c1, c2 = st.columns([1, 1], vertical_alignment="bottom")
    view = c1.selectbox(
        _("View as"), range(len(seats)), format_func=seats.__getitem__, key=f"{key}_view"
    )
    grade = c2.toggle(
        _("Grade the moves"),
        key=f"{key}_grade",
        help=_("Grade every decision against the best choice, deal by deal as the game opens.")
        if by_deal
        else _(
            "Grade every decision against the best choice (a few seconds the first "
            "time for a long game)."
        ),
    )
    url_out(key, grade=bool(grade))

    notes: tuple[Annotation, ...] = ()
    why_not: str | None = ""  # None: being graded
    if grade and by_deal:
        notes, why_not = deal_by_deal(plugin, key, record_json, rep.states, step)
    elif grade:
        notes, why_not = grades(plugin, key, record_json)
    elif by_deal:
        stop_deal_grading(key)

    with st.spinner(_("Replaying the game…")):
        game = _board_game(
            plugin.game, record_json, current(), None if view == 0 else view - 1, plugin, rep
        )
    names = [player(i) for i in range(len(record.players))]

    def said(at: int, text: str) -> str:  # a graded action (or the best one) in words
        return said_moves(plugin, rep.states[at : at + 1], [text], names)[0]

    board(key, game, board_grades(notes, record.players, last, said), step)
    _step_panel(plugin, key, rep, record_json)
    st.download_button(
        _("Download this record (.json)"),
        record.to_json(indent=1),
        file_name=f"{plugin.game}-seed{record.seed}.json",
        mime="application/json",
        key=f"{key}_download",
    )
    if grade:
        if why_not:
            st.info(why_not)
        for left_out in left_out_words(record, record_json):  # what is not graded, and why
            st.caption(left_out)
        if by_deal:  # what is graded so far (nothing yet: said once the grading is over)
            if notes or st.session_state.get(f"{key}_deal_grading") is None:
                grades_panel(plugin, notes, record.players)
        elif why_not == "":
            grades_panel(plugin, notes, record.players)


@st.fragment
def _step_panel(plugin: GameUI, key: str, rep: Replay, record_json: str) -> None:
    """What follows the board's step on the server: the address bar, the bot hint and what
    the game shows under the board (:attr:`dashboard.game_ui.ExplorerHooks.under_board`).
    The board reports its step here (debounced), and only this part reruns."""

    def reported(to: int) -> None:
        st.session_state[f"{key}_step"] = max(0, min(len(rep.states) - 1, to))

    step_reporter(key, reported)
    step = st.session_state.get(f"{key}_step", 0)
    url_out(key, step=step)
    _bot_hint(plugin, key, rep.record, rep.states[step], step)
    if plugin.explorer.under_board is not None:
        plugin.explorer.under_board(key, record_json, rep.states, step)


BOARD_SECONDS = 0.3  # the board's bot must answer about this fast on one core


def _no_hint(state) -> bool:
    """No bot is asked here: chance acts, or the game is over."""
    return state.is_terminal() or state.current_player() < 0


def _bot_hint(plugin, key, record, state, step) -> None:
    """On request, the move the strongest bot that answers within :data:`BOARD_SECONDS`
    (``engine.ladder.strongest_bot``) would make here, from the acting player's view.

    In a browser the button is drawn at every step under one key, and the board hides it
    at once where no bot is asked (``data-tt-no-hint`` on the page's body): a step's rerun
    then changes nothing on screen. Without a browser it is drawn where a bot is asked."""
    seat = state.current_player()
    game = get_game(plugin.game)
    if not game.bots or (_no_hint(state) and not in_browser()):
        return
    clicked = st.button(_("What would the bot play here?"), key=f"{key}_bothint")
    if not clicked or _no_hint(state):
        return
    import random

    from dashboard.play.words import bot_label
    from engine.ladder import make_bot, strongest_bot

    name = strongest_bot(game, BOARD_SECONDS)
    rng = random.Random(f"{record.seed}:{step}")  # the same answer every time it is asked
    try:
        with st.spinner(_("The bot is thinking…")):
            action = make_bot(game, name).choose(state.clone(), seat, rng)
    except EngineError as exc:
        st.error(error_text(exc))
        return
    st.info(
        _("The {bot} would play: {move}").format(
            bot=bot_label(name),
            move=plugin.describe_move(
                action, [player(i) for i in range(len(record.players))], seat
            ),
        )
    )
