"""The double-dummy solver against plain minimax over the engine's own states and DDS."""

from __future__ import annotations

import random

import pytest

from engine.core.ruleset import make_ruleset
from engine.doubledummy.four_hands import Solver
from engine.whist import WhistRules
from engine.whist.cards import SUITS, card_text, mask_of, parse_card
from engine.whist.scoring import winning_index
from tests.engine.whist.helpers import GAME

CONTRACTS = (
    ("bid4", "uptown", "trump S"),
    ("bid4", "downtown", "trump H"),
    ("bid4", "notrump", "direction high"),
    ("bid4", "notrump", "direction low"),
    ("whist4", "", ""),
)


def _playing_state(rng: random.Random, variant: str, kind: str, call: str, club: bool):
    rules = make_ruleset(
        WhistRules,
        {"variant": variant, "first_dealer": rng.randrange(4), "jokers_follow_trump": club},
    )
    s = GAME.new_initial_state(4, rules)
    s.apply_trusted(s.sample_chance(rng))
    if variant == "bid4":
        s.apply(f"bid {rng.randint(3, 7)} {kind}")
        for _ in range(3):
            s.apply("pass")
        s.apply(call)
        for _ in range(6):
            s.apply_trusted(rng.choice(s.legal_actions()))
    return s


def _ending(rng: random.Random, variant, kind, call, club, tricks_left: int):
    """A random deal played at random until ``tricks_left`` tricks remain (the trick in
    progress included, with 0-3 of its cards already played)."""
    s = _playing_state(rng, variant, kind, call, club)
    stop = s.n_tricks - tricks_left
    extra = rng.randrange(4)
    while len(s.tricks) < stop or len(s.trick_cards) < extra:
        s.apply_trusted(rng.choice(s.legal_actions()))
    return s


def _minimax(s, side: int) -> int:
    """Plain minimax with the engine's State: the side's books at the end of the deal."""
    if s.phase_name != "play":
        return s.deal_log[-1]["books"][side]
    values = []
    for a in s.legal_actions():
        child = s.clone()
        child.apply_trusted(a)
        values.append(_minimax(child, side))
    return max(values) if s.to_act % 2 == side else min(values)


def _solver_for(s) -> Solver:
    return Solver(s.hands, s.trump, s.low, s.ruleset.jokers_follow_trump)


def _leader(s) -> int:
    return s.trick_seats[0] if s.trick_seats else s.to_act


def _check_ending(s) -> None:
    sol = _solver_for(s)
    assert sol.tricks(leader=_leader(s), trick=s.trick_cards) == _minimax(s, 0) - s.books[0]
    # every legal card: its value, and equivalent cards share it
    engine_legal = sorted(a.card for a in s.legal_actions())
    classes = sol.move_classes(leader=_leader(s), trick=s.trick_cards)
    assert sorted(card_text(c) for cls in classes for c in cls) == engine_legal
    for cls in classes:
        values = set()
        for c in cls:
            child = s.clone()
            child.apply(f"play {card_text(c)}")
            hands = list(s.hands)
            hands[s.to_act] ^= 1 << c
            got = sol.tricks(hands, _leader(s), list(s.trick_cards) + [c])
            assert got == _minimax(child, 0) - s.books[0], (s.observation(), card_text(c))
            values.add(got)
        assert len(values) == 1


def _endings(seed: int, count: int, max_left: int):
    rng = random.Random(seed)
    for i in range(count):
        variant, kind, call = CONTRACTS[i % len(CONTRACTS)]
        club = variant == "bid4" and i % 3 == 0
        left = 1 + i % max_left
        yield _ending(rng, variant, kind, call, club, left)


def test_solver_equals_brute_force_on_every_ending_of_up_to_4_tricks():
    """Random endings of 1-3 tricks (and a few of 4) over uptown/downtown trump, no trump
    high/low, jokers in play, the club joker rule and Whist trump."""
    for s in _endings(1, 45, 3):
        _check_ending(s)
    for s in _endings(2, 5, 4):
        if s.hands[s.to_act].bit_count() >= 3:
            _check_ending(s)


@pytest.mark.slow
def test_solver_equals_brute_force_on_hundreds_of_endings_of_up_to_4_tricks():
    for s in _endings(3, 400, 4):
        _check_ending(s)


