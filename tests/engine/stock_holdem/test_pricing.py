"""price / price_distribution against brute force, and bad inputs."""

from __future__ import annotations

import itertools
import random
from fractions import Fraction

import pytest

from engine import ParseError
from engine.stock_holdem import card_text, parse_card, price, price_distribution
from engine.stock_holdem.cards import ALL_CARDS, backs
from engine.stock_holdem.pricing import parse_slot


def brute_force(slots, *, stock_up=False, seen=(), parity="even", rules=None):
    """Every ordered assignment of distinct pool cards to the open slots that matches
    their backs, counted one by one."""
    parsed = [parse_slot(s, parity=parity) for s in slots]
    known = [v for k, v in parsed if k == "card"]
    seen_ids = {parse_card(c) for c in seen}
    pool = [c for c in ALL_CARDS if c not in seen_ids and c not in known]
    open_slots = [(i, k, v) for i, (k, v) in enumerate(parsed) if k != "card"]
    back = backs(parity)
    prices, sym, num = {}, {}, {}
    total = 0
    for combo in itertools.permutations(pool, len(open_slots)):
        if any(k == "back" and back[c] != v for (_, k, v), c in zip(open_slots, combo)):
            continue
        cards = [v for k, v in parsed if k == "card"] + list(combo)
        b = price([card_text(c) for c in cards], stock_up=stock_up, rules=rules)
        prices[b.price] = prices.get(b.price, 0) + 1
        sym[b.symbol_hand] = sym.get(b.symbol_hand, 0) + 1
        num[b.number_hand] = num.get(b.number_hand, 0) + 1
        total += 1
    return (
        {p: Fraction(c, total) for p, c in prices.items()},
        {h: Fraction(c, total) for h, c in sym.items()},
        {h: Fraction(c, total) for h, c in num.items()},
    )


def random_case(rng: random.Random, open_count: int, pool_size: int):
    cards = list(ALL_CARDS)
    rng.shuffle(cards)
    chosen = cards[:5]
    back = backs(rng.choice(["even", "odd"]))
    slots = []
    for i, c in enumerate(chosen):
        if i < 5 - open_count:
            slots.append(card_text(c))
        else:
            slots.append(rng.choice([back[c], "?", back[c]]))
    rest = cards[5:]
    # everything but pool_size unseen cards (the hidden ones among them) is seen
    unseen = chosen[5 - open_count :] + rest[: max(0, pool_size - open_count)]
    seen = [c for c in rest if c not in unseen]
    return slots, seen, back


@pytest.mark.parametrize("seed", range(40))
def test_distribution_matches_brute_force(seed):
    rng = random.Random(seed)
    open_count = rng.randint(1, 4)
    pool = {1: 20, 2: 14, 3: 10, 4: 8}[open_count]
    slots, seen, back = random_case(rng, open_count, pool)
    parity = "even" if back == backs("even") else "odd"
    stock_up = rng.random() < 0.3
    d = price_distribution(slots, stock_up=stock_up, seen=seen, parity=parity)
    probs, sym, num = brute_force(slots, stock_up=stock_up, seen=seen, parity=parity)
    assert d.probabilities == probs
    assert d.symbol_hands == sym
    assert d.number_hands == num
    assert sum(d.probabilities.values()) == 1


def test_distribution_with_full_pool_against_brute_force_two_unknown():
    slots = ["10A", "10F", "BULL", "?", "?"]
    d = price_distribution(slots)
    probs, sym, num = brute_force(slots)
    assert (d.probabilities, d.symbol_hands, d.number_hands) == (probs, sym, num)


def test_known_cards_give_the_price():
    d = price_distribution(["3A", "5A", "9A", "1A", "7A"])
    assert d.probabilities == {35: Fraction(1)} and d.expected == 35


def test_ten_back_may_be_bull():
    # the 10-backs: 10F? no: n+i even -> 10A (i=0), 10S (i=2), and Bull
    d = price_distribution(["10F", "10W", "1A", "3A", "10?"])
    assert d.outcomes == 3


def test_bear_slot_is_just_bear():
    assert price_distribution(["BEAR", "1A", "2A", "3A", "4A"]).probabilities == {
        price("BEAR 1A 2A 3A 4A").price: 1
    }


def test_not_slot_by_slot():
    """The posterior is over joint assignments, not slots filled one by one."""
    slots = ["10A", "?A", "?A", "1F", "?"]
    seen = ["1A", "3A", "5A"]  # symbol-backed A cards left: 7A, 9A fill both ?A slots
    d = price_distribution(slots, seen=seen)
    probs, sym, num = brute_force(slots, seen=seen)
    assert d.probabilities == probs and d.number_hands == num
    with pytest.raises(ParseError, match="no card with back"):
        price_distribution(slots, seen=["1A", "3A", "5A", "7A"])


