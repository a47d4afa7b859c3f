"""Rules fidelity and input hardening (RULES.md §4): one test per clause.

Downtown and no trump low orders in the game state, the honours bar, the two joker rules,
ASCII-only counts in action text, ruleset bounds, and the Learn page's teaching and links.
"""

from __future__ import annotations

import dataclasses
import random

import pytest
from streamlit.testing.v1 import AppTest

from engine.core.errors import ParseError, RulesetError
from engine.whist import playable_cards
from engine.whist.actions import parse_action, parse_deal
from engine.whist.rules import WhistRules
from tests.apptest import APP
from tests.engine.whist.helpers import GAME, deal_for, new, texts

# --- 1. contract orders in the state machine ------------------------------------------------
HEARTS = {1: ("KH",), 2: ("2H",), 3: ("QH",), 0: ("3H",)}


def _to_first_trick(bid: str, choice: str, **rules):
    """bid4, dealer 0: seat 1 bids ``bid``, the others pass, seat 1 names ``choice`` and
    discards six cards other than KH; seat 1 leads."""
    s = new("bid4", 0, **rules)
    s.apply(deal_for("bid4", 0, HEARTS))
    for a in (bid, "pass", "pass", "pass"):
        s.apply(a)
    s.apply(choice)
    for a in [a for a in s.legal_actions() if a.card != "KH"][:6]:
        s.apply(a)
    assert s.current_player() == 1
    return s


@pytest.mark.parametrize(
    "bid,choice,winner,low",
    [
        ("bid 3 uptown", "trump S", 1, False),  # KH tops the hearts
        ("bid 3 downtown", "trump S", 2, True),  # downtown: 2H over 3H … over KH
        ("bid 3 notrump", "direction high", 1, False),
        ("bid 3 notrump", "direction low", 2, True),
    ],
)
def test_downtown_contract_uses_low_order_in_the_state(bid, choice, winner, low):
    s = _to_first_trick(bid, choice)
    assert s.low is low and s.observation(None)["low"] is low
    for a in ("play KH", "play 2H", "play QH", "play 3H"):
        s.apply(a)
    assert s.tricks[-1][3] == winner
    assert s.current_player() == winner  # the winner leads next


def test_downtown_ace_is_the_top_card_after_the_jokers():
    s = new("bid4", 0)
    s.apply(deal_for("bid4", 0, {1: ("KH",), 2: ("2H",), 3: ("AH",), 0: ("3H",)}))
    for a in ("bid 3 downtown", "pass", "pass", "pass", "trump S"):
        s.apply(a)
    for a in [a for a in s.legal_actions() if a.card != "KH"][:6]:
        s.apply(a)
    for a in ("play KH", "play 2H", "play AH", "play 3H"):
        s.apply(a)
    assert s.tricks[-1][3] == 3


def test_whist_and_two_player_games_rank_aces_high():
    s = new("whist4", 0)
    s.apply(deal_for("whist4", 0, {}))
    assert s.low is False
    for game in (("declare high",), ("declare low", "declare low")):
        s = new("whist2", 0)
        s.apply(deal_for("whist2", 0, {}))
        for a in game:
            s.apply(a)
        assert s.phase_name == "play" and s.low is False  # Low game: A high [A]


# --- 2. honours bar -----------------------------------------------------------------------
def _score_whist4(scores, books, honours, **rules):
    s = new("whist4", 0, **rules)
    s.apply(deal_for("whist4", 0, {}))
    s.scores = list(scores)
    s.books = list(books)
    s.honours = list(honours)
    s._score_deal()
    return s


