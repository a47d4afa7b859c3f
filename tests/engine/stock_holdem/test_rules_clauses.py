"""Stock Hold'em: the [A] rules as ruleset fields and learn-page badges, the engine slips
(public Bear, stock-up chip counts, card count) and hostile input."""

from __future__ import annotations

import dataclasses
import random
from itertools import combinations

import pytest
from streamlit.testing.v1 import AppTest

from engine import EngineError, IllegalAction, ParseError, RulesetError, get_game, simulate
from engine.core.ruleset import make_ruleset
from engine.stock_holdem import (
    BEAR,
    Move,
    StockHoldemRules,
    parse_card,
    parse_move,
    parse_slot,
    price,
    price_distribution,
    track,
)
from engine.stock_holdem.bots import expected_price
from engine.stock_holdem.tracker import parse_company
from tests.apptest import APP, figures, open_page, open_rules
from tests.engine.stock_holdem.test_whole_games import cross_check, rules_price

GAME = get_game("stock_holdem")
FIVE = make_ruleset(StockHoldemRules, {"bear_with_four_of_a_number": "five of a kind"})
WRAP = make_ruleset(StockHoldemRules, {"straights_wrap": True})
DECK = [f"{n}{s}" for s in "AFSW" for n in range(1, 11)] + ["BULL", "BEAR"]


def dealt(n: int, seed: int = 0, **rules):
    s = GAME.new_initial_state(n, **rules)
    s.apply(s.sample_chance(random.Random(seed)))
    return s


def brute(slots, rules, seen=()):
    """Price counts over every filling of the '?' slots, by the RULES table."""
    known = [c for c in slots if c != "?"]
    pool = [c for c in DECK if c not in known and c not in seen]
    bear_five = rules.bear_with_four_of_a_number == "five of a kind"
    out: dict[int, int] = {}
    for fill in combinations(pool, slots.count("?")):
        p = rules_price(known + list(fill), 0, bear_five=bear_five, wrap=rules.straights_wrap)
        out[p] = out.get(p, 0) + 1
    return out


# --- 1. [A] rules as ruleset fields -----------------------------------------------------------


def test_bear_with_four_of_a_number_is_four_of_a_kind_by_default_five_as_ruleset_choice():
    assert (price("BEAR 4A 4F 4S 4W").number_hand, price("BEAR 4A 4F 4S 4W").price) == (
        "four of a kind",
        4 + 10 + 25,
    )
    b = price("BEAR 4A 4F 4S 4W", rules=FIVE)
    assert (b.number_hand, b.number_bonus, b.price) == ("five of a kind", 30, 44)
    assert price("BEAR 4A 4F 4S 9W", rules=FIVE).number_hand == "three of a kind"
    assert price("BULL 10A 10F 10S BEAR", rules=FIVE).number_hand == "five of a kind"
    # a ruleset field with its choices, documented as an assumption
    meta = {f.name: f.metadata for f in dataclasses.fields(StockHoldemRules)}
    assert meta["bear_with_four_of_a_number"]["assumption"]
    assert set(meta["bear_with_four_of_a_number"]["choices"]) == {
        "four of a kind",
        "five of a kind",
    }
    with pytest.raises(RulesetError, match="not allowed"):
        make_ruleset(StockHoldemRules, {"bear_with_four_of_a_number": "six of a kind"})


@pytest.mark.parametrize(
    "slots",
    [
        ["BEAR", "4A", "4F", "4S", "?"],  # one open slot
        ["?", "4A", "4F", "BEAR", "?"],  # two
        ["?", "?", "?", "4A", "4F"],  # three: the symmetric enumeration
        ["?", "?", "?", "BEAR", "10S"],
    ],
)
@pytest.mark.parametrize("rules", [FIVE, WRAP], ids=["bear-five", "wrap"])
def test_bear_and_wrap_choices_reach_price_distribution(slots, rules):
    d = price_distribution(slots, rules=rules)
    counts = brute(slots, rules)
    total = sum(counts.values())
    assert d.outcomes == total
    assert {p: q * total for p, q in d.probabilities.items()} == counts


