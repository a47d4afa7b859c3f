"""A real app in a real browser: `streamlit run` on a free port, driven by Playwright
with Debian's Chromium. Skipped (with the reason) only when Chromium is absent. Every
test waits on the app's own signals (tests/browser/waits.py), never on the clock."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

from dashboard.tools.browser import CHROMIUM, FLAGS  # the bench drives the same Chromium alike
from tests.browser.waits import INSTRUMENT, TIMEOUT_MS

ROOT = Path(__file__).resolve().parents[2]


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture(scope="session")
def app_url():
    if not os.path.exists(CHROMIUM):
        pytest.skip(f"{CHROMIUM} is not installed (CI installs Debian's chromium)")
    port = _free_port()
    env = dict(os.environ)
    env.pop("TABLETOP_DEBUG", None)  # the user's view: no tracebacks
    proc = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "streamlit",
            "run",
            str(ROOT / "dashboard" / "serve.py"),
            "--server.port",
            str(port),
            "--server.address",
            "127.0.0.1",
            "--server.headless",
            "true",
            "--browser.gatherUsageStats",
            "false",
        ],
        cwd=ROOT,
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    url = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 180
    while time.monotonic() < deadline:
        try:
            with urllib.request.urlopen(url + "/_stcore/health", timeout=2) as r:
                if r.status == 200:
                    break
        except OSError:
            time.sleep(0.3)
    else:
        proc.kill()
        pytest.fail("streamlit did not start within 180 s")
    yield url
    proc.terminate()
    try:
        proc.wait(timeout=10)
    except subprocess.TimeoutExpired:
        proc.kill()


@pytest.fixture(scope="session")
def browser(app_url):
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
        yield b
        b.close()


@pytest.fixture
def page(browser):
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    context.add_init_script(INSTRUMENT)  # the DOM-change clock the waits read (waits.py)
    pg = context.new_page()
    pg.set_default_timeout(TIMEOUT_MS)
    yield pg
    context.close()


@pytest.fixture
def phone(browser):
    context = browser.new_context(viewport={"width": 390, "height": 844})
    context.add_init_script(INSTRUMENT)  # the DOM-change clock the waits read (waits.py)
    pg = context.new_page()
    pg.set_default_timeout(TIMEOUT_MS)
    yield pg
    context.close()
