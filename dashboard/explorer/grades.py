"""The explorer's graded decisions: grading a record (at once, or deal by deal as it
opens), the words of a graded step, the marks' key and each player's accuracy."""

from __future__ import annotations

import functools
import importlib
from html import escape

import streamlit as st

from dashboard.charts import loss_chart
from dashboard.components.board import chart_spec, md_html
from dashboard.explorer.words import who_label
from dashboard.i18n import N_, _, error_text, ngettext
from dashboard.jobs import panel as job_panel
from dashboard.jobs.pages import grade_game, grade_one_deal
from dashboard.jobs.pool import JOBS
from dashboard.palette import MUTED
from dashboard.ui import crash_message, plain
from dashboard.words.phrases import phrase_text
from dashboard.words.units import amount, unit_word
from engine import EngineError, GameRecord
from engine.analysis import ANALYSED, left_out_on_page, not_graded_on_page
from engine.core.annotation import Annotation, accuracy

#: the words of the decision marks (engine.core.annotation.MARK_WORDS)
MARK_WORDS = {
    "!?": N_("good find"),
    "?!": N_("inaccuracy"),
    "?": N_("mistake"),
    "??": N_("blunder"),
}


_GAMES = job_panel.Kept(8)  # (game, record_json) -> the whole game's grades
#: (game, record_json) -> {deal: its grades, or the error that stopped them}, for a game
#: graded deal by deal (:func:`deal_by_deal`)
_GRADED = job_panel.Kept(16)


def _unavailable(exc: BaseException, title: str) -> str:
    if not isinstance(exc, EngineError):  # a bug: said as every page says one
        return crash_message(exc)
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
        ended, status = done
        if status is not None and status.error is not None:
            _GAMES.put((game, ended["record"]), status.error)
        elif status is not None and status.result is not None:
            _GAMES.put((game, ended["record"]), status.result)
    kept = _GAMES.get((game, record_json))
    if isinstance(kept, BaseException):  # the grading failed (kept, so not run again)
        return (), _unavailable(kept, title)
    if kept is not None:
        job_panel.leave_queue(job_key)
        return kept, ""
    job = job_panel.running(job_key)
    if job is not None and job["record"] != record_json:  # another record is chosen now
        JOBS.forget(job["id"])
        st.session_state.pop(job_key)
        job = None
    if job is None and not job_panel.start_in_turn(
        job_key,
        _("Grading starts as soon as the server has a worker free."),
        grade_game,
        record_json,
        record=record_json,
    ):
        return (), None
    job_panel.progress_panel(
        job_key,
        lambda status: _("Grading every decision…"),
        _("Cancel the grading"),
        on_cancel=lambda: st.session_state.update({f"{key}_grade": False}),
    )
    return (), None


def deals_of(plugin, states) -> list[int]:
    """The deals of a game graded deal by deal (a plugin with ``deal_of``), in order."""
    return sorted({d for s in states if (d := plugin.explorer.deal_of(s)) is not None})


def _deal_order(deals: list[int], first: int | None) -> list[int]:
    """The deal on view first, then those after it, then those before it.

    >>> _deal_order([0, 1, 2, 3], 2), _deal_order([0, 1], None)
    ([2, 3, 0, 1], [0, 1])
    """
    if first not in deals:
        return list(deals)
    i = deals.index(first)
    return deals[i:] + deals[:i]


