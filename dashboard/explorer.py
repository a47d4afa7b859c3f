"""The game explorer shared by every game: choose a recorded, simulated or uploaded game,
then step through it beside the game's own state view, charts and graded decisions.

A game plugs in its :class:`dashboard.game_ui.GameUI`; its page is
``render_explorer(game_ui("<game>"))``.

Like an analysis board, and stepping in the browser with no round trip: the board (the
drawn position, the move list, the charts with their cursor, the grade of the step) is one
component (:mod:`dashboard.board_component`) sent the whole game once. ←/→ step and
Home/End jump from anywhere on the page, a click on a move or on a chart jumps there; the
server hears the step afterwards (debounced) only to keep the address bar (source, file,
game number and step: a link opens that position, a reload keeps it) and the bot hint
current, and then reruns only that part (``st.fragment``). States are replayed and every
step drawn once per record (cached by content).
"""

from __future__ import annotations

import hashlib
import importlib
import re
from dataclasses import dataclass
from pathlib import Path

import polars as pl
import streamlit as st

from dashboard.board_component import (
    board,
    chart_spec,
    drawing,
    md_html,
    pack_drawings,
    step_reporter,
)
from dashboard.charts import loss_chart
from dashboard.game_ui import GameUI
from dashboard.i18n import N_, _, current, error_text, ngettext, pgettext
from dashboard.ui import (
    NAME_MAX_CHARS,
    default_count_index,
    overrides_input,
    parse_overrides,
    plain,
    plain_label,
    player_counts,
    set_url,
    url_value,
)
from dashboard.units import amount, unit_word
from engine import EngineError, GameRecord, get_game, parse_records, simulate, states
from engine.analysis import analyse, analyse_quick
from engine.core.annotation import Annotation, accuracy
from engine.core.records import MAX_BYTES, parse_jsonl

DATA_DIR = Path(__file__).resolve().parents[1] / "data"
MAX_SIMULATED_PLAYERS = 6
MAX_URL_NUMBER = 10**6

# URL word → label of the source control ("Live game" comes from the live page only).
SOURCES = {"recorded": "Recorded", "simulate": "Simulate", "upload": "Upload"}
LIVE = "Live game"
#: the source control's values (English, kept in the session) in the page's words
SOURCE_WORDS = {
    "Recorded": N_("Recorded"),
    "Simulate": N_("Simulate"),
    "Upload": N_("Upload"),
    LIVE: N_("Live game"),
}
#: the words of the decision marks (engine.core.annotation.MARK_WORDS)
MARK_WORDS = {
    "!?": N_("good find"),
    "?!": N_("inaccuracy"),
    "?": N_("mistake"),
    "??": N_("blunder"),
}


def chance_word(word: str) -> str:
    """A game's chance in the session's language (``dealer/dice`` when it names none)."""
    words = {
        "dealer": pgettext("move list", "dealer"),
        "deck": pgettext("move list", "deck"),
        "dice": pgettext("move list", "dice"),
        "die": pgettext("move list", "die"),
    }
    return words.get(word) or plain_label("chance")


# --- cached loading -------------------------------------------------------------------------


@st.cache_data(show_spinner=False, max_entries=32)
def _load_file(path: str, mtime: float) -> list[str]:
    return [
        r.to_json()
        for r in parse_jsonl(Path(path).read_text(encoding="utf-8"), source=Path(path).name)
    ]


@dataclass(frozen=True)
class Replay:
    """Everything a step needs, computed once per record (cached by its content)."""

    record: GameRecord
    states: list
    history: pl.DataFrame
    moves: pl.DataFrame  # the move list without the current-step marker


@st.cache_resource(show_spinner=False, max_entries=8)
def _replay(
    game: str, record_json: str, _history_fn, lang: str = "en", _event_fn=None, _chance=""
) -> Replay:
    """``lang``: the cache keeps one replay per language (the move list has words)."""
    record = GameRecord.from_json(record_json)
    all_states = states(record)
    history = _history_fn(record)
    bots = set(get_game(game).bots)
    chance = chance_word(_chance)
    moves = _moves(history, record.players, bots, _event_fn or player_words, chance)
    return Replay(record, all_states, history, moves)


@st.cache_resource(show_spinner=False, max_entries=8)
def _grades(
    game: str, record_json: str, lang: str = "en", title: str = ""
) -> tuple[tuple[Annotation, ...], str]:
    """The graded decisions, or no grades and the reason in player words (``lang``: the
    reason's language, ``title``: the game's name in it)."""
    try:
        return tuple(analyse_quick(GameRecord.from_json(record_json))), ""
    except EngineError as exc:
        if str(exc).startswith("no analysis for"):
            return (), _("Grading is not available for {game} yet.").format(game=title or game)
        return (), _("This game could not be graded: {error}").format(error=error_text(exc))


