"""Bid Whist grading through DDS (engine/doubledummy/dds_map.py) equals the own solver's: the
card annotations of recorded and simulated deals and the double-dummy table's entries,
with and without DDS (``use_endplay=False`` forces the own solver alone); each test also
checks DDS did answer positions, so it fails when the grading stops asking it."""

from __future__ import annotations

import random

import pytest

from engine import GameRecord, simulate
from engine.doubledummy import dds_map
from engine.whist.analysis import analyse
from engine.whist.analysis_bench import first_deals
from engine.whist.bots import HeuristicBot
from engine.whist.grading.contracts import declared, play_books
from engine.whist.grading.par import dd_table
from tests.engine.whist.test_par import _after_deal, _joker_kitty_deal

pytest.importorskip("endplay")


@pytest.fixture
def dds_answers(monkeypatch) -> dict[str, int]:
    """How many positions DDS answered (the oracle's non-None answers)."""
    count = {"n": 0}
    real = dds_map.oracle

    def counting(*args, **kwargs):
        ask = real(*args, **kwargs)

        def answer(hands, leader, trick):
            got = ask(hands, leader, trick)
            count["n"] += got is not None
            return got

        return answer

    monkeypatch.setattr(dds_map, "oracle", counting)
    return count


# shipped deals (the first deal of record K of analysis_bench.first_deals) and the tricks
# left from which DDS maps them: the jokers are out of play from there on
MAPPED_FROM = {26: 10, 37: 10, 24: 7}  # downtown spades, no trump low, uptown spades


def test_recorded_deals_graded_through_dds_equal_the_own_solver(dds_answers):
    deals = first_deals(max(MAPPED_FROM) + 1)
    for k, left in MAPPED_FROM.items():
        before = dds_answers["n"]
        got = analyse(deals[k], tricks_left=left, bidding=False)
        assert dds_answers["n"] - before == 4 * left  # every graded card, through DDS
        assert got == analyse(deals[k], tricks_left=left, bidding=False, use_endplay=False)
        assert len(got) == 4 * left


def test_a_deal_not_mapped_at_its_first_graded_card_is_graded_by_the_own_solver(dds_answers):
    """DDS grades a deal whole or not at all (the own solver's tables would be colder)."""
    deal = first_deals(27)[26]  # mapped from its second trick on, not from the first
    assert len(analyse(deal, bidding=False)) == 48
    assert dds_answers["n"] == 0


def test_club_rule_games_graded_through_dds_equal_the_own_solver(dds_answers):
    """Jokers in play as the top trumps (``jokers_follow_trump``), simulated games."""
    for seed in (3, 4):
        rec = simulate("whist", seed, ["heuristic"] * 4, variant="bid4", jokers_follow_trump=True)
        got = analyse(rec, tricks_left=6, bidding=False)
        assert got == analyse(rec, tricks_left=6, bidding=False, use_endplay=False)
    assert dds_answers["n"] > 50


def _no_joker_deal(seed: int, call: str) -> GameRecord:
    """A whole no trump deal whose kitty holds both jokers (the declarer discards them),
    played out by the heuristic bot: DDS maps it from the first card."""
    st = _after_deal(_joker_kitty_deal(random.Random(seed)))
    s = declared(st, seed % 4, "notrump", call)
    bot, rng = HeuristicBot(), random.Random(seed)
    while s.phase_name == "play":
        s.apply(bot.choose(s, s.to_act, rng))
    return GameRecord("whist", list("abcd"), list(s.history), None, {})


def test_a_whole_deal_graded_through_dds_equals_the_own_solver(dds_answers):
    rec = _no_joker_deal(1, "low")
    got = analyse(rec, tricks_left=9, bidding=False)
    assert dds_answers["n"] == 36
    assert got == analyse(rec, tricks_left=9, bidding=False, use_endplay=False)


@pytest.mark.slow
def test_whole_deals_graded_through_dds_equal_the_own_solver(dds_answers):
    for seed, call in ((1, "high"), (2, "low"), (3, "high")):
        rec = _no_joker_deal(seed, call)
        got = analyse(rec, bidding=False)
        assert len(got) == 48
        assert got == analyse(rec, bidding=False, use_endplay=False)
    assert dds_answers["n"] == 3 * 48


def test_a_table_entry_through_dds_equals_the_own_solver(dds_answers):
    st = _after_deal(_joker_kitty_deal(random.Random(1)))
    s = declared(st, 0, "notrump", "low")
    assert play_books(s, use_endplay=True) == play_books(s)
    assert dds_answers["n"] == 1


@pytest.mark.slow
def test_the_whole_table_through_dds_equals_the_own_solver(dds_answers):
    st = _after_deal(_joker_kitty_deal(random.Random(2)))
    assert dd_table(st) == dd_table(st, use_endplay=False)
    assert dds_answers["n"] >= 8  # the no trump columns at least


def test_without_endplay_the_own_solver_grades_and_the_bench_counts_dds_deals(monkeypatch):
    from engine.whist import analysis_bench

    rec = _no_joker_deal(1, "low")
    assert analysis_bench.dds_deals([rec]) == (1, 1)
    assert analysis_bench.dds_deals(first_deals(1)) == (0, 1)  # a joker in play
    with_dds = analyse(rec, tricks_left=4, bidding=False)
    monkeypatch.setattr(dds_map, "available", lambda: False)
    assert dds_map.oracle(-1, True) is None
    assert analyse(rec, tricks_left=4, bidding=False) == with_dds
