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
    (its address, which the navigation script turns into the sidebar's page switch)."""
    from dashboard.nav import all_pages

    at = open_page("views/home.py")
    assert not at.exception
    drawn = " ".join(h.proto.body for h in at.get("html"))
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
