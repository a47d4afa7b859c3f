"""The club night's report (``python -m dashboard.tools.load``): each kind beside its target,
and the pages it warms are the app's."""

from __future__ import annotations

from dashboard.nav import all_pages
from dashboard.tools import load


def test_each_kind_is_judged_by_its_own_target():
    report = load.Report()
    for ms in (100, 200, 800):
        report.add("first load by a protocol client", ms)  # a first load ≤ 1 s
    for ms in (100, 200, 600):
        report.add("live tap", ms)  # taps ≤ 500 ms at the 95th percentile
    report.add("bots match (heavy job)", 9000)  # no target: it is the load
    rows = {line.split("|")[1].strip(): line for line in load.table(report).splitlines()[2:]}
    assert rows["first load by a protocol client"].endswith("≤ 1000 ms ✓ |")
    assert rows["live tap"].endswith("≤ 500 ms ✗ |")
    assert rows["bots match (heavy job)"].endswith("— |")


def test_the_warmed_pages_are_pages_of_the_app():
    paths = {page.url_path for page in all_pages()}
    assert set(load.warm_pages()) <= paths, set(load.warm_pages()) - paths


def test_the_club_night_finds_its_pages_in_the_registries():
    """The tools name no game: each game declares its live page, its score sheet and its
    analysis board (Pig, the demo, only the board), and the tools ask."""
    from dashboard.tools.bench import games_pages, live_pages

    lives = {live.game: (live.path, live.key, live.players) for live in live_pages()}
    assert lives == {
        "stack5": ("/stack5_live", "live_stack5", 2),
        "owners_choice": ("/owners_choice_live", "live_owners_choice", 4),
    }
    assert [sheet.page for sheet in load.entry_sheets()] == ["views/whist/score_sheet.py"]
    assert "/demo_pig" in {path for _title, path in games_pages()}
    assert set(load.warm_pages()) >= {"stack5_live", "whist_score_sheet", "whist_games", "bots"}
