"""The browser bench's instruments: the "settled" signal it installs in a page
(:data:`INSTRUMENT`, :data:`ARM`, :data:`SETTLED`), the app's server on a free port
(:func:`server`), and the :class:`Driver` of Debian's Chromium that times one interaction
into a :class:`Row`. What "settled" means is told in :mod:`dashboard.tools.bench`; the load
test (:mod:`dashboard.tools.load`) and the browser tests use the same instruments."""

import os
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
CHROMIUM = "/usr/bin/chromium"
FLAGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
#: target per kind of interaction (ms)
TARGETS = {"load": 1000.0, "step": 100.0, "tap": 300.0, "edit": 300.0}
QUIET_MS = 250
POLL_MS = 15
TIMEOUT_MS = 60_000
#: (name, width, height, CPU slow-down)
SCREENS = {
    "1280": ("1280 px", 1280, 900, 1.0),
    "390": ("390 px, CPU 4× slower", 390, 844, 4.0),
}

# Installed in every document before its scripts run: the DOM-change clock and the input
# clock (armed by the bench right before the input it times).
INSTRUMENT = """
(() => {
  if (window.__bench) return;
  const B = window.__bench = {last: 0, changes: 0, t0: 0, armed: false, before: '',
                              shown: null, expr: null, pred: null, confirmed: null,
                              cexpr: null, cpred: null};
  // the running indicator's own animation (its icon changes every 200 ms, it fades out
  // in 200 ms) is not a change of the page
  const ours = (r) => {
    const el = r.target.nodeType === 1 ? r.target : r.target.parentElement;
    return !(el && el.closest && el.closest('[data-testid="stStatusWidget"]'));
  };
  // Streamlit's own test signal: stApp's data-test-script-state ("running", "notRunning")
  B.runs = 0;
  // (a run so short that "running" is already gone when this observer runs still counts:
  // the record's old value says it was running)
  const started = (r) => r.attributeName === 'data-test-script-state'
    && (r.target.getAttribute('data-test-script-state') === 'running'
        || r.oldValue === 'running');
  // an interaction's conditions (given to ARM) are also checked at each change, so "shown"
  // and "confirmed" are the moment the page changed, not the next poll (a page busy with a
  // rerun's long task may poll late)
  const check = (pred) => { try { return !!pred(B); } catch (e) { return false; } };
  new MutationObserver((records) => {
    const now = performance.now();
    if (records.some(ours)) { B.last = now; B.changes++; }
    if (records.some(started)) B.runs++;
    if (B.t0 && !B.armed) {
      if (B.shown === null && B.pred && check(B.pred)) B.shown = now;
      if (B.confirmed === null && B.cpred && check(B.cpred)) B.confirmed = now;
    }
  }).observe(document,
             {subtree: true, childList: true, characterData: true, attributes: true,
              attributeOldValue: true});
  for (const type of ['pointerdown', 'keydown']) {
    window.addEventListener(type, () => {
      if (B.armed) { B.t0 = performance.now(); B.armed = false; B.changes = 0; B.bytes = 0; }
    }, true);
  }
  // what the server sends over its websocket (every message counted since the input)
  B.bytes = 0;
  const WS = window.WebSocket;
  const Counted = function (...args) {
    const ws = new WS(...args);
    ws.addEventListener('message', (e) => {
      B.bytes += e.data.byteLength || e.data.size || e.data.length || 0;
    });
    return ws;
  };
  Counted.prototype = WS.prototype;
  Object.assign(Counted, WS);
  window.WebSocket = Counted;
  B.main = () => {
    const m = document.querySelector('[data-testid="stMain"]');
    return m ? m.textContent : '';
  };
})();
"""

#: Streamlit's running indicator while a run is on (not while it fades out)
RUNNING = (
    "'[data-testid=\"stStatusWidget\"]:not(.StatusWidget-exit):not(.StatusWidget-exit-active)'"
)

ARM = """(args) => { const B = window.__bench; B.armed = true; B.shown = null;
  B.confirmed = null; B.before = B.main();
  const [expr, confirm] = args || [];
  const fn = (e) => new Function('B', 'return (' + e + ');');
  if (expr) { B.expr = expr; B.pred = fn(expr); }
  B.cexpr = confirm || null; B.cpred = confirm ? fn(confirm) : null; }"""

