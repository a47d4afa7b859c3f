"""The Learn page sections the drills link to (``Drill.learn``) exist in the browser, on a
desktop and on a phone (each heading carries its anchor as its id).

Note: the app's page navigation drops a URL's ``#anchor`` on load (``location.hash`` is
empty once the page is drawn), so a link ``/owners_choice_learn#dividends`` opens the page
at its top, not at the section."""

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
