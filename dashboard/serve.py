"""The app's web server: ``streamlit run dashboard/serve.py`` (``make app``) runs
Streamlit's own server (``st.App``) with ``app.py``, as ``streamlit run dashboard/app.py``
would, except that a page's address is answered with :mod:`dashboard.frame.start_page` (a
phone's first load of a shared link no longer waits for a refused look-up)."""

from pathlib import Path

import streamlit as st
from starlette.middleware import Middleware

from dashboard.frame.start_page import StartPage

app = st.App(str(Path(__file__).with_name("app.py")), middleware=[Middleware(StartPage)])
