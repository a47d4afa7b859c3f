"""Helpers for the language tests: the visible text of a page under AppTest, and the
English sentences of the catalogs that leak into a page shown in another language."""

from __future__ import annotations

import functools
import html
import re

from dashboard.i18n import DOMAINS
from dashboard.i18n_tools import read
from tests.board import board_words

LANG_DIRS = {"ja": "ja", "zh-TW": "zh_TW"}
_FIELD = re.compile(r"\{[^{}]*\}")

_TEXT_KINDS = (
    "markdown",
    "caption",
    "title",
    "header",
    "subheader",
    "info",
    "warning",
    "error",
    "success",
    "code",
    "latex",
)
_LABEL_KINDS = (
    "button",
    "checkbox",
    "toggle",
    "radio",
    "selectbox",
    "multiselect",
    "number_input",
    "text_input",
    "text_area",
    "slider",
    "select_slider",
    "metric",
    "expander",
    "tabs",
    "date_input",
    "color_picker",
)


def page_text(at) -> str:
    """Every text, label, caption, help and option the page shows (as far as AppTest
    reports them)."""
    parts: list[str] = []
    for kind in _TEXT_KINDS:
        for el in getattr(at, kind, []):
            parts.append(str(getattr(el, "value", "") or ""))
    for kind in _LABEL_KINDS:
        for el in getattr(at, kind, []):
            for attr in ("label", "help", "placeholder"):
                value = getattr(el, attr, None)
                if isinstance(value, str):
                    parts.append(value)
            options = getattr(el, "options", None)
            if options:
                parts.extend(str(o) for o in options)
            if kind == "metric":
                parts.append(str(getattr(el, "value", "")))
    for kind in ("sidebar",):
        section = getattr(at, kind, None)
        if section is not None:
            for el in getattr(section, "markdown", []):
                parts.append(str(el.value))
    for el in at.get("html"):  # the page's own HTML: its words, without tags or styles
        body = re.sub(r"<(style|script)\b.*?</\1>", " ", el.proto.body, flags=re.S)
        parts.append(html.unescape(re.sub(r"<[^>]+>", " ", body)))
    parts.append(board_words(at))  # the analysis board's words at its step
    return "\n".join(parts)


@functools.cache
def _english_pieces(lang: str) -> tuple[str, ...]:
    """Pieces of English that must not show once translated: each msgid's literal parts
    (between {placeholders}) of at least three words, where the translation differs."""
    pieces = set()
    for domain in DOMAINS:
        catalog = read(LANG_DIRS[lang], domain)
        if catalog is None:
            continue
        for msg in catalog:
            if not msg.id or isinstance(msg.id, tuple) or not msg.string:
                continue
            if msg.string == msg.id:
                continue
            for part in _FIELD.split(msg.id):
                part = " ".join(part.split()).strip(" .,:;()*_-")
                if len(part.split()) >= 3 and len(part) >= 14:
                    pieces.add(part)
    return tuple(sorted(pieces))


def english_leaks(at, lang: str) -> list[str]:
    """English catalog sentences visible on a page shown in ``lang``."""
    text = " ".join(page_text(at).split())
    return [p for p in _english_pieces(lang) if p in text]
