"""The shipped rule-variant reports (``data/variants/<game>/<rule>.json``, made by
``data/variants/commands.sh``): what changing one assumption did over a few hundred
bots' games, for the Rule assumptions page to say beside the rule."""

from __future__ import annotations

import json
from pathlib import Path

import streamlit as st

from dashboard.explorer.sources import DATA_DIR
from dashboard.i18n import ngettext, number
from dashboard.variants.words import value_words, verdict_words

FOLDER = DATA_DIR / "variants"


@st.cache_data(show_spinner=False)
def _read(path: str, stamp: float) -> dict | None:
    """A report as stored (None: unreadable; ``stamp`` renews the cache when it changes)."""
    try:
        report = json.loads(Path(path).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    return report if isinstance(report, dict) and "verdict" in report else None


def report(game: str, field: str) -> dict | None:
    """The shipped report of ``game``'s rule ``field``, if there is one."""
    path = FOLDER / game / f"{field}.json"
    try:
        stamp = path.stat().st_mtime
    except OSError:
        return None
    return _read(str(path), stamp)


def summary(game: str, found: dict) -> str:
    """One line in the page's words: the verdict, then what was compared and how many
    games (e.g. "No measurable difference in 800 games. (Yes against No, 400 games each.)")."""
    field = found["field"]
    values = [value_words(game, field, s["value"]) for s in found.get("settings", [])]
    games = int(found.get("games_per_setting", 0))
    compared = ngettext(
        "{values}, {games} game each.", "{values}, {games} games each.", games
    ).format(values=" / ".join(values), games=number(games))
    return f"{verdict_words(game, found['verdict'])} ({compared.rstrip('.。')})"
