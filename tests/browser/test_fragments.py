"""An edit reruns and redraws only its own part of the page (``st.fragment``), in a real
browser: what the server sends back after the edit (its websocket frames) holds the part's
elements and none of the rest of the page's (a rerun of the whole page sends every element
again, changed or not)."""

from __future__ import annotations

import pytest

from tests.browser.waits import act, open_page, text_shown
from tests.browser.waits import metric_is as total_is

pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("browser")]


def listen(page) -> list[bytes]:
    """Every websocket frame the page receives from now on (call before opening it)."""
    frames: list[bytes] = []

    def on_socket(ws):
        ws.on(
            "framereceived",
            lambda payload: frames.append(payload if isinstance(payload, bytes) else b""),
        )

    page.on("websocket", on_socket)
    return frames


def sent(page, frames: list[bytes], do, until: str) -> str:
    """The text of what the server sent for ``do`` (Streamlit's messages carry their
    texts as UTF-8)."""
    frames.clear()
    act(page, do, until)
    return b"".join(frames).decode("utf-8", errors="replace")


def edit(page, label: str, value: str):
    box = page.get_by_label(label, exact=True)
    box.fill(value)
    return lambda: box.press("Enter")


def test_bust_odds_and_the_placement_helper_rerun_apart(page, app_url):
    frames = listen(page)
    # ?place=1: the placement helper opened (folded otherwise)
    open_page(page, app_url + "/stack5_calculator?place=1", text_shown("Legal places for"))
    rows = edit(page, "Cards in every player's rows", "R1 R2 R3")
    again = sent(page, frames, rows, text_shown("from 82 unseen cards"))
    assert "Bust on the next draw" in again  # the odds were drawn again
    assert "Legal places for" not in again and "Stack 5 bust odds" not in again
    again = sent(page, frames, edit(page, "Row 1", "R1 R2"), text_shown("(best"))
    assert "Legal places for" in again
    assert "Bust on the next draw" not in again and "Stack 5 bust odds" not in again


def test_the_price_calculator_redraws_only_the_price(page, app_url):
    frames = listen(page)
    open_page(page, app_url + "/stock_holdem_calculator", text_shown("Expected price"))
    again = sent(page, frames, edit(page, "Slot 5", "7?"), "true")
    assert "Expected price" in again
    assert "Stock Hold'em price calculator" not in again and "Symbols:" not in again


def test_a_deal_redraws_the_sheet_not_the_points_calculator(page, app_url):
    frames = listen(page)
    # a link with a bid opens the points calculator (folded otherwise)
    open_page(page, app_url + "/whist_score_sheet?bid=4", text_shown("Contract"))
    add = page.get_by_role("button", name="Add deal")
    again = sent(page, frames, add.click, total_is(3))
    assert "Deals of this sheet" in again  # the sheet's table, drawn anew
    assert "Bid Whist points calculator" not in again and "Whist score sheet" not in again
    books = edit(page, "Books (kitty included)", "8")
    again = sent(page, frames, books, text_shown("with 8 it is"))
    assert "with 8 it is" in again
    assert "Deals of this sheet" not in again and "Running totals" not in again
