"""Practice on a phone: "Save progress as a file" turns on with the first answer (given in
the question's partial rerun, no reload) and saves every answer given so far."""

from __future__ import annotations

import json

import pytest

from tests.browser.test_practice_in_browser import _answer_one
from tests.browser.waits import idle, in_url, open_page, text_shown

pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("browser")]


def _saved(phone, tmp_path, name: str) -> dict:
    button = phone.get_by_role("button", name="Save progress as a file")
    assert button.is_enabled()
    with phone.expect_download() as got:
        button.click()
    path = tmp_path / name
    got.value.save_as(path)
    return json.loads(path.read_text("utf-8"))


def test_save_turns_on_with_the_first_answer_and_saves_the_latest(phone, app_url, tmp_path):
    open_page(phone, f"{app_url}/stack5_practice", text_shown("Rule:"))
    phone.get_by_text("Keep your progress").click()
    button = phone.get_by_role("button", name="Save progress as a file")
    assert button.is_disabled()  # nothing to save yet
    _answer_one(phone, 1)
    idle(phone, in_url("learner="))
    phone.wait_for_function(
        "() => [...document.querySelectorAll('button')].some(b => "
        "b.textContent.includes('Save progress as a file') && !b.disabled)"
    )
    assert len(_saved(phone, tmp_path, "one.json")["reviews"]) == 1
    _answer_one(phone, 2)  # a partial rerun: the page around it is not drawn again
    assert len(_saved(phone, tmp_path, "two.json")["reviews"]) == 2


def test_typed_text_that_is_no_number_is_asked_again(phone, app_url):
    """The answer card takes only a whole number: "abc" brings a hint, no verdict and no
    answer sent; a number then answers."""
    open_page(phone, f"{app_url}/stack5_practice", text_shown("Rule:"))
    n = 0
    while not phone.locator(".tt-answer .tt-input").count():  # to the first typed question
        n += 1
        assert n < 8
        _answer_one(phone, n)
        idle(phone, text_shown("Rule:"))
    field = phone.locator(".tt-answer .tt-input").first
    field.fill("abc")
    field.press("Enter")
    idle(phone, text_shown("Write a whole number, like 12."))
    card = phone.locator(".tt-answer").first
    assert card.get_attribute("data-answer") == ""
    assert phone.get_by_text("Not quite").count() == 0
    field.fill("7")
    field.press("Enter")
    idle(phone, f"{SAVED} && {text_shown(f'of {n + 1} right')}")


SAVED = "!!document.querySelector('.tt-answer[data-confirmed=\"1\"]')"
