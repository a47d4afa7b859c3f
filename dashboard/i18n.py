"""The app's player-facing text in English, 日本語 and 繁體中文.

English is the source language: a page writes its English text inside ``_()`` and that
text is the gettext message id. The translations live in gettext catalogs managed with
Babel — ``dashboard/locales/<ja|zh_TW>/LC_MESSAGES/<domain>.po``, one domain per area of
the app (:data:`DOMAINS`, so each area's catalog stays a readable size) — and are read at
run time with Babel, so installing needs no compile step. ``make translations`` runs
``pybabel extract`` and ``pybabel update`` (see :mod:`dashboard.i18n_tools`).

The language of a session: ``?lang=`` in the URL (so a shared link keeps it), else the
one chosen before in this session, else the browser's language when Streamlit reports it,
else English. :func:`setup` (called by ``app.py`` on every run) settles it and writes it
back into the URL; :func:`language_links` is the choice of language (drawn by
:mod:`dashboard.frame.menu`).

Outside a Streamlit run (tests, doctests, the engine's CLI) the text is English:

>>> _("Bust odds")
'Bust odds'
>>> ngettext("{n} card", "{n} cards", 2).format(n=2)
'2 cards'
>>> with language("ja"):
...     number(1234.5, digits=1)
'1,234.5'
"""

from __future__ import annotations

import contextlib
import contextvars
import functools
import gettext as _gettext
import io
import re
from pathlib import Path

LANGUAGES: dict[str, str] = {"en": "English", "ja": "日本語", "zh-TW": "繁體中文"}
DEFAULT = "en"
LANG_KEY = "lang"  # the URL parameter and the session-state key
_CATALOG_DIR = {"ja": "ja", "zh-TW": "zh_TW"}  # gettext's folder names
_BABEL_LOCALE = {"en": "en", "ja": "ja", "zh-TW": "zh_Hant_TW"}

LOCALES = Path(__file__).parent / "locales"

# Text that comes from the engine: error templates (``EngineError.coded``, ``word``) and
# ruleset field docs. The engine stays English; the app words them with this catalog.
ENGINE_DOMAIN = "engine"
COMMON_DOMAIN = "common"


def _domains() -> dict[str, tuple[str, ...]]:
    """A game with a catalog of its own (``locales/ja/LC_MESSAGES/<game>.po``) has the
    text of its folders, ``dashboard/<game>/`` and ``dashboard/views/<game>/``; the
    text of every other page file of dashboard/ is in "common"."""
    folder = LOCALES / _CATALOG_DIR["ja"] / "LC_MESSAGES"
    games = sorted(p.stem for p in folder.glob("*.po")) if folder.is_dir() else []
    games = [g for g in games if g not in (ENGINE_DOMAIN, COMMON_DOMAIN)]
    return {**{g: (g, f"views/{g}") for g in games}, COMMON_DOMAIN: ()}


#: Which files' text goes to which catalog (paths relative to dashboard/).
DOMAINS: dict[str, tuple[str, ...]] = _domains()

# Set while a language is forced (tests, ``language()``); else the session's choice.
_forced: contextvars.ContextVar[str | None] = contextvars.ContextVar("lang", default=None)


def N_(message: str) -> str:  # noqa: N802 — the gettext convention
    """Mark text for translation where it is defined; translate it with ``_()`` where it
    is shown (module-level constants, page titles)."""
    return message


def normalise(code) -> str | None:
    """A language code as the app names it (``en``, ``ja``, ``zh-TW``), from what a URL or
    a browser gives (``ja-JP``, ``zh_TW``, ``zh-Hant``…); ``None`` if not one of ours.

    >>> [normalise(c) for c in ("ja-JP", "zh_tw", "zh-Hant-HK", "en-GB", "fr", None)]
    ['ja', 'zh-TW', 'zh-TW', 'en', None, None]
    """
    if not isinstance(code, str) or not 0 < len(code) <= 35:
        return None
    parts = code.replace("_", "-").lower().split("-")
    if parts[0] == "ja":
        return "ja"
    if parts[0] == "en":
        return "en"
    if parts[0] == "zh" and ("tw" in parts or "hant" in parts or "hk" in parts):
        return "zh-TW"
    return None


