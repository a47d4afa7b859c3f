"""Time the server's side of one explorer step under AppTest (the rerun the board's
debounced step report causes: the address bar and the bot hint), median of 10 steps. The
board itself steps in the browser with no round trip.

Run: ``.venv/bin/python -m tests.dashboard.explorer_timing [--grade] [game…]``
(``--grade``: with "Grade the moves" on, the grading itself done before the clicks).
Not a test (no timed assertions); the numbers go in the report of a change that touches
the explorer.
"""

from __future__ import annotations

import statistics
import sys
import time

from tests.apptest import open_page

PAGES = {
    "stack5": "views/stack5/games.py",
    "owners_choice": "views/owners_choice/games.py",
    "stock_holdem": "views/stock_holdem/games.py",
    "whist": "views/whist/games.py",
    "pig": "views/pig/demo.py",
}


def time_steps(game: str, clicks: int = 10, grade: bool = False) -> float:
    """Median seconds of one reported step (after a warm-up step) on game 1 of the first
    recorded file (Pig: a simulated game)."""
    at = open_page(PAGES[game])
    key = f"xp_{game}"
    if game == "pig":
        at.segmented_control(key=f"{key}_source").set_value("Simulate").run()
        at.button[[b.label for b in at.button].index("Simulate")].click().run()
    if grade:
        at.toggle(key=f"{key}_grade").set_value(True).run()
    at.session_state[f"{key}_step"] = 1
    at.run()  # warm the caches
    times = []
    for step in range(2, clicks + 2):
        t = time.perf_counter()
        at.session_state[f"{key}_step"] = step
        at.run()
        times.append(time.perf_counter() - t)
    if at.exception:
        raise RuntimeError(at.exception[0].message)
    return statistics.median(times)


if __name__ == "__main__":
    args = sys.argv[1:]
    grade = "--grade" in args
    for name in [a for a in args if a != "--grade"] or list(PAGES):
        ms = time_steps(name, grade=grade) * 1000
        print(f"{name:14s} {ms:7.1f} ms per step (median of 10){' graded' if grade else ''}")
