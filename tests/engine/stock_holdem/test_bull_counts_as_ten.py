"""Issue 26, item 7: the Bull counted as the number 10 in number hands is an assumption
(the article: 「Bull 『10』最高値のシンボル＋10」 — it adds 10 to the best symbol), so it is
the ruleset field ``bull_counts_as_ten``. On (the default) the Bull is also a 10 for
straights and number sets; off it is a symbol card only and takes no part in them."""

from __future__ import annotations

import random
from itertools import combinations

import pytest

from engine.stock_holdem import price, price_distribution
from engine.stock_holdem.cards import ALL_CARDS, BEAR, BULL, NUMBER, card_text
from engine.stock_holdem.pricing import NUMBER_HANDS, price_parts, variant_of
from engine.stock_holdem.rules import StockHoldemRules
from tests.engine.stock_holdem.test_pricing import brute_force

ON = StockHoldemRules()
OFF = StockHoldemRules(bull_counts_as_ten=False)


def _reference_hand(numbers: list[int]) -> str:
    """The number hand of RULES §1 read from scratch: the best of five/four of a kind,
    full house, large straight, three of a kind, small straight among ``numbers``."""
    counts = sorted((numbers.count(n) for n in set(numbers)), reverse=True) or [0]
    present = set(numbers)

    def run(k: int) -> bool:
        return any(all(x + j in present for j in range(k)) for x in range(1, 11))

    if counts[0] == 5:
        return "five of a kind"
    if counts[0] == 4:
        return "four of a kind"
    if counts[:2] == [3, 2]:
        return "full house"
    if run(5):
        return "large straight"
    if counts[0] == 3:
        return "three of a kind"
    if run(4):
        return "small straight"
    return "none"


def test_bull_counts_as_ten_is_a_ruleset_assumption_defaulting_to_today():
    from dataclasses import fields

    f = {x.name: x for x in fields(StockHoldemRules)}["bull_counts_as_ten"]
    assert f.default is True and f.metadata["assumption"] is True
    assert variant_of(ON) == 0 and variant_of(OFF) != 0


@pytest.mark.parametrize(
    ("cards", "on", "off"),
    [
        ("7A 8F 9S BULL 1W", "small straight", "none"),
        ("6A 7F 8S 9W BULL", "large straight", "small straight"),
        ("10A 10F 10S 10W BULL", "five of a kind", "four of a kind"),
        ("10A 10F 10S 2W BULL", "four of a kind", "three of a kind"),
        ("10A 10F 2S 2W BULL", "full house", "none"),
        ("3A 3F 3S 10W BULL", "full house", "three of a kind"),
    ],
)
def test_item7_bull_counts_as_ten_in_number_hands_only_when_on(cards, on, off):
    b_on, b_off = price(cards, rules=ON), price(cards, rules=OFF)
    assert (b_on.number_hand, b_off.number_hand) == (on, off)
    # the Bull's +10 to the best symbol and the symbol hands are the same either way
    assert (b_on.base, b_on.symbol_hand) == (b_off.base, b_off.symbol_hand)
    assert b_on.price - b_off.price == min(57, b_on.total) - min(57, b_off.total)


def test_item7_every_company_with_the_bull_exactly_against_a_reference():
    """All 101,270 companies holding the Bull: the price under each setting is the base,
    the symbol hand and the reference number hand of the other cards — the Bull counted
    as a 10 or left out; the Bear is never a number."""
    others = [c for c in ALL_CARDS if c != BULL]
    differ = 0
    for four in combinations(others, 4):
        cards = (BULL, *four)
        nums = [NUMBER[c] for c in four if c != BEAR]
        base_on, sh_on, nh_on = price_parts(cards, variant_of(ON))
        base_off, sh_off, nh_off = price_parts(cards, variant_of(OFF))
        assert (base_on, sh_on) == (base_off, sh_off)
        assert NUMBER_HANDS[nh_on][0] == _reference_hand([*nums, 10]), cards
        assert NUMBER_HANDS[nh_off][0] == _reference_hand(nums), cards
        differ += nh_on != nh_off
    assert differ > 1000  # the field changes many prices, not a corner case


def test_item7_companies_without_the_bull_price_the_same_either_way():
    rng = random.Random(26)
    others = [c for c in ALL_CARDS if c != BULL]
    for _ in range(20_000):
        cards = rng.sample(others, 5)
        assert price_parts(cards, variant_of(ON)) == price_parts(cards, variant_of(OFF))


# slots chosen so each exact algorithm runs: 1-2 open slots (one by one), 3 (symmetric
# classes), 4-5 (by symbol); the unseen cards are cut (the Bull and ``keep`` among them) so
# the brute force stays quick
CASES = [
    (["7A", "8F", "9S", "1W", "?"], 37, ""),
    (["10A", "10F", "10S", "?", "10?"], 14, "10W"),
    (["7A", "8F", "?", "?", "2S"], 16, "9A 9F 9W"),
    (["9A", "?", "?", "?", "10W"], 12, "8F 7S 10S"),
    (["10A", "?", "10?", "?", "?"], 10, "10S 10F 9W"),
    (["?", "?", "?", "?", "?"], 8, "7A 8F 9S 6W"),
]


@pytest.mark.parametrize(("slots", "pool", "keep"), CASES)
def test_item7_exact_distribution_honours_bull_counts_as_ten(slots, pool, keep):
    """The exact face-down price distribution equals the brute force under each setting,
    and differs between them."""
    known = {c for c in slots if "?" not in c}
    unseen = ["BULL", *keep.split()]
    rest = [card_text(c) for c in ALL_CARDS if card_text(c) not in known | set(unseen)]
    random.Random(pool).shuffle(rest)
    unseen += rest[: pool - len(unseen)]
    seen = [c for c in rest if c not in unseen]
    got = {}
    for rules in (ON, OFF):
        d = price_distribution(slots, seen=seen, rules=rules)
        probs, sym, num = brute_force(slots, seen=seen, rules=rules)
        assert (d.probabilities, d.symbol_hands, d.number_hands) == (probs, sym, num)
        got[rules.bull_counts_as_ten] = d.probabilities
    assert got[True] != got[False]
