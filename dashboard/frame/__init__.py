"""The app's frame around every page: the start page the server sends
(:mod:`~dashboard.frame.start_page`), what it carries for every page (:mod:`~dashboard.frame.head`:
the app-wide styles and the page-switch script) and the page menu (:mod:`~dashboard.frame.menu`:
the language links and the page list)."""
