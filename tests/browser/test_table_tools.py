"""The table tools on a phone (390 px) in a real browser: the score sheet's totals row and
a reload mid-game, the table tracker's error beside one company while the others compute."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.browser.waits import act, idle, in_url, open_page, text_shown
from tests.browser.waits import metric_is as total_is

pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("browser")]


def no_wider_than_the_phone(page) -> None:
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 400, f"page is {width}px wide at a 390px viewport"


def test_score_sheet_totals_at_390px_and_reload_mid_game(phone, app_url, tmp_path):
    open_page(phone, app_url + "/whist_score_sheet", text_shown("Whist score sheet"))
    # what the deal as entered makes, in the entry's own box: 3 uptown, 9 books
    expect(phone.locator(".tt-fboxed .tt-fsaid.tt-fgood")).to_contain_text("it is made")
    add = phone.get_by_role("button", name="Add deal")
    for n in (1, 2):
        act(phone, add.click, total_is(3 * n))
    # the compact totals row: both sides' totals on one line, above the entry
    values = phone.locator(".tt-figure")
    boxes = [values.nth(i).bounding_box() for i in range(2)]
    assert abs(boxes[0]["y"] - boxes[1]["y"]) < 5, boxes
    add = phone.get_by_role("button", name="Add deal").bounding_box()
    assert boxes[0]["y"] < add["y"]
    idle(phone, in_url("sheet="))
    phone.reload()
    idle(phone, total_is(6))
    assert phone.locator("[data-testid='stException']").count() == 0
    no_wider_than_the_phone(phone)
    phone.screenshot(path=str(tmp_path / "score_sheet_phone.png"), full_page=True)


def test_tracker_typo_shows_beside_its_company_at_390px(phone, app_url, tmp_path):
    from urllib.parse import quote

    from dashboard.stock_holdem import tracker_view as tv

    # a link that names the players opens their part (folded otherwise)
    players = quote(tv.players_to_url(tv.default_players(4)))
    open_page(
        phone,
        app_url + f"/stock_holdem_table_tracker?b=10S+2W+11Q&pl={players}&dist=1",
        f"{text_shown('Stock Hold')} && {text_shown('counts at its current price')}",
    )
    error = phone.locator(".tt-ferror").filter(has_text="11Q")
    expect(error).to_have_count(1)
    # beside company B: the message sits between B's cards and C's
    b_box = phone.get_by_label("Company B: Cards: up to 5 slots").bounding_box()
    c_box = phone.get_by_label("Company C: Cards: up to 5 slots").bounding_box()
    e_box = error.bounding_box()
    assert b_box["y"] < e_box["y"] < c_box["y"], (b_box, e_box, c_box)
    # the five other companies and the players' net worths still compute
    expect(phone.get_by_text("Expected $", exact=False)).to_have_count(5)
    expect(phone.get_by_text("counts at its current price")).to_be_visible()
    assert phone.locator("[data-testid='stException']").count() == 0
    no_wider_than_the_phone(phone)
    phone.screenshot(path=str(tmp_path / "tracker_phone.png"), full_page=True)


def test_price_calculator_shows_the_price_on_the_first_phone_screen(phone, app_url, tmp_path):
    """The five slots sit in one row; the price comes right under the inputs (the slots,
    the chip and the cards seen elsewhere, one component) and the rules after it, so a
    phone shows the price without scrolling."""
    open_page(phone, app_url + "/stock_holdem_calculator", text_shown("Expected price"))
    slots = [phone.get_by_label(f"Slot {n}", exact=True).bounding_box() for n in range(1, 6)]
    assert max(b["y"] for b in slots) - min(b["y"] for b in slots) < 5, slots
    price = phone.get_by_text("Expected price", exact=True).bounding_box()
    seen = phone.get_by_label("Cards seen elsewhere", exact=False).bounding_box()
    screen = phone.viewport_size["height"]
    assert price["y"] + price["height"] < screen, (price, screen)
    rules = phone.locator("a.tt-fold", has_text="Rules").bounding_box()
    assert seen["y"] < price["y"] < rules["y"], (seen, price, rules)
    no_wider_than_the_phone(phone)
    phone.screenshot(path=str(tmp_path / "price_phone.png"), full_page=True)


def test_learn_whist_tabs_wrap_on_a_phone(phone, app_url):
    """Seven tab labels do not fit 390 px: they wrap onto a second line, none cut off."""
    open_page(phone, app_url + "/whist_learn", text_shown("The deal"))
    tabs = phone.get_by_role("tab")
    assert tabs.count() == 7
    for i in range(tabs.count()):
        box = tabs.nth(i).bounding_box()
        assert box["x"] >= 0 and box["x"] + box["width"] <= 390, (i, box)
    no_wider_than_the_phone(phone)


def test_tracker_fields_send_on_enter_and_follow_clear_at_390px(phone, app_url):
    """The tracker's fields are one component: a typed price goes to the server on Enter
    and the summary follows; "Clear" puts every field back to the starting table, drawn
    in the fields themselves; one typo is named under its own company."""
    open_page(phone, app_url + "/stock_holdem_table_tracker", text_shown("Stock Hold"))
    price = phone.get_by_label("Company A: Price now")
    price.fill("33")
    price.press("Enter")
    expect(phone.locator("table").first).to_contain_text("$33")
    cards = phone.get_by_label("Company C: Cards: up to 5 slots")
    cards.fill("3A ZZ")
    cards.press("Enter")
    expect(phone.locator(".tt-ferror:visible")).to_have_count(1)
    expect(phone.locator(".tt-ferror:visible")).to_contain_text("ZZ")
    phone.get_by_role("button", name="Clear", exact=True).click()
    expect(price).to_have_value("10")
    expect(cards).to_have_value("")
    expect(phone.locator(".tt-ferror:visible")).to_have_count(0)
    assert phone.locator("[data-testid='stException']").count() == 0
    no_wider_than_the_phone(phone)


def test_bust_odds_cards_are_tapped_as_pills_at_390px(phone, app_url):
    """Bust odds' cards are pills of the fields component: a tap adds a card to the hand
    (the odds and the link follow), the card to place is one pill always. The placement
    helper opens from its link under the odds (folded at first)."""
    open_page(phone, app_url + "/stack5_calculator", text_shown("Bust on the next draw"))
    expect(phone.get_by_text("Legal places for")).to_have_count(0)
    act(phone, phone.locator("a.tt-fold", has_text="Placement helper").click, "true")
    idle(phone, f"{in_url('place=1')} && {text_shown('Legal places for')}")
    drawn = phone.get_by_role("group", name="Number cards and Joker held this turn")
    expect(drawn.get_by_role("button", name="R3")).to_have_attribute("aria-pressed", "true")
    drawn.get_by_role("button", name="G5").click()
    expect(drawn.get_by_role("button", name="G5")).to_have_attribute("aria-pressed", "true")
    idle(phone, in_url("G5"))
    place = phone.get_by_role("group", name="Card to place")
    place.get_by_role("button", name="JK").click()
    idle(phone, text_shown("Legal places for JK"))
    expect(place.locator("[aria-pressed=true]")).to_have_count(1)
    assert phone.locator("[data-testid='stException']").count() == 0
    no_wider_than_the_phone(phone)


def test_score_sheet_deal_fields_preset_the_books_and_score_at_390px(phone, app_url):
    """The deal's fields are one component: a bid presets the books that make it, typed
    books go to the server on Enter, a number out of range is named under its field and
    holds the "Add deal" button, and the deal is scored as entered."""
    open_page(phone, app_url + "/whist_score_sheet", text_shown("Whist score sheet"))
    bid = phone.get_by_role("group", name="Bid")
    bid.get_by_role("button", name="5", exact=True).click()
    books = phone.get_by_label("Books won by the declaring side (kitty book included)")
    expect(books).to_have_value("11")
    idle(phone, text_shown("5 uptown needs 11 books"))
    books.fill("14")
    books.press("Enter")
    expect(phone.locator(".tt-ferror:visible")).to_contain_text("14 is out of range")
    expect(phone.get_by_role("button", name="Add deal")).to_be_disabled()
    books.fill("12")
    books.press("Enter")
    idle(phone, text_shown("with 12 it is"))
    act(phone, phone.get_by_role("button", name="Add deal").click, total_is(6))
    assert phone.locator("[data-testid='stException']").count() == 0
    no_wider_than_the_phone(phone)


def test_a_double_tap_on_add_deal_scores_one_deal(phone, app_url):
    """Two taps 120 ms apart on "Add deal" (a button of the fields component) score one
    deal: the tapped button rests until the sheet is drawn again."""
    open_page(phone, app_url + "/whist_score_sheet", text_shown("Whist score sheet"))
    add = phone.locator(".tt-fields button[data-action='ws_add']")
    add.scroll_into_view_if_needed()
    box = add.bounding_box()
    x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2

    def double_tap() -> None:
        phone.mouse.click(x, y)
        phone.wait_for_timeout(120)
        phone.mouse.click(x, y)

    act(phone, double_tap, total_is(3))
    phone.wait_for_timeout(1500)  # a second deal, had it been sent, would be in by now
    idle(phone, total_is(3))
    rows = phone.locator("[aria-label='Deals of this sheet'] tr")
    expect(rows).to_have_count(2)  # the header and one deal


def test_the_advisors_moves_fit_a_phone_and_stay_a_table_on_a_desktop(phone, page, app_url):
    """Eight columns: on a phone each move is a block (its figures named, what happens on
    a line of its own), nothing runs off the screen; on a desktop it stays a table."""
    region = "[role=region].tt-stack"
    open_page(phone, app_url + "/owners_choice_calculator?lang=ja", text_shown("起きること"))
    table = phone.locator(region)
    assert table.evaluate("e => e.scrollWidth <= e.clientWidth + 1"), "the moves scroll sideways"
    expect(table.locator("tr.tt-head")).to_be_hidden()
    expect(table.locator("td.tt-wide").first).to_be_visible()
    no_wider_than_the_phone(phone)
    open_page(page, app_url + "/owners_choice_calculator", text_shown("what happens"))
    expect(page.locator(region + " tr.tt-head")).to_be_visible()
