"""App benchmark: each page's typical interactions timed under Streamlit's AppTest.

For every page of :mod:`dashboard.nav` (or those whose title or script contains one of
the given words): **load** (open the app, then switch to the page: the time of the
switch), **change a widget** (the first select box, number input, toggle, check box or
slider the page shows) and **click the main button** (the first primary button, else
the first button). Each figure is the median of ``runs`` runs of the script on the
server side, in this process (no browser, no network); the target is
:data:`TARGET_MS`. Run it with ``python -m dashboard.tools.bench --app`` or ``make bench-app``.
"""

from __future__ import annotations

import logging
import statistics
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

from streamlit.testing.v1 import AppTest

from dashboard.nav import PageSpec, all_pages

TARGET_MS = 300.0
APP = str(Path(__file__).resolve().parents[1] / "app.py")
TIMEOUT = 120.0
DRIVER = "AppTest cannot drive it"  # a limit of the test driver, not a page failure


@dataclass(frozen=True)
class Timing:
    page: str
    interaction: str
    median_ms: float | None  # None: the page offers no such interaction
    runs: int
    error: str = ""

    @property
    def ok(self) -> bool | None:
        if self.error.startswith(DRIVER):
            return None
        if self.error:
            return False
        return None if self.median_ms is None else self.median_ms <= TARGET_MS


def _open(spec: PageSpec) -> tuple[AppTest, float]:
    at = AppTest.from_file(APP, default_timeout=TIMEOUT)
    at.run()
    start = time.perf_counter()
    if spec.script != "views/home.py":
        at.switch_page(spec.script)
    at.run()
    return at, (time.perf_counter() - start) * 1000


def _error(at: AppTest) -> str:
    if at.exception:
        return " ".join(str(e.value).splitlines()[0] for e in at.exception)[:120]
    return ""


def _change_widget(at: AppTest) -> Callable[[], object] | None:
    """A callable that changes the first changeable widget and reruns, or None."""
    for position, box in enumerate(at.selectbox):
        if len(box.options) > 1:
            key = box.key

            def change(key=key, position=position, kind=""):  # one signature for both
                target = at.selectbox(key=key) if key else at.selectbox[position]
                try:
                    j = target.index  # None, or ValueError, when nothing is chosen yet
                except ValueError:
                    j = None
                return target.select_index(0 if j is None else (j + 1) % len(target.options)).run()

            return change
    for kind in ("number_input", "toggle", "checkbox", "slider"):
        elements = getattr(at, kind)
        if not len(elements):
            continue
        first = elements[0]
        key = first.key

        def change(key=key, position=0, kind=kind):
            target = getattr(at, kind)(key=key) if key else getattr(at, kind)[0]
            if kind == "number_input":
                value = target.value
                stepped = target.increment()
                if stepped.value == value or (target.max is not None and value >= target.max):
                    target.decrement()
                return at.run()
            if kind == "slider":
                return target.set_value(target.value).run()
            return target.set_value(not target.value).run()

        return change
    return None


def _main_button(at: AppTest) -> Callable[[], object] | None:
    buttons = list(at.button)
    if not buttons:
        return None
    primary = [b for b in buttons if getattr(b.proto, "type", "") == "primary"]
    chosen = (primary or buttons)[0]
    index = buttons.index(chosen)
    key = chosen.key

    def click(key=key, index=index):
        target = at.button(key=key) if key else at.button[index]
        return target.click().run()

    return click


def _median_of(action_for: Callable[[AppTest], Callable | None], spec, runs) -> tuple:
    times: list[float] = []
    error = ""
    at, _ = _open(spec)
    for _ in range(runs):
        action = action_for(at)
        if action is None:
            return None, 0, _error(at)
        start = time.perf_counter()
        try:
            action()
        except Exception as exc:  # a widget AppTest cannot drive: say so, keep going
            return None, len(times), f"{DRIVER}: {type(exc).__name__}: {str(exc)[:60]}"
        times.append((time.perf_counter() - start) * 1000)
        error = _error(at)
        if error:
            break
    return (statistics.median(times) if times else None), len(times), error


def bench_page(spec: PageSpec, runs: int = 3) -> list[Timing]:
    """The three timings of one page."""
    loads, error = [], ""
    for _ in range(runs):
        at, ms = _open(spec)
        loads.append(ms)
        error = _error(at)
        if error:
            break
    out = [Timing(spec.title, "load", statistics.median(loads), len(loads), error)]
    for label, finder in (("change a widget", _change_widget), ("click main button", _main_button)):
        median, n, err = _median_of(finder, spec, runs)
        out.append(Timing(spec.title, label, median, n, err))
    return out


def select_pages(words: Sequence[str] | None) -> list[PageSpec]:
    pages = all_pages()
    if not words:
        return pages
    low = [w.lower() for w in words]
    return [p for p in pages if any(w in p.title.lower() or w in p.script for w in low)]


def format_table(rows: Sequence[Timing]) -> str:
    width = max([len(r.page) for r in rows] + [4])
    lines = [
        f"{'page':<{width}}  {'interaction':<17}  {'median ms':>9}  {'target':>6}  result",
    ]
    for r in rows:
        shown = "—" if r.median_ms is None else f"{r.median_ms:,.0f}"
        verdict = {True: "pass", False: "FAIL", None: "n/a"}[r.ok]
        if r.error:
            verdict += f" ({r.error})"
        lines.append(
            f"{r.page:<{width}}  {r.interaction:<17}  {shown:>9}  {TARGET_MS:>6.0f}  {verdict}"
        )
    return "\n".join(lines)


def run(words: Sequence[str] | None = None, *, runs: int = 3, out=print) -> list[Timing]:
    """Time every selected page; print the table; return the rows."""
    for name in [n for n in logging.root.manager.loggerDict if n.startswith("streamlit")]:
        logging.getLogger(name).setLevel(logging.ERROR)  # "missing ScriptRunContext"
    pages = select_pages(words)
    if not pages:
        names = ", ".join(p.title for p in all_pages())
        raise ValueError(f"no page matches {' '.join(words or [])!r}; pages: {names}")
    AppTest.from_file(APP, default_timeout=TIMEOUT).run()  # imports, before any timing
    for name in [n for n in logging.root.manager.loggerDict if n.startswith("streamlit")]:
        logging.getLogger(name).setLevel(logging.ERROR)
    rows: list[Timing] = []
    for spec in pages:
        rows += bench_page(spec, runs)
    out(format_table(rows))
    failed = sum(r.ok is False for r in rows)
    out(
        f"(server time of the script under AppTest, median of {runs} runs; "
        f"target {TARGET_MS:.0f} ms; {failed} of {len(rows)} over target or failing)"
    )
    return rows
