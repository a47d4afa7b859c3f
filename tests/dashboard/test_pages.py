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
    at = open_page("views/home.py")
    assert not at.exception
    text = " ".join(m.value for m in at.markdown) + " ".join(s.value for s in at.subheader)
    for section in ("Stock Hold'em", "Stack 5", "Owner's Choice", "Whist"):
        assert section in text


def test_assumptions_page_lists_ruleset_fields():
    at = open_page("views/assumptions.py")
    assert not at.exception
    assert any(s.value == "Pig (demo)" for s in at.subheader)
    assert len(at.table) >= 5  # one table per game, its text wrapped for phones
    assert "Start price" in at.table[0].value.index
