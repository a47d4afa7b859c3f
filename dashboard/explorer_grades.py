"""The explorer's graded decisions: grading a record (quickly, or one deal in full), the
words of a graded step, the marks' key and each player's accuracy."""

from __future__ import annotations

import importlib

import polars as pl
import streamlit as st

from dashboard import job_panel
from dashboard.board_component import chart_spec, md_html
from dashboard.charts import loss_chart
from dashboard.explorer_words import who_label
from dashboard.i18n import N_, _, error_text, ngettext
from dashboard.jobs import JOBS
from dashboard.page_jobs import grade_deals, grade_game
from dashboard.ui import plain
from dashboard.units import amount, unit_word
from engine import EngineError, GameRecord
from engine.analysis import ANALYSED, analyse_quick
from engine.core.annotation import Annotation, accuracy

#: the words of the decision marks (engine.core.annotation.MARK_WORDS)
MARK_WORDS = {
    "!?": N_("good find"),
    "?!": N_("inaccuracy"),
    "?": N_("mistake"),
    "??": N_("blunder"),
}


#: games whose whole-game grading stays in the page: Whist's quick grading (the last five
#: tricks of each deal) takes 2–70 ms a game; the others take 0.25–4.4 s, so they are
#: graded in a worker process (:mod:`dashboard.jobs`), as is a Whist deal in full (~3 s)
QUICK_IN_PAGE = ("whist",)


_GAMES = job_panel.Kept(8)  # (game, record_json) -> the quick grades
_DEALS = job_panel.Kept(32)  # (game, record_json, deal) -> every card of the deal graded


def _unavailable(exc: EngineError, title: str) -> str:
    if str(exc).startswith("no analysis for"):
        return _("Grading is not available for {game} yet.").format(game=title)
    return _("This game could not be graded: {error}").format(error=error_text(exc))


def grades(plugin, key: str, record_json: str) -> tuple[tuple[Annotation, ...], str | None]:
    """The graded decisions, or no grades and the reason in player words. A game that
    takes long is graded by a job (its progress and Cancel button shown here): until it
    is done there are no grades and the reason is ``None``."""
    game, title = plugin.game, plugin.title_text()
    if game not in ANALYSED:
        return (), _("Grading is not available for {game} yet.").format(game=title)
    job_key = f"{key}_grading"
    done = job_panel.take(job_key)
    if done is not None:
        job, status = done
        if status is not None and status.error is not None:
            _GAMES.put((game, job["record"]), status.error)
        elif status is not None and status.result is not None:
            _GAMES.put((game, job["record"]), status.result)
    kept = _GAMES.get((game, record_json))
    if kept is None and game in QUICK_IN_PAGE:
        try:
            kept = tuple(analyse_quick(GameRecord.from_json(record_json)))
        except EngineError as exc:
            kept = exc
        _GAMES.put((game, record_json), kept)
    if isinstance(kept, EngineError):
        return (), _unavailable(kept, title)
    if kept is not None:
        return kept, ""
    job = job_panel.running(job_key)
    if job is not None and job["record"] != record_json:  # another record is chosen now
        JOBS.forget(job["id"])
        st.session_state.pop(job_key)
        job = None
    if job is None and not job_panel.start(job_key, grade_game, record_json, record=record_json):
        return (), None
    job_panel.progress_panel(
        job_key,
        lambda status: _("Grading every decision…"),
        _("Cancel the grading"),
        on_cancel=lambda: st.session_state.update({f"{key}_grade": False}),
    )
    return (), None


def with_full_deals(plugin, key, record_json, notes, deals: set):
    """The quick grades with the deals asked for graded in full in their place (the quick
    grades of a deal are some of its full ones), the deals graded in full, and why not
    (the deals whose grading failed or was cancelled are no longer asked for). The deals
    not graded yet are graded by a job, its progress and Cancel button shown here."""
    game = plugin.game
    job_key = f"{key}_deal_grading"
    done = job_panel.take(job_key)
    why_not = ""
    if done is not None:
        job, status = done
        if status is not None:
            for deal, graded in (status.result or {}).items():
                _DEALS.put((game, job["record"], deal), graded)
            if status.error is not None:
                why_not = _("This deal could not be graded: {error}").format(
                    error=error_text(status.error)
                )
        if job["record"] == record_json:  # what the job did not grade is no longer asked
            deals -= {d for d in job["deals"] if _DEALS.get((game, record_json, d)) is None}
    full: list[Annotation] = []
    graded = set()
    for deal in sorted(deals):
        kept = _DEALS.get((game, record_json, deal))
        if kept is not None:
            full += kept
            graded.add(deal)
    missing = sorted(deals - graded)
    job = job_panel.running(job_key)
    if job is not None and job["record"] != record_json:
        JOBS.forget(job["id"])
        st.session_state.pop(job_key)
        job = None
    if missing and job is None:
        if not job_panel.start(
            job_key, grade_deals, record_json, missing, record=record_json, deals=missing
        ):
            deals -= set(missing)
            job = None
        else:
            job = job_panel.running(job_key)
    if job is not None:

        def drop() -> None:  # cancelled: the deals are no longer asked for
            deals.difference_update(job["deals"])

        job_panel.progress_panel(
            job_key,
            lambda status: ngettext(
                "Grading every card of deal {deals}…",
                "Grading every card of deals {deals}…",
                len(job["deals"]),
            ).format(deals=", ".join(str(d + 1) for d in job["deals"])),
            _("Cancel the grading"),
            on_cancel=drop,
        )
    steps = {n.step for n in full}
    merged = [n for n in notes if n.step not in steps] + full
    return tuple(sorted(merged, key=lambda n: n.step)), graded, why_not


def deal_on_view(plugin, states, step) -> int | None:
    """The deal whose play the step shows (the step after a deal's last card included)."""
    deal = plugin.deal_of(states[step])
    if deal is None and step:
        deal = plugin.deal_of(states[step - 1])
    return deal


def full_deal_control(key, deal, graded: set, asked: set) -> None:
    """The button that grades every card of the deal on view, or the word that it is
    (or is being) graded."""
    if deal in graded:
        st.caption(_("Every card of deal {n} is graded.").format(n=deal + 1))
        return
    if deal in asked:
        st.caption(_("Every card of deal {n} is being graded…").format(n=deal + 1))
        return

    def ask():  # only records the wish: the page's run starts the job
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
