"""Entry point: routes to the pages listed in dashboard/nav.py (and nothing else)."""

import os
from pathlib import Path

import streamlit as st

from dashboard import i18n
from dashboard.i18n import _
from dashboard.jobs import panel as job_panel
from dashboard.nav import HOME, SECTIONS
from dashboard.ui import NAV_SCRIPT, TOUCH_CSS, crash_message, show_callback_error
from dashboard.words import streamlit as streamlit_words

HERE = Path(__file__).parent


def _page(spec, default=False):
    return st.Page(
        str(HERE / spec.script),
        title=_(spec.title),
        icon=spec.icon,
        url_path=spec.url_path,
        default=default,
    )


i18n.setup()
st.set_page_config(page_title=_("Tabletop suite"), page_icon=":material/casino:", layout="wide")
# the list folded (Streamlit's default): drawn whole, a phone's first load of a table tool
# took about 0.2 s longer (docs/benchmarks.md); its "View N more" is worded on a translated
# page by dashboard/words/streamlit.py
navigation = st.navigation(
    {"": [_page(HOME, default=True)]}
    | {_(section): [_page(p) for p in pages] for section, pages in SECTIONS.items()}
)
languages = st.sidebar.empty()  # the styles now, the links after the page (its link)
i18n.language_picker(languages, css=TOUCH_CSS, links=False)
show_callback_error()  # a button callback ran before this script (see ui.callback)
try:
    navigation.run()
except Exception as exc:  # a page must never show a traceback to a user
    if os.environ.get("TABLETOP_DEBUG"):
        raise
    st.error(crash_message(exc))
finally:  # after the page wrote its link (also when it stopped early)
    # Streamlit's own English in the page's words (streamlit_words imports i18n: it is
    # asked here, not by i18n)
    words = streamlit_words.script() if i18n.current() != i18n.DEFAULT else ""
    i18n.language_picker(languages, css=TOUCH_CSS, script=NAV_SCRIPT + words)
job_panel.run_complete()  # after the page: a part waiting for a job it no longer drew lets go
