"""The C double-dummy solver (engine/doubledummy/four_hands.c through four_hands_c.py)
against the Python one (``engine.doubledummy.four_hands.Solver``) and brute force: every contract
kind, the club rule on and off, jokers in and out, 1-13 tricks left, positions mid-trick, a handle
reused across the positions of a deal, the solver's regression positions and its input errors.

The two give the same values and the same classes of equivalent cards; their node counts
differ (the C search has a stronger no trump bound and a fixed-size move memory), so
nodes are compared only where the C bound must decide without a search."""

from __future__ import annotations

import random

import pytest

from engine.core.errors import EngineError
from engine.doubledummy import build, four_hands_c
from engine.doubledummy.four_hands import Solver
from engine.whist.cards import card_text, mask_of, parse_card
from tests.engine.whist import test_solver_regressions
from tests.engine.whist.test_solver import CONTRACTS, _ending, _minimax, _playing_state

pytestmark = pytest.mark.skipif(
    not four_hands_c.available(),
    reason=f"the C solver is not in use: {build.status('four_hands')[1]} (make install builds it)",
)


def _pair(s):
    args = (s.hands, s.trump, s.low, s.ruleset.jokers_follow_trump)
    return four_hands_c.CSolver(*args), Solver(*args)


def _leader(s) -> int:
    return s.trick_seats[0] if s.trick_seats else s.to_act


def _positions(seed: int, count: int, max_left: int):
    """Random positions of random deals: every contract kind in turn (Bid Whist uptown S,
    downtown H, no trump high and low, Whist), the club rule on a third of the Bid Whist
    ones, 1..max_left tricks left with 0-3 cards of the trick played."""
    rng = random.Random(seed)
    for i in range(count):
        variant, kind, call = CONTRACTS[i % len(CONTRACTS)]
        club = variant == "bid4" and i % 3 == 0
        yield _ending(rng, variant, kind, call, club, 1 + i % max_left)


def _check_same(s) -> None:
    c, py = _pair(s)
    leader, trick = _leader(s), s.trick_cards
    want = py.tricks(leader=leader, trick=trick)
    assert c.tricks(leader=leader, trick=trick) == want, s.observation()
    for t in (want, want + 1):
        assert c.at_least(t, leader=leader, trick=trick) is (t <= want)
    assert c.move_classes(leader=leader, trick=trick) == py.move_classes(leader=leader, trick=trick)


def test_c_solver_equals_python_solver_on_random_positions_of_every_contract():
    """300 positions of 1-8 tricks left, mid-trick too (whole deals: the slow run)."""
    for s in _positions(1, 300, 8):
        _check_same(s)


@pytest.mark.slow
def test_c_solver_equals_python_solver_on_hundreds_of_positions_and_deals():
    """600 positions of 1-13 tricks left and 24 whole deals (13 tricks, Bid Whist after
    the discard)."""
    for s in _positions(2, 600, 13):
        _check_same(s)
    rng = random.Random(4)
    for i in range(24):
        variant, kind, call = CONTRACTS[i % 4]
        _check_same(_playing_state(rng, variant, kind, call, i % 3 == 0))


def _every_contract_kind():
    """(trump, low, club) of each contract kind: each trump suit uptown and downtown with
    and without the club rule, no trump high and low."""
    for trump in range(4):
        for low in (False, True):
            for club in (False, True):
                yield trump, low, club
    yield -1, False, False
    yield -1, True, False


