"""The glossary (dashboard/locales/glossary/*.toml): the rule articles' own words, used by
every translation that contains the English term, and shown on each game's learn page."""

from __future__ import annotations

import re
import tomllib

import pytest

from dashboard.i18n import DOMAINS, ENGINE_DOMAIN, LOCALES
from dashboard.i18n_tools import read
from tests.apptest import open_page

GLOSSARY = LOCALES / "glossary"
LANGS = {"ja": "ja", "zh-TW": "zh_TW"}
LEARN_PAGES = {
    "stock_holdem": "views/stock_holdem/learn.py",
    "stack5": "views/stack5/learn.py",
    "owners_choice": "views/owners_choice/learn.py",
    "whist": "views/whist/learn.py",
}


def _terms(domain: str) -> list[dict]:
    path = GLOSSARY / f"{domain}.toml"
    if not path.exists():
        return []
    return tomllib.loads(path.read_text(encoding="utf-8")).get("term", [])


def _accepted(term: dict, lang: str) -> list[str]:
    return [term[lang], *term.get(f"{lang}_also", [])]


def test_every_glossary_term_has_all_three_languages():
    files = sorted(GLOSSARY.glob("*.toml"))
    assert files, "no glossary files"
    for path in files:
        assert path.stem in DOMAINS, f"{path.name}: name it after a domain of {list(DOMAINS)}"
        for term in _terms(path.stem):
            for lang in ("en", "ja", "zh-TW"):
                assert isinstance(term.get(lang), str) and term[lang].strip(), (path.name, term)


# English that is not the glossary's term there: "run over 10 back to 1" is no card's back
NOT_THE_TERM = {"back": re.compile(r"\bback to\b")}


@pytest.mark.parametrize("lang", LANGS)
def test_translations_use_the_glossary_terms(lang):
    """Game names (common) apply in every catalog; a game's terms in its own catalog."""
    wrong = []
    for domain in DOMAINS:
        catalog = read(LANGS[lang], domain)
        if catalog is None:
            continue
        terms = _terms("common") + ([] if domain == "common" else _terms(domain))
        for term in terms:
            pattern = re.compile(rf"(?<![\w']){re.escape(term['en'])}(?![\w'])", re.IGNORECASE)
            for msg in catalog:
                ids = msg.id if isinstance(msg.id, tuple) else (msg.id,)
                strings = msg.string if isinstance(msg.string, tuple) else (msg.string,)
                text = NOT_THE_TERM.get(term["en"], re.compile("$^")).sub("", ids[0])
                text = _NOT_WORDS.sub("", text)  # "{symbol}" is a placeholder, not the term
                if not msg.id or not all(strings) or not pattern.search(text):
                    continue
                if not all(any(a in s for a in _accepted(term, lang)) for s in strings):
                    wrong.append(f"{domain}: {ids[0][:60]!r} lacks {term[lang]!r}")
    assert not wrong, "\n".join(wrong[:40])


# The engine's catalog (errors, phrases, ruleset docs): a message uses the common terms
# and those of the game whose engine folder it comes from (engine/stack5/… → stack5).
ENGINE_GAMES = ("stock_holdem", "stack5", "owners_choice", "whist")
# nor are {placeholders} and quoted text the player types (“die fund 50/-1”, or as Python
# quotes it, 'die fund 50/-1')
_NOT_WORDS = re.compile(r"\{[^{}]*\}|(?<!\w)'[^']*'|“[^”]*”")


def _engine_terms(msg) -> list[dict]:
    folders = {path.split("/")[1] for path, _ in msg.locations if path.startswith("engine/")}
    return _terms("common") + [t for g in ENGINE_GAMES if g in folders for t in _terms(g)]


@pytest.mark.parametrize("lang", LANGS)
def test_engine_translations_use_the_glossary_terms_of_their_game(lang):
    catalog = read(LANGS[lang], ENGINE_DOMAIN)
    assert catalog is not None
    wrong = []
    for msg in catalog:
        if not msg.id or not msg.string:
            continue
        for term in _engine_terms(msg):
            pattern = re.compile(rf"(?<![\w']){re.escape(term['en'])}(?![\w'])", re.IGNORECASE)
            text = _NOT_WORDS.sub("", msg.id)
            text = NOT_THE_TERM.get(term["en"], re.compile("$^")).sub("", text)
            if pattern.search(text) and not any(a in msg.string for a in _accepted(term, lang)):
                wrong.append(f"{msg.context or ''} {msg.id[:60]!r} lacks {term[lang]!r}")
    assert not wrong, "\n".join(wrong[:40])


def _page_text(at) -> str:
    parts = []
    for kind in ("markdown", "caption", "title", "header", "subheader", "info", "expander"):
        for el in getattr(at, kind, []):
            parts.append(str(getattr(el, "value", "") or getattr(el, "label", "")))
    return "\n".join(parts)


@pytest.mark.parametrize("domain", LEARN_PAGES)
@pytest.mark.parametrize("lang", LANGS)
def test_learn_pages_show_their_glossary_terms(domain, lang):
    required = [t for t in _terms(domain) if t.get("learn") == domain]
    if not required:
        pytest.skip(f"no learn-page terms in glossary/{domain}.toml yet")
    at = open_page(LEARN_PAGES[domain], lang=lang)
    assert not at.exception
    text = _page_text(at)
    missing = [t[lang] for t in required if not any(a in text for a in _accepted(t, lang))]
    assert not missing, f"{domain} learn page in {lang} lacks {missing}"