def test_honours_bar_is_the_score_before_the_deal_by_default():
    assert WhistRules().honours_after_tricks is False
    # side 1 had 3, takes 7 tricks (+1 = 4) and holds 4 honours in one hand
    s = _score_whist4([0, 3], [6, 7], [0, 4, 0, 0])
    assert s.deal_log[-1]["honours"] == (0, 4) and s.scores == [0, 8]
    assert s.winners() == [1, 3]
    # the ruleset choice: this deal's trick points count first, so 4 bars the honours
    s = _score_whist4([0, 3], [6, 7], [0, 4, 0, 0], honours_after_tricks=True)
    assert s.deal_log[-1]["honours"] == (0, 0) and s.scores == [0, 4]
    # already 4 before the deal: no honours either way
    s = _score_whist4([0, 4], [7, 6], [0, 4, 0, 0])
    assert s.deal_log[-1]["honours"] == (0, 0)


def test_honours_tricks_scored_first_target_on_tricks_wins():
    # side 0 at 4 reaches 5 on tricks; side 1's honours (bar 0) never count
    s = _score_whist4([4, 0], [7, 6], [0, 4, 0, 0])
    assert s.scores == [5, 0] and s.winners() == [0, 2]
    assert s.deal_log[-1]["honours"] == (0, 0)


def test_tricks_before_honours_own_honours_do_not_count_either():
    # side 0 at 3 reaches 5 on tricks and holds 4 honours: the game is won on tricks alone
    s = _score_whist4([3, 0], [8, 5], [4, 0, 0, 0])
    assert WhistRules().tricks_before_honours is True
    assert s.scores == [5, 0] and s.deal_log[-1]["honours"] == (0, 0)


def test_honours_with_tricks_is_the_ruleset_choice():
    # the same deals with the deal's honours added to its tricks
    s = _score_whist4([3, 0], [8, 5], [4, 0, 0, 0], tricks_before_honours=False)
    assert s.scores == [9, 0] and s.deal_log[-1]["honours"] == (4, 0)
    # side 0 reaches 5 on tricks, side 1 reaches 5 on honours: more points would win;
    # equal points go to the side that took the tricks
    s = _score_whist4([4, 1], [7, 6], [0, 4, 0, 0], tricks_before_honours=False)
    assert s.scores == [5, 5] and s.winners() == [0, 2]
    s = _score_whist4([4, 2], [7, 6], [0, 4, 0, 0], tricks_before_honours=False)
    assert s.scores == [5, 6] and s.winners() == [1, 3]


def test_the_score_sheet_orders_honours_as_the_game_does():
    from engine.whist.score_sheet import ScoreSheet

    for first in (True, False):
        rules = WhistRules(variant="whist4", tricks_before_honours=first)
        sheet = ScoreSheet("whist4", rules)
        sheet.add_whist(9)  # 3 points
        got = sheet.add_whist(8, honours_side=0, honours=4)  # tricks reach 5
        s = _score_whist4([3, 0], [8, 5], [4, 0, 0, 0], tricks_before_honours=first)
        assert got == s.deal_log[-1]["points"]


def test_honours_field_doc_names_the_default():
    f = {f.name: f for f in dataclasses.fields(WhistRules)}["honours_after_tricks"]
    assert f.metadata["assumption"] is True
    assert "before this deal" in f.metadata["doc"]


# --- 2. jokers ----------------------------------------------------------------------------
def _trump_lead(hand1, **rules):
    """bid4, dealer 0; seat 1 declares 3 uptown spades and leads; seat 2 holds ``hand1``."""
    s = new("bid4", 0, **rules)
    s.apply(deal_for("bid4", 0, {1: ("AS",), 2: hand1}))
    for a in ("bid 3 uptown", "pass", "pass", "pass", "trump S"):
        s.apply(a)
    for a in [a for a in s.legal_actions() if a.card != "AS"][:6]:
        s.apply(a)
    return s


def test_jokers_article_rule_no_joker_on_a_trump_lead_while_holding_trump():
    s = _trump_lead(("BJ", "2S"))
    s.apply("play AS")
    assert "play BJ" not in texts(s.legal_actions())
    assert all(t.endswith("S") for t in texts(s.legal_actions()))


