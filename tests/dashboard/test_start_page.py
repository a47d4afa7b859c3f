"""The app's server answers a page's address with Streamlit's start page telling the
browser where the server is (:mod:`dashboard.frame.start_page`), and leaves every other address
to Streamlit."""

from __future__ import annotations

import asyncio
from concurrent.futures import ThreadPoolExecutor

from dashboard.frame.head import HEAD
from dashboard.frame.start_page import StartPage, page_paths, start_page
from dashboard.nav import all_pages


def _get(app, path: str, method: str = "GET") -> tuple[int, bytes]:
    sent: list[dict] = []

    async def receive():
        return {"type": "http.request", "body": b"", "more_body": False}

    async def send(message):
        sent.append(message)

    scope = {
        "type": "http",
        "method": method,
        "path": path,
        "raw_path": path.encode(),
        "query_string": b"lang=ja&sheet=3",
        "headers": [],
        "scheme": "http",
        "server": ("127.0.0.1", 8501),
        "root_path": "",
        "http_version": "1.1",
    }
    # in a thread of its own: the test process may already run an event loop (Playwright's)
    with ThreadPoolExecutor(1) as pool:
        pool.submit(asyncio.run, app(scope, receive, send)).result()
    status = next(m["status"] for m in sent if m["type"] == "http.response.start")
    body = b"".join(m.get("body", b"") for m in sent if m["type"] == "http.response.body")
    return status, body


async def _streamlit(scope, receive, send):
    """A stand-in for Streamlit's own server: it answers every address with 204."""
    await send({"type": "http.response.start", "status": 204, "headers": []})
    await send({"type": "http.response.body", "body": b""})


def test_every_page_address_gets_the_start_page_with_the_server_set():
    app = StartPage(_streamlit)
    for path in ["/", *(f"/{p.url_path}" for p in all_pages())]:
        status, body = _get(app, path)
        assert status == 200, path
        assert b"window.__streamlit = {BACKEND_BASE_URL: window.location.origin" in body
        # before Streamlit's own script, which reads the setting once as it starts
        assert body.index(b"window.__streamlit") < body.index(b"static/js/index.")
        # the app-wide styles and the page-switch script, once, before any page draws
        assert body.count(HEAD.encode()) == 1, path


def test_other_addresses_are_streamlits():
    app = StartPage(_streamlit)
    for path in ["/_stcore/health", "/_stcore/stream", "/static/js/x.js", "/no_such_page"]:
        assert _get(app, path)[0] == 204, path
    assert _get(app, "/progress", method="POST")[0] == 204


def test_a_base_path_is_kept():
    assert "/club/progress" in page_paths("club/") and "/progress" not in page_paths("/club")
    page = start_page("<html><head></head></html>", "/club/")
    assert 'window.location.origin + "/club"' in page