@st.cache_resource(show_spinner=False, max_entries=32)
def _deal_grades(game: str, record_json: str, deal: int) -> tuple[Annotation, ...]:
    """Every decision of one deal graded in full (see :attr:`GameUI.deal_of`)."""
    return tuple(analyse(GameRecord.from_json(record_json), deal=deal))


def _with_full_deals(game, record_json, notes, deals) -> tuple[tuple[Annotation, ...], str]:
    """The quick grades with the deals asked for graded in full in their place (the quick
    grades of a deal are some of its full ones), or the quick grades and why not."""
    full: list[Annotation] = []
    try:
        for deal in sorted(deals):
            full += _deal_grades(game, record_json, deal)
    except EngineError as exc:
        return notes, _("This deal could not be graded: {error}").format(error=error_text(exc))
    steps = {n.step for n in full}
    merged = [n for n in notes if n.step not in steps] + full
    return tuple(sorted(merged, key=lambda n: n.step)), ""


def _deal_on_view(plugin, states, step) -> int | None:
    """The deal whose play the step shows (the step after a deal's last card included)."""
    deal = plugin.deal_of(states[step])
    if deal is None and step:
        deal = plugin.deal_of(states[step - 1])
    return deal


def _full_deal_control(key, deal, graded: set) -> None:
    """The button that grades every card of the deal on view, or the word that it is."""
    if deal in graded:
        st.caption(_("Every card of deal {n} is graded.").format(n=deal + 1))
        return

    def ask():  # only records the wish: the grading runs in the script, under a spinner
        st.session_state[f"{key}_full_deals"][1].add(deal)

    if st.button(
        _("Grade every card of deal {n}").format(n=deal + 1),
        key=f"{key}_full_deal_{deal}",
        on_click=ask,
        help=_(
            "At first only the last five tricks of each deal are graded; this grades all "
            "of this deal's cards (a few seconds)."
        ),
    ):
        st.rerun(scope="app")  # the board shows the new grades


def _thresholds(game: str):
    try:
        return importlib.import_module(f"engine.{game}.analysis").THRESHOLDS
    except (ImportError, AttributeError):
        return None


def recorded_files(game: str) -> list[Path]:
    folder = DATA_DIR / game
    return sorted(folder.glob("*.jsonl")) if folder.is_dir() else []


def player(seat: int) -> str:
    """Seat 0 is Player 1: how every explorer text names a seat.

    >>> player(0)
    'Player 1'
    """
    return _("Player {n}").format(n=seat + 1)


def who_label(players: list[str], seat: int) -> str:
    """``Player 1 · Ann`` (a bot by its player word: ``Player 2 · simple bot``)."""
    if 0 <= seat < len(players):
        return f"{player(seat)} · {plain(plain_label(players[seat]), NAME_MAX_CHARS)}"
    return player(seat)


_SEATS = re.compile(r"\b([Ss])eats (\d+)\+(\d+)\b")
_SEAT = re.compile(r"\b([Ss])eat (\d+)\b")


def player_words(text: str) -> str:
    """An engine text with its seats named as players (seat 0 → Player 1).

    >>> player_words("seat 0 draws a card; seats 1+3 win")
    'Player 1 draws a card; Players 2+4 win'
    """
    text = _SEATS.sub(lambda m: _("Players {a}+{b}").format(a=int(m[2]) + 1, b=int(m[3]) + 1), text)
    return _SEAT.sub(lambda m: player(int(m[2])), text)


def turn_text(plugin: GameUI, state) -> str:
    """Who is to act, in the session's language: the plugin's words, else the engine's
    phrase with seats as players (its generic phrases translated)."""
    if plugin.turn_words is not None:
        return plugin.turn_words(state)
    from engine.core.protocol import CHANCE, TERMINAL

    phrase = state.describe_turn()
    seat = state.current_player()
    if seat == TERMINAL and phrase == "game over":
        return _("game over")
    if seat == CHANCE and phrase == "chance to act":
        return _("chance to act")
    if seat >= 0 and phrase == f"seat {seat} to act":
        return _("{player} to act").format(player=player(seat))
    return player_words(phrase)


