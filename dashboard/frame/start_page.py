"""The start page the app's server sends for a page's address: Streamlit's own, with
where its server is set (see :mod:`dashboard.serve`, which serves it).

Why: opened at a page's own address (``/stack5_live?live=…``, the link a player shares or
keeps), Streamlit's browser code first looks for its server under that address
(``/stack5_live/_stcore/health``), is refused, waits and tries the site's root: about a
fifth of a second on a phone before the page can even ask for its content
(``python -m dashboard.tools.bench --browser --only load``, docs/benchmarks.md). Streamlit reads
where its server is from ``window.__streamlit`` (its setting for hosting the app
elsewhere) before it starts; the pages of ``dashboard/nav.py`` are answered with that
setting written into Streamlit's own start page, so the first try is the right one. Every
other address is Streamlit's, unchanged. The same start page carries what every page
needs before it draws (:mod:`dashboard.frame.head`: the app-wide styles and the
page-switch script).
"""

from __future__ import annotations

import json
from pathlib import Path

import streamlit as st
from starlette.responses import HTMLResponse
from starlette.types import ASGIApp, Receive, Scope, Send

from dashboard.frame.head import HEAD
from dashboard.nav import all_pages

#: where Streamlit's browser code finds its server: the site's root (under Streamlit's
#: ``server.baseUrlPath`` when one is set), set before Streamlit's own script runs
_SETTING = "<script>window.__streamlit = {BACKEND_BASE_URL: window.location.origin + %s};</script>"


def start_page(index_html: str, base_path: str = "", head: str = "") -> str | None:
    """Streamlit's start page ``index_html`` with the server's address set and ``head``
    added (``None`` when the page has no ``<head>`` to put them in: then Streamlit's page
    is served as it is).

    >>> start_page("<html><head><title>x</title></head></html>")[:60]
    '<html><head><script>window.__streamlit = {BACKEND_BASE_URL: '
    >>> start_page("<html></html>") is None
    True
    """
    if "<head>" not in index_html:
        return None
    base = "/" + base_path.strip("/") if base_path.strip("/") else ""
    return index_html.replace("<head>", "<head>" + _SETTING % json.dumps(base) + head, 1)


def page_paths(base_path: str = "") -> frozenset[str]:
    """The addresses of the app's pages (the root and each page's ``url_path``)."""
    base = "/" + base_path.strip("/") if base_path.strip("/") else ""
    return frozenset({base + "/", base or "/"} | {f"{base}/{p.url_path}" for p in all_pages()})


class StartPage:
    """ASGI middleware: a page's address (a GET or HEAD, with or without its link's
    parameters) answered with :func:`start_page`; anything else passed on."""

    def __init__(self, app: ASGIApp) -> None:
        from streamlit import config

        self.app = app
        base = config.get_option("server.baseUrlPath") or ""
        index = Path(st.__file__).parent / "static" / "index.html"
        source = index.read_text(encoding="utf-8") if index.exists() else ""
        page = start_page(source, base, HEAD) if source else None
        self.page = page
        self.paths = page_paths(base)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if (
            self.page is not None
            and scope["type"] == "http"
            and scope["method"] in ("GET", "HEAD")
            and scope["path"] in self.paths
        ):
            # as Streamlit serves its start page: never kept stale by a cache
            response = HTMLResponse(self.page, headers={"Cache-Control": "no-cache"})
            await response(scope, receive, send)
            return
        await self.app(scope, receive, send)
