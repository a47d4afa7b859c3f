"""What the store's backends share (``dashboard/store/sqlite.py``,
``dashboard/store/postgres.py``): the one table, the base error, and how a server's URL is
named in a message. A backend gives :class:`dashboard.store.entries.Store` two things:

- ``connect()``: a context manager yielding a connection whose ``execute(sql, params)``
  reads the store's SQL (``?`` placeholders) and returns a cursor (``rowcount``,
  ``fetchone``, ``fetchall``); each statement outside a transaction is its own; errors of
  the database come out as :class:`StoreError`;
- ``transaction(con)``: a context manager for a write that must see the whole table (a new
  entry and the eviction it may cause): other writers wait until it ends; nothing is kept
  when it fails.
"""

from __future__ import annotations

from urllib.parse import parse_qsl, urlencode, urlsplit

from engine.core.errors import EngineError

# The one table, in either backend ({real}: a float column's type there).
SCHEMA = (
    "CREATE TABLE IF NOT EXISTS entries ("
    " id TEXT PRIMARY KEY, kind TEXT NOT NULL, payload TEXT NOT NULL,"
    " size INTEGER NOT NULL, version INTEGER NOT NULL,"
    " created {real} NOT NULL, used {real} NOT NULL)",
    "CREATE INDEX IF NOT EXISTS entries_used ON entries(used)",
)


class StoreError(EngineError):
    """A stored game or sheet cannot be read or written."""


def shown_url(url: str) -> str:
    """A store URL without its password, to name the server in a message.

    >>> shown_url("postgresql://app:s3cret@db.example:5432/games?password=x&sslmode=require")
    'postgresql://app@db.example:5432/games?sslmode=require'
    """
    if "://" not in url:  # not a URL: at most a host after a password
        return url.rsplit("@", 1)[-1]
    parts = urlsplit(url)
    netloc = parts.netloc
    if "@" in netloc:
        user, host = netloc.rsplit("@", 1)
        netloc = user.split(":", 1)[0] + "@" + host
    query = urlencode([(k, v) for k, v in parse_qsl(parts.query) if k != "password"], safe="/")
    return f"{parts.scheme}://{netloc}{parts.path}" + (f"?{query}" if query else "")
