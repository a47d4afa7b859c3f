"""The Japanese and Chinese catalogs write their own punctuation: full-width colons,
brackets and question marks after CJK words (as every catalog does), and no ASCII '~'
(Markdown draws text between two of them struck through: write ranges with ～ or –)."""

from __future__ import annotations

import re

import pytest
from babel.messages.pofile import read_po

from dashboard.i18n import LOCALES

DOMAINS = ("common", "stack5", "stock_holdem", "owners_choice", "whist")
CJK = r"[\u3040-\u30ff\u3400-\u9fff]"
ASCII_AFTER_CJK = re.compile(rf"{CJK}[:?!(),;]")


def _strings(lang: str, domain: str):
    with open(LOCALES / lang / "LC_MESSAGES" / f"{domain}.po", "rb") as f:
        catalog = read_po(f, locale=lang)
    for m in catalog:
        if m.id and m.string:
            yield from m.string if isinstance(m.string, tuple) else (m.string,)


@pytest.mark.parametrize("lang", ["ja", "zh_TW"])
@pytest.mark.parametrize("domain", DOMAINS)
def test_translations_use_full_width_punctuation_and_no_strikethrough_tildes(lang, domain):
    for text in _strings(lang, domain):
        assert "~" not in text, text
        assert not ASCII_AFTER_CJK.search(text), text
