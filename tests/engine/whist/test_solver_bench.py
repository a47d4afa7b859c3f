"""The whole-game grading bench (``python -m engine.whist.analysis_bench --games N``):
what a "game" is, and loading another version of the solver to compare with."""

from __future__ import annotations

import json
from pathlib import Path

from engine.core.records import read_jsonl, states
from engine.doubledummy.four_hands import Solver
from engine.whist import analysis_bench as bench


def _deals_with_play(rec) -> int:
    sts = states(rec)
    return len({s.deal_no for s in sts if s.phase_name == "play"})


def test_a_bench_game_is_ten_deals_of_consecutive_records_each_cut_at_a_deal_end():
    games = bench.whole_games(3)
    assert len(games) == 3
    shipped = [r for name in bench.SOURCES for r in read_jsonl(bench.DATA / name)]
    at = 0
    for game in games:
        assert sum(_deals_with_play(rec) for rec in game) == 10
        for rec in game:
            # the next shipped record that reaches the play, cut at the end of a deal
            while not any(a.startswith("play ") for a in shipped[at].actions):
                at += 1
            full = shipped[at]
            assert full.actions[: len(rec.actions)] == rec.actions
            last = states(rec)[-1]
            assert last.is_terminal() or last.phase_name != "play"
            at += 1


def test_deal_ends_count_only_the_deals_that_reach_the_play():
    rec = next(r for r in read_jsonl(bench.DATA / "bid4_heuristic.jsonl") if len(r.actions) > 400)
    ends = bench._deal_ends(rec)
    assert len(ends) == _deals_with_play(rec)
    assert ends == sorted(ends) and ends[-1] <= len(rec.actions)


def test_another_version_of_the_solver_loads_as_its_own_module_and_answers_alike():
    other = bench.reference_solver("HEAD")
    assert other is not Solver
    assert other.__module__ == "whist_solver_reference"
    deal = json.loads((Path(__file__).with_name("solver_reference.json")).read_text())["deals"][0]
    mine = Solver(deal["hands"], deal["trump"], deal["low"], deal["club"])
    theirs = other(deal["hands"], deal["trump"], deal["low"], deal["club"])
    for hands, leader, trick, value in deal["positions"][:8]:
        assert theirs.tricks(hands, leader, trick) == mine.tricks(hands, leader, trick) == value