def test_jokers_article_rule_void_in_trump_may_play_any_card():
    hand = ("BJ", "AH", "KH", "QH", "JH", "10H", "9H", "8H", "7H", "6H", "5H", "4H")
    s = _trump_lead(hand)
    s.apply("play AS")
    assert sorted(texts(s.legal_actions())) == sorted(f"play {c}" for c in hand)


def test_jokers_article_rule_led_joker_next_card_sets_the_suit():
    # a led joker: the next player may play any card, the other joker included
    assert playable_cards(["BJ", "AH", "2S"], ["LJ"], trump="S") == ["BJ", "2S", "AH"]
    # then the first non-joker card is the suit to follow
    assert playable_cards(["BJ", "AH", "2S"], ["LJ", "9H"], trump="S") == ["AH"]


def test_jokers_club_rule_field_jokers_count_as_trumps():
    hand = ("BJ", "AH", "KH", "QH", "JH", "10H", "9H", "8H", "7H", "6H", "5H", "4H")
    s = _trump_lead(hand, jokers_follow_trump=True)
    s.apply("play AS")
    assert texts(s.legal_actions()) == ["play BJ"]  # no spade: the joker must follow
    s = _trump_lead(("BJ", "2S"), jokers_follow_trump=True)
    s.apply("play AS")
    assert sorted(texts(s.legal_actions())) == ["play 2S", "play BJ"]


def test_jokers_club_rule_led_joker_is_a_trump_lead():
    s = new("bid4", 0, jokers_follow_trump=True)
    s.apply(deal_for("bid4", 0, {1: ("BJ",), 2: ("2S", "AH")}))
    for a in ("bid 3 uptown", "pass", "pass", "pass", "trump S"):
        s.apply(a)
    for a in [a for a in s.legal_actions() if a.card != "BJ"][:6]:
        s.apply(a)
    s.apply("play BJ")
    legal = texts(s.legal_actions())
    assert "play 2S" in legal and "play AH" not in legal
    assert all(t.endswith("S") or t.endswith("J") for t in legal)


def test_jokers_club_rule_no_trump_contract_unaffected():
    assert playable_cards(["BJ", "AH"], ["LJ"], jokers_follow_trump=True) == ["BJ", "AH"]


def test_jokers_rule_field_metadata_and_default():
    f = {f.name: f for f in dataclasses.fields(WhistRules)}["jokers_follow_trump"]
    assert f.default is False and f.metadata["assumption"] is True and f.metadata["doc"]


@pytest.mark.parametrize("club", [False, True])
def test_jokers_state_agrees_with_playable_cards_in_random_games(club):
    rng = random.Random(club)
    for _ in range(20):
        s = GAME.new_initial_state(4, variant="bid4", jokers_follow_trump=club)
        while not s.is_terminal():
            p = s.current_player()
            if p < 0:
                s.apply(s.sample_chance(rng))
                continue
            legal = s.legal_actions()
            if s.phase_name == "play":
                o = s.observation(None)
                trick = [c for _, c in o["trick"]]
                want = playable_cards(
                    o["hands"][p], trick, trump=o["trump"], jokers_follow_trump=club
                )
                assert sorted(a.card for a in legal) == sorted(want)
            s.apply(rng.choice(legal))


# --- 5. parsing hardening ------------------------------------------------------------------
BAD_NUMBERS = ["²", "٣", "9" * 5000, "", " "]


@pytest.mark.parametrize(
    "word", BAD_NUMBERS, ids=["super2", "arabic3", "5000digits", "empty", "space"]
)
@pytest.mark.parametrize(
    "form", ["bid {} uptown", "dealer {}", "deal {}: AS", "deal 0: AS | {}: KS"]
)
def test_action_parsers_accept_ascii_digits_only(form, word):
    with pytest.raises(ParseError) as err:
        parse_action(form.format(word))
    assert len(str(err.value)) < 600  # a huge input is not echoed in full


@pytest.mark.parametrize(
    "word", BAD_NUMBERS, ids=["super2", "arabic3", "5000digits", "empty", "space"]
)
def test_deal_parser_accepts_ascii_digits_only(word):
    with pytest.raises(ParseError):
        parse_deal(f"deal {word}: AS")


