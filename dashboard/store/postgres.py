"""The store's PostgreSQL backend (psycopg 3, the ``postgres`` extra): several app servers,
on one machine or many, share the same live games through one database.

Connections are kept open between calls (a few idle ones per URL and process), in
autocommit mode: a read or a conditional ``UPDATE … WHERE version = …`` is one statement,
hence one transaction; a write that must see the whole table (a new entry and the eviction
it may cause) runs in a transaction that first locks the table against other writers,
as SQLite's ``BEGIN IMMEDIATE`` does. The table is ``entries`` in the URL's database (its
first schema on the search path: ``?options=-csearch_path%3Dname`` picks another).
"""

from __future__ import annotations

import contextlib
import threading
import time
from urllib.parse import urlsplit

import psycopg
from psycopg.pq import TransactionStatus

from dashboard.store.backend import SCHEMA, StoreError, shown_url

KEEP_IDLE = 8  # idle connections kept per URL (Streamlit sessions are threads)
CHECK_AFTER_SECONDS = 5.0  # a connection idle longer is checked before use (a restart)
CONNECT_TIMEOUT = 5
_LOCK_KEY = 0x7461626C65746F70  # pg_advisory_xact_lock while the table is created

_lock = threading.Lock()
_idle: dict[str, list[tuple[psycopg.Connection, float]]] = {}
_ready: set[str] = set()


class _Connection:
    """A psycopg connection that reads the store's SQL (``?`` placeholders)."""

    def __init__(self, con: psycopg.Connection):
        self.con = con

    def execute(self, sql: str, params=()):
        return self.con.execute(sql.replace("?", "%s"), params)


class PostgresBackend:
    """Connections to the PostgreSQL database at ``url`` (its table made on first use)."""

    def __init__(self, url: str):
        self.url = url

    def __str__(self) -> str:
        return shown_url(self.url)

    def _unreachable(self, exc: Exception) -> StoreError:
        reason = " ".join(str(exc).split())
        password = urlsplit(self.url).password
        if password:
            reason = reason.replace(password, "***")
        return StoreError.coded(
            "store.unreachable",
            "the game store at {url} cannot be reached: {reason}",
            url=shown_url(self.url),
            reason=reason,
        )

    def _take(self) -> psycopg.Connection:
        now = time.monotonic()
        while True:
            with _lock:
                idle = _idle.get(self.url)
                con, since = idle.pop() if idle else (None, now)
            if con is None:
                break
            if now - since < CHECK_AFTER_SECONDS:
                return con
            try:
                con.execute("SELECT 1")
                return con
            except psycopg.Error:
                con.close()  # the server restarted or dropped it: try the next one
        try:
            return psycopg.connect(self.url, autocommit=True, connect_timeout=CONNECT_TIMEOUT)
        except psycopg.Error as exc:
            raise self._unreachable(exc) from None

    def _give(self, con: psycopg.Connection) -> None:
        if con.closed or con.info.transaction_status != TransactionStatus.IDLE:
            con.close()
            return
        with _lock:
            idle = _idle.setdefault(self.url, [])
            if len(idle) < KEEP_IDLE:
                idle.append((con, time.monotonic()))
                return
        con.close()

    @contextlib.contextmanager
    def connect(self):
        con = self._take()
        try:
            if self.url not in _ready:
                self._init(con)
            yield _Connection(con)
        except psycopg.OperationalError as exc:
            con.close()
            raise self._unreachable(exc) from None
        except psycopg.Error as exc:
            raise StoreError.coded(
                "store.use", "the game store could not be used: {reason}", reason=str(exc)
            ) from None
        finally:
            self._give(con)

    @staticmethod
    @contextlib.contextmanager
    def transaction(con: _Connection):
        """One writer at a time (readers go on): what eviction counts stays true."""
        with con.con.transaction():
            con.execute("LOCK TABLE entries IN SHARE ROW EXCLUSIVE MODE")
            yield

    def _init(self, con: psycopg.Connection) -> None:
        with con.transaction():  # two servers starting at once: one creates, one waits
            con.execute("SELECT pg_advisory_xact_lock(%s)", (_LOCK_KEY,))
            for statement in SCHEMA:
                con.execute(statement.format(real="DOUBLE PRECISION"))
        with _lock:
            _ready.add(self.url)


def close_idle(url: str | None = None) -> None:
    """Close the idle connections kept for ``url`` (all URLs when ``None``)."""
    with _lock:
        urls = list(_idle) if url is None else [url]
        closing = [con for u in urls for con, _ in _idle.pop(u, [])]
        _ready.difference_update(urls)
    for con in closing:
        con.close()
