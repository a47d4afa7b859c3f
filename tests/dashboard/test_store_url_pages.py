"""A store URL the app cannot use (another kind of address, a PostgreSQL server that
cannot be reached) is said on the page, naming the address without its password, and in
the player's language; never a traceback."""

from __future__ import annotations

import pytest

from dashboard.i18n import error_text, language
from dashboard.store.entries import Store, StoreError
from tests.apptest import open_page

UNREACHABLE = "postgresql://app:s3cret@/games?host=/nonexistent&port=1"
OTHER_KIND = "mysql://app:s3cret@db.example/games"


@pytest.mark.parametrize(
    "url, said", [(UNREACHABLE, "cannot be reached"), (OTHER_KIND, "not a PostgreSQL one")]
)
def test_an_unusable_store_url_is_said_on_the_page_naming_it(monkeypatch, url, said):
    if url == UNREACHABLE:
        pytest.importorskip("psycopg")
    monkeypatch.delenv("TABLETOP_DEBUG", raising=False)  # the player's view
    monkeypatch.setenv("TABLETOP_STORE_URL", url)
    at = open_page("views/pig/demo.py")
    at.segmented_control(key="pig_mode").set_value("Live game").run()
    at.button(key="live_pig_start").click().run()
    assert not at.exception, at.exception
    shown = " ".join(e.value for e in at.error)
    assert said in shown, shown
    assert url.replace(":s3cret", "") in shown and "s3cret" not in shown


@pytest.mark.parametrize(
    "url, lang, said",
    [
        (UNREACHABLE, "ja", "接続できません"),
        (UNREACHABLE, "zh-TW", "無法連線到遊戲儲存區"),
        (OTHER_KIND, "ja", "PostgreSQL のもの"),
        (OTHER_KIND, "zh-TW", "不是 PostgreSQL 位址"),
    ],
)
def test_the_refusal_is_worded_in_the_players_language(url, lang, said):
    if url == UNREACHABLE:
        pytest.importorskip("psycopg")
    with pytest.raises(StoreError) as info:
        Store(url).create("score_sheet", "{}")
    with language(lang):
        shown = error_text(info.value)
    assert said in shown and url.replace(":s3cret", "") in shown and "s3cret" not in shown
