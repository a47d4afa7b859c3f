"""The store's default backend: one SQLite file (standard library, no set-up).

Every call opens its own connection (Streamlit runs each session in its own thread), in
WAL mode so readers never wait for a writer; a write that must see the whole table (a new
entry and the eviction it may cause) runs in ``BEGIN IMMEDIATE``, one writer at a time.
"""

from __future__ import annotations

import contextlib
import sqlite3
from pathlib import Path

from dashboard.store_backend import SCHEMA, StoreError


class SqliteBackend:
    """Connections to the SQLite file at ``path`` (created, with its folder, on first use)."""

    def __init__(self, path: str | Path):
        self.path = Path(path)
        self._ready = False

    def __str__(self) -> str:
        return str(self.path)

    @contextlib.contextmanager
    def connect(self):
        if not self._ready or not self.path.exists():  # (a file removed meanwhile: again)
            self._init()
        try:
            con = sqlite3.connect(self.path, timeout=15, isolation_level=None)
        except sqlite3.Error as exc:
            raise StoreError.coded(
                "store.open",
                "the game store {path!r} cannot be opened: {reason}",
                path=str(self.path),
                reason=str(exc),
            ) from None
        try:
            con.execute("PRAGMA synchronous=NORMAL")  # WAL: safe, without a sync per write
            yield con
        except sqlite3.Error as exc:
            raise StoreError.coded(
                "store.use", "the game store could not be used: {reason}", reason=str(exc)
            ) from None
        finally:
            con.close()

    @staticmethod
    @contextlib.contextmanager
    def transaction(con):
        """One writer at a time, from the first read on (what eviction counts stays true)."""
        con.execute("BEGIN IMMEDIATE")
        yield  # on an error the connection closes without COMMIT: nothing is kept
        con.execute("COMMIT")

    def _init(self) -> None:
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            con = sqlite3.connect(self.path, timeout=15, isolation_level=None)
            try:
                con.execute("PRAGMA journal_mode=WAL")
                for statement in SCHEMA:
                    con.execute(statement.format(real="REAL"))
            finally:
                con.close()
        except (OSError, sqlite3.Error) as exc:
            raise StoreError.coded(
                "store.create",
                "the game store {path!r} cannot be created: {reason}",
                path=str(self.path),
                reason=str(exc),
            ) from None
        self._ready = True
