"""Every page of the app runs under AppTest without an exception."""

from __future__ import annotations

import pytest

from dashboard.nav import all_pages
from tests.apptest import open_page


@pytest.mark.parametrize("script", [p.script for p in all_pages()])
def test_page_runs_without_exception(script):
    at = open_page(script)
    assert not at.exception, at.exception
    assert at.title or at.markdown, "page drew nothing"


def test_home_links_every_section():
    """Home is one HTML element: each game's card, and a link to every page of the app
    (its address, which the navigation script turns into the page menu's page switch)."""
    from dashboard.nav import all_pages

    at = open_page("views/home.py")
    assert not at.exception
    drawn = " ".join(h.proto.body for h in at.get("html") if "tt-menu" not in h.proto.body)
    for section in ("Stock Hold&#x27;em", "Stack 5", "Owner&#x27;s Choice", "Whist"):
        assert f"<h3>{section}" in drawn
    for page in all_pages()[1:]:
        assert f'data-tt-page="{page.url_path}"' in drawn, page.url_path
    assert 'href="stack5_live?lang=en"' in drawn  # a full load keeps the language


def test_assumptions_page_lists_ruleset_fields():
    at = open_page("views/assumptions.py")
    assert not at.exception
    assert any(s.value == "Pig (demo)" for s in at.subheader)
    assert len(at.table) >= 5  # one table per game, its text wrapped for phones
    assert "Start price" in at.table[0].value.index


def test_every_page_has_the_menu_with_every_page_and_the_one_on_view_marked():
    """The page menu (dashboard/frame/menu.py), drawn after the page in its main area (no
    sidebar: it slowed a phone): shut, every page of the app listed once, the page on view
    marked, the language links keeping the page's own link."""
    import re

    at = open_page("views/stack5/calculator.py", lang="ja")
    assert not at.exception
    menus = [h.proto.body for h in at.get("html") if "tt-menu" in h.proto.body]
    assert len(menus) == 1 and not at.sidebar.children
    menu = menus[0]
    assert menu.startswith('<details class="tt-menu">')  # shut until its button is tapped
    listed = re.findall(r'data-tt-page="([^"]*)"', menu)
    assert sorted(listed) == sorted(
        ["" if i == 0 else p.url_path for i, p in enumerate(all_pages())]
    )
    assert re.findall(r'data-tt-page="([^"]*)" aria-current="page"', menu) == ["stack5_calculator"]
    assert 'aria-label="ページ"' in menu  # its button, named in the page's language
    assert 'href="?lang=en&amp;' in menu  # the same page, its link kept, in English