def test_bear_with_four_of_a_number_reaches_the_tracker_bots_and_price_phase():
    t5 = track(["BEAR 4A 4F 4S ?"], [0] * 6, hand="", rules=FIVE)
    t4 = track(["BEAR 4A 4F 4S ?"], [0] * 6, hand="")
    assert t5.companies[0].distribution.number_hands.get("five of a kind")
    assert "five of a kind" not in t4.companies[0].distribution.number_hands
    slots = ("BEAR", "4A", "4F", "4S", "?")
    assert expected_price(slots, 0, (), "even", FIVE) > expected_price(slots, 0, (), "even")
    for rules, want in ((StockHoldemRules(), 39), (FIVE, 44)):
        s = dealt(4, seed=1, **{"bear_with_four_of_a_number": rules.bear_with_four_of_a_number})
        s.board[0] = [parse_card(c) for c in ("BEAR", "4A", "4F", "4S", "4W")]
        assert s.company_price(0) == want


def test_straights_wrap_is_a_ruleset_field_off_by_default():
    assert price("9A 10F 1S 2W 3A").number_hand == "none"  # numbers do not wrap [A]
    assert price("9A 10F 1S 2W 3A", rules=WRAP).number_hand == "large straight"
    assert price("9A 10F 1S 2W 6A", rules=WRAP).number_hand == "small straight"
    assert price("BULL 10F 1S 2W 7A", rules=WRAP).number_hand == "none"  # 10 10 1 2: three
    assert price("BULL 9F 1S 2W 7A", rules=WRAP).number_hand == "small straight"
    s = dealt(3, straights_wrap=True)
    s.board[0] = [parse_card(c) for c in ("9A", "10F", "1S", "2W", "3A")]
    assert s.company_price(0) == 12 + 10 + 20  # base A 9+3, four symbols, large straight


def test_whole_games_under_the_assumption_fields_match_the_rules_table():
    for overrides in (
        {"bear_with_four_of_a_number": "five of a kind"},
        {"straights_wrap": True},
    ):
        for seed in range(15):
            rec = simulate("stock_holdem", seed=seed, players=["random"] * 4, **overrides)
            cross_check(rec)


def test_ties_share_the_win_and_winners_agree_with_returns():
    s = dealt(3)
    while not s.is_terminal():
        if s.current_player() < 0:
            s.apply(s.sample_chance(random.Random(len(s.history))))
        else:
            s.apply(s.legal_actions()[-1])
    worth = s.returns()
    best = max(worth)
    assert s.winners() == [p for p in range(3) if worth[p] == best]
    # force a tie: seat 1 gets exactly seat 0's final worth
    top = worth.index(best)
    other = (top + 1) % 3
    s.money[other] += best - worth[other]
    assert s.returns()[other] == s.returns()[top] == best
    assert s.winners() == sorted({top, other})


def test_learn_page_flags_deck_bear_wrap_and_ties_as_assumptions():
    at = open_page("views/stock_holdem/learn.py")
    assert not at.exception, at.exception
    badges = [m.value for m in at.markdown if "Assumption" in m.value]
    text = " ".join(badges)
    assert "4 symbols × the numbers 1–10" in text  # the deck
    assert "four of a kind (+25), not five of a kind" in text  # Bear + four of a number
    assert "do not wrap" in text  # straights
    assert "Ties share the win" in text


# --- 2. engine slips ------------------------------------------------------------------------


def _bear_placed_on_a(s, placer: int):
    """Move Bear from wherever it is to company A's third slot, placed by ``placer``."""
    for h in s.hands:
        if BEAR in h:
            h.remove(BEAR)
            h.append(next(c for c in range(40) if not any(c in x for x in s.hands + s.board)))
    for b in s.board:
        if BEAR in b:
            b[b.index(BEAR)] = next(
                c for c in range(40) if not any(c in x for x in s.hands + s.board)
            )
    s.board[0].append(BEAR)
    s.placer[0].append(placer)


def test_placed_bear_is_public_so_no_peek_is_offered_or_accepted():
    s = dealt(4, seed=2)
    _bear_placed_on_a(s, placer=1)
    s.chips[0] = 7
    assert Move("peek", 0, slot=2) not in s.legal_actions()
    assert s.observation(0)["board"][0][2] == "BEAR"  # already visible
    with pytest.raises(IllegalAction, match="Bear, whose back is unique"):
        s.apply("peek A3")
    assert s.chips[0] == 7
    # the same for a hand peek when the ruleset allows hand peeks
    s = dealt(4, seed=2, peek_hands=True)
    s.chips[0] = 7
    holder = next((q for q in (1, 2, 3) if BEAR in s.hands[q]), None)
    if holder is None:
        s.hands[1][0] = BEAR
        holder = 1
    idx = s.hands[holder].index(BEAR)
    with pytest.raises(IllegalAction, match="Bear, whose back is unique"):
        s.apply(f"peek hand {holder}.{idx + 1}")


