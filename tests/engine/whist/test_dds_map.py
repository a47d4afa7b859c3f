"""The DDS mapping of Bid Whist positions (engine/doubledummy/dds_map.py) against the own solver
and brute force: every legal card's value, on positions of every contract kind (uptown,
downtown, no trump high and low, classic Whist), jokers in play under the club rule,
jokers played to the trick in progress, mid-trick positions and short endings; and the
positions it must refuse."""

from __future__ import annotations

import random

import pytest

from engine.doubledummy import dds_map
from engine.doubledummy.four_hands import Solver
from engine.whist.cards import card_text, parse_card
from tests.engine.whist.test_solver import CONTRACTS, _ending, _leader, _minimax

pytest.importorskip("endplay")


def _mapped(s) -> bool:
    return (
        dds_map.bridge_cards(
            s.hands, s.trick_cards, s.trump, s.low, s.ruleset.jokers_follow_trump and s.trump >= 0
        )
        is not None
    )


def _positions(seed: int, count: int, left: tuple[int, int], kinds=CONTRACTS, want=None):
    """``count`` mapped positions with ``left`` (low, high) tricks to go, over the contract
    kinds in turn, the club rule on every other Bid Whist one; random play (discards
    included, so jokers are sometimes out of play, sometimes in); only those ``want``
    accepts when given."""
    rng = random.Random(seed)
    found, i = 0, 0
    while found < count:
        variant, kind, call = kinds[i % len(kinds)]
        club = variant == "bid4" and i % 2 == 0
        i += 1
        s = _ending(rng, variant, kind, call, club, rng.randint(*left))
        if _mapped(s) and (want is None or want(s)):
            found += 1
            yield s


def _dds_values(s) -> dict[int, int]:
    ask = dds_map.oracle(s.trump, s.low, s.ruleset.jokers_follow_trump)
    got = ask(s.hands, _leader(s), s.trick_cards)
    assert got is not None
    return got


def _check_against_solver(s) -> None:
    got = _dds_values(s)
    sol = Solver(s.hands, s.trump, s.low, s.ruleset.jokers_follow_trump)
    legal = sorted(parse_card(a.card) for a in s.legal_actions())
    assert sorted(got) == legal
    for c in legal:
        hands = list(s.hands)
        hands[s.to_act] ^= 1 << c
        want = sol.tricks(hands, _leader(s), list(s.trick_cards) + [c])
        assert got[c] == want, (s.observation(), card_text(c), got)


def _check_against_brute_force(s) -> None:
    got = _dds_values(s)
    for a in s.legal_actions():
        child = s.clone()
        child.apply_trusted(a)
        assert got[parse_card(a.card)] == _minimax(child, 0) - s.books[0], (s.observation(), a)


def test_mapped_values_equal_the_solver_for_every_legal_card():
    for s in _positions(11, 40, (2, 6)):
        _check_against_solver(s)


def test_mapped_values_equal_brute_force_on_short_endings():
    for s in _positions(12, 30, (1, 3)):
        _check_against_brute_force(s)


def _joker_in_trick(s) -> bool:
    return any(c >= 52 for c in s.trick_cards)


def _jokers_held(s) -> bool:
    return any(h >> 52 for h in s.hands)


TRUMPS = [c for c in CONTRACTS if c[0] == "bid4" and c[1] != "notrump"]


def test_jokers_in_play_map_to_the_top_trumps():
    """Jokers held under the club rule, and a joker played to the trick in progress (a
    ruff; the default rule too), uptown and downtown."""
    for s in _positions(15, 8, (2, 5), TRUMPS, _jokers_held):
        _check_against_solver(s)
    for s in _positions(16, 8, (1, 4), TRUMPS, _joker_in_trick):
        _check_against_solver(s)
        _check_against_brute_force(s)


@pytest.mark.slow
def test_mapped_values_equal_the_solver_on_hundreds_of_longer_positions():
    for s in _positions(13, 300, (2, 9)):
        _check_against_solver(s)
    for s in _positions(14, 300, (1, 3)):
        _check_against_brute_force(s)
    for s in _positions(17, 100, (2, 8), TRUMPS, _jokers_held):
        _check_against_solver(s)
    for s in _positions(18, 100, (1, 6), TRUMPS, _joker_in_trick):
        _check_against_solver(s)


def _hands(*texts: str) -> list[int]:
    return [sum(1 << parse_card(t) for t in h.split()) for h in texts]


def test_positions_the_mapping_refuses():
    hands = _hands("BJ AS", "KS QS", "JS 10S", "9S 8S")
    # default rule: a joker in a hand has no suit, bridge has no such card
    assert dds_map.bridge_cards(hands, [], 0, False, False) is None
    # no trump: a joker never wins, either rule
    assert dds_map.bridge_cards(hands, [], -1, False, True) is None
    # the club rule in a trump contract: the jokers are the top trumps
    cards = dds_map.bridge_cards(hands, [], 0, False, True)
    assert cards[parse_card("BJ")] == (0, 0) and cards[parse_card("AS")] == (0, 1)
    # a led joker under the default rule: the next card sets the suit
    no_jokers = _hands("AS", "KS QS", "JS 10S", "9S 8S")
    assert dds_map.bridge_cards(no_jokers, [parse_card("LJ")], 1, False, False) is None
    # a joker played after a suit card (a ruff) maps to the top trump
    cards = dds_map.bridge_cards(no_jokers, [parse_card("2H"), parse_card("LJ")], 0, False, False)
    assert cards[parse_card("LJ")] == (0, 0)
    # more than 13 cards of the trump suit in play (jokers included)
    spades = "AS KS QS JS 10S 9S 8S 7S 6S 5S 4S 3S 2S"
    full = _hands(spades + " BJ LJ", "", "", "")
    assert dds_map.bridge_cards(full, [], 0, False, True) is None


def test_downtown_renumbers_the_engine_order():
    """Downtown the ace is highest, then 2, 3 … king lowest (LOW_VALUE): renumbered
    among the cards in play."""
    hands = _hands("AS KS", "2S", "3S", "QS")
    cards = dds_map.bridge_cards(hands, [], -1, True, False)
    order = sorted(cards, key=lambda c: cards[c][1])
    assert [card_text(c) for c in order] == ["AS", "2S", "3S", "QS", "KS"]


def test_values_of_a_hand_made_downtown_ending():
    # downtown no trump: seat 0 leads; its AS and 2S are the two top spades
    hands = _hands("AS 2S", "KS QS", "3S 4S", "JS 10S")
    values = dds_map.oracle(-1, True, False)(hands, 0, [])
    assert values == {parse_card("AS"): 2, parse_card("2S"): 2}
