"""The pages of the game in the app's menu (:mod:`dashboard.nav`): its section and its
pages, in menu order."""

from __future__ import annotations

from dashboard.i18n import N_
from dashboard.nav import PageSpec

SECTION = N_("Stack 5")
PAGES = (
    PageSpec("views/stack5/learn.py", N_("Learn Stack 5"), ":material/school:"),
    PageSpec("views/stack5/practice.py", N_("Practice Stack 5"), ":material/exercise:"),
    PageSpec("views/stack5/calculator.py", N_("Bust odds"), ":material/calculate:"),
    PageSpec("views/stack5/live.py", N_("Stack 5 live game"), ":material/playing_cards:"),
    PageSpec("views/stack5/games.py", N_("Stack 5 games"), ":material/replay:"),
)
