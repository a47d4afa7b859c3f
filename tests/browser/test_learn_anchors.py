"""The Learn page sections the drills link to (``Drill.learn``) exist in the browser, on a
desktop and on a phone, and a link to one opens that section in view."""

from __future__ import annotations

import pytest

from engine.practice import drill, kinds
from tests.browser.waits import open_page

pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("browser")]

PAGES = {"owners_choice": "/owners_choice_learn", "whist": "/whist_learn"}


def anchors(game: str) -> set[str]:
    return {drill(game, kind, 0).learn for kind in kinds(game)}


@pytest.mark.parametrize("game", list(PAGES))
@pytest.mark.parametrize("device", ["page", "phone"])
def test_every_drill_section_is_on_the_learn_page(game, device, request, app_url, tmp_path):
    pg = request.getfixturevalue(device)
    open_page(pg, app_url + PAGES[game])
    for anchor in sorted(anchors(game)):
        assert pg.locator(f"[id='{anchor}']").count() == 1, anchor
    assert pg.locator("[data-testid='stException']").count() == 0
    pg.screenshot(path=str(tmp_path / f"{game}_{device}.png"))


def test_a_drill_link_opens_its_section_in_view(page, app_url, tmp_path):
    """Owner's Choice's sections are on the page itself (Whist's are in tabs)."""
    open_page(page, app_url + PAGES["owners_choice"] + "#dividends")
    heading = page.locator("[id='dividends']")
    page.wait_for_function(
        "() => { const r = document.getElementById('dividends').getBoundingClientRect();"
        " return r.top >= 0 && r.top < window.innerHeight; }"
    )
    assert heading.is_visible()
    page.screenshot(path=str(tmp_path / "owners_choice_dividends.png"))
