"""Folds opened by a link (dashboard/folds.py) in Chromium at 390 px: closed, a fold is a
link in the look of an expander; a tap opens it in the same session with its content
drawn and its value in the page's link; folding it again drops the value and draws the
link again."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.browser.waits import act, in_url, open_page, text_shown

pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("browser")]


def open_fold(page, title: str, opened: str) -> None:
    """Tap the link of the fold named ``title`` (part of it), wait until ``opened``."""
    link = page.locator("a.tt-fold", has_text=title)
    link.scroll_into_view_if_needed()
    act(page, link.click, opened)


def test_the_trackers_charts_open_from_their_link_and_fold_again(phone, app_url):
    open_page(phone, app_url + "/stock_holdem_table_tracker", text_shown("Company F"))
    expect(phone.locator("[data-testid='stExpander']")).to_have_count(0)  # links only
    opened = f"{in_url('dist=1')} && {text_shown('Expected')}"
    open_fold(phone, "Each company's price distribution", opened)
    fold = phone.locator("[data-testid='stExpander'] details")
    expect(fold).to_have_count(1)
    assert fold.evaluate("d => d.open")  # drawn open, the six companies' charts in it
    expect(fold).to_contain_text("F now $10")
    act(phone, fold.locator("summary").click, f"!{in_url('dist=1')}")
    # folded (after its closing animation); the next run of the page draws its link
    phone.wait_for_function(
        "() => !document.querySelector(\"[data-testid='stExpander'] details\").open"
    )
    assert phone.locator("[data-testid='stException']").count() == 0


def test_the_price_calculators_rules_open_from_their_link(phone, app_url):
    open_page(phone, app_url + "/stock_holdem_calculator", text_shown("Slot 5"))
    open_fold(phone, "Rules", f"{in_url('rules=1')} && {text_shown('Card back parity')}")
    assert phone.locator("[data-testid='stExpander'] details").evaluate("d => d.open")
    expect(phone.get_by_text("Expected price")).to_be_visible()  # the figures stay
    assert phone.locator("[data-testid='stException']").count() == 0


def test_the_trackers_players_stay_in_the_link_once_their_part_is_folded(phone, app_url):
    """Players typed in, their part folded: a reload still has them (they are in the link)."""
    open_page(phone, app_url + "/stock_holdem_table_tracker", text_shown("Company F"))
    open_fold(phone, "expected net worth", f"{in_url('players=1')} && {in_url('pl=')}")
    fold = phone.locator("[data-testid='stExpander'] details")
    act(phone, fold.locator("summary").click, f"!{in_url('players=1')}")
    assert "pl=You" in phone.url  # the players, still in the link
    open_page(phone, phone.url, text_shown("Company F"))
    expect(phone.get_by_text("expected net worth", exact=False).first).to_be_visible()
    assert phone.locator("[data-testid='stExpander'] details").evaluate("d => d.open")


def test_the_score_sheets_calculator_folds_back_to_a_link_beside_the_sheets(phone, app_url):
    """Its link is part of the sheet's last element; opened, it is a part of its own, and
    folded by a tap the page draws its link there again (one, and no folded expander)."""
    open_page(phone, app_url + "/whist_score_sheet", text_shown("Enter a deal"))
    open_fold(phone, "points calculator", f"{in_url('calc=1')} && {text_shown('Contract')}")
    expect(phone.locator("a.tt-fold", has_text="points calculator")).to_have_count(0)
    fold = phone.locator("[data-testid='stExpander'] summary", has_text="points calculator")
    act(phone, fold.click, f"!{in_url('calc=1')} && !{in_url('bid=')}")
    expect(phone.locator("a.tt-fold", has_text="points calculator")).to_have_count(1)
    expect(phone.locator("[data-testid='stExpander']")).to_have_count(0)
    assert phone.locator("[data-testid='stException']").count() == 0