def test_no_peek_at_bear_in_whole_games():
    for seed in range(40):
        rec = simulate("stock_holdem", seed=seed, players=["random"] * 4, peek_hands=True)
        s = GAME.new_initial_state(4, peek_hands=True)
        for a in rec.actions:
            if a.startswith("peek") and not a.startswith("peek hand"):
                m = parse_move(a)
                assert s.board[m.company][m.slot] != BEAR
            s.apply(a)


def test_stock_up_chip_counts_in_calculator_and_tracker_functions():
    per3 = make_ruleset(StockHoldemRules, {"stock_up_per_company": 3})
    assert price("3A 5A 9A 1A 7A", stock_up=2, rules=per3).price == 35 + 10
    assert price("3A 5A 9A 1A 7A", stock_up=True).price == 40
    with pytest.raises(ParseError, match="0-1"):
        price("3A 5A 9A 1A 7A", stock_up=2)
    for bad in (-1, 4, 1.5, "2"):
        with pytest.raises(ParseError, match="stock-up chips"):
            price("3A 5A 9A 1A 7A", stock_up=bad, rules=per3)
    d = price_distribution(["3A", "5A", "9A", "1A", "?"], stock_up=3, rules=per3)
    assert d.expected == price_distribution(["3A", "5A", "9A", "1A", "?"]).expected + 15
    t = track(["3A 5A 9A 1A 7A"], [3, 0, 0, 0, 0, 0], rules=per3)
    assert t.companies[0].expected == 50 and t.companies[0].stock_up == 3
    with pytest.raises(EngineError, match="only 3 stock-up chips"):
        track([], [2, 2, 0, 0, 0, 0], rules=per3)
    with pytest.raises(ParseError, match="company B: stock-up chips 2"):
        track([], [0, 2, 0, 0, 0, 0])


def test_stock_up_chip_counts_on_the_calculator_page():
    at = open_page("views/stock_holdem/calculator.py")
    for i, c in enumerate(["3A", "5A", "9A", "1A", "7A"]):
        at.text_input(key=f"sh_slot{i}").set_value(c)
    open_rules(at, "sh")  # the ruleset form, folded until opened
    at.number_input(key="sh_stock_up_per_company").set_value(3).run()
    at.number_input(key="sh_stock_up_n").set_value(2).run()
    assert not at.exception and not at.error
    assert [m.value for m in figures(at)] == ["$45"]
    assert at.query_params["up"] == "2" and at.query_params["per"] == "3"


def test_stock_up_chip_counts_on_the_table_tracker_page():
    at = AppTest.from_file(APP, default_timeout=120)
    at.query_params.update(
        {"per": "2", "up": "AAC", "a": "3A 5A 9A 1A 7A", "e": "4S BULL", "hand": "3W", "dist": "1"}
    )
    at.run()
    at.switch_page("views/stock_holdem/table_tracker.py")
    at.run()
    assert not at.exception and not at.error, at.error
    assert at.number_input(key="tt_up0_n").value == 2
    assert any("Expected **\\$45.00**" in m.value for m in at.markdown)
    at.number_input(key="tt_up0_n").set_value(1).run()
    assert at.query_params["up"] == "AC"


@pytest.mark.parametrize(("n", "cards"), [(3, 30), (4, 32), (5, 32), (6, 36)])
def test_card_count_is_30_to_36_by_player_count(n, cards):
    s = GAME.new_initial_state(n)
    assert s.card_count() == 0
    rng = random.Random(n)
    counts = set()
    while not s.is_terminal():
        if s.current_player() < 0:
            s.apply(s.sample_chance(rng))
        else:
            s.apply(rng.choice(s.legal_actions()))
        if s.phase != 0:
            counts.add(s.card_count())
    assert counts == {cards}
    assert "30 (3 players), 32 (4 or 5) or 36 (6)" in " ".join(s.card_count.__doc__.split())


# --- 4. hardening ---------------------------------------------------------------------------

JUNK = ["²", "٣", "9" * 5000, "", "   ", "\t\n", "٣A", "²?", "A²", "7" * 5000 + "A"]


