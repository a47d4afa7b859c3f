"""Streamlit's own English reads in the page's language on a Japanese or Chinese page
(dashboard/words/streamlit.py): a text field's hint, the uploader's button and size line,
a help icon's name. An English page keeps
Streamlit's words."""

from __future__ import annotations

import pytest

from tests.browser.waits import open_page

pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("browser")]

HINT = "[data-testid='InputInstructions']"
SAID = {
    "ja": ("Enter キーで確定", "アップロード", "1ファイル 32 MB まで • JSON, JSONL", "のヘルプ"),
    "zh-TW": ("按 Enter 鍵套用", "上傳", "每個檔案最多 32 MB • JSON, JSONL", "的說明"),
    "en": ("Press Enter to apply", "Upload", "32MB per file • JSON, JSONL", "Help for "),
}


def _typed_hint(page) -> str:
    """The hint under a text field once something is typed in it."""
    field = page.locator("[data-testid='stMain'] [data-testid='stTextInput'] input").first
    field.click()
    page.keyboard.type("5")
    page.locator(f"{HINT} span").first.wait_for()
    return page.locator(HINT).first.inner_text()


@pytest.mark.parametrize("lang", ["ja", "zh-TW", "en"])
def test_streamlits_words_read_in_the_pages_language(phone, app_url, lang):
    hint, button, limit, help_for = SAID[lang]
    open_page(phone, f"{app_url}/play?lang={lang}")
    said = _typed_hint(phone)
    assert hint in said and "/40" in said, said  # the count of characters stays
    open_page(phone, f"{app_url}/statistics?lang={lang}")
    uploader = phone.locator("[data-testid='stFileUploader']").first
    assert uploader.locator("button p").text_content().strip() == button
    shown = uploader.locator("[data-testid='stFileUploaderDropzoneInstructions']").text_content()
    assert shown.strip() == limit, shown
    names = phone.locator("[data-testid='stTooltipIcon'] button").evaluate_all(
        "els => els.map(e => e.getAttribute('aria-label'))"
    )
    assert names and all(help_for in n for n in names), names
    if lang != "en":
        assert all(not n.startswith("Help for") for n in names), names
