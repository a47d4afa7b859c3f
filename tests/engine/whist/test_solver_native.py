"""The mypyc-compiled double-dummy solver (engine/whist/native.py, issue 14): which solver
runs, a stale or missing build falls back to pure Python, and the exactness tests run
against the solver the rest of the suite does not use (the pure-Python one when the
compiled one is active; without a build the suite already tests the pure one)."""

from __future__ import annotations

import importlib.machinery
import subprocess
import sys
import types

import pytest

import engine.whist.analysis as analysis
from engine.whist import native, solver
from tests.engine.whist import (
    test_analysis,
    test_solver,
    test_solver_endplay,
    test_solver_reference,
)

#: the solver the other tests do not exercise (None: no compiled build to compare with)
OTHER = solver.PureSolver if solver.COMPILED else None


def test_the_active_solver_is_reported():
    print(f"solver: {solver.STATUS}")
    assert (solver.Solver is not solver.PureSolver) == solver.COMPILED
    assert native.status() == (solver.COMPILED, solver.STATUS)
    if solver.COMPILED:
        assert solver.Solver.__module__ == native.MODULE
        assert solver.STATUS == "compiled with mypyc"
    else:
        assert solver.STATUS.startswith("pure Python")


def _fake_build(built_from: str) -> types.ModuleType:
    mod = types.ModuleType(native.MODULE)
    mod.__file__ = "_solver_native" + importlib.machinery.EXTENSION_SUFFIXES[0]
    mod._BUILT_FROM = built_from
    return mod


def test_a_stale_compiled_solver_is_not_used(monkeypatch):
    monkeypatch.delenv(native.PURE_ENV, raising=False)
    monkeypatch.setattr(native, "_compiled_module", lambda: _fake_build("0" * 64))
    used, why = native.status()
    assert not used and "stale" in why
    monkeypatch.setattr(native, "_compiled_module", lambda: _fake_build(native.source_hash()))
    assert native.status() == (True, "compiled with mypyc")
    monkeypatch.setenv(native.PURE_ENV, "1")
    assert native.status()[0] is False


def test_a_missing_build_or_a_leftover_source_copy_is_not_used(monkeypatch):
    monkeypatch.delenv(native.PURE_ENV, raising=False)
    monkeypatch.setattr(native, "_compiled_module", lambda: None)
    assert native.status()[0] is False
    monkeypatch.undo()
    copy = _fake_build(native.source_hash())
    copy.__file__ = "_solver_native.py"  # an interrupted build's source copy
    monkeypatch.setattr(native.importlib, "import_module", lambda name: copy)
    assert native._compiled_module() is None


def test_importing_the_solver_after_solver_py_changed_uses_the_pure_solver():
    """End to end, in a fresh interpreter: solver.py's hash no longer matches the build."""
    code = (
        "from engine.whist import native\n"
        "native.source_hash = lambda path=None: 'f' * 64\n"
        "import engine.whist.solver as s\n"
        "print(s.COMPILED, s.Solver is s.PureSolver, s.STATUS)\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    ).stdout
    assert out.startswith("False True pure Python"), out


def test_the_compiled_copy_stops_at_the_loader_and_records_the_source_hash():
    digest = "ab" * 32
    text = native.compiled_source(native.SOURCE.read_text(), digest)
    assert "class Solver" in text and "PureSolver" not in text and "_native" not in text
    assert text.endswith(f'_BUILT_FROM: Final = "{digest}"\n')


def test_a_build_without_mypyc_reports_it_and_does_not_fail(monkeypatch):
    monkeypatch.setitem(sys.modules, "mypyc.build", None)
    said: list[str] = []
    assert native.build(out=said.append) is False
    assert "mypyc is missing" in said[0]


@pytest.fixture
def other_solver(monkeypatch):
    """Every test module below, and the analysis, use the solver the suite does not."""
    if OTHER is None:
        pytest.skip("no compiled solver built: the suite already tests the pure one")
    for mod in (test_solver, test_solver_reference, test_solver_endplay, test_analysis):
        monkeypatch.setattr(mod, "Solver", OTHER)
    monkeypatch.setattr(analysis, "new_solver", OTHER)  # not the C solver (engine/whist/dd4.py)
    return OTHER


def test_other_solver_equals_brute_force_on_every_ending_of_up_to_4_tricks(other_solver):
    test_solver.test_solver_equals_brute_force_on_every_ending_of_up_to_4_tricks()


def test_other_solver_equals_the_stored_reference_values_on_shipped_deals(other_solver):
    test_solver_reference.test_partition_search_solver_equals_the_previous_solver_on_random_positions_of_shipped_deals()  # noqa: E501


def test_other_solver_equals_endplay_on_classic_endings_and_deals(other_solver):
    pytest.importorskip("endplay")
    test_solver.test_solver_equals_endplay_on_random_classic_endings()
    test_solver_endplay.test_solver_equals_endplay_on_whole_lopsided_classic_deals_at_every_trick_count()  # noqa: E501
    test_solver_endplay.test_solver_equals_endplay_on_random_classic_deals_at_every_late_trick_count()  # noqa: E501


def test_other_solver_grades_the_shipped_records_and_the_blunder_alike(other_solver):
    test_analysis.test_discarding_a_sure_trick_that_sets_the_contract_is_a_blunder()
    test_analysis.test_analyse_on_shipped_bid_whist_records_grades_each_late_card_against_par()
    test_analysis.test_analyse_on_shipped_whist_record_grades_every_card()


def test_compiled_and_pure_solvers_give_the_same_values_and_move_classes():
    if OTHER is None:
        pytest.skip("no compiled solver built")
    for s in test_solver._endings(11, 30, 4):
        leader = test_solver._leader(s)
        args = (s.hands, s.trump, s.low, s.ruleset.jokers_follow_trump)
        pure, compiled = solver.PureSolver(*args), solver.Solver(*args)
        for sol in (pure, compiled):
            assert isinstance(sol.tricks(leader=leader, trick=s.trick_cards), int)
        assert pure.tricks(leader=leader, trick=s.trick_cards) == compiled.tricks(
            leader=leader, trick=s.trick_cards
        )
        assert pure.move_classes(leader=leader, trick=s.trick_cards) == compiled.move_classes(
            leader=leader, trick=s.trick_cards
        )
        assert pure.at_least(1, leader=leader, trick=s.trick_cards) is compiled.at_least(
            1, leader=leader, trick=s.trick_cards
        )
