"""The explorer's graded decisions: grading a record (quickly, or one deal in full), the
words of a graded step, the marks' key and each player's accuracy."""

from __future__ import annotations

import importlib

import polars as pl
import streamlit as st

from dashboard.board_component import chart_spec, md_html
from dashboard.charts import loss_chart
from dashboard.explorer_words import who_label
from dashboard.i18n import N_, _, error_text
from dashboard.ui import plain
from dashboard.units import amount, unit_word
from engine import EngineError, GameRecord
from engine.analysis import analyse, analyse_quick
from engine.core.annotation import Annotation, accuracy

#: the words of the decision marks (engine.core.annotation.MARK_WORDS)
MARK_WORDS = {
    "!?": N_("good find"),
    "?!": N_("inaccuracy"),
    "?": N_("mistake"),
    "??": N_("blunder"),
}


@st.cache_resource(show_spinner=False, max_entries=8)
def grades(
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


def with_full_deals(game, record_json, notes, deals) -> tuple[tuple[Annotation, ...], str]:
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


def deal_on_view(plugin, states, step) -> int | None:
    """The deal whose play the step shows (the step after a deal's last card included)."""
    deal = plugin.deal_of(states[step])
    if deal is None and step:
        deal = plugin.deal_of(states[step - 1])
    return deal


def full_deal_control(key, deal, graded: set) -> None:
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


def thresholds_text(game: str, unit: str) -> str:
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


def board_grades(notes, players: list[str], last: int) -> dict:
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


def grades_panel(plugin, notes, players) -> None:
    st.subheader(_("Graded decisions"))
    if not notes:
        st.caption(_("No decision of this game is graded."))
        return
    unit = notes[0].unit
    if plugin.measure:
        st.caption(_(plugin.measure))  # the plugin marks it with N_()
    st.caption(thresholds_text(plugin.game, unit))
    st.dataframe(_accuracy_frame(notes, players), hide_index=True, width="stretch")
