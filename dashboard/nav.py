"""The app's page list: sections of (script, title, icon). Scripts are relative to
``dashboard/``; ``app.py`` turns them into ``st.Page`` objects."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class PageSpec:
    script: str
    title: str
    icon: str

    @property
    def url_path(self) -> str:
        return self.script.removeprefix("views/").removesuffix(".py").replace("/", "_")


HOME = PageSpec("views/home.py", "Home", ":material/home:")

SECTIONS: dict[str, list[PageSpec]] = {
    "Stock Hold'em": [
        PageSpec("views/stock_holdem/learn.py", "Learn Stock Hold'em", ":material/school:"),
        PageSpec("views/stock_holdem/calculator.py", "Price calculator", ":material/calculate:"),
        PageSpec("views/stock_holdem/table_tracker.py", "Table tracker", ":material/table_view:"),
        PageSpec("views/stock_holdem/games.py", "Stock Hold'em games", ":material/replay:"),
    ],
    "Stack 5": [
        PageSpec("views/stack5/learn.py", "Learn Stack 5", ":material/school:"),
        PageSpec("views/stack5/calculator.py", "Bust odds", ":material/calculate:"),
        PageSpec("views/stack5/live.py", "Stack 5 live game", ":material/playing_cards:"),
        PageSpec("views/stack5/games.py", "Stack 5 games", ":material/replay:"),
    ],
    "Owner's Choice": [
        PageSpec("views/owners_choice/learn.py", "Learn Owner's Choice", ":material/school:"),
        PageSpec("views/owners_choice/calculator.py", "Move advisor", ":material/calculate:"),
        PageSpec("views/owners_choice/live.py", "Owner's Choice live game", ":material/casino:"),
        PageSpec("views/owners_choice/games.py", "Owner's Choice games", ":material/replay:"),
    ],
    "Whist & Bid Whist": [
        PageSpec("views/whist/learn.py", "Learn Whist", ":material/school:"),
        PageSpec("views/whist/score_sheet.py", "Score sheet", ":material/calculate:"),
        PageSpec("views/whist/games.py", "Whist games", ":material/replay:"),
    ],
    "All games": [
        PageSpec("views/play.py", "Play against the bots", ":material/smart_toy:"),
        PageSpec("views/statistics.py", "Statistics", ":material/bar_chart:"),
        PageSpec("views/bots.py", "Bots", ":material/leaderboard:"),
        PageSpec("views/assumptions.py", "Rule assumptions", ":material/rule:"),
        PageSpec("views/demo_pig.py", "Engine demo: Pig", ":material/casino:"),
    ],
}


def all_pages() -> list[PageSpec]:
    return [HOME] + [p for pages in SECTIONS.values() for p in pages]
