"""An edit reruns and redraws only its own part of the page (``st.fragment``), in a real
browser: while the part rerun is on, Streamlit greys out (``data-stale``) exactly the
elements being drawn again; the rest of the page is never greyed, i.e. not drawn again."""

from __future__ import annotations

import pytest

from tests.browser.waits import act, open_page, text_shown
from tests.browser.waits import metric_is as total_is

pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("browser")]

# Records the text of every element Streamlit marks stale from now on.
WATCH = """() => {
  window.__staled = [];
  new MutationObserver((records) => {
    for (const r of records) {
      if (r.target.getAttribute('data-stale') === 'true')
        window.__staled.push(r.target.textContent.replace(/\\s+/g, ' ').slice(0, 200));
    }
  }).observe(document, {subtree: true, attributes: true, attributeFilter: ['data-stale']});
}"""


def redrawn(page, do, until: str) -> str:
    """The text of everything greyed out (drawn again) by ``do``."""
    page.evaluate(WATCH)
    act(page, do, until)
    return " | ".join(page.evaluate("() => window.__staled"))


def edit(page, label: str, value: str):
    box = page.get_by_label(label, exact=True)
    box.fill(value)
    return lambda: box.press("Enter")


def test_bust_odds_and_the_placement_helper_rerun_apart(page, app_url):
    open_page(page, app_url + "/stack5_calculator", text_shown("Legal places for"))
    again = redrawn(page, edit(page, "Cards in every player's rows", "R1 R2 R3"), "true")
    assert "Bust on the next draw" in again  # the odds were drawn again
    assert "Legal places for" not in again and "Stack 5 bust odds" not in again
    again = redrawn(page, edit(page, "Row 1", "R1 R2"), text_shown("row 1"))
    assert "Legal places for" in again
    assert "Bust on the next draw" not in again and "Stack 5 bust odds" not in again


def test_the_price_calculator_redraws_only_the_price(page, app_url):
    open_page(page, app_url + "/stock_holdem_calculator", text_shown("Expected price"))
    again = redrawn(page, edit(page, "Slot 5", "7?"), "true")
    assert "Expected price" in again
    assert "Stock Hold'em price calculator" not in again and "Symbols:" not in again


def test_a_deal_redraws_the_sheet_not_the_points_calculator(page, app_url):
    open_page(page, app_url + "/whist_score_sheet", text_shown("Bid Whist points calculator"))
    add = page.get_by_role("button", name="Add deal")
    again = redrawn(page, add.click, total_is(3))
    assert "Add deal" in again
    assert "Bid Whist points calculator" not in again and "Whist score sheet" not in again
    again = redrawn(page, edit(page, "Books (kitty included)", "8"), text_shown("with 8 it is"))
    assert "Contract 4 uptown needs 10 books" in again  # as it read before the edit
    assert "Add deal" not in again and "Running totals" not in again
