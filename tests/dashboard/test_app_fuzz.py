"""Fuzz every page of the app under AppTest: junk in every widget, every button clicked,
hostile values in the URL. No page may show an exception or the generic crash message.

Seeded and deterministic. The CI run tries a few actions per page; set
``TABLETOP_FUZZ_RUNS`` (actions per page, e.g. 200) for a long run (also marked slow).
"""

from __future__ import annotations

import os
import random
import re
import tomllib
from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from dashboard.nav import all_pages
from dashboard.ui import CRASH_MESSAGE
from engine.core.records import MAX_BYTES
from tests.apptest import APP, open_page

ROOT = Path(__file__).resolve().parents[2]
PAGES = [p.script for p in all_pages()]
CI_ACTIONS = 6
JUNK_TEXT = [
    "²",
    "9" * 5000,
    "-" + "9" * 30,
    "[click](http://e.vil) ![x](http://e.vil/x.png) :red[boom] $x^2$ <b>b</b>",
    "héllo 中文 🎲 ١٢٣ ⅷ",
    "",
    " ",
    "0",
    "-1",
    "nan",
    "buy R",
    "move ²",
    "roll",
    "die 7",
    "x = 1\n[table]\nvariant = 'whist2'",
    'variant = "nope"',
    "target = 99999999999999999999",
    ",,,,",
    "R3,B1,ZZ",
    "\t\n",
]


def crash_free(at: AppTest, what: str) -> None:
    assert not at.exception, f"{what}: {[e.value for e in at.exception]}"
    for e in at.error:
        assert not str(e.value).startswith(CRASH_MESSAGE), f"{what}: {e.value}"


def _widgets(at: AppTest) -> list:
    found = []
    for kind in (
        "text_input",
        "text_area",
        "number_input",
        "selectbox",
        "checkbox",
        "toggle",
        "segmented_control",
        "slider",
        "button",
    ):
        try:
            found += [(kind, w) for w in getattr(at, kind)]
        except Exception:  # an element kind this Streamlit cannot list
            continue
    return found


