"""The Whist pages under AppTest: no exception, the expected output."""

import pytest

from tests.apptest import alerts, figures, html_tables, open_page
from tests.board import drawing_text, go, last_step, step_text

pytestmark = pytest.mark.xdist_group("whist_pages")


def test_games_page_steps_through_a_recorded_game():
    at = open_page("views/whist/games.py")
    assert not at.exception
    go(at, last_step(at))
    assert "game over" in step_text(at) and "Last trick" in drawing_text(at)


def test_score_sheet_bid_whist_to_the_end_and_calculator():
    at = open_page("views/whist/score_sheet.py")
    assert not at.exception
    at.segmented_control(key="ws_bid").set_value(4).run()
    assert at.number_input(key="ws_books").value == 10  # the books follow the bid
    at.number_input(key="ws_books").set_value(11).run()
    assert any("it is made" in m.value for m in at.markdown)
    submit = next(b for b in at.button if "Add deal" in str(b.label))
    submit.click()
    at.run()
    assert not at.exception
    assert [m.value for m in figures(at)][:2] == ["5", "0"]
    at.number_input(key="ws_books").set_value(13)
    next(b for b in at.button if "Add deal" in str(b.label)).click()
    at.run()
    assert any("Game over" in s for s in alerts(at, "success"))
    table = _deals(at).to_string()
    assert "4 uptown, 11 books" in table and "4 uptown, 13 books" in table
    at.session_state["wc_open"] = True  # the points calculator, folded at first
    at.run()
    at.segmented_control(key="wc_kind").set_value("notrump")
    at.run()
    assert not at.exception
    assert any("scores **+8**" in m.value for m in at.markdown)  # 4 notrump, 10 books
    assert at.query_params["kind"] in ("notrump", ["notrump"])


def test_score_sheet_whist_honours_and_errors():
    at = open_page("views/whist/score_sheet.py")
    at.segmented_control(key="ws_v").set_value("whist4")
    at.run()
    assert not at.exception
    at.number_input(key="ws_tricks").set_value(8)
    at.segmented_control(key="ws_hside").set_value(1)
    at.segmented_control(key="ws_hon").set_value(4)
    next(b for b in at.button if "Add deal" in str(b.label)).click()
    at.run()
    assert not at.exception
    assert [m.value for m in figures(at)][:2] == ["2", "4"]


@pytest.mark.parametrize("variant", ["bid4", "whist4", "bid2", "whist2"])
def test_learn_page_every_variant(variant):
    at = open_page("views/whist/learn.py")
    assert not at.exception
    at.segmented_control(key="wl_variant").set_value(variant)
    at.run()
    assert not at.exception
    assert any("wins the trick" in s.value for s in at.success)


def test_learn_trick_picker_and_bad_input():
    at = open_page("views/whist/learn.py")
    at.selectbox(key="wl_kind").set_value("no trump high")
    at.multiselect(key="wl_trick").set_value(["BJ", "LJ"])
    at.run()
    assert not at.exception
    assert any("never win" in e.value for e in at.error)
    at.multiselect(key="wl_trick").set_value(["3H", "AH", "2H"])
    at.selectbox(key="wl_kind").set_value("no trump low")
    at.run()
    assert any("**AH**" in s.value for s in at.success)


def test_score_sheet_side_names_are_stored_with_the_sheet():
    from tests.dashboard.test_store_pages import open_with

    at = open_page("views/whist/score_sheet.py")
    assert not at.text_input  # folded, the names' fields are not drawn
    at.session_state["ws_names_open"] = True  # opened, as a tap does
    at.run()
    at.text_input(key="ws_name0").set_value("Ann & Bo").run()
    assert not at.exception and not at.error
    at.button(key="ws_add").click().run()
    assert [m.label for m in figures(at)][:2] == ["Ann & Bo", "East–West"]
    reloaded = open_with("views/whist/score_sheet.py", sheet=at.query_params["sheet"])
    assert [m.label for m in figures(reloaded)][:2] == ["Ann & Bo", "East–West"]
    assert "Ann & Bo: 3 uptown, 9 books" in _deals(reloaded).to_string()


def test_score_sheet_undo_the_last_deal_and_integer_deal_ticks():
    at = open_page("views/whist/score_sheet.py")
    for books in (9, 10):
        at.number_input(key="ws_books").set_value(books).run()
        at.button(key="ws_add").click().run()
    assert [m.value for m in figures(at)][:2] == ["7", "0"]
    assert not at.get("plotly_chart")  # drawn on request: the totals are written above
    at.toggle(key="ws_chart").set_value(True).run()
    assert at.query_params["chart"] in ("1", ["1"])  # a link keeps the chart open
    chart = at.get("plotly_chart")[0].proto.spec
    assert '"tickformat":"d"' in chart.replace(" ", "") and '"dtick":1' in chart.replace(" ", "")
    at.button(key="ws_undo").click().run()
    assert [m.value for m in figures(at)][:2] == ["3", "0"]
    assert len(_deals(at)) == 1


def test_score_sheet_totals_row_comes_first_for_phones():
    at = open_page("views/whist/score_sheet.py")
    at.button(key="ws_add").click().run()
    order = [type(e).__name__ for e in at.main]
    assert not at.exception
    # the totals are above the entry form: the totals' figures precede the "Add deal" button
    flat = list(_walk(at.main))
    totals = [
        i
        for i, n in enumerate(flat)
        if "role='group'" in str(getattr(getattr(n, "proto", None), "body", ""))
    ]
    assert totals, order
    assert totals[0] < [getattr(n, "key", None) for n in flat].index("ws_add"), order


def _walk(node):
    for child in getattr(node, "children", {}).values():
        yield child
        yield from _walk(child)


def test_score_sheet_out_of_range_books_get_a_message_beside_the_field():
    at = open_page("views/whist/score_sheet.py")
    at.number_input(key="ws_books").set_value(14).run()
    assert not at.exception
    assert [e.value for e in at.error] == [
        "Books won by the declaring side (kitty book included): 14 is out of range. From 0 to 13."
    ]
    assert not any("it is :" in m.value for m in at.markdown)  # no stale made/set
    assert at.button(key="ws_add").disabled


def _deals(at):
    """The score sheet's table of deals (the page's widest HTML table)."""
    return max(html_tables(at), key=lambda t: t.shape[1])
