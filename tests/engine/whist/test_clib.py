"""The C searches' build and load rules (engine/whist/clib.py), on a throwaway library."""

from __future__ import annotations

import ctypes

import pytest

from engine.whist import clib


@pytest.fixture
def scratch(monkeypatch, tmp_path):
    """clib pointed at a folder holding one small C source."""
    monkeypatch.setattr(clib, "HERE", tmp_path)
    monkeypatch.delenv(clib.PURE_ENV, raising=False)
    clib._open.cache_clear()
    (tmp_path / "twice.c").write_text("int twice(int x) { return 2 * x; }\n")
    yield tmp_path
    clib._open.cache_clear()


def test_a_built_library_loads_and_answers(scratch):
    assert clib.build("twice", out=lambda _: None)
    lib = clib.load("twice")
    lib.twice.argtypes = [ctypes.c_int]
    assert lib.twice(21) == 42
    assert clib.status("twice") == (True, "C")


def test_a_stale_library_is_never_used(scratch):
    assert clib.build("twice", out=lambda _: None)
    (scratch / "twice.c").write_text("int twice(int x) { return x + x; }\n")
    clib._open.cache_clear()
    assert clib.load("twice") is None
    assert "stale" in clib.status("twice")[1]


def test_a_failed_build_says_why_and_leaves_nothing(scratch):
    (scratch / "twice.c").write_text("int twice(int x) { return 2 * ; }\n")
    said = []
    assert not clib.build("twice", out=said.append)
    assert "not compiled" in said[0]
    assert not clib.library_path("twice").exists()
    assert clib.load("twice") is None


def test_the_pure_setting_turns_the_c_search_off(scratch, monkeypatch):
    assert clib.build("twice", out=lambda _: None)
    monkeypatch.setenv(clib.PURE_ENV, "1")
    assert clib.load("twice") is None
    assert clib.status("twice")[0] is False
