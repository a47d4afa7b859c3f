"""The page menu: the choice of language and the app's page list, one HTML element drawn
after the page (``app.py``), opened from a button at the top left of every page.

Why not a sidebar: Streamlit's own page list (``st.navigation``'s sidebar) made every
first load on a phone about a quarter slower, and a sidebar of any content still cost a
sixth of a bare page's load (a page with and without ``st.sidebar``, loaded in turn,
docs/benchmarks.md). The app keeps ``st.navigation`` for its addresses and page switches,
hidden, and draws the list itself as plain links in a ``<details>`` element in the page:
closed, it is one button; open, a panel over the page. The start page's script
(:data:`dashboard.frame.head.NAV_SCRIPT`) turns a link into Streamlit's page switch and
closes the menu. The same element carries the page-language script and Streamlit's own
English in the page's words (:mod:`dashboard.words.streamlit`), drawn after the page so
the language links keep the link the page wrote.
"""

from __future__ import annotations

import html
from urllib.parse import urlencode

from dashboard import i18n
from dashboard.i18n import LANG_KEY, _
from dashboard.nav import HOME, PageSpec

_PAGE_LANGUAGE_SCRIPT = '<script>document.documentElement.lang = "%s";</script>'
_MARKED = "_page_language_marked"


def page_link(spec: PageSpec, lang: str, current: str = "", label: str = "") -> str:
    """A page's link: its address (relative, so a base path is kept) in the language
    ``lang``, with ``data-tt-page`` for the page-switch script; ``current``, the address of
    the page on view (its link is marked); ``label``, the text (default: the page's icon
    and title).

    >>> from dashboard.nav import PageSpec
    >>> page_link(PageSpec("views/stack5/live.py", "Live game", ":material/casino:"), "en")
    ... # doctest: +NORMALIZE_WHITESPACE
    '<a href="stack5_live?lang=en" target="_self" data-tt-page="stack5_live"><span
    class="tt-icon" aria-hidden="true">casino</span>Live game</a>'
    """
    path = "" if spec is HOME else spec.url_path
    href = (path or "./") + "?" + urlencode({LANG_KEY: lang})
    mark = (
        ' aria-current="page"'
        if spec.url_path == current or (spec is HOME and current == "")
        else ""
    )
    if not label:
        icon = spec.icon.removeprefix(":material/").removesuffix(":")
        label = (
            f'<span class="tt-icon" aria-hidden="true">{html.escape(icon)}</span>'
            + html.escape(i18n._(spec.title))
        )
    return (
        f'<a href="{html.escape(href)}" target="_self" data-tt-page="{html.escape(path)}"{mark}>'
        f"{label}</a>"
    )


def page_list(sections: dict[str, list[PageSpec]], lang: str, current: str) -> str:
    """The app's pages in their sections, Home first, the one on view marked."""
    parts = [page_link(HOME, lang, current)]
    for section, pages in sections.items():
        parts.append(f'<div class="tt-section">{html.escape(_(section))}</div>')
        parts += [page_link(p, lang, current) for p in pages]
    label = html.escape(_("Pages"))
    return f'<nav class="tt-pages" aria-label="{label}">' + "".join(parts) + "</nav>"


def _page_language_script(lang: str) -> str:
    """The script that tells the browser the page's language (Streamlit has no setting for
    it), or nothing for an English page of a session that was never in another language
    (the document starts in English)."""
    import streamlit as st

    if lang == i18n.DEFAULT and not st.session_state.get(_MARKED):
        return ""
    st.session_state[_MARKED] = True
    return _PAGE_LANGUAGE_SCRIPT % lang


def draw(where, sections: dict[str, list[PageSpec]], current: str) -> None:
    """The menu's one element in ``where`` (a placeholder): a button that opens a panel
    with the language links (this page's link, as the page wrote it, in each language)
    and the page list (``current``: the address of the page on view), and the page's
    scripts."""
    import streamlit as st

    # Streamlit's own English in the page's words (it imports i18n: asked here, not by i18n)
    from dashboard.words import streamlit as streamlit_words

    lang = i18n.current()
    params = {k: st.query_params.get(k, "") for k in st.query_params}
    script = _page_language_script(lang)
    if lang != i18n.DEFAULT:
        script += streamlit_words.script()
    label = html.escape(_("Pages"))
    where.html(
        f'<details class="tt-menu"><summary aria-label="{label}" title="{label}">'
        '<span class="tt-icon" aria-hidden="true">menu</span></summary>'
        '<div class="tt-panel">'
        + i18n.language_links(lang, params)
        + page_list(sections, lang, current)
        + "</div></details>"
        + script,
        unsafe_allow_javascript=bool(script),
    )
