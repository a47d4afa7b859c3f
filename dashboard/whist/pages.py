"""The pages of the game in the app's menu (:mod:`dashboard.nav`): its section and its
pages, in menu order."""

from __future__ import annotations

from dashboard.i18n import N_
from dashboard.nav import PageSpec

SECTION = N_("Whist & Bid Whist")
PAGES = (
    PageSpec("views/whist/learn.py", N_("Learn Whist"), ":material/school:"),
    PageSpec("views/whist/practice.py", N_("Practice Whist"), ":material/exercise:"),
    PageSpec("views/whist/score_sheet.py", N_("Score sheet"), ":material/calculate:"),
    PageSpec("views/whist/games.py", N_("Whist games"), ":material/replay:"),
)
