"""The Learn page sections that drills link to: every drill kind's ``learn`` anchor is a
heading of its game's Learn page, and a drill's link (``?section=``, see
dashboard/sections.py: the navigation drops a URL's ``#anchor``) lands on it — with the
tab it sits in opened — on a desktop and on a phone."""

from __future__ import annotations

import pytest

from dashboard.sections import section_link
from engine.practice import drill, kinds
from tests.browser.waits import open_page

pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("browser")]

GAMES = ["stock_holdem", "stack5", "owners_choice", "whist"]


def _anchors(game: str) -> set[str]:
    return {drill(game, kind, 0).learn for kind in kinds(game)}


@pytest.mark.parametrize(
    "game", [g if g == "stack5" else pytest.param(g, marks=pytest.mark.slow) for g in GAMES]
)
def test_every_drill_anchor_is_a_heading_of_the_learn_page(page, app_url, game):
    open_page(page, f"{app_url}/{game}_learn")
    for anchor in sorted(_anchors(game)):
        heading = page.locator(f"[id='{anchor}']")
        heading.first.wait_for(state="attached")
        assert heading.count() == 1, f"{game}: no heading with id {anchor!r}"
        assert heading.evaluate("el => /^H[1-6]$/.test(el.tagName)"), anchor
    assert page.locator("[data-testid='stException']").count() == 0


# the last section of a long page, and a section inside a tab that is not the first
@pytest.mark.parametrize(
    ("game", "anchor", "device"),
    [
        ("stack5", "scoring", "phone"),
        ("whist", "scoring", "page"),
        pytest.param("stack5", "scoring", "page", marks=pytest.mark.slow),
        pytest.param("whist", "scoring", "phone", marks=pytest.mark.slow),
    ],
)
def test_a_drills_link_lands_on_its_section(request, app_url, game, anchor, device, tmp_path):
    pg = request.getfixturevalue(device)
    open_page(pg, app_url + section_link(f"{game}_learn", anchor))
    heading = pg.locator(f"[id='{anchor}']")
    heading.wait_for(state="visible")
    pg.wait_for_function(
        f"""() => {{ const r = document.getElementById({anchor!r}).getBoundingClientRect();
                   return r.top >= 0 && r.top < window.innerHeight / 2; }}"""
    )
    assert pg.evaluate("document.documentElement.scrollWidth") <= pg.viewport_size["width"] + 10
    pg.screenshot(path=str(tmp_path / f"{game}_{anchor}_{device}.png"))
