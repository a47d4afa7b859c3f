"""The app in 日本語 and 繁體中文 in a real browser: on a 390 px phone no text overflows its
box (home and a page of each game); the language survives moving to another page through
the page menu and a reload; the menu's language links switch the page."""

from __future__ import annotations

import json

import pytest

from tests.browser.waits import act, idle, open_page

pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("browser")]

# Texts whose box is narrower than the text: buttons, labels, headings, paragraphs and
# captions, outside any box that scrolls sideways on purpose (tables, code, the move list).
OVERFLOWS = """() => {
  const found = [];
  const kinds = 'button, label, h1, h2, h3, h4, p, li, [data-testid="stCaptionContainer"],'
    + ' [data-testid="stWidgetLabel"], [data-testid="stExpander"] summary';
  for (const el of document.querySelectorAll(kinds)) {
    if (!el.offsetParent || el.clientWidth === 0) continue;
    if (el.scrollWidth <= el.clientWidth + 1) continue;
    let p = el.parentElement, scrolls = false;
    while (p) {
      if (/(auto|scroll)/.test(getComputedStyle(p).overflowX)) { scrolls = true; break; }
      p = p.parentElement;
    }
    if (!scrolls) {
      found.push(`${el.tagName} "${(el.innerText || '').slice(0, 50)}" `
        + `${el.scrollWidth}>${el.clientWidth}`);
    }
  }
  return found;
}"""

# Home and one page of each game (the explorer of each game), with a heading that shows
# the page has drawn in the language.
PAGES = {
    "ja": [
        ("", "テーブルゲーム・スイート"),
        ("stock_holdem_games", "ストックホールデム：対局"),
        ("stack5_games", "スタック5：対局"),
        ("owners_choice_games", "オーナーズチョイス：対局"),
        ("whist_games", "ホイストとビッド・ホイスト：対局"),
        ("play", "ボットと対戦"),
    ],
    "zh-TW": [
        ("", "桌遊工具箱"),
        ("stock_holdem_games", "股票德州撲克：對局"),
        ("stack5_games", "Stack 5：對局"),
        ("owners_choice_games", "股市大戰：對局"),
        ("whist_games", "惠斯特與叫牌惠斯特：對局"),
        ("play", "與機器人對戰"),
    ],
}


def heading_shown(heading: str) -> str:
    """A condition: a heading of the main area reads ``heading``."""
    return (
        "[...document.querySelectorAll('[data-testid=stMain] h1, [data-testid=stMain] h2, "
        f"[data-testid=stMain] h3')].some(h => h.textContent.trim() === {json.dumps(heading)})"
    )


def _open(pg, url: str, heading: str) -> None:
    """Open ``url`` and wait until ``heading`` is drawn and the app is idle."""
    open_page(pg, url, heading_shown(heading))


@pytest.mark.parametrize(
    "lang", [g if g == "ja" else pytest.param(g, marks=pytest.mark.slow) for g in PAGES]
)
def test_no_text_overflows_its_box_on_a_phone(phone, app_url, lang, tmp_path):
    overflowing = {}
    for path, heading in PAGES[lang]:
        _open(phone, f"{app_url}/{path}?lang={lang}", heading)
        assert phone.locator("[data-testid='stException']").count() == 0, path
        # the browser knows the language: Japanese and Chinese glyph forms, phrase breaks
        phone.wait_for_function(f"() => document.documentElement.lang === '{lang}'")
        found = phone.evaluate(OVERFLOWS)
        if found:
            overflowing[path or "home"] = found
        width = phone.evaluate("() => document.documentElement.scrollWidth")
        assert width <= 400, (path, width)  # nothing to scroll sideways to
        phone.screenshot(path=str(tmp_path / f"{path or 'home'}_{lang}_390.png"), full_page=True)
    assert not overflowing, overflowing


def test_a_japanese_title_breaks_between_phrases_on_a_phone(phone, app_url):
    _open(phone, f"{app_url}/whist_games?lang=ja", "ホイストとビッド・ホイスト：対局")
    title = phone.get_by_role("heading", name="ホイストとビッド・ホイスト：対局").first
    phone.wait_for_function("() => document.documentElement.lang === 'ja'")
    lines = title.evaluate(
        "h => { const r = document.createRange();"
        " r.selectNodeContents(h.querySelector('[data-heading-text]') || h);"
        " return [...r.getClientRects()].map(x => Math.round(x.top))"
        ".filter((t, i, a) => a.indexOf(t) === i).length }"
    )
    assert title.evaluate("h => getComputedStyle(h).wordBreak") == "auto-phrase"
    assert lines == 2  # "ホイストとビッド・" / "ホイスト：対局", not "ホイストとビッ" / "ド・…"