def file_label(name: str) -> str:
    """A recorded file in player words: ``four_heuristic.jsonl`` → ``four simple bots``
    (the files the app ships are named whole, in the page's language; another file's
    name is read word by word).

    >>> file_label("heuristic_mirror.jsonl"), file_label("games.jsonl"), file_label("x_random")
    ('simple bot mirror', 'games', 'x random bot')
    """
    stem = Path(name).stem
    if stem == "games":
        return pgettext("recorded file", "games")
    if stem == "four_heuristic":
        return _("four simple bots")
    if stem == "heuristic_mirror":
        return _("simple bot mirror")
    return " ".join(plain_label(w) for w in stem.split("_") if w)


def _summary(record: GameRecord) -> str:
    winners = (record.result or {}).get("winners")
    won = ", ".join(player(w) for w in winners) if winners else _("nobody yet (unfinished)")
    names = _(" vs ").join(plain(plain_label(p), NAME_MAX_CHARS) for p in record.players)
    return _("{players} · seed {seed} · won by {winners}").format(
        players=names, seed=record.seed, winners=won
    )


# --- the address bar ------------------------------------------------------------------------


def _url_in(key: str, files: list[str]) -> None:
    """Apply the URL to the controls when it is not the one this session last wrote (a
    link was opened, the page reloaded or the address edited). A value that is there but
    junk falls back to its default; a value that is not there leaves its control alone
    (e.g. the live page's "open in the explorer")."""
    want = {
        "src": url_value("src", "recorded", choices=list(SOURCES)),
        "file": url_value("file", files[0] if files else "", choices=files or None),
        "game": url_value("game", 1, min=1, max=MAX_URL_NUMBER),
        "step": url_value("step", 0, min=0, max=MAX_URL_NUMBER),
        "grade": url_value("grade", False),
    }
    if st.session_state.get(f"{key}_url") == want:
        return
    st.session_state[f"{key}_url"] = want
    given = set(want) & set(st.query_params.keys())
    if not given:
        return
    apply = {
        "src": (f"{key}_source", SOURCES[want["src"]]),
        "file": (f"{key}_file", want["file"]),
        "game": (f"{key}_num", want["game"]),
        "grade": (f"{key}_grade", want["grade"]),
        "step": (f"{key}_url_step", want["step"]),  # applied once the record is known
    }
    for name in given:
        if name != "file" or files:
            state_key, value = apply[name]
            st.session_state[state_key] = value
    st.session_state.pop(f"{key}_current", None)


def _url_out(key: str, **values) -> None:
    """Write the current position to the URL (and remember it as this session's own)."""
    seen = dict(st.session_state.get(f"{key}_url") or {})
    seen.update(values)
    st.session_state[f"{key}_url"] = seen
    set_url(**values)


def _drop_url(*names: str) -> None:
    for name in names:
        if name in st.query_params:
            del st.query_params[name]


# --- choosing a game -------------------------------------------------------------------------


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
        st.session_state[f"{key}_num"] = 1
    i = c2.number_input(
        _("Game number (1–{n})").format(n=len(records)), 1, len(records), key=f"{key}_num"
    )
    _url_out(key, src="recorded", file=name, game=int(i))
    record = GameRecord.from_json(records[int(i) - 1])
    st.caption(_summary(record))
    return record


def _choose_simulated(plugin: GameUI, key: str) -> GameRecord | None:
    game = get_game(plugin.game)
    counts = player_counts(game)
    _url_out(key, src="simulate")
    _drop_url("file", "game")
    with st.form(f"{key}_sim"):
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
    st.caption(_summary(record))
    return record


def _choose_uploaded(plugin: GameUI, key: str) -> GameRecord | None:
    _url_out(key, src="upload")
    _drop_url("file", "game")
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
    st.success(f"{verified} " + _summary(record))
    return record


def _choose_live(plugin: GameUI, key: str) -> GameRecord | None:
    _drop_url("src", "file", "game")
    record = GameRecord.from_json(st.session_state[f"{key}_live"])
    st.caption(
        _("The game entered on the live page, as far as it has gone.") + " " + _summary(record)
    )
    return record


# --- stepping ---------------------------------------------------------------------------------


def _jump_to(key: str, step: int) -> None:
    """Ask for ``step`` (applied before the slider is drawn on the next run)."""
    st.session_state[f"{key}_jump"] = int(step)


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
) -> pl.DataFrame:
    """The move list without the current-step marker: step, who (``P1`` for Player 1,
    with the player's name unless it is a bot's; ``chance`` for chance's steps), move,
    the game's event."""
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
        "move": history["action"],
    }
    if "event" in history.columns:  # what happened, if the game says
        events = [None if e is None else event_words(e) for e in history["event"]]
        columns["event"] = pl.Series(events, dtype=pl.String)
    return pl.DataFrame(columns)


