"""Entry point: routes to the pages listed in dashboard/nav.py (and nothing else)."""

import os
from pathlib import Path

import streamlit as st

from dashboard import i18n
from dashboard.frame import menu
from dashboard.i18n import _
from dashboard.jobs import panel as job_panel
from dashboard.nav import HOME, SECTIONS
from dashboard.ui import crash_message, show_callback_error

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
# the pages' addresses and switches are Streamlit's; their list is the app's own, drawn
# with the language links in the page menu (dashboard/frame/menu.py: Streamlit's list
# slowed a phone)
navigation = st.navigation(
    {"": [_page(HOME, default=True)]}
    | {_(section): [_page(p) for p in pages] for section, pages in SECTIONS.items()},
    position="hidden",
)
# the page menu, filled after the page: its language links keep the page's link
menu_box = st.empty()
show_callback_error()  # a button callback ran before this script (see ui.callback)
try:
    navigation.run()
except Exception as exc:  # a page must never show a traceback to a user
    if os.environ.get("TABLETOP_DEBUG"):
        raise
    st.error(crash_message(exc))
finally:  # after the page wrote its link (also when it stopped early)
    menu.draw(menu_box, SECTIONS, navigation.url_path)
job_panel.run_complete()  # after the page: a part waiting for a job it no longer drew lets go
