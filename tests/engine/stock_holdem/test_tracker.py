"""The table tracker: engine API (exact distributions with every seen card excluded,
errors naming the place, expected net worth) and the page under AppTest."""

from __future__ import annotations

import random
import re
from fractions import Fraction

import pytest
from streamlit.testing.v1 import AppTest

from engine import EngineError, get_game
from engine.core.errors import ParseError
from engine.core.simulate import play_out
from engine.stock_holdem import price, price_distribution
from engine.stock_holdem.tracker import expected_worth, expected_worths, track
from tests.apptest import APP, assumptions, html_tables, open_page

NO_CHIPS = [False] * 6
TABLE = ["3A 9F 7?", "10S 2W", "6A 6S ?F", "1F 8W", "4S BULL ?A", "2A 5W"]
HAND = "9A 4W 8S 1S"


def test_all_known_company_is_a_single_price_equal_to_price():
    t = track(["6S 6W 6A 2F 2S", "3A 5A 9A 1A 7A"], [True, False, *NO_CHIPS[2:]], "10W")
    for co, (cards, up) in enumerate([("6S 6W 6A 2F 2S", True), ("3A 5A 9A 1A 7A", False)]):
        d = t.companies[co].distribution
        assert d.probabilities == {price(cards, stock_up=up).price: Fraction(1)}
        assert t.companies[co].expected == price(cards, stock_up=up).price
    assert [t.companies[0].slots, t.companies[0].entered] == [("6S", "6W", "6A", "2F", "2S"), 5]


def test_seen_cards_everywhere_are_excluded():
    t = track(TABLE, [False, False, True, False, False, False], HAND, seen="7F BEAR")
    # company C: its own cards in its slots; the hand, every other face and the peeks seen
    elsewhere = ["3A", "9F", "10S", "2W", "1F", "8W", "4S", "BULL", "2A", "5W"]
    elsewhere += ["9A", "4W", "8S", "1S", "7F", "BEAR"]
    direct = price_distribution(["6A", "6S", "?F", "?", "?"], stock_up=True, seen=elsewhere)
    c = t.companies[2]
    assert c.distribution == direct
    assert c.slots == ("6A", "6S", "?F", "?", "?") and c.entered == 3
    assert sorted(t.seen_except(2)) == sorted(elsewhere)
    # the seen cards matter: company A's 7? can now only be 7W
    a = t.companies[0].distribution
    only_7w = price_distribution(["3A", "9F", "7W", "?", "?"], seen=t.seen_except(0))
    assert a.probabilities == only_7w.probabilities
    assert a != price_distribution(["3A", "9F", "7?", "?", "?"])
    assert len(t.seen) == 18 and t.unseen == 24


def test_empty_company_is_five_unknown_slots():
    t = track(["3A 9F 7? 1A 2A"], NO_CHIPS, "9A 4W 8S 1S 10A 10W")
    seen = ["3A", "9F", "1A", "2A", "9A", "4W", "8S", "1S", "10A", "10W"]
    assert t.companies[5].slots == ("?",) * 5 and t.companies[5].entered == 0
    assert t.companies[5].distribution == price_distribution(["?"] * 5, seen=seen)


@pytest.mark.parametrize(
    ("companies", "hand", "seen", "places"),
    [
        (["3A", "", "9F 3A"], "", "", ["company A slot 1", "company C slot 2"]),
        (["3A 9F"], "1S 9F", "", ["company A slot 2", "your hand (card 2)"]),
        ([], "1S", "2S 1S", ["your hand (card 1)", "the seen cards (card 2)"]),
    ],
)
def test_a_card_entered_twice_names_both_places(companies, hand, seen, places):
    with pytest.raises(ParseError) as exc:
        track(companies, NO_CHIPS, hand, seen)
    assert "entered twice" in str(exc.value)
    for place in places:
        assert place in str(exc.value)


@pytest.mark.parametrize(
    ("companies", "hand", "msg"),
    [
        (["3A", "", "7A 3F 11Q"], "", "company C slot 3 '11Q': not a slot"),
        (["", "?X"], "", "company B slot 1 '?X': no card has this back"),
        (["1A 2A 3A 4A 5A 6A"], "", "company A '1A 2A 3A 4A 5A 6A': a company has at most 5"),
        ([], "9A 12W", "hand card 2 '12W': not a card"),
        # only 1F and 1W show '1?' on the back, and both are seen on company A
        (["1F 1W", "1? ?"], "", "company B: slot 1 '1?': no card with back '1?' is left"),
    ],
)
def test_bad_input_names_the_company_and_slot(companies, hand, msg):
    with pytest.raises(ParseError) as exc:
        track(companies, NO_CHIPS, hand)
    assert msg in str(exc.value)


def test_too_many_stock_up_chips():
    with pytest.raises(EngineError, match="stock-up chips on A, B, C, D"):
        track([], [True, True, True, True, False, False], "")
    with pytest.raises(ParseError, match="6 counts"):
        track([], [True], "")


