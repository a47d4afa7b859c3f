"""The Rule variants page in a real browser at 390 and 1280 px, in English and Japanese:
opened from a shared link with its settings, a tiny run in the job pool, then the result
(the chart of wins by seat, the table of each setting side by side, the verdicts, the
CSV), with no sideways scrolling of the page on a phone. Screenshots go to
/tmp/team/shots/ to be looked at."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import expect

from tests.browser.waits import idle, open_page, start_job, text_shown

pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("browser")]

SHOTS = Path("/tmp/team/shots")
WAIT_MS = 180_000
WORDS = {
    "en": {
        "title": "Rule variants",
        "run": "Play 4 games under each setting",
        "cancel": "Cancel",
        "done": "Download CSV",
        "chart": "Wins by seat",
        "table": "Each setting side by side",
    },
    "ja": {
        "title": "ルールのバリエーション",
        "run": "各設定で4局を行う",
        "cancel": "キャンセル",
        "done": "CSV をダウンロード",
        "chart": "席ごとの勝率",
        "table": "各設定の比較",
    },
}


@pytest.mark.parametrize("lang", ["en", "ja"])
@pytest.mark.parametrize("size", ["phone", "page"])
def test_a_shared_link_runs_a_tiny_comparison_and_shows_it(size, lang, request, app_url):
    page = request.getfixturevalue(size)
    words = WORDS[lang]
    url = f"{app_url}/variants?game=pig&field=target&value=20&games=4&lang={lang}"
    open_page(page, url, text_shown(words["title"]))
    run = page.get_by_role("button", name=words["run"])
    expect(run).to_be_visible()
    done = page.get_by_role("button", name=words["done"])
    cancel = page.get_by_role("button", name=words["cancel"])
    start_job(page, run, cancel.or_(done))
    expect(done).to_be_visible(timeout=WAIT_MS)
    idle(page)
    expect(page.get_by_role("region", name=words["table"])).to_be_visible()
    expect(page.get_by_text(words["chart"], exact=True).first).to_be_visible()
    assert page.locator("[data-testid='stException']").count() == 0
    assert "game=pig" in page.url and "value=20" in page.url and "games=4" in page.url
    width = page.viewport_size["width"]
    assert page.evaluate("document.documentElement.scrollWidth") <= width + 1
    # the app scrolls inside its main area: the window grows to it for the whole picture
    tall = page.evaluate("document.querySelector('[data-testid=\"stMain\"]').scrollHeight")
    page.set_viewport_size({"width": width, "height": max(tall, 600)})
    idle(page)
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"variants_{width}_{lang}.png"), full_page=True)