# --- grades ------------------------------------------------------------------------------------


def _mark_text(mark: str) -> str:
    return f"{mark} ({_(MARK_WORDS[mark])})" if mark else _("no mark")


def _grade_text(note: Annotation, players: list[str]) -> tuple[str, str]:
    """What the board says under the move list of a graded step: its kind (the message
    box: ``error`` for ?? and ?, ``warning`` for ?!, else ``info``) and its words."""
    who = who_label(players, note.seat)
    unit = note.unit
    played, best = f"**{plain(note.action)}**", f"**{plain(note.best)}**"
    if note.action == note.best:
        # "chose", not "played": the action's own text may start with a verb ("play JD")
        text = _("{who} chose {played}: the best choice ({value})").format(
            who=who, played=played, value=amount(note.value_played, unit)
        )
    else:
        text = _(
            "{who} chose {played} worth {value}; best was {best} worth {best_value} — "
            "lost **{loss}**"
        ).format(
            who=who,
            played=played,
            value=amount(note.value_played, unit),
            best=best,
            best_value=amount(note.value_best, unit),
            loss=amount(note.loss, unit),
        )
    text += f" · {_mark_text(note.mark)}"
    kind = "error" if note.mark in ("??", "?") else "warning" if note.mark == "?!" else "info"
    return kind, text


def _accuracy_frame(notes, players: list[str]) -> pl.DataFrame:
    word = unit_word(notes[0].unit if notes else "")
    rows = accuracy(notes, len(players))
    return pl.DataFrame(
        {
            _("player"): [who_label(players, r["seat"]) for r in rows],
            _("graded"): [r["decisions"] for r in rows],
            _("?? blunders"): [r["??"] for r in rows],
            _("? mistakes"): [r["?"] for r in rows],
            _("?! inaccuracies"): [r["?!"] for r in rows],
            _("!? good finds"): [r["!?"] for r in rows],
            _("mean lost ({unit})").format(unit=word): [round(r["mean_loss"], 3) for r in rows],
            _("total lost ({unit})").format(unit=word): [round(r["total_loss"], 2) for r in rows],
        }
    )


def _thresholds_text(game: str, unit: str) -> str:
    """The key of the marks: the game's own words when its marks follow more than the
    amount lost (Whist marks a lost trick by what it costs), else the thresholds."""
    try:
        key = importlib.import_module(f"engine.{game}.analysis").MARKS_KEY
    except (ImportError, AttributeError):
        key = None
    if key is not None:
        return error_text(key)
    t = _thresholds(game)
    if t is None:
        return ""
    return _(
        "Marks: ?! from {inaccuracy} lost, ? from {mistake}, ?? from {blunder}; !? = the only "
        "choice that keeps the value (every other loses at least {mistake})."
    ).format(
        inaccuracy=amount(t.inaccuracy, unit),
        mistake=amount(t.mistake, unit),
        blunder=amount(t.blunder, unit),
    )


# --- the board: one component that steps in the browser ----------------------------------------


def _step_words(plugin: GameUI, record: GameRecord, state, step: int, last: int):
    """The step's head line before its mark (``Step 3 of 40 — move x``) and who is to act."""
    if step:
        move = _("move **{action}**").format(action=plain(record.actions[step - 1]))
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
    record = rep.record
    last = len(rep.states) - 1
    steps, drawings = [], []
    for step, state in enumerate(rep.states):
        lead, turn = _step_words(plugin, record, state, step, last)
        steps.append({"lead": md_html(lead), "turn": md_html(turn)})
        drawings.append(drawing(plugin.render_state, state, view))
    pieces, packed = pack_drawings(drawings)
    for step, drawn in zip(steps, packed, strict=True):
        step["d"] = drawn
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
        "rid": hashlib.sha256(record_json.encode()).hexdigest()[:16],
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


def _board_grades(notes, players: list[str], last: int) -> dict:
    """The graded steps for the board: the mark of each move-list row, what the board says
    on a graded step, and the chart of the value lost (when there are grades)."""
    by_row = {n.step + 1: n for n in notes}  # the move-list row of the action graded
    said = {}
    for row, note in by_row.items():
        kind, text = _grade_text(note, players)
        said[row] = {"kind": kind, "html": md_html(text)}
    return {
        "marks": {row: n.mark for row, n in by_row.items() if n.mark},
        "notes": said,
        "charts": [chart_spec(loss_chart(notes, None, players, last))] if notes else [],
    }


