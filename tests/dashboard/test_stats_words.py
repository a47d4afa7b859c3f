"""The statistics page in player words: every title, note, axis title and column of each
game's own tables (written by the engine in English) has a message id in
dashboard/stats/words.py, so Japanese and Chinese pages show none of them in English."""

from __future__ import annotations

import pytest

from dashboard.i18n import language, translations
from dashboard.stats.records import game_tables
from dashboard.stats.table_view import _shown
from dashboard.stats.words import COLUMN_WORDS, ENGINE_TEXTS
from engine import simulate
from engine.core.registry import game_names
from engine.stats import length_frame, seats_frame, win_rates

COUNTS = {"whist": 4}


def _records(game):
    n = COUNTS.get(game, 3 if game != "pig" else 2)
    return [simulate(game, seed, ["random"] * n) for seed in range(3)]


@pytest.mark.parametrize("game", game_names(include_demo=True))
def test_every_word_of_a_games_statistics_tables_is_a_message(game):
    records = _records(game)
    seats = seats_frame(records)
    frames = [win_rates(seats, "seat"), win_rates(seats, "bot"), length_frame(records)]
    for table in game_tables(game, records):
        for text in (table.title, table.note, table.x_title, table.y_title):
            assert not text or text in ENGINE_TEXTS, text
        frames.append(table.frame)
        for column in table.more_y:
            assert column in COLUMN_WORDS, column
    for frame in frames:
        for column in frame.columns:
            assert column in COLUMN_WORDS, column


@pytest.mark.parametrize("lang", ["ja", "zh-TW"])
def test_statistics_words_are_translated_and_tables_renamed(lang):
    catalog = translations(lang)
    for text in (*ENGINE_TEXTS, *COLUMN_WORDS.values()):
        assert catalog.gettext(text) != text, text
    seats = seats_frame(_records("stack5"))
    with language(lang):
        shown = _shown(win_rates(seats, "seat"))
    assert not any("_" in c for c in shown.columns), shown.columns


@pytest.mark.parametrize(("lang", "tie"), [("en", "red/blue"), ("ja", "赤/青"), ("zh-TW", "紅/藍")])
def test_owners_choice_companies_read_as_their_colours(lang, tie):
    """The company with the highest final price (tied ones together) is named by its colour,
    as on the game's other pages, not by the engine's letter."""
    import polars as pl

    frame = pl.DataFrame({"highest": ["R", "R/B"], "games": [3, 1]})
    with language(lang):
        shown = _shown(frame)
        note = translations(lang).gettext("ties are listed together, e.g. “red/blue”")
    assert shown[shown.columns[0]].to_list()[1] == tie, shown
    assert tie in note and "'" not in note, note
