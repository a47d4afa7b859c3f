"""The running app in headless Chromium: pages render, the explorer steps."""

from __future__ import annotations

import pytest

pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("browser")]


def wait_for_app(page):
    page.wait_for_selector("[data-testid='stApp']")
    page.wait_for_function(
        "() => !document.querySelector('[data-testid=\"stStatusWidget\"]')", timeout=60_000
    )


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
    page.get_by_text("Simulate", exact=True).first.click()
    page.get_by_role("button", name="Simulate").click()
    page.get_by_text("Step 0 of").wait_for()
    page.get_by_role("button", name="Next").click()
    page.get_by_text("Step 1 of").wait_for()
    page.get_by_role("button", name="Last").click()
    page.get_by_text("Game over — winner").wait_for()
    assert page.locator("[data-testid='stException']").count() == 0
    page.screenshot(path=str(tmp_path / "explorer.png"), full_page=True)


def test_home_at_phone_width(phone, app_url, tmp_path):
    phone.goto(app_url)
    wait_for_app(phone)
    phone.get_by_role("heading", name="Tabletop suite").wait_for()
    width = phone.evaluate("document.documentElement.scrollWidth")
    assert width <= 400, f"page is {width}px wide at a 390px viewport"
    phone.screenshot(path=str(tmp_path / "home_phone.png"), full_page=True)
