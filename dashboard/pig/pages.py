"""The pages of the game in the app's menu (:mod:`dashboard.nav`): the demo has no section
of its own; its page closes "All games"."""

from __future__ import annotations

from dashboard.i18n import N_
from dashboard.nav import PageSpec

SECTION = ""
#: its address stays /demo_pig, where links and bookmarks point
PAGES = (
    PageSpec("views/pig/demo.py", N_("Engine demo: Pig"), ":material/casino:", url="demo_pig"),
)