def test_a_reused_handle_answers_every_position_of_a_deal_as_fresh_python_solvers_do():
    """One C solver per deal, asked about every position of a random play line (each
    trick's cards, mid-trick too), with jokers in the deal: the same values as a Python
    solver of the deal asked the same questions in the same order."""
    rng = random.Random(9)
    for trump, low, club in _every_contract_kind():
        deck = list(range(54))
        rng.shuffle(deck)
        size = 6
        hands = [mask_of(deck[size * i : size * (i + 1)]) for i in range(4)]
        c, py = four_hands_c.CSolver(hands, trump, low, club), Solver(hands, trump, low, club)
        h, leader, trick = list(hands), rng.randrange(4), []
        while h[0] | h[1] | h[2] | h[3]:
            want = py.tricks(h, leader, trick)
            assert c.tricks(h, leader, trick) == want, (hands, trump, low, club, trick)
            assert c.at_least(want, h, leader, trick) and not c.at_least(want + 1, h, leader, trick)
            seat = (leader + len(trick)) & 3
            card = rng.choice([x for cls in py.move_classes(h, leader, trick) for x in cls])
            h[seat] ^= 1 << card
            trick = trick + [card]
            if len(trick) == 4:
                want4 = py.tricks(h, leader, trick)  # a finished trick, still counted
                assert c.tricks(h, leader, trick) == want4
                leader = _trick_winner(py, leader, trick)
                trick = []


def test_a_handle_whose_tables_are_cleared_when_full_still_answers_exactly():
    """The tables are cleared past a cap (about 200 MB): here a tiny cap, cleared many
    times during one search, gives the same values."""
    for s in _positions(12, 12, 6):
        c, py = _pair(s)
        c._lib.dd4_set_max_entries(c._handle, 64)
        leader, trick = _leader(s), s.trick_cards
        assert c.tricks(leader=leader, trick=trick) == py.tricks(leader=leader, trick=trick)
        assert c.entries <= 64


def _hands(*texts: str) -> list[int]:
    return [mask_of(parse_card(c) for c in h.split()) for h in texts]


def test_in_no_trump_the_partners_top_cards_of_every_suit_count_once_the_leader_crosses():
    """Seat 0 cashes the ace of spades, crosses with a heart to the partner, who cashes
    both top hearts and the ace of diamonds: all 4 tricks, which the C bound sees without
    searching (the Python solver counts only one of the partner's suits and searches)."""
    hands = _hands("AS 2H 3H 2D", "KS QS QH 4C", "AH KH AD 3C", "JS JH QD 5C")
    c, py = four_hands_c.CSolver(hands, -1), Solver(hands, -1)
    assert c.tricks(leader=0) == py.tricks(leader=0) == 4
    assert c.nodes == 0 < py.nodes


def test_the_partners_top_cards_do_not_count_without_a_way_to_them_or_spare_cards():
    """No card to cross with (seat 0 holds only spades), or a partner who must throw its
    top cards away while seat 0 cashes (no spare cards): the C bound must not count them;
    each case in no trump high and low, every seat leading."""
    cases = [
        _hands("AS KS 2S", "QS JS QH", "AH KH AD", "TS QD JH"),  # no way to the partner
        _hands("AS KS QS 2H", "JS TS QH JH", "AH KH AD AC", "9S 8S QD QC"),  # no spare card
    ]
    for hands in cases:
        for low in (False, True):
            for leader in range(4):
                c, py = four_hands_c.CSolver(hands, -1, low), Solver(hands, -1, low)
                assert c.tricks(leader=leader) == py.tricks(leader=leader), (hands, low, leader)


def _trick_winner(py: Solver, leader: int, trick: list[int]) -> int:
    from engine.whist.scoring import winning_index

    return (leader + winning_index(trick, py.trump, py.low)) & 3


def _check_brute(s) -> None:
    c, _ = _pair(s)
    leader = _leader(s)
    assert c.tricks(leader=leader, trick=s.trick_cards) == _minimax(s, 0) - s.books[0]
    for cls in c.move_classes(leader=leader, trick=s.trick_cards):
        card = cls[-1]
        child = s.clone()
        child.apply(f"play {card_text(card)}")
        hands = list(s.hands)
        hands[s.to_act] ^= 1 << card
        got = c.tricks(hands, leader, list(s.trick_cards) + [card])
        assert got == _minimax(child, 0) - s.books[0], (s.observation(), card_text(card))


def test_c_solver_equals_brute_force_on_endings_of_up_to_3_tricks():
    """Plain minimax over the engine's own states (every contract kind, jokers, the club
    rule, Whist), each legal card's value too."""
    for s in _positions(5, 60, 3):
        _check_brute(s)