def _session_state():
    try:
        from streamlit.runtime.scriptrunner import get_script_run_ctx

        if get_script_run_ctx(suppress_warning=True) is None:
            return None
        import streamlit as st

        return st.session_state
    except Exception:  # no Streamlit, or a bare import
        return None


def current() -> str:
    """The language of this run: ``en``, ``ja`` or ``zh-TW``."""
    forced = _forced.get()
    if forced is not None:
        return forced
    state = _session_state()
    if state is None:
        return DEFAULT
    lang = state.get(LANG_KEY)
    return lang if lang in LANGUAGES else DEFAULT


@contextlib.contextmanager
def language(lang: str):
    """Use ``lang`` inside the block (tests, rendering a text in another language)."""
    if lang not in LANGUAGES:
        raise ValueError(f"language {lang!r}: give one of {', '.join(LANGUAGES)}")
    token = _forced.set(lang)
    try:
        yield
    finally:
        _forced.reset(token)


def catalog_paths(lang: str) -> list[Path]:
    folder = LOCALES / _CATALOG_DIR[lang] / "LC_MESSAGES"
    names = [*DOMAINS, ENGINE_DOMAIN]
    return [folder / f"{d}.po" for d in names if (folder / f"{d}.po").exists()]


def _stamp(lang: str) -> tuple:
    return tuple((p.name, p.stat().st_mtime_ns) for p in catalog_paths(lang))


@functools.lru_cache(maxsize=8)
def _translations(lang: str, stamp: tuple) -> _gettext.NullTranslations:
    """Every domain's catalog of ``lang`` as one gettext object (a domain falls back to the
    next). Fuzzy entries are not used: they are guesses no one has checked."""
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po

    chain = _gettext.NullTranslations()
    for path in reversed(catalog_paths(lang)):
        with open(path, "rb") as f:
            catalog = read_po(f, locale=_CATALOG_DIR[lang])
        buf = io.BytesIO()
        write_mo(buf, catalog, use_fuzzy=False)
        buf.seek(0)
        domain = _gettext.GNUTranslations(buf)
        domain.add_fallback(chain)
        chain = domain
    return chain


_stamps: dict[str, tuple] = {}


def translations(lang: str | None = None) -> _gettext.NullTranslations:
    lang = lang or current()
    if lang == DEFAULT:
        return _gettext.NullTranslations()
    if lang not in _stamps:
        _stamps[lang] = _stamp(lang)
    return _translations(lang, _stamps[lang])


def reload_if_changed() -> None:
    """Pick up edited catalogs (a few ``stat`` calls; ``app.py`` calls it once per run)."""
    for lang in list(_stamps):
        _stamps[lang] = _stamp(lang)


def texts_key() -> tuple:
    """What the session's texts depend on: the language and its catalogs' version (for a
    cache of words drawn in it: an edited catalog is read again, see
    :func:`reload_if_changed`)."""
    lang = current()
    return lang, _stamps.get(lang)


def _(message: str) -> str:
    """``message`` (English) in the session's language."""
    lang = current()
    if lang == DEFAULT:
        return message
    return translations(lang).gettext(message)


gettext = _


def ngettext(singular: str, plural: str, n: int) -> str:
    """The singular or plural text for ``n``, by the language's own plural rule."""
    lang = current()
    if lang == DEFAULT:
        return singular if n == 1 else plural
    return translations(lang).ngettext(singular, plural, n)


def pgettext(context: str, message: str) -> str:
    """``message`` in the context ``context`` (the same English word used two ways)."""
    lang = current()
    if lang == DEFAULT:
        return message
    return translations(lang).pgettext(context, message)


