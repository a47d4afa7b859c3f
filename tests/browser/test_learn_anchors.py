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


def _heading_in_view(pg, anchor: str) -> bool:
    return pg.evaluate(
        """(id) => {
          const el = document.getElementById(id);
          if (!el) return false;
          const r = el.getBoundingClientRect();
          return r.top >= -2 && r.top < window.innerHeight;
        }""",
        anchor,
    )


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
def test_a_link_to_a_section_lands_on_it_on_a_phone(phone, app_url, game, tmp_path):
    """Streamlit scrolls to the heading a URL's #anchor names, once it is drawn. The URL
    carries the language: without ``?lang=`` the app sets it and the #anchor is lost."""
    anchor = "price" if game == "stock_holdem" else "bust"
    open_page(phone, f"{app_url}/{game}_learn?lang=en#{anchor}")
    phone.wait_for_function(
        """(id) => {
          const el = document.getElementById(id);
          if (!el) return false;
          const r = el.getBoundingClientRect();
          return r.top >= -2 && r.top < window.innerHeight;
        }""",
        arg=anchor,
    )
    assert _heading_in_view(phone, anchor)
    assert phone.evaluate("document.documentElement.scrollWidth") <= 400
    phone.screenshot(path=str(tmp_path / f"{game}_learn_{anchor}.png"))
