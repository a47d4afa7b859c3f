"""The running app in headless Chromium: pages render, the explorer steps."""

from __future__ import annotations

import pytest

from tests.browser.waits import act, open_page, text_shown, wait_for_app

pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("browser")]

__all__ = ["wait_for_app"]  # imported from here by older tests


def test_home_page_renders(page, app_url, tmp_path):
    page.goto(app_url)
    wait_for_app(page)
    page.get_by_role("heading", name="Tabletop suite").wait_for()
    for name in ("Stock Hold'em", "Stack 5", "Owner's Choice", "Whist & Bid Whist"):
        page.get_by_role("heading", name=name).first.wait_for()
    assert page.locator("[data-testid='stException']").count() == 0
    page.screenshot(path=str(tmp_path / "home.png"), full_page=True)


def test_a_game_section_renders(page, app_url, tmp_path):
    page.goto(app_url + "/stack5_learn")
    wait_for_app(page)
    page.wait_for_selector("h1")
    assert page.locator("[data-testid='stException']").count() == 0
    page.screenshot(path=str(tmp_path / "stack5_learn.png"), full_page=True)


def test_explorer_simulates_and_steps(page, app_url, tmp_path):
    page.goto(app_url + "/demo_pig")
    wait_for_app(page)
    # Pig opens on the Simulate source (it ships no recorded games): no need to pick it
    act(page, page.get_by_role("button", name="Simulate").click, text_shown("Step 0 of"))
    # the board steps in the browser: its buttons start no run, they change the document
    next_ = page.locator(".tt-board").get_by_role("button", name="Next")
    act(page, next_.click, text_shown("Step 1 of"), rerun=False)
    last = page.locator(".tt-board").get_by_role("button", name="Last")
    act(page, last.click, text_shown("Game over — winner"), rerun=False)
    assert page.locator("[data-testid='stException']").count() == 0
    page.screenshot(path=str(tmp_path / "explorer.png"), full_page=True)


def test_home_at_phone_width(phone, app_url, tmp_path):
    phone.goto(app_url)
    wait_for_app(phone)
    phone.get_by_role("heading", name="Tabletop suite").wait_for()
    width = phone.evaluate("document.documentElement.scrollWidth")
    assert width <= 400, f"page is {width}px wide at a 390px viewport"
    phone.screenshot(path=str(tmp_path / "home_phone.png"), full_page=True)


CALCULATORS = [
    "stock_holdem_calculator",
    "stock_holdem_table_tracker",
    "stack5_calculator",
    "owners_choice_calculator",
    "whist_score_sheet",
]


@pytest.mark.parametrize(
    "path",
    [  # every other one in make test-slow (the suite's time)
        p if i % 2 == 0 else pytest.param(p, marks=pytest.mark.slow)
        for i, p in enumerate(CALCULATORS)
    ],
)
def test_table_tools_fit_a_phone(phone, app_url, tmp_path, path):
    open_page(phone, f"{app_url}/{path}", "!!document.querySelector('h1')")
    assert phone.locator("[data-testid='stException']").count() == 0
    width = phone.evaluate("document.documentElement.scrollWidth")
    assert width <= 400, f"{path} is {width}px wide at a 390px viewport"
    phone.screenshot(path=str(tmp_path / f"{path}_phone.png"), full_page=True)


def test_upload_a_record_and_step_through_it(page, app_url, tmp_path):
    from engine import simulate

    record = simulate("stack5", 3, ["heuristic", "random"])
    path = tmp_path / "one.json"
    path.write_text(record.to_json(indent=1))
    page.goto(app_url + "/stack5_games")
    wait_for_app(page)
    # the uploader is there once the source has switched (a clean CI run at load 5 missed
    # Streamlit's running signal of that switch: wait on the uploader itself)
    act(
        page,
        page.get_by_text("Upload", exact=True).first.click,
        "!!document.querySelector(\"input[type='file']\")",
        rerun=False,
    )
    act(
        page,
        lambda: page.locator("input[type='file']").set_input_files(str(path)),
        text_shown("1 game(s) verified by replay"),
    )
    n = len(record.actions)
    # the board steps in the browser (no run; the step reaches the server later)
    step = page.get_by_role("button", name="Next")
    act(page, step.click, text_shown(f"Step 1 of {n}"), rerun=False)
    last = page.get_by_role("button", name="Last")
    act(page, last.click, text_shown(f"Step {n} of {n}"), rerun=False)
    assert page.locator("[data-testid='stException']").count() == 0
    page.screenshot(path=str(tmp_path / "uploaded.png"), full_page=True)


def test_a_bad_upload_is_refused_in_the_browser(page, app_url, tmp_path):
    path = tmp_path / "bad.jsonl"
    path.write_text(
        '{"format": "tabletop-record", "version": 1, "game": "stack5", '
        '"players": ["a", "b"], "actions": ["fly"], "result": null}\n'
    )
    page.goto(app_url + "/stack5_games")
    wait_for_app(page)
    # the uploader is there once the source has switched (a clean CI run at load 5 missed
    # Streamlit's running signal of that switch: wait on the uploader itself)
    act(
        page,
        page.get_by_text("Upload", exact=True).first.click,
        "!!document.querySelector(\"input[type='file']\")",
        rerun=False,
    )
    act(
        page,
        lambda: page.locator("input[type='file']").set_input_files(str(path)),
        text_shown("action 1 “fly”"),
    )
    assert page.locator("[data-testid='stException']").count() == 0


def test_clicking_a_move_jumps_there(page, app_url):
    page.goto(app_url + "/demo_pig")
    wait_for_app(page)
    # Pig opens on the Simulate source (it ships no recorded games): no need to pick it
    act(page, page.get_by_role("button", name="Simulate").click, text_shown("Step 0 of"))
    page.locator(".tt-board .tt-moves tr[data-step='2']").click()  # the board's move list
    page.wait_for_selector(".tt-board[data-board-step='2']")
    page.get_by_text("Step 2 of").wait_for()
    assert page.locator("[data-testid='stException']").count() == 0


def test_a_page_opened_at_its_own_address_finds_the_server_at_once(page, app_url):
    """Streamlit's browser code looks for its server under the page's address first unless
    told where it is (dashboard/start_page.py): no refused look-up before the page loads."""
    open_page(page, app_url + "/progress", text_shown("Practice progress"))
    asked = page.evaluate(
        "performance.getEntriesByType('resource').map(e => new URL(e.name).pathname)"
    )
    assert "/_stcore/health" in asked
    assert not [a for a in asked if a.startswith("/progress/")], asked
