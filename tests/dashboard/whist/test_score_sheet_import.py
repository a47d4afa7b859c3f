"""Importing a score sheet never loses one: over a sheet with deals the file becomes a new
sheet (a new link) and the open one stays stored under its own link, which the page
offers; the page says how many deals it read; the file's side names are kept; the export
writes the names as the page shows them (in its language), and they import back."""

from __future__ import annotations

import json

import pytest
import streamlit
from streamlit.testing.v1 import AppTest

from dashboard.store.entries import default_store
from tests.apptest import APP, figures, html_tables, open_page

pytestmark = [pytest.mark.xdist_group("whist_pages"), pytest.mark.usefixtures("sqlite_store")]

PAGE = "views/whist/score_sheet.py"
FILE = (
    "variant,declarer,bid,kind,books,tricks_0,honours_side,honours,game,"
    "points_0,points_1,total_0,total_1,name_0,name_1\n"
    "bid4,1,4,uptown,10,,,,,0,4,0,4,Ann & Bo,Cy & Di\n"
)


@pytest.fixture
def sqlite_store(tmp_path, monkeypatch):
    monkeypatch.setenv("TABLETOP_DATA_DIR", str(tmp_path / "data"))


def add_deal(at, books: int):
    at.number_input(key="ws_books").set_value(books)
    at.button(key="ws_add").click().run()
    assert not at.exception, at.exception


def import_file(at, text: str = FILE, name: str = "sheet.csv"):
    if not at.session_state.get("ws_import_open"):  # the import: a link until opened
        at.session_state["ws_import_open"] = True
        at.run()
    at.file_uploader(key="ws_import").set_value((name, text.encode(), "text/csv")).run()
    assert not at.exception, at.exception
    return at


def stored_deals(sheet_id: str) -> int:
    text, _version = default_store().load("score_sheet", sheet_id)
    csv = json.loads(text)["sheets"]["bid4_0"]
    return len(csv.strip().splitlines()) - 1


def test_import_over_a_sheet_with_deals_keeps_it_under_its_own_link():
    at = open_page(PAGE)
    for books in (10, 8, 9):
        add_deal(at, books)
    old = at.query_params["sheet"]
    assert stored_deals(old) == 3
    import_file(at)
    new = at.query_params["sheet"]
    assert new != old  # the file is a new sheet
    assert stored_deals(old) == 3 and stored_deals(new) == 1  # nothing lost
    said = " ".join(s.value for s in at.success)
    assert "Imported 1 deal." in said
    assert "[your previous sheet](?" in said and f"&sheet={old})" in said, said
    assert len(_deals(at)) == 1
    # the button goes back to the previous sheet, its three deals
    at.button(key="ws_back").click().run()
    assert at.query_params["sheet"] == old
    assert len(_deals(at)) == 3


def test_import_keeps_the_files_side_names():
    at = open_page(PAGE)
    add_deal(at, 10)
    import_file(at)
    assert [m.label for m in figures(at)] == ["Ann & Bo", "Cy & Di"]
    assert [m.value for m in figures(at)] == ["0", "4"]


def test_import_into_an_empty_sheet_says_so_and_offers_no_previous_sheet():
    at = open_page(PAGE)
    import_file(at)
    said = " ".join(s.value for s in at.success)
    assert "Imported 1 deal." in said and "previous sheet" not in said
    assert "ws_back" not in [b.key for b in at.button]


@pytest.mark.parametrize(
    ("lang", "names"),
    [("ja", "南北,東西"), ("zh-TW", "南北,東西"), ("en", "North–South,East–West")],
)
def test_the_export_names_the_sides_in_the_pages_language_and_imports_back(
    monkeypatch, lang, names
):
    exported: list[str] = []
    real = streamlit.download_button

    def spy(label, data, *args, **kwargs):
        exported.append(data)
        return real(label, data, *args, **kwargs)

    monkeypatch.setattr(streamlit, "download_button", spy)
    one_deal = "variant,declarer,bid,kind,books\nbid4,0,3,uptown,10\n"
    sheet = {"sheets": {"bid4_0": one_deal}, "names": {}}
    at = AppTest.from_file(APP, default_timeout=120)
    at.query_params.update(
        lang=lang, sheet=default_store().create("score_sheet", json.dumps(sheet))
    )
    at.run()
    at.switch_page(PAGE).run()
    assert not at.exception, at.exception
    text = exported[-1]
    assert text.splitlines()[1].endswith("," + names), text
    # read back on an English page: the default names are the defaults again
    en = open_page(PAGE)
    add_deal(en, 9)
    import_file(en, text)
    assert [m.label for m in figures(en)] == ["North–South", "East–West"]


def _deals(at):
    """The score sheet's table of deals (the page's widest HTML table)."""
    return max(html_tables(at), key=lambda t: t.shape[1])