@pytest.mark.parametrize(
    "text",
    [
        "peek hand ².1",
        "peek hand 1.²",
        "peek hand ٣.1",
        "peek A²",
        "peek A٣",
        "peek A" + "9" * 5000,
        "peek hand " + "9" * 5000 + ".1",
        "peek hand 1." + "9" * 5000,
        "peek hand .",
        "peek hand 1.",
        "peek A",
        "place ٣A C",
        "buy ²",
        "deal A:²A,1A",
    ],
)
def test_parse_move_refuses_unicode_digits_and_huge_numbers_with_parse_error(text):
    with pytest.raises(ParseError) as exc:
        parse_move(text)
    assert len(str(exc.value)) < 600
    s = dealt(4)
    before = list(s.history)
    with pytest.raises(ParseError):
        s.apply(text)
    assert s.history == before


def _entries():
    return {
        "parse_move": parse_move,
        "parse_card": parse_card,
        "parse_slot": parse_slot,
        "parse_company": parse_company,
        "price": price,
        "price_distribution": price_distribution,
        "price seen": lambda t: price_distribution(["?"] * 5, seen=t),
        "track company": lambda t: track([t], [0] * 6),
        "track hand": lambda t: track([], [0] * 6, hand=t),
        "track seen": lambda t: track([], [0] * 6, seen=t),
        "apply": lambda t: dealt(4).apply(t),
    }


# Blank text is not junk where it means "nothing known": an empty slot or company is
# unknown cards, an empty seen list or hand is none (the calculators' empty fields).
BLANK = ("", "   ", "\t\n")
BLANK_IS_VALID = {
    "parse_slot",
    "parse_company",
    "price seen",
    "track company",
    "track hand",
    "track seen",
}


@pytest.mark.parametrize("entry", list(_entries()))
@pytest.mark.parametrize("text", JUNK, ids=range(len(JUNK)))
def test_every_parser_entry_refuses_junk_with_parse_error(entry, text):
    if entry in BLANK_IS_VALID and text in BLANK:
        _entries()[entry](text)  # valid: see test_blank_text_means_nothing_known
        return
    with pytest.raises(ParseError) as exc:
        _entries()[entry](text)
    assert len(str(exc.value)) < 600  # the input is quoted short


@pytest.mark.parametrize("text", BLANK)
def test_blank_text_means_nothing_known(text):
    assert parse_slot(text) == ("unknown", None)
    assert parse_company(text) == (("unknown", None),) * 5
    assert price_distribution(["?"] * 5, seen=text) == price_distribution(["?"] * 5)
    assert track([text], [0] * 6).companies[0].slots == ("?",) * 5
    assert track([], [0] * 6, hand=text) == track([], [0] * 6)
    assert track([], [0] * 6, seen=text) == track([], [0] * 6)


def test_every_numeric_ruleset_field_has_sane_min_and_max():
    for f in dataclasses.fields(StockHoldemRules):
        if f.type in ("int", int):
            assert "min" in f.metadata and "max" in f.metadata, f.name
            assert f.metadata["min"] <= f.default <= f.metadata["max"], f.name
            with pytest.raises(RulesetError, match="above"):
                make_ruleset(StockHoldemRules, {f.name: f.metadata["max"] + 1})
            with pytest.raises(RulesetError, match="above|out of range"):
                make_ruleset(StockHoldemRules, {f.name: 10**5000})
            with pytest.raises(RulesetError, match="below"):
                make_ruleset(StockHoldemRules, {f.name: f.metadata["min"] - 1})
    for field, value in (("start_money", [10**9] * 4), ("start_chips", [99] * 6)):
        with pytest.raises(RulesetError, match="each|above"):
            make_ruleset(StockHoldemRules, {field: value})
    with pytest.raises(RulesetError, match="1-24 characters"):
        make_ruleset(StockHoldemRules, {"symbol_names": ["a", "b", "c", ""]})


URL_JUNK = ["²", "٣,x", "9" * 5000, " ", "A" * 5000 + ",-1,<b>"]


@pytest.mark.parametrize("junk", URL_JUNK, ids=range(len(URL_JUNK)))
@pytest.mark.parametrize(
    ("page", "keys"),
    [
        ("views/stock_holdem/calculator.py", ["slots", "up", "seen", "per", "bear", "wrap"]),
        (
            "views/stock_holdem/table_tracker.py",
            ["prices", "up", "a", "b", "f", "hand", "seen", "parity", "per", "bear", "wrap"],
        ),
    ],
    ids=["calculator", "table_tracker"],
)
def test_url_parameters_never_raise_on_junk(page, keys, junk):
    at = AppTest.from_file(APP, default_timeout=120)
    at.query_params.update({k: junk for k in keys})
    if "prices" in keys:
        at.query_params["prices"] = ",".join([junk] * 6)
    at.run()
    at.switch_page(page)
    at.run()
    assert not at.exception, at.exception
