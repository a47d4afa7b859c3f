"""Start the app under AppTest the way a user arrives: at dashboard/app.py."""

from __future__ import annotations

from pathlib import Path

from streamlit.testing.v1 import AppTest

APP = str(Path(__file__).resolve().parents[1] / "dashboard" / "app.py")


def open_page(script: str = "views/home.py", timeout: float = 120) -> AppTest:
    """Run the app, then switch to ``script`` (relative to dashboard/)."""
    at = AppTest.from_file(APP, default_timeout=timeout)
    at.run()
    if script != "views/home.py":
        at.switch_page(script)
        at.run()
    return at
