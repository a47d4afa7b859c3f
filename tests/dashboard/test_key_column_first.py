"""On a phone a wide table shows its first columns: the key column comes first —
the chip cost of a free action, what each score-sheet deal was; Learn Whist's
scoring table is one row per book count rather than fourteen columns."""

from __future__ import annotations

from tests.apptest import html_tables, open_page


def _columns(table) -> list[str]:
    return list(table.value.columns)


def test_free_actions_table_shows_the_chip_cost_first():
    at = open_page("views/stock_holdem/learn.py")
    tables = [t for t in at.dataframe if "free action" in _columns(t)]
    assert len(tables) == 1 and _columns(tables[0])[0] == "chips"


def test_learn_whist_scoring_table_is_one_row_per_book_count():
    at = open_page("views/whist/learn.py")
    tables = [t for t in at.dataframe if _columns(t) == ["books", "points"]]
    assert len(tables) == 1 and len(tables[0].value) == 14


def test_score_sheet_deals_show_what_was_entered_after_the_deal_number():
    at = open_page("views/whist/score_sheet.py")
    at.button(key="ws_add").click().run()  # the default entry: a deal to show
    tables = [t for t in html_tables(at) if "deal entered" in list(t.columns)]
    assert len(tables) == 1 and list(tables[0].columns)[:2] == ["deal", "deal entered"]