def test_expected_worth_is_exact():
    d = price_distribution(["3A", "5A", "9A", "1A", "?"])  # expected 811/38
    assert d.expected == Fraction(811, 38)
    w = expected_worth(97, 4, [0, 3, 0, 0, 1, 0], [10, d, 10, 10, Fraction(1, 3), 10])
    assert w == 97 + 4 + 3 * Fraction(811, 38) + Fraction(1, 3)
    assert isinstance(w, Fraction)
    t = track(TABLE, NO_CHIPS, HAND)
    shares = [1, 0, 2, 0, 0, 1]
    assert t.expected_worth(50, 2, shares) == 52 + sum(
        s * c.expected for s, c in zip(shares, t.companies)
    )
    assert expected_worths([("Ann", 50, 2, shares)], t.companies) == [
        t.expected_worth(50, 2, shares)
    ]


@pytest.mark.parametrize(
    ("players", "msg"),
    [
        ([("Ann", -1, 0, [0] * 6)], "player 1 'Ann' cash -1"),
        ([("Ann", 1, 0, [0] * 6), ("Bo", 1, 2.5, [0] * 6)], "player 2 'Bo' chips 2.5"),
        ([("Ann", 1, 0, [0, 0, "x", 0, 0, 0])], "shares of C 'x'"),
        ([("Ann", 1, 0, [0] * 5)], "give shares and prices for the 6 companies"),
        ([("A", 0, 0, [6, 0, 0, 0, 0, 0]), ("B", 0, 0, [6, 0, 0, 0, 0, 0])], "hold 12 shares"),
    ],
)
def test_expected_worths_bad_holdings(players, msg):
    with pytest.raises(EngineError) as exc:
        expected_worths(players, [10] * 6)
    assert msg in str(exc.value)


def test_expected_worth_matches_the_final_settlement_of_a_real_game():
    game = get_game("stock_holdem")
    state = game.new_initial_state(4)
    bots = [game.make_bot("heuristic")] + [game.make_bot("random") for _ in range(3)]
    play_out(state, bots, random.Random(3), random.Random(4))
    assert state.is_terminal()
    worths = [
        expected_worth(state.money[p], state.chips[p], state.shares[p], state.prices)
        for p in range(4)
    ]
    assert worths == state.net_worth()


# --- the page -------------------------------------------------------------------------------

PAGE = "views/stock_holdem/table_tracker.py"


def _page():
    """The tracker with its six companies' charts and figures opened (folded at first:
    the summary at the top holds their figures), as a tap on them does."""
    at = open_page(PAGE)
    at.session_state["tt_dist_open"] = True
    return at.run()


def _expected(at) -> list[float]:
    """The expected price shown for each company, in order."""
    found = [re.match(r"Expected \*\*\\\$([\d.]+)\*\*", m.value) for m in at.markdown]
    return [float(m.group(1)) for m in found if m]


def _with_players(at):
    """The page with its players' part opened (folded at first), as a tap on it does."""
    at.session_state["tt_players_open"] = True
    return at.run()


def test_page_default_runs():
    at = _with_players(_page())
    assert not at.exception, at.exception
    assert not at.error
    assert len(_expected(at)) == 6
    assert any("Bear's back shows ×" in a for a in assumptions(at))
    assert at.query_params["a"] == "3A 9F 7?"
    assert at.query_params["hand"] == HAND
    assert at.query_params["up"] == "C"
    assert any("expected net worth" in t.columns for t in html_tables(at))


def test_page_bad_slot_shows_error_not_traceback():
    at = _page()
    at.text_input(key="tt_co1").set_value("10S 2W 11Q").run()
    assert not at.exception, at.exception
    assert at.error and "Company B slot 3 “11Q”" in at.error[0].value
    at.text_input(key="tt_co1").set_value("10S 2W").run()
    at.text_input(key="tt_hand").set_value("9A 3A").run()
    assert not at.exception
    assert at.error and "entered twice" in at.error[0].value


def test_page_entering_cards_changes_the_expected_price():
    at = _page()
    before = _expected(at)
    at.text_input(key="tt_co3").set_value("1F 8W 10F 10? ?").run()
    assert not at.exception and not at.error
    after = _expected(at)
    assert after[3] != before[3]
    assert after[:3] != before[:3]  # 10F is now seen: the other companies move too
    assert at.query_params["d"] == "1F 8W 10F 10? ?"
    at.toggle(key="tt_up3").set_value(True).run()
    assert not at.exception and not at.error
    assert _expected(at)[3] == pytest.approx(after[3] + 5)
    assert at.query_params["up"] == "CD"


def test_page_reads_the_url():
    at = AppTest.from_file(APP, default_timeout=120)
    at.run()
    at.switch_page(PAGE)
    at.query_params.update({"a": "6S 6W 6A 2F 2S", "c": "1A", "up": "A", "hand": "", "dist": "1"})
    at.run()
    assert not at.exception and not at.error
    assert _expected(at)[0] == 43
    assert at.text_input(key="tt_co2").value == "1A"
    assert at.toggle(key="tt_up0").value and not at.toggle(key="tt_up2").value