@pytest.mark.parametrize(
    ("slots", "seen", "msg"),
    [
        (["7A", "?", "?", "?"], (), "exactly 5 slots, got 4"),
        (["7A", "?", "?", "?", "?", "?"], (), "exactly 5 slots, got 6"),
        (["7Z", "?", "?", "?", "?"], (), "slot 1 '7Z': not a slot"),
        (["7A", "?", "7A", "?", "?"], (), "slot 3 '7A': 7A is used twice"),
        (["7A", "?", "?", "?", "?"], ("7A",), "slot 1 '7A': 7A is also in the seen cards"),
        (["?", "11?", "?", "?", "?"], (), "slot 2 '11\\?': no card has this back"),
        (["?", "?Q", "?", "?", "?"], (), "slot 2 '\\?Q': no card has this back"),
        (["1A", "?", "?", "?", "?"], ("1Z",), "seen card 1 '1Z': not a card"),
        (["1A", "?", "?", "?", "?"], ("2A", "2A"), "seen card 2 '2A': 2A is used twice"),
        (["7?", "7?", "7?", "?", "?"], (), "slot 3 '7\\?': no card with back '7\\?' is left"),
        ([None, "?", "?", "?", "?"], (), "slot 1 None: not a slot"),
    ],
)
def test_distribution_bad_input(slots, seen, msg):
    with pytest.raises(ParseError, match=msg):
        price_distribution(slots, seen=seen)


def test_pool_too_small():
    seen = [card_text(c) for c in range(4, 42)]
    with pytest.raises(ParseError, match="only 2 unseen cards are left for 3 unknown slots"):
        price_distribution(["?", "?", "?", "1A", "2A"], seen=seen)
    with pytest.raises(ParseError) as caught:  # the slots as a player writes them, no list repr
        price_distribution(["?", "?", "?", "1A", "2A"], seen=seen)
    assert str(caught.value).startswith("'? ? ? 1A 2A': only 2")


@pytest.mark.parametrize(
    ("cards", "msg"),
    [
        ("1A 2A 3A", "exactly 5 cards, got 3"),
        ("1A 2A 3A 4A 4A", "card 5 '4A': 4A is used twice"),
        ("1A 2A 3A 4A 0A", "card 5 '0A': not a card"),
        (["1A", "2A", "3A", "4A", 99], "card 5 99: not a card"),
    ],
)
def test_price_bad_input(cards, msg):
    with pytest.raises(ParseError, match=msg):
        price(cards)


def test_price_accepts_ids_and_text():
    assert price([0, 1, 2, 3, 4]).price == price("1A 2A 3A 4A 5A").price == 15 + 10 + 20


def _numbers(lo, hi, symbols="AFSW"):
    return [f"{n}{s}" for n in range(lo, hi + 1) for s in symbols]


@pytest.mark.parametrize(
    ("slots", "seen"),
    [
        # all four symbols interchangeable (the symmetric fast path)
        (["BEAR", "?", "?", "?", "?"], _numbers(4, 10)),
        (["?", "?", "?", "?", "?"], _numbers(3, 10)),
        (["BULL", "?", "?", "?", "BEAR"], _numbers(5, 10)),
        # three interchangeable symbols: A differs
        (["1A", "?", "?", "?", "?"], _numbers(4, 10) + ["BULL"]),
        (["?", "?", "?", "?", "?"], _numbers(3, 10) + ["2A"]),
        # mixed with backs
        (["?", "?", "?", "2?", "BEAR"], _numbers(4, 10)),
    ],
)
def test_symmetric_enumeration_matches_brute_force(slots, seen):
    d = price_distribution(slots, seen=seen)
    probs, sym, num = brute_force(slots, seen=seen)
    assert (d.probabilities, d.symbol_hands, d.number_hands) == (probs, sym, num)


def test_worst_case_full_pool_sums_to_one_and_matches_plain_enumeration():
    from engine.stock_holdem import distribution

    d = price_distribution(["?"] * 5)
    assert d.outcomes == 850668 and sum(d.probabilities.values()) == 1
    acc_sym, acc_plain = {}, {}
    rest = list(range(42))
    assert distribution._accumulate_symmetric([], rest, 4, acc_sym)
    distribution._rec(rest, 0, 4, [0, 0, 0, 0], 0, 0, [], acc_plain)
    assert acc_sym == acc_plain


@pytest.mark.parametrize(
    ("fixed", "seen", "u", "variant"),
    [
        ((), "1A 2F", 4, 0),  # seen cards of two symbols: no symmetry to use
        (("3A",), "1A 2F 3S", 4, 0),
        (("BULL", "9W"), "1S", 3, 0),
        (("4A", "4F", "4S"), "BEAR", 2, 0),
        (("BEAR",), "10A 10F", 4, 1),  # Bear may complete five of a kind
        (("9A",), "1W", 4, 2),  # straights wrap
        ((), "BULL BEAR 5A 6F 7S", 4, 3),
    ],
)
def test_by_symbol_enumeration_counts_every_subset_like_the_plain_one(fixed, seen, u, variant):
    from engine.stock_holdem import distribution, pricing

    fixed_ids = [parse_card(c) for c in fixed]
    gone = set(fixed_ids) | {parse_card(c) for c in seen.split()}
    rest = [c for c in ALL_CARDS if c not in gone]
    acc_dp, acc_plain = {}, {}
    distribution._accumulate_by_symbol(fixed_ids, rest, u, acc_dp, variant)
    sums, mask, bull, nums = pricing._fold(fixed_ids)
    distribution._rec(rest, 0, u, sums, mask, bull, nums, acc_plain, variant)
    assert acc_dp == acc_plain


def test_five_unknown_slots_with_two_symbols_seen_is_exact():
    d = price_distribution(["?"] * 5, seen="1A 2F")
    assert d.outcomes == 658008 and sum(d.probabilities.values()) == 1
    assert sum(d.symbol_hands.values()) == 1 and sum(d.number_hands.values()) == 1
