"""The C searches' build and load rules (engine/doubledummy/build.py), on a throwaway library."""

from __future__ import annotations

import ctypes

import pytest

from engine.doubledummy import build


@pytest.fixture
def scratch(monkeypatch, tmp_path):
    """build pointed at a folder holding one small C source."""
    monkeypatch.setattr(build, "HERE", tmp_path)
    monkeypatch.delenv(build.PURE_ENV, raising=False)
    build._open.cache_clear()
    (tmp_path / "twice.c").write_text("int twice(int x) { return 2 * x; }\n")
    yield tmp_path
    build._open.cache_clear()


def test_a_built_library_loads_and_answers(scratch):
    assert build.build("twice", out=lambda _: None)
    lib = build.load("twice")
    lib.twice.argtypes = [ctypes.c_int]
    assert lib.twice(21) == 42
    assert build.status("twice") == (True, "C")


def test_a_stale_library_is_never_used(scratch):
    assert build.build("twice", out=lambda _: None)
    (scratch / "twice.c").write_text("int twice(int x) { return x + x; }\n")
    build._open.cache_clear()
    assert build.load("twice") is None
    assert "stale" in build.status("twice")[1]


def test_a_failed_build_says_why_and_leaves_nothing(scratch):
    (scratch / "twice.c").write_text("int twice(int x) { return 2 * ; }\n")
    said = []
    assert not build.build("twice", out=said.append)
    assert "not compiled" in said[0]
    assert not build.library_path("twice").exists()
    assert build.load("twice") is None


def test_the_pure_setting_turns_the_c_search_off(scratch, monkeypatch):
    assert build.build("twice", out=lambda _: None)
    monkeypatch.setenv(build.PURE_ENV, "1")
    assert build.load("twice") is None
    assert build.status("twice")[0] is False
