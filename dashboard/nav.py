"""The app's page list: sections of (script, title, icon). Scripts are relative to
``dashboard/``; ``app.py`` turns them into ``st.Page`` objects. Titles and section names
are English message ids (``N_``), shown in the session's language by ``app.py``."""

from __future__ import annotations

from dataclasses import dataclass

from dashboard.i18n import N_


@dataclass(frozen=True)
class PageSpec:
    script: str
    title: str
    icon: str

    @property
    def url_path(self) -> str:
        return self.script.removeprefix("views/").removesuffix(".py").replace("/", "_")


HOME = PageSpec("views/home.py", N_("Home"), ":material/home:")

SECTIONS: dict[str, list[PageSpec]] = {
    N_("Stock Hold'em"): [
        PageSpec("views/stock_holdem/learn.py", N_("Learn Stock Hold'em"), ":material/school:"),
        PageSpec(
            "views/stock_holdem/practice.py", N_("Practice Stock Hold'em"), ":material/exercise:"
        ),
        PageSpec(
            "views/stock_holdem/calculator.py", N_("Price calculator"), ":material/calculate:"
        ),
        PageSpec(
            "views/stock_holdem/table_tracker.py", N_("Table tracker"), ":material/table_view:"
        ),
        PageSpec("views/stock_holdem/games.py", N_("Stock Hold'em games"), ":material/replay:"),
    ],
    N_("Stack 5"): [
        PageSpec("views/stack5/learn.py", N_("Learn Stack 5"), ":material/school:"),
        PageSpec("views/stack5/practice.py", N_("Practice Stack 5"), ":material/exercise:"),
        PageSpec("views/stack5/calculator.py", N_("Bust odds"), ":material/calculate:"),
        PageSpec("views/stack5/live.py", N_("Stack 5 live game"), ":material/playing_cards:"),
        PageSpec("views/stack5/games.py", N_("Stack 5 games"), ":material/replay:"),
    ],
    N_("Owner's Choice"): [
        PageSpec("views/owners_choice/learn.py", N_("Learn Owner's Choice"), ":material/school:"),
        PageSpec(
            "views/owners_choice/practice.py", N_("Practice Owner's Choice"), ":material/exercise:"
        ),
        PageSpec("views/owners_choice/calculator.py", N_("Move advisor"), ":material/calculate:"),
        PageSpec(
            "views/owners_choice/live.py", N_("Owner's Choice live game"), ":material/casino:"
        ),
        PageSpec("views/owners_choice/games.py", N_("Owner's Choice games"), ":material/replay:"),
    ],
    N_("Whist & Bid Whist"): [
        PageSpec("views/whist/learn.py", N_("Learn Whist"), ":material/school:"),
        PageSpec("views/whist/practice.py", N_("Practice Whist"), ":material/exercise:"),
        PageSpec("views/whist/score_sheet.py", N_("Score sheet"), ":material/calculate:"),
        PageSpec("views/whist/games.py", N_("Whist games"), ":material/replay:"),
    ],
    N_("All games"): [
        PageSpec("views/play.py", N_("Play against the bots"), ":material/smart_toy:"),
        PageSpec("views/progress.py", N_("Practice progress"), ":material/insights:"),
        PageSpec("views/statistics.py", N_("Statistics"), ":material/bar_chart:"),
        PageSpec("views/bots.py", N_("Bots"), ":material/leaderboard:"),
        PageSpec("views/assumptions.py", N_("Rule assumptions"), ":material/rule:"),
        PageSpec("views/demo_pig.py", N_("Engine demo: Pig"), ":material/casino:"),
    ],
}


def all_pages() -> list[PageSpec]:
    return [HOME] + [p for pages in SECTIONS.values() for p in pages]


def learn_page(game: str) -> PageSpec | None:
    """The Learn page of ``game`` (where its practice links the rules), if it has one."""
    return _page_of(f"views/{game}/learn.py")


def practice_page(game: str) -> PageSpec | None:
    """The Practice page of ``game``, if it has one."""
    return _page_of(f"views/{game}/practice.py")


def _page_of(script: str) -> PageSpec | None:
    return next((p for p in all_pages() if p.script == script), None)
