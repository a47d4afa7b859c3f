"""The Stock Hold'em pages under AppTest: no traceback, expected output, URL mirroring."""

from __future__ import annotations

import pytest

from tests.apptest import figures, open_page
from tests.board import drawing_text, go, last_step

CALC = "views/stock_holdem/calculator.py"


def _calc(**slots):
    at = open_page(CALC)
    assert not at.exception
    for key, value in slots.items():
        at.text_input(key=key).set_value(value)
    at.run()
    return at


def test_calculator_default_shows_distribution():
    at = _calc()
    assert not at.exception
    assert any("Expected price" in m.label for m in figures(at))
    assert at.query_params["slots"] == "3A,5A,9A,?A,?"
    # the distribution drawn as plain HTML (no chart library to start), a column a price
    assert not at.get("plotly_chart")
    drawn = " ".join(h.proto.body for h in at.get("html"))
    assert "Exact price distribution" in drawn and drawn.count("title='$") >= 5


def test_calculator_all_known_shows_breakdown():
    at = _calc(sh_slot0="6S", sh_slot1="6W", sh_slot2="6A", sh_slot3="2F", sh_slot4="2S")
    at.toggle(key="sh_stock_up").set_value(True).run()
    assert not at.exception and not at.error
    assert [m.value for m in figures(at)] == ["$43"]
    assert "full house 20" in " ".join(h.proto.body for h in at.get("html"))
    assert at.query_params["up"] == "1"


@pytest.mark.parametrize(
    ("key", "value", "msg"),
    [
        ("sh_slot2", "11Q", "Slot 3"),
        ("sh_slot0", "5A", "used twice"),
        ("sh_seen", "3A", "also in the seen cards"),
        ("sh_seen", "xx", "not a card"),
    ],
)
def test_calculator_bad_input_shows_error_not_traceback(key, value, msg):
    at = _calc(**{key: value})
    assert not at.exception
    assert at.error and msg in at.error[0].value


def test_learn_page_runs_and_flags_assumptions():
    at = open_page("views/stock_holdem/learn.py")
    assert not at.exception, at.exception
    text = " ".join(m.value for m in at.markdown)
    assert "Assumption" in text
    assert "35" in text  # the worked example's price


def test_games_page_simulates_and_steps():
    at = open_page("views/stock_holdem/games.py")
    assert not at.exception, at.exception
    at.segmented_control(key="xp_stock_holdem_source").set_value("Simulate").run()
    at.button(key="FormSubmitter:xp_stock_holdem_sim-Simulate").click().run()
    assert not at.exception, at.exception
    go(at, last_step(at))
    assert "Game over — final settlement" in drawing_text(at)
    at.selectbox(key="xp_stock_holdem_view").set_value(1).run()
    assert not at.exception, at.exception


def test_learn_page_live_examples():
    at = open_page("views/stock_holdem/learn.py")
    at.multiselect(key="learn_sh_pick").set_value(["2F", "3A", "4S", "5W", "BEAR"]).run()
    assert not at.exception
    assert any("Price **$25**" in m.value for m in at.markdown)
    at.multiselect(key="learn_sh_pick").set_value(["2F", "3A"]).run()
    assert any("Pick 3 more" in i.value for i in at.info)
    at.number_input(key="learn_sh_c0").set_value(2).run()  # chips 2, 2, 5, 2; previous 0
    assert any("New start player: **Player 2**" in m.value for m in at.markdown)
    at.radio(key="learn_sh_turn").set_value("Player 1's second turn").run()
    assert not at.exception
    at.selectbox(key="learn_sh_n").set_value(6).run()
    assert not at.exception


def test_statistics_page_shows_stock_holdem_tables():
    at = open_page("views/statistics.py")
    at.selectbox(key="stats_game").set_value("stock_holdem").run()
    assert not at.exception, at.exception
    text = " ".join(m.value for m in at.markdown) + " ".join(s.value for s in at.subheader)
    assert "Number hands: recorded vs exact odds" in text


def test_the_table_tracker_draws_its_small_charts_without_a_chart_library():
    """Its seven small charts are plain HTML (a plotly chart costs about 0.3 s of a first
    load at 1280 px, docs/benchmarks.md): six price distributions, each column's chance
    as its tooltip, and the players' expected net worths with their amounts."""
    at = open_page("views/stock_holdem/table_tracker.py")
    assert not at.exception
    assert not at.data_editor and not at.dataframe  # the players' part is folded at first
    drawn = " ".join(h.proto.body for h in at.get("html"))
    assert "role='img'" not in drawn  # so are the six charts: the summary has their figures
    at.session_state["tt_players_open"] = True  # opened, as a tap on it does
    at.session_state["tt_dist_open"] = True
    at.run()
    assert at.query_params["dist"] == "1"  # a link to the page as it is
    assert not at.exception and at.data_editor
    assert not at.get("plotly_chart")
    drawn = " ".join(h.proto.body for h in at.get("html"))
    assert drawn.count("role='img' aria-label='Price distribution of") == 6
    assert "title='$" in drawn  # a column's price and chance
    assert "Expected net worth at the price phase" in drawn and drawn.count("$1") >= 4


def test_a_tracker_link_with_players_opens_their_part():
    from streamlit.testing.v1 import AppTest

    from dashboard.stock_holdem import tracker_view as tv
    from tests.apptest import APP

    at = AppTest.from_file(APP, default_timeout=120)
    at.query_params["pl"] = tv.players_to_url(tv.default_players(4))
    at.run()
    at.switch_page("views/stock_holdem/table_tracker.py")
    at.run()
    assert not at.exception and at.data_editor


def test_a_refused_price_feeds_nothing_in_the_tracker_summary():
    at = open_page("views/stock_holdem/table_tracker.py")
    at.number_input(key="tt_price0").set_value(999).run()
    assert any("999" in e.value for e in at.error)
    drawn = " ".join(h.proto.body for h in at.get("html"))
    row_a = drawn[drawn.index("<td><b>A</b></td>") :].split("</tr>", 1)[0]
    assert "$" not in row_a and "—" in row_a  # neither the refused nor a clamped price
