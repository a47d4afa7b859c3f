"""The pages of the game in the app's menu (:mod:`dashboard.nav`): its section and its
pages, in menu order."""

from __future__ import annotations

from dashboard.i18n import N_
from dashboard.nav import PageSpec

SECTION = N_("Stock Hold'em")
PAGES = (
    PageSpec("views/stock_holdem/learn.py", N_("Learn Stock Hold'em"), ":material/school:"),
    PageSpec("views/stock_holdem/practice.py", N_("Practice Stock Hold'em"), ":material/exercise:"),
    PageSpec("views/stock_holdem/calculator.py", N_("Price calculator"), ":material/calculate:"),
    PageSpec("views/stock_holdem/table_tracker.py", N_("Table tracker"), ":material/table_view:"),
    PageSpec("views/stock_holdem/games.py", N_("Stock Hold'em games"), ":material/replay:"),
)
