import html

import streamlit as st

from dashboard import plugins
from dashboard.i18n import _, error_text, ngettext
from dashboard.ui import ruleset_columns, ruleset_frame
from dashboard.variants import shipped
from dashboard.variants.choices import page_link
from dashboard.variants.choices import rules as variant_rules
from dashboard.words.game import field_label
from engine import EngineError, game_names, get_game
from engine.core.ruleset import describe

st.title(_("Rule assumptions"))
st.markdown(
    _(
        "The rules follow the project's rule book. Where the original articles are silent, "
        "the app makes an **assumption**: a rule with a default that you can change if your "
        "box differs — in the **Rules** box of the live-game, games and statistics pages."
    )
)
names = game_names(include_demo=True)
if not names:
    st.info(_("No game is installed yet."))
for name in names:
    try:
        game = get_game(name)
        frame = ruleset_frame(name)
    except EngineError as exc:
        st.error(error_text(exc))
        continue
    st.subheader(plugins.title(name))
    flagged = [f for f in describe(game.ruleset_class) if f.assumption]
    st.caption(
        ngettext(
            "{n} assumption among {rules} rules you can change.",
            "{n} assumptions among {rules} rules you can change.",
            len(flagged),
        ).format(n=len(flagged), rules=frame.height)
    )
    # A table that wraps its text: the meanings stay readable on a phone.
    assumed = frame["assumption"].replace(_("yes"), _("assumed"))
    st.table(ruleset_columns(frame.with_columns(assumed)).to_pandas().set_index(_("rule")))
    # Under it, each assumption: what the shipped bots' games measured when it was changed
    # (data/variants), its name linked to the Rule variants page preset when that page can
    # play it (as HTML: a link in a table cell would put its address among the words a
    # player reads).
    playable = {f.name for f in variant_rules(name) if f.assumption}
    lines = []
    for f in flagged:
        label = html.escape(field_label(f.name))
        if f.name in playable:
            label = f"<a href='{html.escape(page_link(name, f.name))}' target='_self'>{label}</a>"
        found = shipped.report(name, f.name)
        if found is not None:
            lines.append(f"<li>{label}: {html.escape(shipped.summary(name, found))}</li>")
        elif f.name in playable:
            lines.append(f"<li>{label}</li>")
    if lines:
        lead = _("Does it matter? Play the same games under each value:")
        st.html(
            f"<div style='font-size:14px;margin:-8px 0 8px'>{html.escape(lead)}"
            f"<ul style='margin:0.25rem 0 0'>{''.join(lines)}</ul></div>"
        )
