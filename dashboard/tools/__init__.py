"""The app's measuring tools, which the app itself never imports.

- :mod:`dashboard.tools.bench`: the browser bench (``python -m dashboard.tools.bench
  --browser``, ``make bench-browser``) and, through :mod:`dashboard.tools.bench_app`, the
  server-side AppTest bench (``--app``, ``make bench-app``), with its instruments (the
  "settled" signal, the server, the Chromium driver) in :mod:`dashboard.tools.browser`;
- :mod:`dashboard.tools.load`: a club night on one server (``python -m dashboard.tools.load``,
  ``make load``), its light sessions speaking Streamlit's websocket protocol through
  :mod:`dashboard.tools.st_client`.

They drive the app from outside (a real server, a browser, AppTest) and ask the game
registries what to open, so they name no game. ``tests/dashboard/test_architecture.py``
holds that no module the app runs (``dashboard/app.py``, its pages, and everything they
import) imports this package.
"""