def error_text(exc: BaseException | str, *, inside: bool = False) -> str:
    """An engine error's message in the session's language, as a sentence a player would
    write: a coded error (:meth:`engine.core.errors.EngineError.coded`) from its template
    (translated, or the engine's English) and its parameters, each worded as the page
    words it (a :class:`~engine.core.errors.Word` translated, a list with the language's
    commas and quotes, a :class:`~engine.core.errors.Seat` as "Player n", an inner coded
    error or phrase worded the same way); the player's input the template quotes with
    ``{x!r}`` (or gives as :func:`~engine.core.errors.quoted`) quoted as the language
    quotes (“x”, 「x」), not as Python would. In English the message starts with a capital
    letter, unless it starts with what the player wrote (a file's name, a quoted text).
    ``inside``: the message goes inside a sentence of the page's own (in brackets, say),
    so it starts with no capital. Any other error as it was written. The engine's own
    English (``str(exc)``, for the command line and logs) stays as it is.

    >>> from engine.core.errors import ParseError, Phrase, Seat
    >>> error_text(ParseError.coded("demo", "{text!r}: not a card", text="X9"))
    '“X9”: not a card'
    >>> inner = ParseError.coded("demo", "{who} may not play {text!r}", who=Seat(1), text="x")
    >>> error_text(ParseError.within(Phrase.coded("where.line", "line {n}", n=3), inner))
    'Line 3: Player 2 may not play “x”'
    >>> error_text(ParseError.within("games.jsonl", inner))  # a file's name as written
    'games.jsonl: Player 2 may not play “x”'
    >>> error_text(ParseError.within(Phrase.coded("where.line", "line {n}", n=3), inner),
    ...            inside=True)  # inside the page's own sentence
    'line 3: Player 2 may not play “x”'
    """
    return _error_words(exc, first=current() == DEFAULT and not inside)


#: a template's ``{name!r}``: the player's input, quoted the way Python writes a ``str``
_QUOTED_FIELD = re.compile(r"\{(\w+)!r\}")
#: the field a template starts with (``{where}: …``)
_LEADING_FIELD = re.compile(r"\{(\w+)")


def quoted_template(template: str) -> str:
    """``template`` with each ``{x!r}`` (the player's input, as Python would quote it)
    quoted as the language quotes: “x” in English.

    >>> quoted_template("{text!r} is not allowed now")
    '“{text}” is not allowed now'
    """
    quote = pgettext("quoted input", "“{text}”")
    return _QUOTED_FIELD.sub(lambda m: quote.format(text=f"{{{m[1]}}}"), template)


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


def _error_words(exc, first: bool = False) -> str:
    """:func:`error_text`; ``first``: the text starts an English sentence (its first letter
    a capital, unless it is what the player wrote), else it is an inner part of one."""
    from dashboard.words.lists import listed

    template = getattr(exc, "template", None)
    code = getattr(exc, "code", None)
    if code in ("choices", "join"):  # a list (dashboard.words.phrases)
        text = listed(exc, _error_param, pgettext)
        return _capital(text) if first else text
    if not template or not code:  # as written (it may start with a file's name)
        return str(exc)
    said = quoted_template(pgettext(code, template))
    lead = _LEADING_FIELD.match(said)
    if first and lead is None:  # the template's own first word
        said = _capital(said)
    # an inner error or a Phrase (a worded place or reason) is worded too; the one the
    # sentence starts with starts with a capital
    params = {
        k: _error_param(v, first=first and lead is not None and k == lead[1])
        for k, v in exc.params.items()
    }
    try:
        return said.format(**params)
    except (KeyError, IndexError, ValueError):  # a broken translation: say it in English
        return str(exc)


def _error_param(v, first: bool = False):
    """A parameter of a coded error as the page words it (``first``: see
    :func:`_error_words`; what the player wrote is kept as written)."""
    from engine.core.errors import Quoted, Seat, Word

    if isinstance(v, Word):
        return _capital(_(v)) if first else _(v)
    if isinstance(v, Quoted):  # the player's input: quoted as the language quotes
        return pgettext("quoted input", "“{text}”").format(text=v.text) + ("…" if v.cut else "")
    if isinstance(v, Seat):  # a seat of a phrase: the player, as pages name players
        return _("Player {n}").format(n=int(v) + 1)  # = dashboard.ui.seat_name, no names
    return _error_words(v, first) if getattr(v, "code", None) else v