@pytest.mark.slow
def test_c_solver_equals_brute_force_on_hundreds_of_endings_of_up_to_4_tricks():
    for s in _positions(6, 400, 4):
        _check_brute(s)


# --- the Python solver's regression positions --------------------------------------------
def test_the_regression_positions_of_the_python_solver():
    reg = test_solver_regressions
    assert four_hands_c.CSolver(reg.FULL, -1).tricks(reg.HERE, leader=0) == 5
    leads = reg._lead_values(four_hands_c.CSolver, reg.HERE, 0)
    assert max(leads.values()) == 5
    short = [mask_of(parse_card(c) for c in h.split()) for h in reg.SHORT]
    assert four_hands_c.CSolver(short, -1).tricks(leader=3) == 2


def _check_regression_endings(seed: int, count: int, sizes: tuple[int, ...]) -> None:
    """The regressions' brute force on random no trump / trump endings, every lead from
    each asked of the same C solver (the regressions' own check, with CSolver)."""
    reg = test_solver_regressions
    rng = random.Random(seed)
    for i in range(count):
        size = sizes[i % len(sizes)]
        trump = -1 if i % 2 == 0 else rng.randrange(4)
        hands = reg._ending(rng, size)
        leader = rng.randrange(4)
        memo: dict = {}
        solver = four_hands_c.CSolver(hands, trump)
        assert solver.tricks(leader=leader) == reg._brute(tuple(hands), leader, trump, memo)
        for c in reg._cards(hands[leader]):
            h = list(hands)
            h[leader] ^= 1 << c
            want = reg._brute_after(h, leader, trump, [c], memo)
            assert solver.tricks(h, leader=leader, trick=[c]) == want, (hands, trump, leader, c)


def test_c_solver_equals_the_regressions_brute_force_on_endings_of_4_or_5_tricks():
    _check_regression_endings(2026, 8, (4, 5))


@pytest.mark.slow
def test_c_solver_equals_the_regressions_brute_force_on_hundreds_of_endings():
    _check_regression_endings(2027, 300, (4, 5, 4, 5, 4, 5, 4, 5, 4, 6))
    _check_regression_endings(7, 16, (7,))


# --- input, factory -----------------------------------------------------------------------
def test_c_solver_refuses_bad_input_as_the_python_solver_does():
    hands = [mask_of(parse_card(c) for c in h.split()) for h in ("AS KS", "QS 2H", "3S", "AH 5S")]
    cases = [
        (lambda make: make([0, 0, 0]), "four hands"),
        (lambda make: make([0, 0, 0, 0], trump=7), "trump"),
        (lambda make: make([1, 1, 0, 0]), "two hands"),
        (lambda make: make(hands).tricks(leader=0), r"hold \[2, 2, 1, 2\] cards"),
        (lambda make: make(hands).at_least(1, hands, 0, [parse_card("AS")]), "must match"),
        (lambda make: make([0, 0, 0, 0]).tricks(leader=4), "leader 4"),
        (lambda make: make([0, 0, 0, 0]).tricks(trick=[0, 1, 2, 3, 4]), "at most 4"),
    ]
    for ask, words in cases:
        with pytest.raises(EngineError, match=words) as want:
            ask(Solver)
        with pytest.raises(EngineError, match=words) as got:
            ask(four_hands_c.CSolver)
        assert str(got.value) == str(want.value)


def test_new_solver_gives_the_c_solver_unless_the_python_one_is_asked_for(monkeypatch):
    hands = [mask_of(parse_card(c) for c in h.split()) for h in ("AS", "KS", "QS", "JS")]
    assert isinstance(four_hands_c.new_solver(hands), four_hands_c.CSolver)
    assert four_hands_c.status() == "C (four_hands.c)"
    monkeypatch.setenv(build.PURE_ENV, "1")
    assert isinstance(four_hands_c.new_solver(hands), Solver)
    assert "not used" in four_hands_c.status()


