"""A page's heavy job (:mod:`dashboard.jobs.pool`): start it, show its progress with a Cancel
button while it runs, and pick its result up when it is ready.

The job of a session is kept under a key of ``st.session_state`` (``{"id": …}`` plus
what the page needs to read its result); :func:`progress_panel` is a fragment polled twice
a second that, once the job is over, keeps ``(job, status)`` under ``key + "_done"`` and
reruns the page, which takes it with :func:`take`. A player who leaves the page stops
polling, so the pool cancels the job (:data:`dashboard.jobs.pool.ABANDONED_S`).
"""

from __future__ import annotations

import threading
import time
from collections import OrderedDict
from collections.abc import Callable, Hashable

import streamlit as st

from dashboard.i18n import _, error_text
from dashboard.jobs.pool import JOBS, Busy, Status, session_id
from dashboard.ui import callback, crash_message, fragment
from engine import EngineError


def start(key: str, fn, *args, **meta) -> bool:
    """Start ``fn(progress, *args)`` for this session under ``key``; when the caps refuse
    it, say so (a warning) and return ``False``."""
    try:
        _submit(key, fn, args, meta)
    except Busy as exc:
        st.warning(error_text(exc))
        return False
    return True


def _submit(key: str, fn, args: tuple, meta: dict) -> None:
    job_id = JOBS.submit(session_id(), fn, *args)
    st.session_state[key] = dict(meta, id=job_id, started=time.monotonic())
    st.session_state.pop(key + "_done", None)


#: the page parts of this session waiting for a job slot (:func:`queue`), in order:
#: ``key -> how many full runs of the script were complete when it was last drawn``
_QUEUE = "_job_queue"
_RUNS = "_job_full_runs"  # how many full runs of the script the session completed


def run_complete() -> None:
    """Count a complete full run of the app's script (the entry file calls it at its end;
    a run cut short by ``st.rerun`` or a fragment's own rerun does not count): a part
    waiting for a job slot that a complete run no longer draws (its page was left, its
    switch turned off) stops holding its place."""
    st.session_state[_RUNS] = st.session_state.get(_RUNS, 0) + 1


def slot_free() -> bool:
    """This session may start a job now: it runs none of its own (its cap,
    :data:`dashboard.jobs.pool.PER_SESSION`) and the server runs fewer than its cap."""
    return JOBS.running(session_id()) < JOBS.per_session and JOBS.running() < JOBS.workers


def _waiting() -> dict[str, int]:
    """The parts waiting, without those the last complete run did not draw (drawn in it
    or in this one: a part may ask before the parts after it are drawn again)."""
    waiting = st.session_state.setdefault(_QUEUE, {})
    run = st.session_state.get(_RUNS, 0)
    for key in [k for k, seen in waiting.items() if seen < run - 1]:
        del waiting[key]
    return waiting


def queue(key: str) -> None:
    """The part of ``key`` waits for a job slot (the session's, or a free worker of the
    server): parts that start their job when they can (:func:`my_turn`) let those that
    waited longer go first. A part that waits draws :func:`waiting_panel`, which keeps its
    place and reruns the page once it may start."""
    _waiting()[key] = st.session_state.get(_RUNS, 0)


def leave_queue(key: str) -> None:
    """The part of ``key`` no longer waits (it started its job, or needs none)."""
    _waiting().pop(key, None)


def ahead(key: str) -> list[str]:
    """The other parts of the session waiting for a job slot ahead of ``key``'s (a part
    not in the queue comes after every one in it)."""
    waiting = list(_waiting())
    return waiting[: waiting.index(key)] if key in waiting else waiting


def my_turn(key: str) -> bool:
    """The part of ``key`` may start its job now: the slot is free and no other part of
    the session waits ahead of it."""
    return not ahead(key) and slot_free()


@fragment(run_every=1.0)
def waiting_panel(key: str, words: str) -> None:
    """What a part waiting for a job slot says (``words``); once it may start
    (:func:`my_turn`), the page reruns so that it does."""
    st.caption(words)
    if key in st.session_state.get(_QUEUE, {}):
        queue(key)  # still drawn: it keeps its place
    if my_turn(key):
        st.rerun(scope="app")


