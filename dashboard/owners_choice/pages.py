"""The pages of the game in the app's menu (:mod:`dashboard.nav`): its section and its
pages, in menu order."""

from __future__ import annotations

from dashboard.i18n import N_
from dashboard.nav import PageSpec

SECTION = N_("Owner's Choice")
PAGES = (
    PageSpec("views/owners_choice/learn.py", N_("Learn Owner's Choice"), ":material/school:"),
    PageSpec(
        "views/owners_choice/practice.py", N_("Practice Owner's Choice"), ":material/exercise:"
    ),
    PageSpec("views/owners_choice/calculator.py", N_("Move advisor"), ":material/calculate:"),
    PageSpec("views/owners_choice/live.py", N_("Owner's Choice live game"), ":material/casino:"),
    PageSpec("views/owners_choice/games.py", N_("Owner's Choice games"), ":material/replay:"),
)