def test_solver_trick_winner_and_follow_rule_match_the_engine():
    """The solver's card strengths (built from contract_is_low's order) pick the same
    winner as scoring.winning_index on random tricks of every contract kind."""
    rng = random.Random(5)
    for trump in (-1, 0, 1, 2, 3):
        for low in (False, True):
            sol = Solver([0, 0, 0, 0], trump, low)
            for _ in range(300):
                cards = rng.sample(range(54), 4)
                if all(c >= 52 for c in cards[:4]) or (
                    trump < 0 and all(c >= 52 or c // 13 != cards[0] // 13 for c in cards)
                ):
                    continue
                internal = [sol.to_int[c] for c in cards]
                led, best_v, best_i = -1, -1, -1
                for i, c in enumerate(internal):
                    if c < 52 and led < 0:
                        led = c // 13
                    v = sol._value(c, led)
                    if v > best_v:
                        best_v, best_i = v, i
                assert best_i == winning_index(cards, trump, low), (cards, trump, low)


def _classic_deal(rng: random.Random, cards_each: int) -> list[int]:
    deck = list(range(52))
    rng.shuffle(deck)
    # cut each hand to the same length: random endings of a 52-card deal
    return [mask_of(deck[13 * i : 13 * i + cards_each]) for i in range(4)]


def _endplay_tricks(hands, trump: int, leader: int) -> int:
    from endplay.dds import solve_board
    from endplay.types import Deal, Denom, Player

    ranks = "23456789TJQKA"
    pbn = " ".join(
        ".".join(
            "".join(ranks[r] for r in range(12, -1, -1) if m >> (13 * s + r) & 1) for s in range(4)
        )
        for m in hands
    )
    deal = Deal("N:" + pbn)
    deal.trump = Denom.nt if trump < 0 else Denom(trump)
    deal.first = Player(leader)
    best = max(t for _, t in solve_board(deal))
    return best if leader % 2 == 0 else hands[0].bit_count() - best


def test_solver_equals_endplay_on_random_classic_endings():
    pytest.importorskip("endplay")
    rng = random.Random(7)
    for i in range(40):
        trump = i % 5 - 1
        hands = _classic_deal(rng, 4 + i % 3)
        leader = rng.randrange(4)
        got = Solver(hands, trump).tricks(leader=leader)
        assert got == _endplay_tricks(hands, trump, leader), ([SUITS], hands, trump, leader)


@pytest.mark.slow
def test_solver_equals_endplay_on_long_classic_endings():
    """A dozen classic deals of 10 cards a hand and 200 endings of 4-8 tricks. Whole
    13-trick deals take this pure-Python solver minutes each (classic Whist is graded
    with endplay when it is installed), so they are not part of the check."""
    pytest.importorskip("endplay")
    rng = random.Random(11)
    for i in range(12):
        trump = i % 5 - 1
        hands = _classic_deal(rng, 10)
        leader = i % 4
        assert Solver(hands, trump).tricks(leader=leader) == _endplay_tricks(hands, trump, leader)
    for i in range(200):
        trump = i % 5 - 1
        hands = _classic_deal(rng, 4 + i % 5)
        leader = rng.randrange(4)
        assert Solver(hands, trump).tricks(leader=leader) == _endplay_tricks(hands, trump, leader)


def test_solver_refuses_bad_input():
    from engine.core.errors import EngineError

    with pytest.raises(EngineError, match="four hands"):
        Solver([0, 0, 0])
    with pytest.raises(EngineError, match="trump"):
        Solver([0, 0, 0, 0], trump=7)
    with pytest.raises(EngineError, match="two hands"):
        Solver([1, 1, 0, 0])
    hands = [mask_of(parse_card(c) for c in h.split()) for h in ("AS KS", "QS 2H", "3S", "AH 5S")]
    with pytest.raises(EngineError, match=r"hold \[2, 2, 1, 2\] cards"):
        Solver(hands).tricks(leader=0)
    with pytest.raises(EngineError, match="must match"):
        Solver(hands).at_least(1, hands, 0, [parse_card("AS")])


def test_solver_asked_about_other_hands_than_its_deal_answers_for_those_hands():
    """The exact-position table is keyed by the cards left, which stand for the deal's
    hands: hands that place a card elsewhere start it afresh."""
    deal = [mask_of(parse_card(c) for c in h.split()) for h in ("AS KS", "QS 2H", "3S 4S", "AH 5S")]
    swapped = [deal[1], deal[0], deal[2], deal[3]]  # seats 0 and 1 trade hands
    solver = Solver(deal, trump=-1)
    assert solver.tricks(leader=1) == 1
    assert solver.tricks(swapped, leader=1) == 0  # the same cards left, other owners
    assert solver.tricks(leader=1) == 1


def test_move_classes_come_in_rank_order_whatever_lead_the_search_tries_first():
    """The analysis names the first class that keeps par as the best card, so the
    classes' order must not follow the search's lead heuristics: here the search leads
    towards the partner's ace of hearts first, the classes stay lowest rank first."""
    hands = [
        mask_of(parse_card(c) for c in h.split()) for h in ("2S 3H", "KS 4H", "5S AH", "QS 6H")
    ]
    solver = Solver(hands, trump=-1)
    alive = hands[0] | hands[1] | hands[2] | hands[3]
    searched = solver._order(solver._reps(solver.h[0], solver._internal(alive)), 0, 0, -1, -1, -1)
    assert [solver.to_eng[c] for c in searched] == [parse_card("3H"), parse_card("2S")]
    classes = Solver(hands, trump=-1).move_classes(hands, 0, [])
    assert classes == [[parse_card("2S")], [parse_card("3H")]]


def test_search_leads_a_top_card_an_opponent_can_ruff_after_the_low_leads():
    """A trump contract's top side card that an opponent void in its suit can ruff is not
    cashed first in the search (it goes with its suit's low leads, here after a low
    diamond); the move classes the analysis sees keep their order (top cards first)."""
    hands = [
        mask_of(parse_card(c) for c in h.split()) for h in ("AH 2D", "3S 5D", "4H 7D", "5H 8D")
    ]
    spades = SUITS.index("S")
    solver = Solver(hands, trump=spades)
    alive = hands[0] | hands[1] | hands[2] | hands[3]
    searched = solver._order(solver._reps(solver.h[0], solver._internal(alive)), 0, 0, -1, -1, -1)
    assert [solver.to_eng[c] for c in searched] == [parse_card("2D"), parse_card("AH")]
    classes = Solver(hands, trump=spades).move_classes(hands, 0, [])
    assert classes == [[parse_card("AH")], [parse_card("2D")]]
    assert Solver(hands, trump=spades).tricks(leader=0) == Solver(hands, spades).tricks()
