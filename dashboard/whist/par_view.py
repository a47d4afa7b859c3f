"""Under the Whist analysis board: the double-dummy table and the par of the deal on view
, as bridge hand records print them — hindsight, every hand known.

The table comes from :func:`engine.whist.grading.four_hands.deal_par`, which takes up to a minute
of CPU for a Bid Whist deal: it is worked out by a job of the server's pool
(:mod:`dashboard.whist.par_job`), one deal at a time, the deal on view first, and kept for
every session of the server by (record, deal), so a second visit or a step within the
deal shows it at once. The session's one job slot is shared with the grading: the table
waits its turn (:func:`dashboard.jobs.panel.queue`) and the grading lets it go first.

A Bid Whist table is drawn with the contracts as rows and the declarers as columns
(``P1`` … ``P4``): ten short rows and four narrow columns read on a phone as on a wide
screen. A classic Whist deal has one contract (the turned trump, the player left of the
dealer leading): a row with each side's books.
"""

from __future__ import annotations

import html

import streamlit as st

from dashboard.explorer.words import player, who_label
from dashboard.i18n import _, error_text, ngettext
from dashboard.jobs import panel as job_panel
from dashboard.jobs.pool import JOBS
from dashboard.palette import HIGHLIGHT, MARKER, MUTED
from dashboard.ui import crash_message
from dashboard.whist import par_job
from dashboard.whist.draw import RED, SYMBOL
from dashboard.whist.words import contract_words, kind_word, suit_name
from dashboard.words.phrases import phrase_text
from engine import EngineError, GameRecord
from engine.whist.grading.par import HINDSIGHT

#: (record JSON, deal) -> (DDTable, Par), ``()`` (no such four-player deal) or the error
#: that stopped the job: what the jobs made, for every session of the server
_TABLES = job_panel.Kept(64)

_CELL = f"padding:2px 7px;border-bottom:1px solid {MUTED}55;"
_HEAD = _CELL + f"font-weight:600;border-bottom:2px solid {MUTED};"
_PAR = f"background:{HIGHLIGHT};color:#222;font-weight:700;outline:2px solid {MARKER};"


def deal_on_view(states, step: int) -> int | None:
    """The deal the step shows: the last one dealt at or before it (the first one before
    any is dealt); ``None`` when the record deals none.

    >>> from engine import simulate, states as replayed
    >>> sts = replayed(simulate("whist", 1, ["random"] * 4, variant="whist4"))
    >>> deal_on_view(sts, 0), deal_on_view(sts, len(sts) - 1) == sts[-1].deal_no - 1
    (0, True)
    """
    actions = [str(a) for a in states[-1].history]
    dealt = [i for i, text in enumerate(actions) if text.startswith("deal ")]
    if not dealt:
        return None
    before = [i for i in dealt if i < step]
    return states[(before[-1] if before else dealt[0]) + 1].deal_no


def _suit(letter: str) -> str:
    colour = RED if letter in "HD" else "inherit"
    return f'<span style="color:{colour}">{SYMBOL[letter]}</span>'


def contract_label(name: str) -> str:
    """A column of the table (``uptown S``, ``notrump low``, ``trump D``) as HTML."""
    kind, call = name.split()
    if kind == "notrump":
        return html.escape(_("no trump high") if call == "high" else _("no trump low"))
    if kind == "trump":
        suit = f"{_suit(call)} {html.escape(suit_name(call))}"  # ♥ hearts, the symbol coloured
        return html.escape(_("{mark} are trumps")).format(mark=suit)
    return f"{html.escape(kind_word(kind))} {_suit(call)}"


def _par_cell(par) -> tuple[str, int] | None:
    """(contract column, declarer) of a Bid Whist par (``"7 notrump low"``)."""
    words = par.contract.split()
    return (" ".join(words[1:]), par.declarer) if len(words) == 3 else None


def table_html(table, par, players: list[str]) -> str:
    """The double-dummy table as a compact HTML table; the par's entry is highlighted."""
    style = "border-collapse:collapse;font-size:0.95rem;line-height:1.35;margin:0.2rem 0 0.5rem"
    if table.variant.startswith("bid"):
        marked = _par_cell(par)
        heads = "".join(
            f'<th style="{_HEAD}text-align:right" title="{html.escape(who_label(players, s))}">'
            f"P{s + 1}</th>"
            for s in table.seats
        )
        rows = []
        for j, name in enumerate(table.contracts):
            cells = []
            for i, seat in enumerate(table.seats):
                par_here = marked == (name, seat)
                look = _CELL + "text-align:right;" + (_PAR if par_here else "")
                cells.append(f'<td style="{look}">{table.books[i][j]}</td>')
            label = (
                f'<th style="{_CELL}text-align:left;font-weight:400">{contract_label(name)}</th>'
            )
            rows.append(f"<tr>{label}{''.join(cells)}</tr>")
        corner = f'<th style="{_HEAD}text-align:left">{html.escape(_("contract"))}</th>'
        declarer = html.escape(_("declarer"))
        over = (  # what the columns are: who declares
            f'<tr><th></th><th colspan="{len(table.seats)}" style="padding:0 7px;'
            f'font-weight:400;font-size:0.85em;text-align:center;border-bottom:1px solid {MUTED}">'
            f"{declarer}</th></tr>"
        )
        return (
            f'<table style="{style}"><thead>{over}<tr>{corner}{heads}</tr></thead>'
            f"<tbody>{''.join(rows)}</tbody></table>"
        )
    # classic Whist: the turned trump, the leader's side's books, so each side's
    books = par.books
    sides = _side_names()
    heads = "".join(f'<th style="{_HEAD}text-align:right">{html.escape(s)}</th>' for s in sides)
    book_cells = "".join(f'<td style="{_CELL}text-align:right">{b}</td>' for b in books)
    label = f'<th style="{_CELL}text-align:left;font-weight:400">'
    label += f"{contract_label(table.contracts[0])}</th>"
    corner = f'<th style="{_HEAD}text-align:left">{html.escape(_("contract"))}</th>'
    return (
        f'<table style="{style}"><thead><tr>{corner}{heads}</tr></thead>'
        f"<tbody><tr>{label}{book_cells}</tr></tbody></table>"
    )


