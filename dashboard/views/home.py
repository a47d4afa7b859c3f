import html

import streamlit as st

from dashboard import plugins
from dashboard.i18n import N_, _
from dashboard.nav import SECTIONS
from engine import EngineError, get_game

st.title(_("Tabletop suite"))
st.markdown(
    _(
        "Learn, compute and replay four tabletop games: **Stock Hold'em**, **Stack 5**, "
        "**Owner's Choice** and **Whist / Bid Whist**."
    )
    + "\n\n"
    + _("- **Learn** the rules step by step, each rule beside a live example you can change.")
    + "\n"
    + _("- **Compute** at the table: exact prices and odds between two turns.")
    + "\n"
    + _(
        "- **Explore** whole games played by the engine's bots (or uploaded), move by move, "
        "beside plotted price and score histories."
    )
)
GAMES = {
    "Stock Hold'em": "stock_holdem",
    "Stack 5": "stack5",
    "Owner's Choice": "owners_choice",
    "Whist & Bid Whist": "whist",
}
# Japanese and Chinese break a line between any two characters: the cards' headings break
# only at their spaces ("ホイスト & / ビッド・ホイスト", not a lone last character).
st.html("<style>h3 {word-break: keep-all; overflow-wrap: anywhere}</style>")
cols = st.columns(2)
for i, (section, name) in enumerate(GAMES.items()):
    with cols[i % 2].container(border=True):
        st.subheader(_(section))
        try:
            game = get_game(name)
            st.caption(plugins.description(name) or plugins.title(name))
        except EngineError:
            st.caption(_("Coming soon: the engine for this game is being built."))
        for page in SECTIONS[section]:
            st.page_link(page.script, label=_(page.title), icon=page.icon)
st.divider()
st.subheader(_("At the table"))
st.caption(_("Tools to follow a real game between two turns."))
# A link's label does not wrap (a long one is cut on a phone): what the tool does goes on
# its own line under it.
for script, label, what in [
    (
        "views/stock_holdem/table_tracker.py",
        N_("Stock Hold'em table tracker"),
        N_("all six price odds"),
    ),
    ("views/stack5/live.py", N_("Stack 5 live game"), N_("bust odds and placements as you play")),
    (
        "views/owners_choice/live.py",
        N_("Owner's Choice live game"),
        N_("the move advisor each turn"),
    ),
    ("views/whist/score_sheet.py", N_("Whist / Bid Whist score sheet"), N_("every deal scored")),
]:
    st.page_link(script, label=_(label), icon=":material/table_restaurant:")
    st.html(f'<div class="tt-link-note">{html.escape(_(what))}</div>')
st.html(
    "<style>.tt-link-note{margin:-0.9rem 0 0.2rem 2.1rem;font-size:0.85rem;opacity:0.65}</style>"
)
st.divider()
for page in SECTIONS["All games"]:
    st.page_link(page.script, label=_(page.title), icon=page.icon)
st.caption(
    _(
        "Every rule the original sources leave open is an explicit, changeable assumption: "
        "see *Rule assumptions*."
    )
)