def test_the_search_bot_and_the_tables_reach_the_c_solver(monkeypatch):
    """The grading, the tables and the search bot build their solvers by new_solver."""
    from engine.whist.grading import contracts, four_hands

    assert four_hands.new_solver is four_hands_c.new_solver
    assert contracts.new_solver is four_hands_c.new_solver
    made = []
    real = four_hands_c.new_solver

    def spy(*args):
        made.append(args)
        return real(*args)

    monkeypatch.setattr(four_hands_c, "new_solver", spy)
    rng = random.Random(1)
    s = _ending(rng, "bid4", "uptown", "trump S", False, 3)
    from engine.whist.search import search_bot

    while len(s.legal_actions()) < 2:
        s = _ending(rng, "bid4", "uptown", "trump S", False, 3)
    search_bot(iterations=10, dd_tricks=5, dd_worlds=2).choose(s, s.to_act, rng)
    assert made


# --- a whole deal graded ------------------------------------------------------------------
def _grade_with(monkeypatch, make, record, **options):
    from engine.whist import analysis
    from engine.whist.grading import four_hands

    monkeypatch.setattr(four_hands, "new_solver", make)
    return [
        (a.step, a.action, a.best, a.value_played, a.value_best, a.mark)
        for a in analysis.analyse(record, bidding=False, use_endplay=False, **options)
    ]


def test_the_last_tricks_of_a_shipped_game_grade_alike_with_both_solvers(monkeypatch):
    from engine.whist.analysis_bench import whole_games

    record = whole_games(1)[0][0]
    want = _grade_with(monkeypatch, Solver, record, tricks_left=5)
    assert want
    assert _grade_with(monkeypatch, four_hands_c.CSolver, record, tricks_left=5) == want


@pytest.mark.slow
def test_a_whole_shipped_deal_grades_alike_with_both_solvers(monkeypatch):
    """Every card of the first deal of a shipped record, and its double-dummy table."""
    from engine.core.records import states
    from engine.whist.analysis_bench import first_deals
    from engine.whist.grading import contracts, par
    from engine.whist.grading.vocabulary import deal_starts

    record = first_deals(1)[0]
    want = _grade_with(monkeypatch, Solver, record)
    assert len(want) == 48
    assert _grade_with(monkeypatch, four_hands_c.CSolver, record) == want
    sts = states(record)
    st = sts[deal_starts(record, sts)[0][0]]
    monkeypatch.setattr(contracts, "new_solver", Solver)
    table = par.dd_table(st, use_endplay=False)
    monkeypatch.setattr(contracts, "new_solver", four_hands_c.CSolver)
    assert par.dd_table(st, use_endplay=False) == table


def test_the_bench_grades_with_the_solver_it_is_given_then_puts_the_grading_back():
    """``analysis_bench --vs-python`` grades with the Python solver through time_game."""
    from engine.whist import analysis_bench
    from engine.whist.grading import four_hands

    made = []

    class Spy(four_hands_c.CSolver):
        def __init__(self, *args):
            made.append(args)
            super().__init__(*args)

    record = analysis_bench.first_deals(1)[0]
    took, found = analysis_bench.time_game([record], Spy)
    assert made and took > 0 and len(found[0]) == 48
    assert four_hands.new_solver is four_hands_c.new_solver


def test_the_bench_grades_the_bids_with_the_solver_it_is_given_when_asked(monkeypatch):
    """``analysis_bench --games N --bidding`` grades whole games with their bids: each
    record is analysed with ``bidding=True`` and the tables (contracts.new_solver) use the
    solver given too; both are put back after."""
    from engine.whist import analysis, analysis_bench
    from engine.whist.grading import contracts, four_hands

    seen = []

    def fake(rec, *, bidding, use_endplay):
        seen.append((bidding, contracts.new_solver, four_hands.new_solver))
        return []

    monkeypatch.setattr(analysis, "analyse", fake)
    record = analysis_bench.first_deals(1)[0]
    analysis_bench.time_game([record], Solver, bidding=True)
    analysis_bench.time_game([record])
    assert seen == [
        (True, Solver, Solver),
        (False, four_hands_c.new_solver, four_hands_c.new_solver),
    ]
    assert contracts.new_solver is four_hands_c.new_solver
    assert four_hands.new_solver is four_hands_c.new_solver