def _html(at) -> str:
    return " ".join(str(e.proto.body) for e in at.get("html"))


def test_page_a_typo_in_one_company_shows_beside_it_and_the_others_still_compute():
    at = _with_players(_page())
    at.text_input(key="tt_co1").set_value("10S 2W 11Q").run()
    assert not at.exception, at.exception
    assert len(at.error) == 1 and "Company B slot 3 “11Q”" in at.error[0].value
    assert len(_expected(at)) == 5  # A, C, D, E, F still priced
    worth = next(t for t in html_tables(at) if "expected net worth" in t.columns)
    assert len(worth) == 4
    assert any("Company B counts at its current price" in c.value for c in at.caption)
    # a card entered twice goes beside the later place; the rest still computes
    at.text_input(key="tt_co1").set_value("10S 2W").run()
    at.text_input(key="tt_co3").set_value("1F 8W 3A").run()
    assert len(at.error) == 1 and "entered twice" in at.error[0].value
    assert len(_expected(at)) == 5


def test_page_compact_summary_of_the_six_companies_at_the_top():
    at = _page()
    summary = _html(at)
    assert "expected" in summary and "range" in summary
    for co in "ABCDEF":
        assert f"<b>{co}</b>" in summary
    at.text_input(key="tt_co0").set_value("3A 9F 7? ZZ").run()
    assert "fix its entry" in _html(at)


def test_page_new_round_and_clear_buttons():
    at = _page()
    at.number_input(key="tt_price0").set_value(20).run()
    at.button(key="tt_new_round").click().run()
    assert not at.exception and not at.error
    assert [at.text_input(key=f"tt_co{i}").value for i in range(6)] == [""] * 6
    assert at.text_input(key="tt_hand").value == ""
    assert not at.toggle(key="tt_up2").value  # the stock-up chip is gone
    assert at.number_input(key="tt_price0").value == 20  # prices stay
    at.button(key="tt_clear").click().run()
    assert not at.exception
    assert at.number_input(key="tt_price0").value == 10
    assert len(_expected(at)) == 6


def test_page_players_table_is_kept_in_the_session_and_the_url():
    from dashboard.stock_holdem import tracker_view as tv

    at = _with_players(_page())
    edited = tv.apply_edits(
        at.session_state["tt_players"], {"edited_rows": {0: {"name": "Ann", "cash": 99}}}
    )
    at.session_state["tt_players"] = edited
    at.run()
    at.text_input(key="tt_co0").set_value("3A 9F").run()  # another rerun keeps the table
    assert at.session_state["tt_players"]["name"][0] == "Ann"
    url = at.query_params["pl"]
    assert url.startswith("Ann~99~")
    again = AppTest.from_file(APP, default_timeout=120)
    again.run()
    again.switch_page(PAGE)
    again.query_params.update({"pl": url, "n": "4"})
    again.run()
    worth = next(t for t in html_tables(again) if "expected net worth" in t.columns)
    assert worth["player"][0] == "Ann"
    at.selectbox(key="tt_n").set_value(5).run()
    assert at.session_state["tt_players"]["name"].to_list()[0] == "Ann"
    assert at.session_state["tt_players"].height == 5


def test_page_an_out_of_range_price_gets_a_message_beside_the_field():
    at = _page()
    at.number_input(key="tt_price2").set_value(80).run()
    assert not at.exception
    assert [e.value for e in at.error] == ["Price now: 80 is out of range. From 1 to 57."]
    assert len(_expected(at)) == 5  # company C waits for a price; no stale figures
    assert "fix its entry" in _html(at)


def test_page_rule_assumptions_are_the_generated_ruleset_form():
    at = AppTest.from_file(APP, default_timeout=120)
    at.query_params.update({"per": "2", "parity": "odd"})
    at.run()
    at.switch_page(PAGE)
    at.run()
    assert not at.exception and not at.error and not at.warning
    at.session_state["tt_open"] = True  # the folded form draws no widget: open it
    at.run()
    parity = at.selectbox(key="tt_card_back_parity")
    assert parity.value == "odd" and parity.label.startswith(":orange-badge[assumption]")
    assert "shows its number on the back" in parity.help  # the field's doc
    per = at.number_input(key="tt_stock_up_per_company")
    assert per.value == 2 and "From 1 to 3" in per.help
    per.set_value(9).run()
    assert "Stock up per company: 9 is out of range. From 1 to 3." in at.error[0].value
    assert at.query_params["per"] == "1"  # the default meanwhile


def test_page_worths_wait_for_a_price_a_company_without_cards_would_count_at():
    """A company whose cards do not read counts at its price now; when that price is
    refused too, the players' worths are not made up from a clamped price."""
    at = _with_players(_page())
    at.text_input(key="tt_co1").set_value("10S 2W 11Q").run()
    assert any("expected net worth" in t.columns for t in html_tables(at))
    at.number_input(key="tt_price1").set_value(999).run()
    assert not at.exception, at.exception
    assert not any("expected net worth" in t.columns for t in html_tables(at))
    assert any("wait for a price of company B" in i.value for i in at.info)
