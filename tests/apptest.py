"""Start the app under AppTest the way a user arrives: at dashboard/app.py."""

from __future__ import annotations

from pathlib import Path

from streamlit.testing.v1 import AppTest

APP = str(Path(__file__).resolve().parents[1] / "dashboard" / "app.py")


def open_page(
    script: str = "views/home.py", timeout: float = 120, lang: str | None = None
) -> AppTest:
    """Run the app, then switch to ``script`` (relative to dashboard/); ``lang`` (``ja``,
    ``zh-TW``) arrives with ``?lang=`` in the URL, as a shared link does."""
    at = AppTest.from_file(APP, default_timeout=timeout)
    if lang is not None:
        at.query_params["lang"] = lang
    at.run()
    if script != "views/home.py":
        at.switch_page(script)
        at.run()
    return at


def finish_job(at: AppTest, key: str, seconds: float = 120) -> AppTest:
    """Rerun the page (as its progress fragment does twice a second) until the job kept
    under ``key`` (:mod:`dashboard.job_panel`) is over and the page has shown its result."""
    import time

    deadline = time.monotonic() + seconds
    while key in at.session_state and time.monotonic() < deadline:
        time.sleep(0.2)
        at.run()
    assert key not in at.session_state, f"the job {key} is still running after {seconds} s"
    assert not at.exception, at.exception
    return at


def open_rules(at: AppTest, key: str) -> AppTest:
    """Open a ruleset form (:func:`dashboard.ui.ruleset_form` with ``key``), as a click on
    its folded expander does: folded, it draws no widget."""
    at.session_state[f"{key}_open"] = True
    return at.run()