def _junk(kind: str, w, rng: random.Random):
    """Set a junk value on widget ``w``; returns a description, or None to skip."""
    if kind in ("text_input", "text_area"):
        value = rng.choice(JUNK_TEXT)
        w.set_value(value)
        return f"{value[:30]!r}"
    if kind == "number_input":
        lo = w.min if w.min is not None else -(10**12)
        hi = w.max if w.max is not None else 10**12
        value = rng.choice([lo, hi, lo, hi, (lo + hi) // 2 if isinstance(lo, int) else lo])
        w.set_value(value)
        return repr(value)
    if kind == "selectbox":
        if not w.options:
            return None
        before = w.value
        i = rng.randrange(len(w.options))
        w.select_index(i)
        try:
            w._widget_state  # noqa: B018 - AppTest selects by label: fails with format_func
        except ValueError:
            w.set_value(before)
            return None
        return f"option {w.options[i]!r}"
    if kind in ("checkbox", "toggle"):
        w.set_value(not w.value)
        return "toggled"
    if kind == "segmented_control":
        if not w.options:
            return None
        before = w.value
        option = rng.choice(w.options)
        w.set_value(option)
        try:
            w._widget_state  # noqa: B018 - a label is not a value when there is a format_func
        except (ValueError, TypeError):
            w.set_value(before)
            return None
        return f"{option!r}"
    if kind == "slider":
        lo, hi = w.min, w.max
        if isinstance(lo, int) and isinstance(hi, int) and not isinstance(w.value, tuple):
            value = rng.choice([lo, hi])
            w.set_value(value)
            return repr(value)
        return None
    if kind == "button":
        if getattr(w, "disabled", False):
            return None
        w.click()
        return "click"
    return None


def fuzz_page(script: str, seed: int, actions: int) -> int:
    """Random junk then a rerun, ``actions`` times; returns how many page runs it made."""
    rng = random.Random(f"{script}:{seed}")
    at = open_page(script)
    crash_free(at, f"{script} opening")
    runs = 1
    for step in range(actions):
        widgets = _widgets(at)
        if not widgets:
            break
        kind, w = rng.choice(widgets)
        label = getattr(w, "key", None) or getattr(w, "label", "?")
        try:
            what = _junk(kind, w, rng)
        except (ValueError, TypeError, IndexError, KeyError):  # the harness, not the app
            continue
        if what is None:
            continue
        try:
            at.run()
        except (ValueError, TypeError, KeyError, IndexError):
            # AppTest could not send the value (raised before the script ran; a page's
            # own errors never propagate here): start afresh.
            at = open_page(script)
        runs += 1
        crash_free(at, f"{script} step {step}: {kind} {label!r} = {what}")
    return runs


@pytest.mark.parametrize("script", PAGES)
def test_junk_in_every_widget_shows_no_exception(script):
    fuzz_page(script, seed=1, actions=CI_ACTIONS)


@pytest.mark.slow
@pytest.mark.skipif(not os.environ.get("TABLETOP_FUZZ_RUNS"), reason="set TABLETOP_FUZZ_RUNS")
@pytest.mark.parametrize("script", PAGES)
def test_long_fuzz_run(script):
    total = int(os.environ["TABLETOP_FUZZ_RUNS"])
    runs = 0
    for seed in range(2, 2 + max(1, total // 25)):
        runs += fuzz_page(script, seed=seed, actions=25)
    print(f"{script}: {runs} page runs, 0 failures")


# --- hostile URL parameters ------------------------------------------------------------------


def _url_keys() -> list[str]:
    """Every query key a page reads (url_value) or writes (set_url), plus the store ids."""
    keys = {"sheet", "live_owners_choice", "live_stack5", "live_pig", "page", "embed"}
    for path in (ROOT / "dashboard").rglob("*.py"):
        text = path.read_text(encoding="utf-8")
        keys |= set(re.findall(r"url_value\(\s*\"(\w+)\"", text))
        for args in re.findall(r"set_url\(([^)]*)\)", text):
            keys |= set(re.findall(r"(\w+)=", args))
    keys |= {f"row{i}" for i in range(1, 6)} | {"r", "y", "b", "g", "red", "blue"}
    return sorted(keys)


HOSTILE = ["²", "9" * 5000, "-99999999999999999999", "nan", "inf", ",,,," * 100, "x" * 3000,
           "[x](http://e.vil)", "", "1e308", "-1", "AAAAAAAAAAAAAAAAAAAAAA"]  # fmt: skip


@pytest.mark.parametrize("script", PAGES)
def test_hostile_url_parameters_show_no_exception(script):
    keys = _url_keys()
    for i, value in enumerate(random.Random(script).sample(HOSTILE, 3)):
        at = AppTest.from_file(APP, default_timeout=120)
        at.run()
        for key in keys:
            at.query_params[key] = value
        at.switch_page(script)
        at.run()
        crash_free(at, f"{script} with every URL key = {value[:20]!r} ({i})")


def test_url_value_is_bounded_and_falls_back(monkeypatch):
    from dashboard import ui

    params: dict[str, str] = {}
    monkeypatch.setattr(ui.st, "query_params", params)
    cases = [
        ("²", 5, {}, 5),
        ("9" * 5000, 5, {}, 5),
        ("12", 5, {}, 12),
        ("-3", 5, {"min": 0}, 5),
        ("14", 5, {"max": 13}, 5),
        ("7", 5, {"choices": (5, 7, 10)}, 7),
        ("8", 5, {"choices": (5, 7, 10)}, 5),
        ("nan", 1.0, {}, 1.0),
        ("1e400", 1.0, {}, 1.0),
        ("whist2", "bid4", {"choices": ("bid4", "whist2")}, "whist2"),
        ("evil", "bid4", {"choices": ("bid4", "whist2")}, "bid4"),
        ("x" * 3000, "bid4", {}, "bid4"),
        ("R3,ZZ,B1", ["R3"], {"choices": ("R3", "B1")}, ["R3", "B1"]),
        (",".join(["a"] * 100), ["a"], {}, ["a"]),
        ("yes", False, {}, True),
    ]
    for raw, default, kw, expected in cases:
        params["k"] = raw
        assert ui.url_value("k", default, **kw) == expected, (raw[:20], default, kw)
    assert ui.url_value("missing", 3) == 3


def test_url_value_reads_lists_of_counts_clamps_checks_and_notes_what_it_refused(monkeypatch):
    """The one URL reader: a list of whole numbers (clamped, or the default list for any
    junk item), a page's own check, and the refused texts for the page's notice."""
    from dashboard import ui

    params: dict[str, str] = {}
    monkeypatch.setattr(ui.st, "query_params", params)
    refused: dict[str, str] = {}

    def read(raw, default, **kw):
        params["k"] = raw
        return ui.url_value("k", default, refused=refused, **kw)

    assert read("3, 250,7", [1, 2], min=0, max=100, clamp=True) == [3, 100, 7]
    assert read("-4", [1], min=0, max=100, clamp=True) == [0]
    assert refused == {}
    assert read("3,x", [1, 2], min=0, max=100, clamp=True) == [1, 2]
    assert refused == {"k": "3,x"}
    assert read("40", 5, min=0, max=13, clamp=True) == 13
    assert read("40", 5, min=0, max=13) == 5

    def short(text):
        if len(text) > 3:
            raise ValueError(text)

    refused.clear()
    assert read("abc", "", check=short) == "abc" and refused == {}
    assert read("abcd", "", check=short) == "" and refused == {"k": "abcd"}
    params.pop("k")
    assert ui.url_value("k", 5, refused=refused) == 5  # absent: nothing to say


def test_upload_size_cap_matches_the_record_limit():
    config = tomllib.loads((ROOT / ".streamlit" / "config.toml").read_text(encoding="utf-8"))
    assert config["server"]["maxUploadSize"] == -(-MAX_BYTES // 2**20)
