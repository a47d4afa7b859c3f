"""The store's default backend: one SQLite file (standard library, no set-up).

Every call takes a connection of its own (Streamlit runs each session's script in a
thread of one process): an idle one from a small pool, else a new one — a live tap reads
and writes the store several times, and opening a connection each time was a good part of
its cost. A connection goes back to the pool only after a clean call outside a
transaction; after an error it is closed. The file is in WAL mode so readers never wait
for a writer; a write that must see the whole table (a new entry and the eviction it may
cause) runs in ``BEGIN IMMEDIATE``, one writer at a time.
"""

from __future__ import annotations

import contextlib
import sqlite3
import threading
from pathlib import Path

from dashboard.store.backend import SCHEMA, StoreError

#: idle connections kept for the next calls (more at once are opened and closed)
POOL = 8


class SqliteBackend:
    """Connections to the SQLite file at ``path`` (created, with its folder, on first use)."""

    def __init__(self, path: str | Path):
        self.path = Path(path)
        self._ready = False
        self._idle: list[sqlite3.Connection] = []
        self._lock = threading.Lock()
        self._opened = 0  # bumped by close(): a connection taken before is not kept

    def __str__(self) -> str:
        return str(self.path)

    @contextlib.contextmanager
    def connect(self):
        if not self._ready or not self.path.exists():  # (a file removed meanwhile: again)
            self.close()
            self._init()
        opened = self._opened
        con = self._take()
        clean = False
        try:
            yield con
            clean = not con.in_transaction
        except sqlite3.Error as exc:
            raise StoreError.coded(
                "store.use", "the game store could not be used: {reason}", reason=str(exc)
            ) from None
        finally:
            self._give_back(con, clean and opened == self._opened)

    def _take(self) -> sqlite3.Connection:
        with self._lock:
            if self._idle:
                return self._idle.pop()
        try:
            con = sqlite3.connect(
                self.path, timeout=15, isolation_level=None, check_same_thread=False
            )
            con.execute("PRAGMA synchronous=NORMAL")  # WAL: safe, without a sync per write
        except sqlite3.Error as exc:
            raise StoreError.coded(
                "store.open",
                "the game store {path!r} cannot be opened: {reason}",
                path=str(self.path),
                reason=str(exc),
            ) from None
        return con

    def _give_back(self, con: sqlite3.Connection, clean: bool) -> None:
        if clean:
            with self._lock:
                if len(self._idle) < POOL:
                    self._idle.append(con)
                    return
        con.close()

    def close(self) -> None:
        """Close the idle connections (the next call opens anew)."""
        with self._lock:
            idle, self._idle = self._idle, []
            self._opened += 1
        for con in idle:
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
