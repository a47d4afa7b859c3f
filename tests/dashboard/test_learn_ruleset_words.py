"""Each Learn page's ruleset table says every rule, default and meaning in a player's words
(no value as a ruleset file writes it: 'own_and_draw3', True, off, a die face '50/-1',
a field name) in English, Japanese and Chinese, as an HTML table whose sentences wrap on a
390 px screen (not a canvas grid that cuts each to one line)."""

from __future__ import annotations

import re

import pytest

from dashboard.i18n import _, language
from tests.apptest import html_tables, open_page

pytestmark = pytest.mark.filterwarnings("ignore")

GAMES = ("stack5", "owners_choice", "stock_holdem", "whist")
LANGS = ("en", "ja", "zh-TW")

#: a ruleset file's notation: a quoted code, a Python truth value, "off =", a die face,
#: a field's name, the rules file
CODES = re.compile(
    r"'[a-z_0-9]+'|\bTrue\b|\bFalse\b|\boff\b|[a-z]+_[a-z]+|\b\d+/-\d|\ball[+-]\d|"
    r"\bpay\d+|\bRULES\b|\.\.numbers\b|TAKE|STEPS|\bbid[24]\b|\bwhist[24]\b|^-1"
)


def _ruleset_table(at):
    tables = html_tables(at, _("The ruleset"))
    assert len(tables) == 1, [list(t.columns) for t in html_tables(at)]
    return tables[0]


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("game", GAMES)
def test_the_ruleset_table_is_in_words(game, lang):
    with language(lang):
        at = open_page(f"views/{game}/learn.py", lang=lang)
        assert not at.exception, at.exception
        table = _ruleset_table(at)
        meaning = _("meaning")
    # no grid of the ruleset is drawn beside it
    assert not [d for d in at.dataframe if meaning in [str(c) for c in d.value.columns]]
    found = [
        f"{row.iloc[0]}: {cell}"
        for _i, row in table.iterrows()
        for cell in row.iloc[1:]
        if CODES.search(str(cell))
    ]
    assert not found, f"ruleset notation on Learn {game} in {lang}:\n" + "\n".join(found)
