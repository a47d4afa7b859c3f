"""Review a game you played: it opens on the explorer's board, graded, and your own
decisions that lost at least a mistake (marked ? or ??) with a clear best move become
your own puzzles in Practice (lichess's "learn from your mistakes").

The puzzles are the engine's (:func:`engine.puzzles.find_puzzles` for the learner's seat
only), kept in the learner's stored progress (:mod:`dashboard.practice.learner`), set
first when due by the same FSRS schedule as every puzzle
(:meth:`dashboard.practice.progress.Progress.next_puzzle`).
This module names no game: a game without puzzles is opened graded, and nothing is kept.
"""

from __future__ import annotations

import streamlit as st

from dashboard.explorer.sources import LIVE
from dashboard.i18n import _, error_text, ngettext
from dashboard.nav import practice_page
from dashboard.practice.learner import LEARNERS, progress, record
from dashboard.store.entries import StaleWrite
from dashboard.ui import NAME_MAX_CHARS, plain, plain_label
from engine import EngineError, GameRecord
from engine.puzzles import find_puzzles, puzzle_games


def keep_mistakes(game_record: GameRecord, seat: int) -> int | None:
    """Find ``seat``'s mistakes in ``game_record`` as puzzles and keep the new ones among
    the learner's own: how many are new (``None``: the game has no puzzles)."""
    game = game_record.game
    if game not in puzzle_games():
        return None
    found = find_puzzles([game_record], game, seat=seat)
    if not found:
        return 0
    known = {p.id for p in progress()[1].own_puzzles}
    new = sum(1 for p in found if p.id not in known)
    if new:
        record(lambda now: now.with_own_puzzles(found))
    return new


def open_review(game_record: GameRecord, seat: int, explorer_page: str | None) -> None:
    """Open the game on the explorer's board with its grading on, after keeping the
    player's mistakes as their puzzles (said on the board, :func:`review_notice`)."""
    key = f"xp_{game_record.game}"
    text = game_record.to_json()
    st.session_state[f"{key}_live"] = text
    st.session_state[f"{key}_source"] = LIVE
    st.session_state[f"{key}_grade"] = True
    try:
        with st.spinner(_("Finding your mistakes…")):
            kept: int | str | None = keep_mistakes(game_record, seat)
    except (EngineError, StaleWrite) as exc:
        kept = _("Your mistakes could not be kept as puzzles: {error}").format(
            error=error_text(exc)
        )
    st.session_state[f"{key}_review"] = (text, kept)
    if explorer_page is not None:
        st.switch_page(explorer_page)


def review_for_a_seat(game_record: GameRecord, explorer_page: str, key: str) -> None:
    """At the end of a game entered by hand, where every seat is a person's: which seat
    was the learner's, and "Review this game" for it."""
    names = [plain(plain_label(p), NAME_MAX_CHARS) for p in game_record.players]
    seat = st.selectbox(
        _("Your seat: your mistakes become your puzzles"),
        range(len(names)),
        format_func=names.__getitem__,
        key=f"{key}_review_seat",
    )
    if st.button(_("Review this game"), type="primary", key=f"{key}_review"):
        open_review(game_record, int(seat), explorer_page)


def _hints(record_json: str) -> None:
    """A game played on the Play page (against the bots): how many hints the player asked
    for."""
    from dashboard.play.hint import used_line

    game_record = GameRecord.from_json(record_json)
    if "human" in game_record.meta:
        st.caption(used_line(game_record))


def review_notice(game: str, key: str, record_json: str) -> None:
    """On the board, while it shows the reviewed game: what became of the player's
    mistakes, and the way to their puzzles."""
    held = st.session_state.get(f"{key}_review")
    if not held or held[0] != record_json:
        return
    _hints(record_json)
    kept = held[1]
    if kept is None:
        return
    if isinstance(kept, str):
        st.error(kept)
        return
    if kept == 0:
        st.info(
            _(
                "No new mistake of yours in this game had a clear best move: no new puzzle. "
                "The marks on the board show every decision's grade."
            )
        )
        return
    st.success(
        ngettext(
            "{n} of your moves in this game was a mistake: it is now your own puzzle in "
            "Practice, first in line.",
            "{n} of your moves in this game were mistakes: they are now your own puzzles "
            "in Practice, first in line.",
            kept,
        ).format(n=kept)
    )
    page = practice_page(game)
    if page is not None:
        params = {"mode": "puzzles"}
        learner = LEARNERS.wanted()
        if learner:
            params[LEARNERS.key] = learner
        st.page_link(
            page.script,
            label=_("Practise your mistakes"),
            icon=":material/extension:",
            query_params=params,
        )