# Resolves to {shown, settled, confirmed} (ms after the input) once the page is settled;
# ``confirmed`` (the first moment of the second condition, when one is given) or null.
SETTLED = (
    """([expr, quiet, confirm]) => {
  const RUNNING = """
    + RUNNING
    + """;
  const B = window.__bench;
  if (!B || B.armed) return false;
  if (B.expr !== expr) { B.expr = expr; B.pred = new Function('B', 'return (' + expr + ');'); }
  const now = performance.now();
  let ok = false;
  try { ok = !!B.pred(B); } catch (e) { ok = false; }
  if (confirm && B.confirmed === null) {
    if (B.cexpr !== confirm) {
      B.cexpr = confirm; B.cpred = new Function('B', 'return (' + confirm + ');');
    }
    try { if (B.cpred(B)) B.confirmed = now; } catch (e) { }
  }
  if (!ok) return false;
  if (B.shown === null) B.shown = now;
  if (B.changes === 0) return false;
  if (document.querySelector(
      '[data-stale="true"], [data-testid="stSkeleton"], ' + RUNNING))
    return false;
  if (now - B.last < quiet) return false;
  if (confirm && B.confirmed === null) return false;
  return {shown: B.shown - B.t0, settled: Math.max(B.last, B.shown) - B.t0, bytes: B.bytes,
          confirmed: B.confirmed === null ? null : B.confirmed - B.t0};
}"""
)

#: the main area's text differs from the text before the input
CHANGED = "B.main() !== B.before"


@dataclass
class Row:
    page: str
    interaction: str
    kind: str  # a key of TARGETS
    screen: str
    shown: list[float] = field(default_factory=list)
    settled: list[float] = field(default_factory=list)
    error: str = ""
    kb: list[float] = field(default_factory=list)  # sent by the server after the input
    confirmed: list[float] = field(default_factory=list)  # the server's word on a shown tap

    def add(self, got: tuple) -> None:
        self.shown.append(got[0])
        self.settled.append(got[1])
        self.kb.append(got[2])
        if len(got) > 3 and got[3] is not None:
            self.confirmed.append(got[3])


# --- the server and the browser -------------------------------------------------------------


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


#: the floor of a first load: a page with a title and a line, no sidebar, nothing of the app
FLOOR_SCRIPT = 'import streamlit as st\nst.title("Empty")\nst.write("A minimal page.")\n'


@contextmanager
def server(script: Path | None = None) -> Iterator[str]:
    """``streamlit run dashboard/serve.py`` (the app as ``make app`` serves it), or
    ``script`` with the app's settings, on a free port; yields its URL."""
    port = free_port()
    env = dict(os.environ)
    env.pop("TABLETOP_DEBUG", None)
    env["PYTHONPATH"] = str(ROOT) + os.pathsep + env.get("PYTHONPATH", "")
    proc = subprocess.Popen(
        [sys.executable, "-m", "streamlit", "run", str(script or ROOT / "dashboard" / "serve.py")]
        + ["--server.port", str(port), "--server.address", "127.0.0.1"]
        + ["--server.headless", "true", "--browser.gatherUsageStats", "false"],
        cwd=ROOT,
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    url = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 90
        while True:
            try:
                with urllib.request.urlopen(url + "/_stcore/health", timeout=2) as r:
                    if r.status == 200:
                        break
            except OSError:
                if time.monotonic() > deadline or proc.poll() is not None:
                    raise RuntimeError("the Streamlit server did not start") from None
                time.sleep(0.3)
        yield url
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            proc.kill()


class Driver:
    """One browser tab at one screen: opens pages and times inputs."""

    def __init__(self, browser, url: str, screen: str):
        self.url, self.screen = url, screen
        _, width, height, rate = SCREENS[screen]
        self.context = browser.new_context(viewport={"width": width, "height": height})
        self.context.add_init_script(INSTRUMENT)
        self.page = self.context.new_page()
        self.page.set_default_timeout(TIMEOUT_MS)
        if rate != 1.0:
            cdp = self.context.new_cdp_session(self.page)
            cdp.send("Emulation.setCPUThrottlingRate", {"rate": rate})

    def close(self) -> None:
        self.context.close()

    def settled(self, expr: str = "true", confirm: str = "") -> tuple:
        """``(shown, settled, KB sent, confirmed)``: ``confirm``, a second condition whose
        first moment is the **confirmed** figure (``None`` without one)."""
        handle = self.page.wait_for_function(
            SETTLED, arg=[expr, QUIET_MS, confirm], polling=POLL_MS, timeout=TIMEOUT_MS
        )
        got = handle.json_value()
        confirmed = got.get("confirmed")
        return (
            float(got["shown"]),
            float(got["settled"]),
            float(got["bytes"]) / 1024,
            None if confirmed is None else float(confirmed),
        )

    def load(self, path: str, expr: str = "true", base: str = "") -> tuple[float, float, float]:
        """Open ``path`` (on the server at ``base``, default this driver's); the clock
        starts with the navigation."""
        self.page.goto((base or self.url) + path, wait_until="commit")
        return self.settled(
            f"({expr}) && !!document.querySelector('[data-testid=stMain] h1, "
            f"[data-testid=stMain] h3')"
        )

    def timed(self, act: Callable[[], object], expr: str = CHANGED, confirm: str = "") -> tuple:
        """Arm the input clock, do ``act`` (a click, a key press), wait until settled."""
        self.page.evaluate(ARM, [expr, confirm])
        act()
        return self.settled(expr, confirm)

    def button(self, key: str):
        return self.page.locator(f".st-key-{key} button:visible").first