def _board(plugin: GameUI, key: str, record_json: str) -> None:
    try:
        with st.spinner(_("Replaying the game…")):
            rep = _replay(
                plugin.game,
                record_json,
                plugin.history,
                current(),
                plugin.event_words,
                plugin.chance,
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
    c1, c2 = st.columns([1, 1], vertical_alignment="bottom")
    view = c1.selectbox(
        _("View as"), range(len(seats)), format_func=seats.__getitem__, key=f"{key}_view"
    )
    grade = c2.toggle(
        _("Grade the moves"),
        key=f"{key}_grade",
        help=_(
            "Grade every decision against the best choice (a few seconds the first "
            "time for a long game)."
        ),
    )
    _url_out(key, grade=bool(grade))

    notes: tuple[Annotation, ...] = ()
    why_not = ""
    full = st.session_state.get(f"{key}_full_deals")
    if full is None or full[0] != record_json:  # the deals graded in full, this record's
        full = st.session_state[f"{key}_full_deals"] = (record_json, set())
    if grade:
        with st.spinner(_("Grading every decision…")):
            notes, why_not = _grades(plugin.game, record_json, current(), plugin.title_text())
        if notes and full[1]:
            with st.spinner(_("Grading every card of the deal…")):
                notes, deal_why = _with_full_deals(plugin.game, record_json, notes, full[1])
            if deal_why:
                full[1].clear()  # asked again only by a new click
                st.error(deal_why)

    with st.spinner(_("Replaying the game…")):
        game = _board_game(
            plugin.game, record_json, current(), None if view == 0 else view - 1, plugin, rep
        )
    board(key, game, _board_grades(notes, record.players, last), step)
    _step_panel(plugin, key, rep, notes, full[1])
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
        else:
            _grades_panel(plugin, notes, record.players)


@st.fragment
def _step_panel(plugin: GameUI, key: str, rep: Replay, notes, graded: set) -> None:
    """What follows the board's step on the server: the address bar, the full-deal grading
    of the deal on view, the bot hint. The board reports its step here (debounced), and
    only this part reruns."""

    def reported(to: int) -> None:
        st.session_state[f"{key}_step"] = max(0, min(len(rep.states) - 1, to))

    step_reporter(key, reported)
    step = st.session_state.get(f"{key}_step", 0)
    _url_out(key, step=step)
    if notes and plugin.deal_of is not None:
        deal = _deal_on_view(plugin, rep.states, step)
        if deal is not None:
            _full_deal_control(key, deal, graded)
    _bot_hint(plugin, key, rep.record, rep.states[step], step)


BOARD_SECONDS = 0.3  # the board's bot must answer about this fast on one core


def _bot_hint(plugin, key, record, state, step) -> None:
    """On request, the move the strongest bot that answers within :data:`BOARD_SECONDS`
    (``engine.ladder.strongest_bot``) would make here, from the acting player's view."""
    seat = state.current_player()
    game = get_game(plugin.game)
    if seat < 0 or not game.bots:
        return
    if not st.button(_("What would the bot play here?"), key=f"{key}_hint_{step}"):
        return
    import random

    from dashboard.play_words import bot_label
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


def _grades_panel(plugin, notes, players) -> None:
    st.subheader(_("Graded decisions"))
    if not notes:
        st.caption(_("No decision of this game is graded."))
        return
    unit = notes[0].unit
    if plugin.measure:
        st.caption(_(plugin.measure))  # the plugin marks it with N_()
    st.caption(_thresholds_text(plugin.game, unit))
    st.dataframe(_accuracy_frame(notes, players), hide_index=True, width="stretch")


def render_explorer(plugin: GameUI) -> None:
    """The whole explorer UI for one game."""
    key = f"xp_{plugin.game}"
    st.title(_("{game}: games").format(game=plugin.title_text()))
    st.caption(
        _(
            "Step with ← → (Home / End for the ends) anywhere on the page; click a move or a "
            "point of a chart to jump there. The address bar links to this exact position."
        )
    )
    files = [p.name for p in recorded_files(plugin.game)]
    _url_in(key, files)

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
        format_func=lambda v: _(SOURCE_WORDS.get(v, v)),
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
    record = chooser(plugin, key)
    if record is None:
        _drop_url("step")
        return
    record_json = record.to_json()
    if st.session_state.get(f"{key}_current") != record_json:
        st.session_state[f"{key}_current"] = record_json
        st.session_state[f"{key}_step"] = 0
        url_step = st.session_state.pop(f"{key}_url_step", None)
        if url_step:  # opened from a link: its step (junk or too far = the start)
            last = len(record.actions)
            _jump_to(key, url_step if url_step <= last else 0)
    _board(plugin, key, record_json)