def deal_by_deal(
    plugin, key: str, record_json: str, states, step: int
) -> tuple[tuple[Annotation, ...], str]:
    """A game graded deal by deal as it opens (a plugin with ``deal_of``: Whist): every
    decision of each deal graded by a job of its own in the worker pool, the deal on view
    first, so the board shows each deal's grades as soon as they are made. What is graded
    is kept for every session of the server (keyed by the record's content), so a second
    visit is instant. Returns the grades so far and why some are missing (``""``: none
    is, or they are on their way: the progress note, with its Cancel button, says so)."""
    game = plugin.game
    if game not in ANALYSED:
        return (), _("Grading is not available for {game} yet.").format(game=plugin.title_text())
    job_key = f"{key}_deal_grading"
    stopped_key = f"{key}_grading_stopped"
    cache_key = (game, record_json)
    graded: dict = dict(_GRADED.get(cache_key) or {})
    done = job_panel.take(job_key)
    if done is not None:
        ended, status = done
        if status is None:
            job_panel.lost()
        elif status.result is not None:
            kept = dict(_GRADED.get((game, ended["record"])) or {})
            kept.update(status.result)
            _GRADED.put((game, ended["record"]), kept)
        elif status.error is not None:
            kept = dict(_GRADED.get((game, ended["record"])) or {})
            kept[ended["deal"]] = status.error
            _GRADED.put((game, ended["record"]), kept)
        if status is not None and status.cancelled and not status.result:
            st.session_state[stopped_key] = ended["record"]
        graded = dict(_GRADED.get(cache_key) or {})
    job = job_panel.running(job_key)
    if job is not None and job["record"] != record_json:  # another record is chosen now
        JOBS.forget(job["id"])
        st.session_state.pop(job_key)
        job = None
    deals = deals_of(plugin, states)
    missing = [d for d in _deal_order(deals, deal_on_view(plugin, states, step)) if d not in graded]
    failed = sorted(d for d, v in graded.items() if isinstance(v, BaseException))
    why_not = ""
    if failed:
        error = graded[failed[0]]
        said = error_text(error) if isinstance(error, EngineError) else crash_message(error)
        why_not = _("Deal {n} could not be graded: {error}").format(n=failed[0] + 1, error=said)
    stopped = st.session_state.get(stopped_key) == record_json
    count = len(deals) - len(missing)
    waits = False
    if not missing or stopped:
        job_panel.leave_queue(job_key)
    if missing and job is None and not stopped:
        words = (
            ngettext(
                "Graded {done} of {total} deal; the rest after the work in progress below.",
                "Graded {done} of {total} deals; the rest after the work in progress below.",
                len(deals),
            )
            if job_panel.ahead(job_key)
            else ngettext(
                "Graded {done} of {total} deal; the rest as soon as the server has a worker free.",
                "Graded {done} of {total} deals; the rest as soon as the server has a worker free.",
                len(deals),
            )
        ).format(done=count, total=len(deals))
        waits = not job_panel.start_in_turn(
            job_key,
            words,
            grade_one_deal,
            record_json,
            missing[0],
            count,
            len(deals),
            record=record_json,
            deal=missing[0],
        )
        job = job_panel.running(job_key)
    if job is not None:
        job_panel.progress_panel(
            job_key,
            lambda status: ngettext(
                "Graded {done} of {total} deal…",
                "Graded {done} of {total} deals…",
                len(deals),
            ).format(done=count, total=len(deals)),
            _("Stop grading"),
            on_cancel=lambda: st.session_state.update({stopped_key: record_json}),
        )
    elif missing and deals and not waits:  # (a part that waits says so: start_in_turn)
        st.caption(
            ngettext(
                "Graded {done} of {total} deal.", "Graded {done} of {total} deals.", len(deals)
            ).format(done=count, total=len(deals))
        )
        if st.button(  # stopped
            _("Grade the other deals"), key=f"{key}_grade_rest", icon=":material/play_arrow:"
        ):
            st.session_state.pop(stopped_key, None)
            st.rerun(scope="app")
    notes = [n for d in deals if isinstance(graded.get(d), tuple) for n in graded[d]]
    return tuple(sorted(notes, key=lambda n: n.step)), why_not


def left_out_words(record, record_json: str | None = None) -> list[str]:
    """What the page's grading leaves out of ``record``, in the page's words: by its
    options (a Whist for two without the fast search: the first tricks), then, for each
    deal graded so far, what it left out (Whist for two: decisions whose exact search
    is over the budget, :func:`engine.analysis.left_out`)."""
    words = [error_text(p) for p in not_graded_on_page(record)]
    graded = (_GRADED.get((record.game, record_json)) or {}) if record_json else {}
    for deal in sorted(d for d, notes in graded.items() if isinstance(notes, tuple)):
        words += [phrase_text(p) for p in _deal_left_out(record_json, deal, graded[deal])]
    return words


@functools.lru_cache(maxsize=256)
def _deal_left_out(record_json: str, deal: int, notes: tuple) -> tuple:
    """The engine's phrases (kept: a page reruns on every step, and this replays the
    game)."""
    record = GameRecord.from_json(record_json)
    return tuple(left_out_on_page(record, list(notes), deal=deal))


def stop_deal_grading(key: str) -> None:
    """Grading turned off: the deal being graded is no longer wanted."""
    job_panel.leave_queue(f"{key}_deal_grading")
    job = job_panel.running(f"{key}_deal_grading")
    if job is not None:
        JOBS.forget(job["id"])
        st.session_state.pop(f"{key}_deal_grading")


def deal_on_view(plugin, states, step) -> int | None:
    """The deal whose play the step shows (the step after a deal's last card included)."""
    deal = plugin.explorer.deal_of(states[step])
    if deal is None and step:
        deal = plugin.explorer.deal_of(states[step - 1])
    return deal


def _thresholds(game: str):
    try:
        return importlib.import_module(f"engine.{game}.analysis").THRESHOLDS
    except (ImportError, AttributeError):
        return None


def _mark_text(mark: str) -> str:
    return f"{mark} ({_(MARK_WORDS[mark])})" if mark else _("no mark")