def start_in_turn(key: str, words: str, fn, *args, **meta) -> bool:
    """Start ``fn(progress, *args)`` under ``key`` as soon as it may: now, if a slot is
    free and no other part of the session waits ahead of it; else the part waits in line
    (``words`` say so, see :func:`waiting_panel`) and the page reruns when its turn comes,
    so a busy server delays the job instead of refusing it. ``True`` if it started."""
    if my_turn(key):
        try:
            _submit(key, fn, args, meta)
        except Busy:  # another session took the last worker first: wait for the next
            pass
        else:
            leave_queue(key)
            return True
    queue(key)
    waiting_panel(key, words)
    return False


def running(key: str) -> dict | None:
    """The job of ``key`` still running (what :func:`start` kept), or ``None``."""
    return st.session_state.get(key)


def drop_other(key: str, content: Hashable) -> None:
    """Stop and drop the running job of ``key`` when it counts other ``content`` (another
    game's or set's, which the page no longer shows), so its result is not taken for this
    one's."""
    other = running(key)
    if other is not None and other.get("content") != content:
        JOBS.forget(other["id"])  # cancels it if it still runs
        st.session_state.pop(key, None)


def take(key: str) -> tuple[dict, Status | None] | None:
    """The finished job of ``key`` and its status (``None``: lost, the server restarted),
    once: the next call returns ``None``."""
    return st.session_state.pop(key + "_done", None)


def _cancel(key: str, wait: bool, then: Callable[[], None] | None) -> None:
    job = st.session_state.get(key)
    if job is None:
        return
    JOBS.cancel(job["id"])
    if not wait:  # its piece of work cannot be cut short: the page stops waiting for it
        _finish(key, job, _cancelled())
    if then is not None:
        then()


def _finish(key: str, job: dict, status: Status | None) -> None:
    st.session_state.pop(key, None)
    JOBS.forget(job["id"])
    st.session_state[key + "_done"] = (job, status)


@fragment(run_every=0.5)
def progress_panel(
    key: str,
    words: Callable[[Status], str],
    cancel_label: str,
    stopping: str = "",
    on_cancel: Callable[[], None] | None = None,
) -> None:
    """The running job's progress bar (``words(status)`` its text) and its Cancel button.
    ``stopping``: what the page says while the job finishes the piece of work it is on
    after Cancel (the page waits for what it made); without it Cancel stops the wait at
    once and the job's last piece is dropped. ``on_cancel``: run by the Cancel button's
    callback (before the page reruns, so it may set a widget's value)."""
    job = st.session_state.get(key)
    if job is None:
        return
    status = JOBS.poll(job["id"])
    if status is None or status.finished or (status.cancelled and not stopping):
        _finish(key, job, status if status is None or status.finished else _cancelled())
        st.rerun(scope="app")
    share = status.done / status.total if status.total else 0.0
    text = words(status)
    seconds = int(time.monotonic() - job.get("started", time.monotonic()))
    if seconds:  # the seconds going up say it is working, when the bar cannot move
        text += " " + _("({n} s)").format(n=seconds)
    st.progress(min(1.0, share), text=text)
    if status.cancelled:
        st.caption(stopping)
    else:
        st.button(
            cancel_label,
            key=key + "_cancel",
            icon=":material/cancel:",
            on_click=callback(_cancel),
            args=(key, bool(stopping), on_cancel),
        )


def _cancelled() -> Status:
    return Status(finished=True, cancelled=True)


def show_error(status: Status) -> bool:
    """Show the job's error, if it ended with one (an engine error in player words, else
    the app's friendly message); ``True`` if it did."""
    if status.error is None:
        return False
    if isinstance(status.error, EngineError):
        st.error(error_text(status.error))
    else:
        st.error(crash_message(status.error))
    return True


def lost() -> None:
    st.warning(_("The work was lost (the server restarted); ask for it again."))


class Kept:
    """What jobs made, shared by every session of the server (the same record is graded
    once, an upload checked once): the last ``size`` entries used, ``key -> value``."""

    def __init__(self, size: int):
        self.size, self._lock = size, threading.Lock()
        self._items: OrderedDict[Hashable, object] = OrderedDict()

    def get(self, key):
        with self._lock:
            if key in self._items:
                self._items.move_to_end(key)
            return self._items.get(key)

    def put(self, key, value) -> None:
        with self._lock:
            self._items[key] = value
            self._items.move_to_end(key)
            while len(self._items) > self.size:
                self._items.popitem(last=False)