def _side_names() -> list[str]:
    return [_("Players 1+3"), _("Players 2+4")]


def par_words(table, par) -> str:
    """The par (Markdown): the contract and by whom, then each side's books and points."""
    contract = contract_words(par.contract_phrase())
    if par.declarer >= 0:
        head = _("**Par:** {par_contract} by {player}").format(
            par_contract=contract, player=player(par.declarer)
        )
    else:
        head = _("**Par:** {par_contract}").format(par_contract=contract)
    sides = [
        ngettext(
            "{side}: {books} book, {points} points", "{side}: {books} books, {points} points", b
        ).format(side=side, books=b, points=p)
        for side, b, p in zip(_side_names(), par.books, par.points, strict=True)
    ]
    return head + "  \n" + " · ".join(sides)


def how_to_read(table) -> str:
    """What an entry of the table is (a caption)."""
    if table.variant.startswith("bid"):
        return _(
            "Each entry: the books the declarer's side takes (the kitty book counted) when "
            "that player (column) wins the bid and names that contract (row), discards as "
            "the simple bot does and everyone then plays perfectly. Highlighted: the par."
        )
    return _(
        "The books each side takes with the turned trump, {player} leading, when every "
        "card is played perfectly."
    ).format(player=player(table.seats[0]))


def _hindsight(table) -> str:
    if table.variant.startswith("bid"):
        return phrase_text(HINDSIGHT)
    return _("Hindsight: every hand known, every card played perfectly (double dummy).")


def show_table(table, par, players: list[str]) -> None:
    """The table, then the par and what it all means; side by side on a wide screen (the
    columns stack on a phone)."""
    left, right = st.columns([2, 3])
    left.html(table_html(table, par, players))
    right.markdown(par_words(table, par))
    right.caption(_hindsight(table))
    right.caption(how_to_read(table))


def _failed(error: BaseException, deal: int) -> str:
    said = error_text(error) if isinstance(error, EngineError) else crash_message(error)
    return _("The double-dummy table of deal {n} could not be worked out: {error}").format(
        n=deal + 1, error=said
    )


def _take_finished(job_key: str, stopped_key: str) -> None:
    """Keep what a finished job made (or the error that stopped it)."""
    done = job_panel.take(job_key)
    if done is None:
        return
    job, status = done
    if status is None:
        job_panel.lost()
    elif status.cancelled and status.result is None and status.error is None:
        st.session_state[stopped_key] = (job["record"], job["deal"])
    elif status.error is not None:
        _TABLES.put((job["record"], job["deal"]), status.error)
    else:
        _TABLES.put((job["record"], job["deal"]), status.result or ())


def under_board(key: str, record_json: str, states, step: int) -> None:
    """The explorer's hook (:attr:`dashboard.game_ui.ExplorerHooks.under_board`): the table and
    par of the deal on view, worked out by a job when no session has asked for it yet."""
    if not states or states[0].num_players != 4:
        st.caption(_("The double-dummy table and par are shown for four-player deals."))
        return
    deal = deal_on_view(states, step)
    if deal is None:
        return
    job_key, stopped_key = f"{key}_par", f"{key}_par_stopped"
    _take_finished(job_key, stopped_key)
    want = (record_json, deal)
    job = job_panel.running(job_key)
    if job is not None and job["record"] != record_json:  # another record is chosen now
        JOBS.forget(job["id"])
        st.session_state.pop(job_key)
        job = None
    kept = _TABLES.get(want)
    st.markdown(
        _("**Deal {n} with every hand known: double-dummy table and par**").format(n=deal + 1)
    )
    if isinstance(kept, tuple) and kept:
        job_panel.leave_queue(job_key)
        table, par = kept
        show_table(table, par, GameRecord.from_json(record_json).players)
        return
    if isinstance(kept, BaseException):
        job_panel.leave_queue(job_key)
        st.warning(_failed(kept, deal))
        return
    if kept == ():
        job_panel.leave_queue(job_key)
        st.caption(_("The double-dummy table and par are shown for four-player deals."))
        return
    if job is None and st.session_state.get(stopped_key) == want:
        job_panel.leave_queue(job_key)
        st.caption(_("Stopped before the table was worked out."))
        if st.button(_("Work out this deal's table"), key=f"{key}_par_again"):
            st.session_state.pop(stopped_key, None)
            st.rerun(scope="app")
        return
    if job is None and not job_panel.start_in_turn(
        job_key,
        _("The table of this deal is worked out next, after the work in progress."),
        par_job.deal_table,
        record_json,
        deal,
        record=record_json,
        deal=deal,
    ):
        return
    job = job_panel.running(job_key)
    assert job is not None  # started above, or already running
    on = job["deal"]
    job_panel.progress_panel(
        job_key,
        lambda status: _(
            "Working out the double-dummy table of deal {n}: every contract, every declarer…"
        ).format(n=on + 1),
        _("Stop working it out"),
        on_cancel=lambda: st.session_state.update({stopped_key: (record_json, on)}),
    )