def _grade_text(note: Annotation, players: list[str], said=None) -> tuple[str, str]:
    """What the board says under the move list of a graded step: its kind (the message
    box: ``error`` for ?? and ?, ``warning`` for ?!, else ``info``) and its words.
    ``said(step, text)``: an action of that step in words (the player named in it)."""
    unit = note.unit
    if said is None:  # no words for the game's actions: the player, then the action's text

        def said(_step: int, text: str) -> str:
            return f"{who_label(players, note.seat)}: {text}"

    played, best = said(note.step, note.action), said(note.step, note.best)
    played, best = f"**{plain(played)}**", f"**{plain(best)}**"
    if note.action == note.best:
        text = _("{played}: the best choice ({value})").format(
            played=played, value=amount(note.value_played, unit)
        )
    else:
        text = _(
            "{played}, worth {value}; the best: {best}, worth {best_value} — lost **{loss}**"
        ).format(
            played=played,
            value=amount(note.value_played, unit),
            best=best,
            best_value=amount(note.value_best, unit),
            loss=amount(note.loss, unit),
        )
    text += f" · {_mark_text(note.mark)}"
    kind = "error" if note.mark in ("??", "?") else "warning" if note.mark == "?!" else "info"
    return kind, text


def by_unit(notes) -> dict[str, list[Annotation]]:
    """The grades by the unit they are measured in, in the order the units first come
    (a game may grade its bids in points and its cards in tricks: a total or a chart
    adds up only one unit)."""
    out: dict[str, list[Annotation]] = {}
    for note in notes:
        out.setdefault(note.unit, []).append(note)
    return out


_CELL = f"padding:3px 5px;border-bottom:1px solid {MUTED}55;text-align:right;"
_HEAD = _CELL + f"font-weight:600;border-bottom:2px solid {MUTED};vertical-align:bottom;"


def accuracy_html(notes, players: list[str]) -> str:
    """Each player's accuracy as a compact HTML table that fits a phone's width: the
    marks' columns headed by the marks alone (their words in the headers' tooltips), the
    player's name wrapping, the losses in the unit of ``notes``.

    >>> from engine.core.annotation import Annotation
    >>> note = Annotation(0, 1, "a", "b", 1.0, 2.0, "points", "?", "")
    >>> page = accuracy_html([note], ["Ann", "Bob"])
    >>> page.count("<tr>"), 'title="mistakes">?</th>' in page, "Bob</td>" in page
    (3, True, True)
    """
    word = unit_word(notes[0].unit if notes else "")
    heads = [
        (_("player"), "", "left"),
        (_("graded"), _("decisions graded"), "right"),
        ("??", _("blunders"), "right"),
        ("?", _("mistakes"), "right"),
        ("?!", _("inaccuracies"), "right"),
        ("!?", _("good finds"), "right"),
        (_("mean lost"), _("mean lost a decision ({unit})").format(unit=word), "right"),
        (_("total lost"), _("total lost ({unit})").format(unit=word), "right"),
    ]
    head = "".join(
        f'<th style="{_HEAD}text-align:{side}" title="{escape(tip)}">{escape(name)}</th>'
        for name, tip, side in heads
    )
    rows = []
    for r in accuracy(notes, len(players)):
        values = [r["decisions"], r["??"], r["?"], r["?!"], r["!?"]]
        values += [f"{r['mean_loss']:.3g}", f"{r['total_loss']:.3g}"]
        cells = "".join(f'<td style="{_CELL}white-space:nowrap">{v}</td>' for v in values)
        who = escape(who_label(players, r["seat"]))
        rows.append(f'<tr><td style="{_CELL}text-align:left">{who}</td>{cells}</tr>')
    style = "border-collapse:collapse;font-size:0.9rem;line-height:1.3;margin:0.2rem 0 0.6rem"
    return (
        f'<div style="max-width:100%;overflow-x:auto"><table style="{style}">'
        f"<thead><tr>{head}</tr></thead><tbody>{''.join(rows)}</tbody></table></div>"
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


def board_grades(notes, players: list[str], last: int, words=None) -> dict:
    """The graded steps for the board: the mark of each move-list row, what the board says
    on a graded step (``words(step, text)``: an action in words), and the chart of the
    value lost (when there are grades)."""
    by_row = {n.step + 1: n for n in notes}  # the move-list row of the action graded
    units = by_unit(notes)
    said = {}
    for row, note in by_row.items():
        kind, text = _grade_text(note, players, words)
        said[row] = {"kind": kind, "html": md_html(text)}
    return {
        "marks": {row: n.mark for row, n in by_row.items() if n.mark},
        "notes": said,
        "charts": [
            chart_spec(loss_chart(mine, None, players, last, titled=len(units) > 1))
            for mine in units.values()
        ],
    }


def grades_panel(plugin, notes, players) -> None:
    st.subheader(_("Graded decisions"))
    if not notes:
        st.caption(_("No decision of this game is graded."))
        return
    units = by_unit(notes)
    if plugin.measure:
        st.caption(_(plugin.measure))  # the plugin marks it with N_()
    st.caption(thresholds_text(plugin.game, notes[0].unit))
    for unit, mine in units.items():
        if len(units) > 1:
            st.markdown(_("**In {unit}**").format(unit=unit_word(unit)))
            # the engine's own measure of these grades when each says it in a coded
            # phrase; a unit the plugin's measure covers says nothing more
            if all(getattr(n.measure, "code", None) for n in mine):
                for text in sorted({error_text(n.measure) for n in mine}):
                    st.caption(text)
        st.html(accuracy_html(mine, players))