def test_the_language_survives_the_page_menu_and_a_reload(page, app_url):
    _open(page, f"{app_url}/?lang=ja", "テーブルゲーム・スイート")
    link = _menu_link(page, "スタック5を学ぶ")
    act(page, link.first.click, heading_shown("スタック5を学ぶ"))
    assert "lang=ja" in page.url and "/stack5_learn" in page.url
    page.reload()
    idle(page, heading_shown("スタック5を学ぶ"))
    assert "lang=ja" in page.url


def test_the_menus_language_links_switch_the_language(page, app_url):
    _open(page, f"{app_url}/whist_score_sheet?lang=en&v=bid4&books=11", "Whist score sheet")
    before = page.url  # the page's own link: its sheet and its calculator's inputs
    _open_menu(page)
    link = page.locator(".tt-menu").get_by_role("link", name="日本語")
    act(page, link.click, heading_shown("ホイスト得点表"))
    # the same page in the same tab, its link kept, in Japanese
    assert page.url == before.replace("lang=en", "lang=ja") and "books=11" in page.url
    assert len(page.context.pages) == 1
    # the page list follows: the menu names the pages in Japanese
    _menu_link(page, "スタック5を学ぶ").first.wait_for(state="attached")


def test_on_a_phone_the_menu_closes_once_a_page_is_chosen_and_the_language_link_works(
    phone, app_url
):
    _open(phone, f"{app_url}/?lang=en", "Tabletop suite")
    assert not _is_open(phone)  # every page starts with it shut
    link = _menu_link(phone, "Bust odds")
    act(phone, link.first.click, heading_shown("Stack 5 bust odds"))
    phone.wait_for_function("!document.querySelector('.tt-menu').open")  # the page is in view
    assert "/stack5_calculator" in phone.url
    # a tap on the shade beside the open menu closes it, as Escape does
    _open_menu(phone)
    phone.mouse.click(380, 500)
    phone.wait_for_function("!document.querySelector('.tt-menu').open")
    _open_menu(phone)
    phone.keyboard.press("Escape")
    phone.wait_for_function("!document.querySelector('.tt-menu').open")
    # the language links, reached from the menu on a phone, keep the page
    _open_menu(phone)
    act(
        phone,
        phone.locator(".tt-menu").get_by_role("link", name="日本語").click,
        heading_shown("スタック5 バースト確率"),
    )
    assert "/stack5_calculator" in phone.url and "lang=ja" in phone.url


def test_a_home_link_switches_the_page_in_the_same_session_on_a_phone(phone, app_url):
    """Home's links are plain HTML; a tap on one is the menu's page switch (no new page
    load: what the session holds stays), the menu stays shut, the language stays."""
    _open(phone, f"{app_url}/?lang=ja", "テーブルゲーム・スイート")
    phone.evaluate("window.__sameDocument = true")  # gone if the browser loaded a new page
    link = phone.locator('.stHtml:not(:has(.tt-menu)) a[data-tt-page="stack5_calculator"]')
    act(phone, link.click, heading_shown("スタック5 バースト確率"))
    assert "/stack5_calculator" in phone.url
    assert phone.evaluate("window.__sameDocument === true")
    assert not _is_open(phone)


def test_the_menu_lists_every_page_marks_the_one_on_view_and_keeps_the_session(page, app_url):
    """The page menu (the app's own list, dashboard/frame/menu.py): every page of the app,
    the one on view marked; a click switches the page in the same session (no new page
    load), and the browser's Back goes back to the page before."""
    from dashboard.nav import all_pages

    _open(page, f"{app_url}/?lang=en", "Tabletop suite")
    listed = page.locator(".tt-menu a[data-tt-page]")
    assert listed.count() == len(all_pages())
    page.evaluate("window.__sameDocument = true")
    _open_menu(page)
    sheet = page.locator('.tt-menu a[data-tt-page="whist_score_sheet"]')
    act(page, sheet.click, heading_shown("Whist score sheet"))
    assert "/whist_score_sheet" in page.url
    assert page.evaluate("window.__sameDocument === true")
    on_view = page.locator('.tt-menu a[aria-current="page"]')
    assert on_view.count() == 1 and on_view.get_attribute("data-tt-page") == "whist_score_sheet"
    act(page, page.go_back, heading_shown("Tabletop suite"))
    assert page.evaluate("window.__sameDocument === true")


def _is_open(page) -> bool:
    return page.evaluate("document.querySelector('.tt-menu').open")


def _open_menu(page) -> None:
    """Open the page menu with its button (it starts shut on every page)."""
    if not _is_open(page):
        page.locator(".tt-menu > summary").click()
    page.wait_for_function("document.querySelector('.tt-menu').open")


def _menu_link(page, text: str):
    """The page menu's link to the page titled ``text``, the menu opened."""
    _open_menu(page)
    return page.locator(".tt-menu a[data-tt-page]").filter(has_text=text)
