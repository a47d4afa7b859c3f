"""The C two-player search (engine/doubledummy/two_hands.c through
engine.doubledummy.two_hands_c.CSolver2) gives the Python search's answers
(engine.doubledummy.two_hands.Solver2, itself checked against plain minimax in test_solver2.py) on
random positions of random deals — both variants, every contract kind, the club rule on and off, the
Low game's misere, mid-trick positions, one handle reused for a deal's positions — and a two-player
record is graded card by card."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from engine import read_jsonl, states
from engine.doubledummy import build
from engine.doubledummy.two_hands import Solver2
from engine.doubledummy.two_hands_c import CSolver2, SearchBudget, c_search, new_solver2
from engine.whist.analysis import analyse, not_graded

pytestmark = pytest.mark.skipif(
    not c_search(), reason="the C two-player search is not used: " + build.status("two_hands")[1]
)
DATA = Path(__file__).resolve().parents[3] / "data" / "whist"

#: (deck size, hand cards, piles) of Bid Whist (after the kitty) and Whist for two
SHAPES = {"bid2": (54, 12, 6), "whist2": (52, 12, 7)}
#: deals of few hand cards and many straw piles (their face-down cards play a part in
#: most positions): what the table's key must tell apart
#: (trump, low, club, misere) of each contract kind: Bid Whist uptown, downtown, no trump
#: high and low (club rule on and off); Whist High and Low
CONTRACTS = {
    "bid2": [(1, False, False, False), (2, True, True, False), (3, False, True, False),
             (0, True, False, False), (-1, False, False, False), (-1, True, False, False)],
    "whist2": [(0, False, False, False), (-1, False, False, True)],
}  # fmt: skip


def _deal(rng: random.Random, variant: str, shape=None):
    size, h, k = shape or SHAPES[variant]
    deck = list(range(size))
    rng.shuffle(deck)
    if size == 54:
        deck = deck[:48]  # the six kitty cards (discarded) are out of play
    hands = [sum(1 << c for c in deck[s * h : (s + 1) * h]) for s in (0, 1)]
    rest = deck[2 * h :]
    piles = [[(rest[2 * (s * k + i)], rest[2 * (s * k + i) + 1]) for i in range(k)] for s in (0, 1)]
    return hands, piles


def _positions(rng: random.Random, py: Solver2, most: int, count: int):
    """``count`` positions (left, leader, trick) of one deal with at most ``most`` tricks
    left, reached by random legal play from the first lead (mid-trick ones included)."""
    out = []
    for _ in range(count):
        left, leader, trick = py._left(None), rng.randrange(2), []
        n_tricks = (left[0].bit_count() + left[1].bit_count()) // 4
        stop = 4 * (n_tricks - rng.randint(1, most)) + rng.randrange(4)
        for _ in range(stop):
            seat = leader if len(trick) % 2 == 0 else 1 - leader
            legal = py.legal(seat, left[seat], trick)
            cards = [c for c in range(54) if legal >> c & 1]
            c = rng.choice(cards)
            left[seat] ^= 1 << c
            trick.append(c)
            if len(trick) == 4:
                leader, trick = py._winner(trick, leader), []
        out.append((left, leader, trick))
    return out


def _compare(seed: int, variant: str, most: int, per_deal: int, shape=None, contracts=None) -> int:
    rng = random.Random(seed)
    checked = 0
    for trump, low, club, misere in contracts or CONTRACTS[variant]:
        hands, piles = _deal(rng, variant, shape)
        py = Solver2(hands, piles, trump, low, club, misere)
        c = CSolver2(hands, piles, trump, low, club, misere)  # one handle for the deal
        for left, leader, trick in _positions(rng, py, most, per_deal):
            want = py.tricks(left, leader, trick)
            assert c.tricks(left, leader, trick) == want, (seed, variant, trump, low, club)
            for t in (want, want + 1, rng.randint(0, 6)):
                assert c.at_least(t, left, leader, trick) == (want >= t)
            checked += 1
    return checked


@pytest.mark.parametrize("variant", ["bid2", "whist2"])
def test_c_search_equals_python_search_on_random_positions(variant):
    assert sum(_compare(seed, variant, 4, 8) for seed in range(6)) >= 6 * 8 * 2


@pytest.mark.parametrize("variant", ["bid2", "whist2"])
def test_c_search_equals_python_search_on_straw_heavy_deals(variant):
    """Two hand cards and five straw piles a player: whole deals of six tricks, where the
    cards beneath the piles decide most positions (the table's key must keep them)."""
    shape = (SHAPES[variant][0], 2, 5)
    assert sum(_compare(seed, variant, 6, 4, shape) for seed in range(3)) >= 3 * 4 * 2


@pytest.mark.parametrize("variant", ["bid2", "whist2"])
def test_quick_tricks_bound_exactly_in_no_trump_and_trump(variant):
    """The cashing bound at each trick start (the leader's winners, two of its cards a
    trick, a discard for an odd suit's last trick, no more tricks in a side suit than
    half the other's playable cards of it when it holds a trump): no trump high and low,
    trump with the club rule on and off, where it cuts most, on whole short deals with
    many straw piles and on the last tricks of full ones."""
    contracts = [(-1, False, False, False), (-1, True, False, False), (0, False, True, False),
                 (3, True, False, False)]  # fmt: skip
    shape = (SHAPES[variant][0], 2, 4)
    n = sum(_compare(seed, variant, 5, 3, shape, contracts) for seed in range(20, 24))
    n += sum(_compare(seed, variant, 4, 6, None, contracts) for seed in range(30, 33))
    assert n == 4 * 4 * 3 + 3 * 4 * 6


def test_the_misere_bounds_exactly_on_short_deals_and_last_tricks():
    """The Low game's bounds at each trick start (seat 0 cannot take every trick left if
    it can surely lose this one, takes one if seat 1 can; the leader's lead below all the
    other's playable cards of a suit, the second player's cards below the leader's lowest,
    a discard that turns up nothing): whole short deals of many straw piles, whose turned
    up cards decide those bounds most, and the last tricks of full deals."""
    low = [(-1, False, False, True)]
    shape = (52, 2, 4)
    n = sum(_compare(seed, "whist2", 5, 4, shape, low) for seed in range(40, 52))
    n += sum(_compare(seed, "whist2", 5, 6, None, low) for seed in range(60, 66))
    assert n == 12 * 4 + 6 * 6


def test_a_card_turned_up_in_the_trick_may_take_it_in_the_low_game():
    """One trick of the Low game, seat 0 holding only the straw pile 2S on KS. On lead
    it must lead 2S, which turns up KS, and follow with it over seat 1's 5S; second to
    seat 1's 4S or 5S it plays 2S and then must follow with KS again. Either way seat 0
    takes the trick: a lead or a card below the other's is no sure escape when the card
    it turns up must follow."""
    from engine.whist.cards import mask_of, parse_card

    def m(text):
        return mask_of(parse_card(c) for c in text.split())

    piles = [[(parse_card("KS"), parse_card("2S"))], []]
    for leader, other in ((0, "5S 3H"), (1, "5S 4S")):
        hands = [0, m(other)]
        for make in (new_solver2, Solver2):
            assert make(hands, piles, misere=True).tricks(leader=leader) == 1, (leader, make)


def test_the_table_tells_apart_positions_differing_in_a_card_beneath():
    """Seat 0 holds four straw piles, 2S on 7H, 3S on 7C, 6S on 8C and 7S on 8H; seat 1
    4S AD 3D 3C, on lead, no trump. With the piles 2S/7H and 6S/8C left (A) seat 0 takes
    one of the two tricks; with 3S/7C and 7S/8H left (B) none. Named by rank among the
    cards left the two positions are the same but for the cards beneath (the lower spade
    on a heart in A, on a club in B), so one handle asked both must key them apart."""
    from engine.whist.cards import mask_of, parse_card

    def m(text):
        return mask_of(parse_card(c) for c in text.split())

    pairs = ("7H 2S", "7C 3S", "8C 6S", "8H 7S")  # (beneath, face up)
    piles = [[tuple(map(parse_card, p.split())) for p in pairs], []]
    hands = [0, m("4S AD 3D 3C")]
    a, b = [m("2S 7H 6S 8C"), hands[1]], [m("3S 7C 7S 8H"), hands[1]]
    py = Solver2(hands, piles)
    assert [py.tricks(a, 1), py.tricks(b, 1)] == [1, 0]
    for first, second in ((a, b), (b, a)):
        c = CSolver2(hands, piles)
        assert c.tricks(first, 1) == py.tricks(first, 1)
        assert c.tricks(second, 1) == py.tricks(second, 1)


@pytest.mark.slow
@pytest.mark.parametrize("variant", ["bid2", "whist2"])
def test_c_search_equals_python_search_up_to_six_tricks(variant):
    assert sum(_compare(seed, variant, 6, 6) for seed in range(10, 14)) >= 4 * 6 * 2


def test_the_misere_search_is_the_low_game_each_player_wanting_few_tricks():
    """By hand, one trick of no trump, seat 0 holding AS 2H and seat 1 KS 3H. Seat 0 on
    lead takes it by leading AS (KS must follow) and gives it away by leading 2H (3H
    follows, AS is a discard); seat 1 on lead gives it to seat 0 by leading KS and keeps
    it by leading 3H. Playing for tricks seat 0 takes 1 on its lead, 0 on seat 1's; in
    the Low game (misere: each wants few) 0 on its lead, 1 on seat 1's."""
    from engine.whist.cards import mask_of, parse_card

    hands = [mask_of(map(parse_card, ("AS", "2H"))), mask_of(map(parse_card, ("KS", "3H")))]
    for make in (new_solver2, Solver2):
        assert [make(hands, [(), ()]).tricks(leader=s) for s in (0, 1)] == [1, 0]
        assert [make(hands, [(), ()], misere=True).tricks(leader=s) for s in (0, 1)] == [0, 1]


def test_a_question_over_budget_is_refused_and_the_table_stays_right():
    rng = random.Random(5)
    hands, piles = _deal(rng, "bid2")
    py = Solver2(hands, piles, 1)
    c = CSolver2(hands, piles, 1, budget=50)
    # five tricks left: more than a thousand positions (a shorter one may fit in 50)
    left, leader, trick = _positions(rng, py, 5, 8)[5]
    with pytest.raises(SearchBudget):
        c.tricks(left, leader, trick)
    c.budget = None
    assert c.tricks(left, leader, trick) == py.tricks(left, leader, trick)


def test_the_table_is_large_for_long_searches_and_its_size_is_checked():
    """A page's solver (20 M positions a question) keeps 2^21 entries, the command's or
    one with no limit 2^24 (a search of billions of positions overwrites a small table
    many times); a size out of 4-30 is refused in words."""
    from engine.core.errors import EngineError
    from engine.doubledummy.two_hands_c import TABLE_LOG2, TABLE_LOG2_LARGE, table_log2

    assert table_log2(20_000_000) == TABLE_LOG2 == 21
    assert table_log2(None) == table_log2(2_000_000_000) == TABLE_LOG2_LARGE == 24
    hands, piles = _deal(random.Random(3), "whist2")
    small = CSolver2(hands, piles, misere=True, log2_entries=10)
    large = CSolver2(hands, piles, misere=True)
    left, leader, trick = _positions(random.Random(4), Solver2(hands, piles), 5, 1)[0]
    assert small.tricks(left, leader, trick) == large.tricks(left, leader, trick)
    for bad in (3, 31, 2.5):
        with pytest.raises(EngineError, match="log2_entries"):
            CSolver2(hands, piles, log2_entries=bad)


def _play_steps(sts, deal):
    return [i for i, st in enumerate(sts[:-1]) if st.phase_name == "play" and st.deal_no == deal]


@pytest.mark.parametrize("name", ["bid2", "whist2"])
def test_every_card_of_the_last_tricks_of_a_first_deal_is_graded(name):
    """The default run's short version: the cards with at most 7 tricks to go."""
    record = read_jsonl(DATA / f"{name}.jsonl")[0]
    sts = states(record)
    notes = analyse(record, deal=0, tricks_left=7, bidding=False)
    want = [i for i in _play_steps(sts, 0) if sts[i].n_tricks - len(sts[i].tricks) <= 7]
    assert [a.step for a in notes] == want
    for a in notes:
        assert a.action == record.actions[a.step] and a.best.startswith("play ")
        assert (a.loss > 0) == (a.mark in ("?!", "?", "??"))
    said = [w.code for w in not_graded(record, tricks_left=7, bidding=False)]
    assert "whist.not_graded_early_cards" in said


@pytest.mark.slow
@pytest.mark.parametrize("name", ["bid2", "whist2"])
def test_every_card_of_a_first_deal_is_graded_within_the_budget(name):
    """Every card of the first deal, from the first lead, when the budget allows it
    (none for the test); with a page's budget, a suffix of the deal."""
    record = read_jsonl(DATA / f"{name}.jsonl")[0]
    sts = states(record)
    steps = _play_steps(sts, 0)
    got = [a.step for a in analyse(record, deal=0, bidding=False)]
    assert got == steps[len(steps) - len(got) :] and len(got) >= 24
    if name == "bid2":
        assert [a.step for a in analyse(record, deal=0, bidding=False, budget=None)] == steps
