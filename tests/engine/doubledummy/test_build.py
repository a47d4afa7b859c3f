"""The C searches' build and load rules (engine/doubledummy/build.py, setup.py): built as
extension modules from the current source, never used stale, and an install without a
working C compiler still completes, saying why, with the Python searches."""

from __future__ import annotations

import importlib.machinery
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from engine.doubledummy import build

ROOT = Path(__file__).resolve().parents[3]


@pytest.fixture
def fresh(monkeypatch):
    """The load rules asked afresh (their answer is cached per process)."""
    monkeypatch.delenv(build.PURE_ENV, raising=False)
    build._open.cache_clear()
    yield
    build._open.cache_clear()


def test_the_sources_are_the_searches_and_each_has_a_module():
    assert [p.stem for p in build.sources()] == ["four_hands", "two_hands"]
    assert build.module_name("four_hands") == "engine.doubledummy._four_hands"


@pytest.mark.parametrize("name", ["four_hands", "two_hands"])
def test_a_built_search_is_an_extension_module_from_the_current_source(fresh, name):
    if not build.status(name)[0]:
        pytest.skip(f"{name}: {build.status(name)[1]}")
    mod = importlib.import_module(build.module_name(name))
    assert str(mod.__file__).endswith(tuple(importlib.machinery.EXTENSION_SUFFIXES))
    assert build.status(name) == (True, "C")
    assert build.load(name) is not None


def test_a_stale_build_is_never_used(fresh, monkeypatch):
    if not build.status("four_hands")[0]:
        pytest.skip("the C search is not built")
    build._open.cache_clear()
    monkeypatch.setattr(build, "source_hash", lambda name: "f" * 64)  # the source edited since
    assert build.load("four_hands") is None
    assert "stale" in build.status("four_hands")[1]


def test_a_search_not_built_says_so(fresh, monkeypatch):
    monkeypatch.setattr(build, "module_name", lambda name: "engine.doubledummy._nowhere")
    assert build.load("four_hands") is None
    assert build.status("four_hands") == (
        False,
        "Python (the C search is not built: make install builds it, with a C compiler)",
    )


def test_the_pure_setting_turns_the_c_search_off(fresh, monkeypatch):
    monkeypatch.setenv(build.PURE_ENV, "1")
    assert build.load("four_hands") is None
    assert build.status("four_hands")[0] is False


def test_an_install_without_a_working_compiler_completes_and_says_why(tmp_path):
    """setup.py's build of the searches, in a copy of what it reads, with a C compiler that
    always fails: the build succeeds without the modules and names the Python search."""
    shutil.copy(ROOT / "setup.py", tmp_path)
    shutil.copy(ROOT / "pyproject.toml", tmp_path)
    lib = tmp_path / "engine" / "doubledummy"
    lib.mkdir(parents=True)
    for path in (ROOT / "engine" / "doubledummy").glob("*.c"):
        shutil.copy(path, lib)
    done = subprocess.run(
        [sys.executable, "setup.py", "build_ext", "--inplace"],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        env={"PATH": "/usr/bin:/bin", "CC": "false", "LDSHARED": "false"},
        timeout=300,
    )
    assert done.returncode == 0, done.stderr
    said = done.stdout + done.stderr
    assert "engine.doubledummy._four_hands: the C search is not built" in said
    assert "the Python search is used" in said
    assert not list(lib.glob("_*"))
