"""Home: the four games with their pages, the tools for a real table, and the rest.

Drawn as one HTML element under the title (a phone draws it at once; page links as
Streamlit elements took a quarter of a second more on its first load). Each link is a
plain link to the page's address in the session's language
(:func:`dashboard.frame.menu.page_link`); the start page's script
(:data:`dashboard.frame.head.NAV_SCRIPT`) turns a tap on one into Streamlit's page switch,
so the session goes on as with Streamlit's page links."""

import html

import streamlit as st

from dashboard import plugins
from dashboard.frame.menu import page_link
from dashboard.html_charts import marked
from dashboard.i18n import _, current
from dashboard.nav import SECTIONS, PageSpec
from engine import EngineError, get_game

#: each game with a card (its ``GameUI.pages.section``), in the menu's order
_BY_SECTION = {ui.pages.section: ui for ui in plugins.game_uis() if ui.pages.section}
GAMES = {section: _BY_SECTION[section].game for section in SECTIONS if section in _BY_SECTION}
#: the tools a table uses between two turns, each with what it does (``GameUI.pages.table_tool``)
AT_THE_TABLE = [
    tool for section in GAMES if (tool := _BY_SECTION[section].pages.table_tool) is not None
]
CSS = """<style>
.tt-home p { margin: 0 0 0.6rem; }
.tt-home ul.tt-what { margin: 0 0 1rem; padding-left: 1.2rem; }
.tt-home .tt-cards { display: grid; grid-template-columns: repeat(auto-fit, minmax(17rem, 1fr));
  gap: 1rem; margin: 0 0 1rem; }
.tt-home .tt-card { border: 1px solid rgba(49, 51, 63, 0.2); border-radius: 0.5rem;
  padding: 1rem; }
.tt-home h3 { margin: 0 0 0.25rem; font-size: 1.35rem; word-break: keep-all;
  overflow-wrap: anywhere; }
.tt-home .tt-note { font-size: 0.875rem; opacity: 0.65; margin: 0 0 0.5rem; }
.tt-home ul.tt-links { list-style: none; margin: 0; padding: 0; }
.tt-home ul.tt-links li { margin: 0; }
.tt-home ul.tt-links a { display: block; padding: 0.4rem 0; color: inherit;
  text-decoration: none; touch-action: manipulation; }
.tt-home ul.tt-links a:hover { text-decoration: underline; }
.tt-home hr { border: none; border-top: 1px solid rgba(49, 51, 63, 0.2); margin: 1.2rem 0; }
</style>"""


def _script_spec(script: str) -> PageSpec:
    return next(p for pages in SECTIONS.values() for p in pages if p.script == script)


def _link(spec: PageSpec, label: str, note: str = "") -> str:
    """A page's link in the session's language, as the page menu's."""
    extra = f'<div class="tt-note">{html.escape(note)}</div>' if note else ""
    return f"<li>{page_link(spec, current(), label=html.escape(label))}{extra}</li>"


def _card(section: str, name: str) -> str:
    try:
        get_game(name)
        about = plugins.description(name) or plugins.title(name)
    except EngineError:
        about = ""
    links = "".join(_link(p, _(p.title)) for p in SECTIONS[section])
    return (
        f'<div class="tt-card"><h3>{html.escape(_(section))}</h3>'
        f'<div class="tt-note">{html.escape(about)}</div><ul class="tt-links">{links}</ul></div>'
    )


st.title(_("Tabletop suite"))
what = [
    _("- **Learn** the rules step by step, each rule beside a live example you can change."),
    _("- **Compute** at the table: exact prices and odds between two turns."),
    _(
        "- **Explore** whole games played by the engine's bots (or uploaded), move by move, "
        "beside plotted price and score histories."
    ),
]
body = [
    '<div class="tt-home">',
    "<p>"
    + marked(
        _(
            "Learn, compute and replay four tabletop games: **Stock Hold'em**, **Stack 5**, "
            "**Owner's Choice** and **Whist / Bid Whist**."
        )
    )
    + "</p>",
    '<ul class="tt-what">'
    + "".join(f"<li>{marked(w.removeprefix('- '))}</li>" for w in what)
    + "</ul>",
    '<div class="tt-cards">'
    + "".join(_card(section, name) for section, name in GAMES.items())
    + "</div><hr>",
    "<h3>" + html.escape(_("At the table")) + "</h3>",
    '<div class="tt-note">'
    + html.escape(_("Tools to follow a real game between two turns."))
    + "</div>",
    '<ul class="tt-links">'
    + "".join(_link(_script_spec(s), _(label), _(note)) for s, label, note in AT_THE_TABLE)
    + "</ul><hr>",
    '<ul class="tt-links">'
    + "".join(_link(p, _(p.title)) for p in SECTIONS["All games"])
    + "</ul>",
    '<p class="tt-note">'
    + marked(
        _(
            "Every rule the original sources leave open is an explicit, changeable assumption: "
            "see *Rule assumptions*."
        )
    )
    + "</p></div>",
]
st.html(CSS + "".join(body))
