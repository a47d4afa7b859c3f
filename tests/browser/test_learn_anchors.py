"""The Learn page sections that drills link to: every drill kind's ``learn`` anchor is a
heading id on its game's Learn page in the browser, and a link to it lands on that heading
(at 1280 px and on a phone)."""

from __future__ import annotations

import pytest

from engine.practice import drill, kinds
from tests.browser.waits import open_page

pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("browser")]

GAMES = {"stock_holdem": "1. Components", "stack5": "1. The deck"}


def _anchors(game: str) -> set[str]:
    return {drill(game, kind, 0).learn for kind in kinds(game)}


@pytest.mark.parametrize("game", GAMES)
def test_every_drill_anchor_is_a_heading_of_the_learn_page(page, app_url, game, tmp_path):
    open_page(page, f"{app_url}/{game}_learn")
    page.get_by_role("heading", name=GAMES[game]).first.wait_for()
    for anchor in sorted(_anchors(game)):
        heading = page.locator(f"[id='{anchor}']")
        assert heading.count() == 1, f"{game}: no heading with id {anchor!r}"
        assert heading.evaluate("el => /^H[1-6]$/.test(el.tagName)"), anchor
    assert page.locator("[data-testid='stException']").count() == 0


@pytest.mark.parametrize("game", GAMES)
def test_a_link_to_a_section_scrolls_to_it_on_a_phone(phone, app_url, game, tmp_path):
    """A link to a section keeps its #anchor and the page scrolls down to the heading. The
    URL carries the language: without ``?lang=`` the app sets it and the #anchor is lost.
    (Where the heading ends up depends on what is drawn above it later: not asserted.)"""
    anchor = "price" if game == "stock_holdem" else "bust"
    open_page(phone, f"{app_url}/{game}_learn?lang=en#{anchor}")
    assert phone.url.endswith(f"#{anchor}")
    assert phone.locator(f"[id='{anchor}']").count() == 1
    phone.wait_for_function(
        """() => window.scrollY > 0 || [...document.querySelectorAll('*')].some(
              (el) => el.scrollTop > 0 && el.scrollHeight > el.clientHeight)"""
    )
    assert phone.evaluate("document.documentElement.scrollWidth") <= 400
    phone.screenshot(path=str(tmp_path / f"{game}_learn_{anchor}.png"))
