"""The own solver against endplay's DDS on complete 13-trick classic Whist deals (52 cards,
trump or no trump), at every trick count of a line of play through each deal, and the
analysis of a classic Whist record through endplay against the own solver."""

from __future__ import annotations

import random

import pytest

from engine import read_jsonl
from engine.core.records import GameRecord, states
from engine.doubledummy.four_hands import Solver
from engine.whist.analysis import analyse
from engine.whist.cards import mask_of
from tests.engine.whist.test_analysis import DATA

pytest.importorskip("endplay")

RANKS = "23456789TJQKA"


def _endplay_ns_tricks(hands, trump: int, leader: int, trick: list[int]) -> int:
    """NS tricks from here (the trick in progress included) by DDS; ``hands`` without
    the trick's cards."""
    from endplay.dds import solve_board
    from endplay.types import Deal, Denom, Player

    full = list(hands)
    for j, c in enumerate(trick):
        full[(leader + j) & 3] |= 1 << c
    pbn = " ".join(
        ".".join(
            "".join(RANKS[r] for r in range(12, -1, -1) if m >> (13 * s + r) & 1) for s in range(4)
        )
        for m in full
    )
    deal = Deal("N:" + pbn)
    deal.trump = Denom.nt if trump < 0 else Denom(trump)
    deal.first = Player(leader)
    for c in trick:
        deal.play("SHDC"[c // 13] + RANKS[c % 13])
    best = max(t for _, t in solve_board(deal))  # for the side to play
    seat = (leader + len(trick)) & 3
    remaining = full[leader].bit_count()
    return best if seat % 2 == 0 else remaining - best


def _winner(trick: list[int], leader: int, trump: int) -> int:
    led = trick[0] // 13

    def strength(c: int) -> int:
        s = c // 13
        return 100 + c % 13 if s == trump else (c % 13 if s == led else -1)

    best = max(range(4), key=lambda j: strength(trick[j]))
    return (leader + best) & 3


def _positions(hands, trump: int, leader: int, rng: random.Random, stop_at: int):
    """The positions of a random legal line of play through a deal, from ``stop_at``
    tricks left down to the last trick: (hands, leader, trick so far), with 0-3 cards of
    the trick played (one position per trick, the count of cards chosen at random)."""
    hands = list(hands)
    while hands[0]:
        left = hands[leader].bit_count()
        extra = rng.randrange(4)
        trick: list[int] = []
        for j in range(4):
            if j == extra and left <= stop_at:
                yield list(hands), leader, list(trick)
            seat = (leader + j) & 3
            hand = hands[seat]
            follow = hand & (0x1FFF << (13 * (trick[0] // 13))) if trick else 0
            pool = [c for c in range(52) if (follow or hand) >> c & 1]
            c = rng.choice(pool)
            hands[seat] ^= 1 << c
            trick.append(c)
        leader = _winner(trick, leader, trump)


def _classic_deal(seed: int) -> list[int]:
    deck = list(range(52))
    random.Random(seed).shuffle(deck)
    return [mask_of(deck[13 * i : 13 * i + 13]) for i in range(4)]


def _check_deal(hands, trump: int, leader: int, seed: int, stop_at: int) -> None:
    solver = Solver(hands, trump)  # one solver (and table) for every position of the deal
    rng = random.Random(seed)
    for h, lead, trick in _positions(hands, trump, leader, rng, stop_at):
        got = solver.tricks(h, lead, trick)
        assert got == _endplay_ns_tricks(h, trump, lead, trick), (hands, trump, lead, trick)


# Whole deals each hand of which holds one long suit: the solver's bounds settle them at
# once, so they are checked whole in the default run.
SUITED = [
    [mask_of(range(13 * s, 13 * s + 13)) for s in (0, 1, 2, 3)],
    [
        mask_of([*range(0, 10), 13, 26, 39]),
        mask_of([*range(14, 24), 10, 27, 40]),
        mask_of([*range(28, 38), 11, 24, 41]),
        mask_of([*range(42, 52), 12, 25, 38]),
    ],
]


def test_solver_equals_endplay_on_whole_lopsided_classic_deals_at_every_trick_count():
    for i, hands in enumerate(SUITED):
        for trump in (-1, 0, 2):
            _check_deal(hands, trump, leader=i % 4, seed=i, stop_at=13)


def test_solver_equals_endplay_on_random_classic_deals_at_every_late_trick_count():
    """Complete 52-card deals, no trump and each trump suit, played out at random; every
    position with up to 7 tricks left is checked (earlier ones in the slow run)."""
    for seed in range(5):
        _check_deal(_classic_deal(100 + seed), seed % 5 - 1, seed % 4, seed, stop_at=7)


@pytest.mark.slow
def test_solver_equals_endplay_on_random_whole_classic_deals_at_every_trick_count():
    for seed in range(5):
        _check_deal(_classic_deal(100 + seed), seed % 5 - 1, seed % 4, seed, stop_at=13)


def _first_deal(record: GameRecord) -> GameRecord:
    sts = states(record)
    end = next(i for i in range(1, len(sts)) if sts[i].deal_no > 0 or sts[i].is_terminal())
    return GameRecord(record.game, record.players, record.actions[:end], None, record.ruleset)


def test_analysis_with_endplay_equals_the_own_solver_on_classic_deals():
    """The grading of a classic Whist deal is the same through DDS and through the own
    solver (the last 6 tricks here; the whole deal in the slow run)."""
    record = _first_deal(read_jsonl(DATA / "whist4.jsonl")[2])
    own = analyse(record, tricks_left=6, use_endplay=False)
    assert own == analyse(record, tricks_left=6) and len(own) >= 20


@pytest.mark.slow
def test_analysis_with_endplay_equals_the_own_solver_on_whole_classic_deals():
    for k in (0, 3):
        record = _first_deal(read_jsonl(DATA / "whist4.jsonl")[k])
        own = analyse(record, use_endplay=False)
        assert own == analyse(record) and len(own) == 52
