"""Waiting on the app's own signals, never on the clock: the browser tests hold on a busy
machine (a CPU hog on every core) because they wait for what the app says, however long it
takes, instead of sleeping a fixed time and retrying a click that may have been dropped.

The signals (the same as the browser bench's "settled", :mod:`dashboard.tools.bench`):

* Streamlit's running indicator (``[data-testid="stStatusWidget"]``) is absent;
* no element is stale (``[data-stale="true"]``: left from a previous run) and no loading
  skeleton (``stSkeleton``) is drawn;
* Streamlit's own test signals on ``stApp``: ``data-test-script-state`` is not
  "running" and ``data-test-connection-state`` is "CONNECTED";
* the document has not changed for :data:`QUIET_MS` (a MutationObserver installed before
  the app's own scripts, :data:`dashboard.tools.browser.INSTRUMENT`, keeps the time of the last
  change) — a rerun that has not started yet, or one whose messages are still arriving,
  changes the document within that window;
* no live game's tap pad is in the moment after its buttons changed when it takes no tap
  (``quietUntil`` of :mod:`dashboard.components.tap`'s state);
* and, where given, the caller's condition (a text, an attribute, a step number).

:func:`act` is for every click or key press that makes the app rerun: it waits until the
page is idle first (an input landing in the middle of a rerun is what Streamlit can drop),
does the input, waits until the run it makes has started, then until the page shows its
effect and is idle again.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable

from playwright.sync_api import TimeoutError as PlaywrightTimeout

from dashboard.tools.browser import INSTRUMENT, RUNNING

__all__ = ["INSTRUMENT", "QUIET_MS", "TIMEOUT_MS", "act", "idle", "open_page", "wait_for_app"]

QUIET_MS = 200
#: long enough for a page on a machine with a CPU hog on every core; only a hang reaches it
TIMEOUT_MS = 180_000

_IDLE = (
    """([quiet, expr]) => {
  const RUNNING = """
    + RUNNING
    + """;
  const B = window.__bench;
  if (!B || B.armed) return false;
  if (!document.querySelector('[data-testid="stApp"]')) return false;
  if (!document.querySelector('[data-testid="stMain"]')) return false;
  const app = document.querySelector('[data-testid="stApp"]');
  if (app.getAttribute('data-test-script-state') === 'running') return false;
  if (app.getAttribute('data-test-connection-state') !== 'CONNECTED') return false;
  if (document.querySelector(
      '[data-stale="true"], [data-testid="stSkeleton"], ' + RUNNING))
    return false;
  // a live game's tap pad takes no tap for a moment after its buttons change
  // (dashboard/components/tap.js, INERT_MS)
  const T = window.tabletopTaps;
  if (T && Object.values(T).some((S) => S && S.quietUntil > performance.now())) return false;
  if (expr) {
    if (B.waitExpr !== expr) {
      B.waitExpr = expr; B.waitPred = new Function('B', 'return (' + expr + ');');
    }
    try { if (!B.waitPred(B)) return false; } catch (e) { return false; }
  }
  return performance.now() - B.last >= quiet;
}"""
)


# the change counter from zero, the main text as it is; returns the runs started so far
_RESET = "() => { const B = window.__bench; B.changes = 0; B.before = B.main(); return B.runs; }"
#: a condition for :func:`act`: the main area's text has changed
CHANGED = "B.main() !== B.before"


def idle(page, until: str | None = None, *, timeout: float = TIMEOUT_MS) -> None:
    """Wait until the app is idle (see the module) and the JavaScript expression ``until``
    (``B`` is the page's clock object, ``B.main()`` the main area's text) is true."""
    page.wait_for_function(_IDLE, arg=[QUIET_MS, until or ""], polling=50, timeout=timeout)


def wait_for_app(page, until: str | None = None) -> None:
    """The app has drawn and is idle (the name the tests used before)."""
    page.wait_for_selector("[data-testid='stApp']", timeout=TIMEOUT_MS)
    idle(page, until)


def open_page(page, url: str, until: str | None = None) -> None:
    """Open ``url`` and wait until the app has drawn it and is idle."""
    page.goto(url, timeout=TIMEOUT_MS)
    wait_for_app(page, until)


def text_shown(text: str) -> str:
    """A condition for :func:`idle`: the main area shows ``text``."""
    import json

    return f"B.main().replace(/\\s+/g, ' ').includes({json.dumps(text)})"


def metric_is(value) -> str:
    """A condition for :func:`idle`: the page's first metric (a total) reads ``value``."""
    return f"(document.querySelector('.tt-figure-value') || {{}}).textContent?.trim() === '{value}'"


def event_shown(n: int) -> str:
    """A condition for :func:`idle`: a live game's heading shows event ``n``."""
    return f"/Event {n}(?![0-9])/.test(B.main())"


def event_confirmed(n: int) -> str:
    """A condition for :func:`idle`: a live game shows event ``n`` and the server has every
    tap (the tap pad draws a tap at once and sends it a moment later; no tap waits)."""
    roots = "document.querySelectorAll('.tt-tap[data-tap-event]')"
    return (
        f"{event_shown(n)} && [...{roots}].every(r => r.dataset.tapEvent === '{n}' "
        f"&& r.dataset.tapPending === '0')"
    )


def in_url(part: str) -> str:
    """A condition for :func:`idle`: the address holds ``part``."""
    import json

    return f"location.href.includes({json.dumps(part)})"


#: how long :func:`act` waits for the run's start signal before relying on its condition
STARTED_MS = 20_000


def act(page, do: Callable[[], object], until: str | None = None, *, rerun: bool = True) -> None:
    """Wait until idle, do ``do`` (a click, a key press), then wait until the app has started
    the run it makes (``rerun``: Streamlit's own signal, ``stApp``'s
    ``data-test-script-state`` turning "running"; else until the document has changed) and
    is idle again with ``until`` true."""
    idle(page)
    runs = page.evaluate(_RESET)
    do()
    started = f"window.__bench.runs > {runs}" if rerun else "window.__bench.changes > 0"
    # a busy browser can draw a short run's "running" and "not running" in one frame, so
    # the attribute never changes (two clean CI runs at load 5 missed it): with a condition
    # to wait for, that condition says the run has happened
    with contextlib.suppress(PlaywrightTimeout):
        page.wait_for_function(
            f"() => !window.__bench || {started}",
            polling=50,
            timeout=STARTED_MS if until else TIMEOUT_MS,
        )
    idle(page, until)


def choose(page, box, option: str, until: str | None = None) -> None:
    """Pick ``option`` in the select box ``box`` (a locator) once the app is idle: a
    dropdown opened during a rerun is closed by it."""
    idle(page)
    box.click()
    choice = page.get_by_role("option").filter(has_text=option).first
    choice.wait_for(state="visible")
    act(page, choice.click, until)


def start_job(page, button, started, *, timeout_s: float = 300) -> None:
    """Click ``button`` to start a heavy job and wait until ``started`` (a locator, e.g.
    the job's Cancel button) shows. When the server's job slots are all taken (other
    sessions' jobs: the earlier tests' Whist grading may still be finishing a deal), the
    page refuses in words ("the server is busy … try again in a moment"): click again a
    moment later, as those words ask a player to."""
    import time

    busy = page.get_by_text("the server is busy")
    deadline = time.monotonic() + timeout_s
    while True:
        button.click()
        with contextlib.suppress(PlaywrightTimeout):
            started.or_(busy).first.wait_for(timeout=60_000)
        if started.count() or time.monotonic() > deadline:
            return
        page.wait_for_timeout(2_000)
