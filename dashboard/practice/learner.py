"""The learner of the practice pages: their progress (:class:`dashboard.practice.progress.Progress`)
stored under ``?learner=`` in the page's link, read once per session and written after
each answer — the drills' page and the puzzles share it."""

from __future__ import annotations

from collections.abc import Callable

import streamlit as st

from dashboard.i18n import _, error_text
from dashboard.practice.progress import Progress, ProgressError
from dashboard.store.entries import (
    Damaged,
    NotStored,
    Opened,
    StaleWrite,
    WrongKind,
    stored_document,
)


def _decode(text: str) -> Progress:
    try:
        return Progress.from_json(text)
    except ProgressError as exc:
        if exc.code == "progress.wrong_file":
            raise WrongKind(str(exc)) from None
        raise


LEARNERS = stored_document("practice", "learner", _decode, Progress.to_json)
PROGRESS = "practice_progress"  # session: (Opened | None, Progress)
ANSWERED = "practice_answered"  # session: what was answered, while its answer is shown


def progress() -> tuple[Opened[Progress] | None, Progress]:
    """The learner's stored progress (``opened`` is ``None`` before the first answer)."""
    held = st.session_state.get(PROGRESS)
    wanted = LEARNERS.wanted()
    if held is not None and (held[0] is None and not wanted or held[0] and held[0].id == wanted):
        _keep_in_link(held[0])
        return held
    try:
        opened = LEARNERS.open()
    except (NotStored, WrongKind, Damaged) as exc:
        st.warning(_("{problem}; your practice starts afresh.").format(problem=error_text(exc)))
        opened = None
    held = (opened, opened.doc if opened else Progress.new())
    st.session_state[PROGRESS] = held
    _keep_in_link(opened)
    return held


def _keep_in_link(opened) -> None:
    """The learner's id back in the page's link: a page reached through the page menu (whose
    links carry no ``?learner=``) keeps it, so a bookmark or a reload finds the progress
    (as the language is kept)."""
    if opened is not None and st.query_params.get(LEARNERS.key) != opened.id:
        st.query_params[LEARNERS.key] = opened.id


def record(change: Callable[[Progress], Progress]) -> None:
    """Store ``change(progress)`` (an answer, a puzzle tried). When another tab of the same
    learner answered meanwhile, the change goes on top of that tab's progress: none is
    lost."""
    opened, now = progress()
    for _attempt in range(3):
        new = change(now)
        try:
            opened = LEARNERS.save(opened, new) if opened else LEARNERS.create(new)
        except StaleWrite:
            if opened is None:  # only a stored document can be stale
                raise
            opened = LEARNERS.read(opened.id)
            now = opened.doc
            continue
        st.session_state[PROGRESS] = (opened, new)
        return
    raise StaleWrite(_("your progress is being changed in another tab; try again"))


def start_afresh_with(loaded: Progress) -> None:
    """A loaded progress file becomes this learner's progress (a new link)."""
    created = LEARNERS.create(loaded)
    st.session_state[PROGRESS] = (created, loaded)
