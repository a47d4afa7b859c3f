"""The app's page list: sections of (script, title, icon). Scripts are relative to
``dashboard/``; ``app.py`` turns them into ``st.Page`` objects. Titles and section names
are English message ids (``N_``), shown in the session's language by ``app.py``."""

from __future__ import annotations

import importlib
from dataclasses import dataclass

from dashboard.i18n import N_


@dataclass(frozen=True)
class PageSpec:
    script: str
    title: str
    icon: str
    url: str = ""  # the page's address when not the one its script's path gives

    @property
    def url_path(self) -> str:
        if self.url:
            return self.url
        return self.script.removeprefix("views/").removesuffix(".py").replace("/", "_")


HOME = PageSpec("views/home.py", N_("Home"), ":material/home:")

ALL_GAMES = N_("All games")
#: the pages of every game, of the whole app
SHARED_PAGES = [
    PageSpec("views/play.py", N_("Play against the bots"), ":material/smart_toy:"),
    PageSpec("views/progress.py", N_("Practice progress"), ":material/insights:"),
    PageSpec("views/statistics.py", N_("Statistics"), ":material/bar_chart:"),
    PageSpec("views/bots.py", N_("Bots"), ":material/leaderboard:"),
    PageSpec("views/assumptions.py", N_("Rule assumptions"), ":material/rule:"),
    PageSpec("views/variants.py", N_("Rule variants"), ":material/science:"),
]


def _sections() -> dict[str, list[PageSpec]]:
    """Each game's section (``dashboard/<game>/pages.py``: ``SECTION`` and ``PAGES``) in
    the registry's order, then "All games": the shared pages, then the pages of the games
    with no section of their own (the demo)."""
    from engine.core.registry import registered_names

    sections: dict[str, list[PageSpec]] = {}
    more: list[PageSpec] = []
    for game in registered_names():
        try:
            pages = importlib.import_module(f"dashboard.{game}.pages")
        except ModuleNotFoundError as exc:
            if exc.name != f"dashboard.{game}.pages":
                raise
            continue  # a game with no pages
        if pages.SECTION:
            sections[pages.SECTION] = list(pages.PAGES)
        else:
            more += pages.PAGES
    sections[ALL_GAMES] = [*SHARED_PAGES, *more]
    return sections


SECTIONS: dict[str, list[PageSpec]] = _sections()


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