@pytest.mark.parametrize("text", ["", "   ", "bid", "bid  uptown", "dealer", "deal", "²", "٣"])
def test_action_parsers_refuse_empty_and_odd_text(text):
    with pytest.raises(ParseError):
        parse_action(text)


def test_action_parsers_still_read_good_counts():
    assert str(parse_action("bid 03 uptown")) == "bid 3 uptown"
    assert str(parse_action("dealer 3")) == "dealer 3"
    with pytest.raises(ParseError, match="3-7"):
        parse_action("bid 10 uptown")
    with pytest.raises(ParseError, match="given twice"):
        parse_action("deal 0: AS | 0: KS")


def test_state_apply_refuses_bad_counts_and_stays_unchanged():
    s = GAME.new_initial_state(4)
    for text in ("dealer ²", "dealer " + "1" * 5000, "dealer ٣"):
        with pytest.raises(ParseError):
            s.apply(text)
    assert s.history == [] and s.phase_name == "dealer"


def test_numeric_ruleset_fields_have_min_and_max():
    for f in dataclasses.fields(WhistRules):
        if f.type in (int, "int"):
            assert "min" in f.metadata and "max" in f.metadata, f.name
            assert f.metadata["min"] <= f.default <= f.metadata["max"]
    with pytest.raises(RulesetError):
        new("bid4", 0, bid_target=5000)
    with pytest.raises(RulesetError):
        new("whist4", 0, whist_target=1000)


# --- 3./4. the Learn page ------------------------------------------------------------------
def _learn(query=None) -> AppTest:
    at = AppTest.from_file(APP, default_timeout=120)
    at.run()
    at.switch_page("views/whist/learn.py")
    for k, v in (query or {}).items():
        at.query_params[k] = v
    at.run()
    return at


@pytest.mark.parametrize(
    "query",
    [{"trick": "ZZ"}, {"seed": "-1"}, {"seed": "99999999"}, {"v": "junk"}, {"trick": "AS,AS"}],
    ids=["trick", "seed-neg", "seed-big", "variant", "trick-dup"],
)
def test_learn_url_parameters_fall_back_to_defaults(query):
    at = _learn(query)
    assert not at.exception
    assert any("cannot use" in c.value for c in at.caption)
    assert at.multiselect(key="wl_trick").value == ["10H", "KH", "BJ", "2S"]
    assert at.number_input(key="wl_seed").value == 1
    assert at.segmented_control(key="wl_variant").value == "bid4"


def test_learn_assumptions_flagged_where_taught():
    at = _learn({"v": "whist4"})
    text = " ".join(m.value for m in at.markdown)
    for words in (
        "left of the dealer leads",
        "passes to the left",
        "score before this deal",
        "club rule",
    ):
        assert words in text, words
    at = _learn({"v": "whist2"})
    text = " ".join(m.value for m in at.markdown)
    assert "ace highest" in text


def test_learn_scoring_tab_two_player_whist_high_low():
    at = _learn({"v": "whist2"})
    assert not at.exception
    text = " ".join(m.value for m in at.markdown)
    assert "Honours**" not in text  # no four-player honours taught for two players
    at.number_input(key="wl_2tricks").set_value(5)
    at.run()
    text = " ".join(m.value for m in at.markdown)
    assert "Player 1 scores **0**, Player 2 scores **4**" in text  # High, Player 1 declared, 5-8
    at.selectbox(key="wl_2game").set_value("low")
    at.run()
    text = " ".join(m.value for m in at.markdown)
    assert "Player 1 scores **2**, Player 2 scores **0**" in text


def test_learn_jokers_tab_club_rule_toggle():
    at = _learn()
    at.multiselect(key="wl_hand").set_value(["BJ", "AH", "KD"])
    at.run()
    assert not at.exception
    at.toggle(key="wl_club").set_value(True)
    at.run()
    assert not at.exception