def babel_locale(lang: str | None = None) -> str:
    return _BABEL_LOCALE[lang or current()]


def number(value, digits: int = 0) -> str:
    """A number with the language's separators and ``digits`` decimals."""
    return _formatted("decimal", value, digits, babel_locale())


def percent(value, digits: int = 1) -> str:
    """A fraction as a percentage: ``percent(0.125)`` → ``12.5%``."""
    return _formatted("percent", value, digits, babel_locale())


def _formatted(kind: str, value, digits: int, locale: str) -> str:
    """Babel's number or percentage (remembered: a page of odds formats the same few
    values over and over, and Babel takes a while for each)."""
    try:
        return _remembered_format(kind, value, digits, locale)
    except TypeError:  # an unhashable value: formatted afresh
        return _format(kind, value, digits, locale)


def _format(kind: str, value, digits: int, locale: str) -> str:
    from babel.numbers import format_decimal, format_percent

    pattern = "#,##0" + ("." + "0" * digits if digits > 0 else "")
    if kind == "percent":
        return format_percent(value, format=pattern + "%", locale=locale)
    return format_decimal(value, format=pattern, locale=locale)


_remembered_format = functools.lru_cache(maxsize=4096, typed=True)(_format)


def money(value, digits: int = 0) -> str:
    """Game money (dollars in every language, as on the components): ``$1,234``."""
    sign = "-" if value < 0 else ""
    return f"{sign}${number(abs(value), digits)}"


def browser_language() -> str | None:
    """The browser's language when Streamlit reports it."""
    try:
        import streamlit as st

        return normalise(st.context.locale)
    except Exception:
        return None


def setup() -> str:
    """Settle the session's language (URL, then this session's choice, then the browser,
    then English), keep it in the URL, and return it. Called by ``app.py`` on every run."""
    import streamlit as st

    reload_if_changed()
    from_url = normalise(st.query_params.get(LANG_KEY))
    if from_url is not None:
        lang = from_url
    elif st.session_state.get(LANG_KEY) in LANGUAGES:
        lang = st.session_state[LANG_KEY]
    else:
        lang = browser_language() or DEFAULT
    st.session_state[LANG_KEY] = lang
    if st.query_params.get(LANG_KEY) != lang:
        st.query_params[LANG_KEY] = lang
    return lang


def language_links(lang: str, params: dict[str, str]) -> str:
    """The choice of language as one line of links, each language in its own name, the
    one in use in bold (not a link); each link is this page's address with ``params``
    (the page's link) and the language changed, opened in the same tab.

    >>> language_links("ja", {"lang": "ja", "sheet": "7"})  # doctest: +NORMALIZE_WHITESPACE
    '<nav aria-label="Language · 言語 · 語言" class="tt-lang"><a href="?lang=en&amp;sheet=7"
    target="_self" hreflang="en" lang="en">English</a> · <b aria-current="true"
    lang="ja">日本語</b> · <a href="?lang=zh-TW&amp;sheet=7" target="_self" hreflang="zh-TW"
    lang="zh-TW">繁體中文</a></nav>'
    """
    from html import escape
    from urllib.parse import urlencode

    parts = []
    for code, name in LANGUAGES.items():
        if code == lang:
            parts.append(f'<b aria-current="true" lang="{code}">{name}</b>')
            continue
        href = "?" + urlencode({**params, LANG_KEY: code})
        parts.append(
            f'<a href="{escape(href)}" target="_self" hreflang="{code}" lang="{code}">{name}</a>'
        )
    label = "Language · 言語 · 語言"
    return f'<nav aria-label="{label}" class="tt-lang">' + " · ".join(parts) + "</nav>"
