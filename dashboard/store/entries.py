"""The app's durable store of live games, played games and score sheets: entries keyed by
an unguessable id *and* a kind, with a version per entry for optimistic concurrency and
eviction by last use; and :func:`stored_document`, the one way a page keeps a document
there under an id in its URL.

By default the store is one SQLite file (standard library, no set-up) in the folder named
by the ``TABLETOP_DATA_DIR`` environment variable, by default ``$XDG_DATA_HOME/tabletop-suite``
(``~/.local/share/tabletop-suite``), created on first use (``dashboard/store/sqlite.py``).
With ``TABLETOP_STORE_URL=postgresql://…`` it is that PostgreSQL database instead, which
several app servers can share (``dashboard/store/postgres.py``, psycopg 3). Both run the
same statements of :class:`Store`.

>>> import tempfile, pathlib
>>> store = Store(pathlib.Path(tempfile.mkdtemp()) / "store.sqlite3")
>>> game_id = store.create("live:pig", '{"actions": []}')
>>> store.load("live:pig", game_id)
('{"actions": []}', 1)
>>> store.save("live:pig", game_id, '{"actions": ["roll"]}', expected_version=1)
2
>>> store.save("live:pig", game_id, "{}", 1)  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
dashboard.store.entries.StaleWrite: this game changed in another tab — reload ...
"""

from __future__ import annotations

import os
import re
import secrets
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Generic, TypeVar

from dashboard.store.backend import StoreError, shown_url
from engine.core.errors import EngineError, Phrase, word

ENV_VAR = "TABLETOP_DATA_DIR"
URL_ENV_VAR = "TABLETOP_STORE_URL"
URL_SCHEMES = ("postgresql", "postgres")
FILE_NAME = "store.sqlite3"
MAX_ENTRY_BYTES = 1024 * 1024  # one game or sheet
MAX_ENTRIES = 10_000
MAX_TOTAL_BYTES = 512 * 1024 * 1024
MAX_AGE_SECONDS = 180 * 24 * 3600  # unused for half a year
TOUCH_AFTER_SECONDS = 60  # a read refreshes "last used" at most once a minute
_ID = re.compile(r"[A-Za-z0-9_-]{8,64}")
_KIND = re.compile(r"[a-z0-9_:]{1,40}")


class NotStored(StoreError):
    """The id is unknown: never stored, or evicted after long disuse."""


class WrongKind(StoreError):
    """The id belongs to another kind of entry (another game's link)."""

    def __init__(self, message: str, found: str = "", wanted: str = ""):
        super().__init__(message)
        self.found = found
        self.wanted = wanted


class StaleWrite(StoreError):
    """A write based on a version that another tab has already replaced."""


class TooLarge(StoreError):
    """An entry over :data:`MAX_ENTRY_BYTES`."""


class Damaged(StoreError):
    """A stored entry that is not the shape its page stores (a hand-edited store)."""


def stale_write() -> StaleWrite:
    """The refusal of a write based on a version another tab has replaced."""
    return StaleWrite.coded(
        "store.stale",
        "this game changed in another tab — reload to see it; your change was not saved",
    )


def describe_kind(kind: str) -> str:
    """A kind in player words: ``live:stack5`` → "a Stack 5 live game".

    >>> describe_kind("score_sheet")
    'a Whist score sheet'
    """
    if kind == "score_sheet":
        return Phrase.coded("store.kind_sheet", "a Whist score sheet")
    if kind.startswith("live:"):
        name = kind.removeprefix("live:")
        try:
            from engine.core.registry import get_game

            name = word(get_game(name).title)
        except Exception:  # an unknown game still gets a readable name
            pass
        if name[:1].upper() in "AEIOU":
            return Phrase.coded("store.kind_live_an", "an {game} live game", game=name)
        return Phrase.coded("store.kind_live", "a {game} live game", game=name)
    if kind == "play":
        return Phrase.coded("store.kind_play", "a game against the bots")
    if kind == "practice":
        return Phrase.coded("store.kind_practice", "a learner's practice progress")
    return Phrase.coded("store.kind_other", "a {kind!r} entry", kind=kind)


def default_dir() -> Path:
    """The data folder: ``$TABLETOP_DATA_DIR``, else the XDG data folder."""
    chosen = os.environ.get(ENV_VAR)
    if chosen:
        return Path(chosen).expanduser()
    base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(base) / "tabletop-suite"


#: the stores :func:`default_store` made, by location: a store is set up once (its
#: file's schema, a PostgreSQL pool), not at each of a tap's three calls
_STORES: dict[str, Store] = {}


def default_store() -> Store:
    """The PostgreSQL database named by ``$TABLETOP_STORE_URL``, else the SQLite file in
    :func:`default_dir` (read from the environment at each call; one :class:`Store` per
    location)."""
    url = os.environ.get(URL_ENV_VAR, "").strip()
    if url and "://" not in url:
        _url_backend(url)  # refused: not a PostgreSQL address
    location = url or str(default_dir() / FILE_NAME)
    store = _STORES.get(location)
    if store is None:
        store = _STORES[location] = Store(url) if url else Store(default_dir() / FILE_NAME)
    return store


def _url_backend(url: str):
    """The backend of a store URL; only PostgreSQL's are known. The message names the URL
    without its password."""
    scheme = url.split("://", 1)[0].lower()
    if scheme not in URL_SCHEMES:
        raise StoreError.coded(
            "store.scheme",
            "the game store address {url!r} is not a PostgreSQL one (postgresql://…), so it "
            "cannot be used",
            url=shown_url(url),
        )
    try:
        from dashboard.store.postgres import PostgresBackend
    except ImportError:
        raise StoreError.coded(
            "store.no_postgres",
            "the game store at {url} is a PostgreSQL database, but this server has no "
            "PostgreSQL support installed",
            url=shown_url(url),
        ) from None
    return PostgresBackend(url)


class Store:
    """Entries of text (JSON) keyed by (kind, id), with a version each, in the SQLite file
    at ``location`` (a path) or the PostgreSQL database it names (a ``postgresql://`` URL).
    Both backends run the same statements below; each gives connections and a write
    transaction that holds other writers off (``dashboard/store/backend.py`` says what a
    backend gives; ``dashboard/store/sqlite.py``, ``dashboard/store/postgres.py``)."""

    def __init__(
        self,
        location: str | Path,
        *,
        max_entry_bytes: int = MAX_ENTRY_BYTES,
        max_entries: int = MAX_ENTRIES,
        max_total_bytes: int = MAX_TOTAL_BYTES,
        max_age: float = MAX_AGE_SECONDS,
    ):
        self.max_entry_bytes = max_entry_bytes
        self.max_entries = max_entries
        self.max_total_bytes = max_total_bytes
        self.max_age = max_age
        self.location = location
        self.path: Path | None = None
        if isinstance(location, str) and "://" in location:
            self._backend = _url_backend(location)
        else:
            from dashboard.store.sqlite import SqliteBackend

            self._backend = SqliteBackend(location)
            self.path = self._backend.path

    def __repr__(self) -> str:
        return f"Store({str(self._backend)!r})"

    # --- plumbing -------------------------------------------------------------------------
    def _db(self):
        return self._backend.connect()

    def _check(self, kind: str, payload: str | None = None) -> int:
        if not isinstance(kind, str) or not _KIND.fullmatch(kind):
            raise StoreError(f"kind {kind!r} must be 1-40 of a-z, 0-9, '_' and ':'")
        if payload is None:
            return 0
        if not isinstance(payload, str):
            raise StoreError(f"an entry is text, not {type(payload).__name__}")
        size = len(payload.encode("utf-8", "surrogatepass"))
        if size > self.max_entry_bytes:
            raise TooLarge.coded(
                "store.too_large",
                "{kind} of {size:,} bytes is over the {limit:,} byte limit; it was not saved",
                kind=describe_kind(kind),
                size=size,
                limit=self.max_entry_bytes,
            )
        return size

    @staticmethod
    def _valid_id(entry_id) -> bool:
        return isinstance(entry_id, str) and bool(_ID.fullmatch(entry_id))

    def _missing(self, con, kind: str, entry_id: str):
        """The error for an id that did not match (kind, id)."""
        row = None
        if self._valid_id(entry_id):
            row = con.execute("SELECT kind FROM entries WHERE id = ?", (entry_id,)).fetchone()
        if row is None:
            shown = entry_id[:20] if isinstance(entry_id, str) else entry_id
            return NotStored.coded(
                "store.not_stored",
                "{kind} with id {id!r} is no longer stored (never saved, or removed after long "
                "disuse)",
                kind=describe_kind(kind),
                id=shown,
            )
        err = WrongKind.coded(
            "store.wrong_kind",
            "this link is for {found}, not {wanted}",
            found=describe_kind(row[0]),
            wanted=describe_kind(kind),
        )
        err.found, err.wanted = row[0], kind
        return err

    # --- the API --------------------------------------------------------------------------
    def create(self, kind: str, payload: str) -> str:
        """Store a new entry; returns its id (version 1)."""
        size = self._check(kind, payload)
        entry_id = secrets.token_urlsafe(16)
        now = time.time()
        with self._db() as con, self._backend.transaction(con):
            con.execute(
                "INSERT INTO entries VALUES (?, ?, ?, ?, 1, ?, ?)",
                (entry_id, kind, payload, size, now, now),
            )
            self._evict(con, now, keep=entry_id)
        return entry_id

    def load(self, kind: str, entry_id: str) -> tuple[str, int]:
        """``(payload, version)``; :class:`NotStored` or :class:`WrongKind` otherwise."""
        self._check(kind)
        with self._db() as con:
            row = None
            if self._valid_id(entry_id):
                row = con.execute(
                    "SELECT payload, version, used FROM entries WHERE id = ? AND kind = ?",
                    (entry_id, kind),
                ).fetchone()
            if row is None:
                raise self._missing(con, kind, entry_id)
            now = time.time()
            if now - row[2] > TOUCH_AFTER_SECONDS:
                con.execute("UPDATE entries SET used = ? WHERE id = ?", (now, entry_id))
        return row[0], row[1]

    def save(self, kind: str, entry_id: str, payload: str, expected_version: int) -> int:
        """Replace an entry written at ``expected_version``; returns the new version.
        :class:`StaleWrite` if another writer got there first."""
        size = self._check(kind, payload)
        with self._db() as con:
            cur = con.execute(
                "UPDATE entries SET payload = ?, size = ?, version = version + 1, used = ?"
                " WHERE id = ? AND kind = ? AND version = ?",
                (payload, size, time.time(), entry_id, kind, int(expected_version)),
            )
            if cur.rowcount == 1:
                return int(expected_version) + 1
            row = None
            if self._valid_id(entry_id):
                row = con.execute(
                    "SELECT version FROM entries WHERE id = ? AND kind = ?", (entry_id, kind)
                ).fetchone()
            if row is None:
                raise self._missing(con, kind, entry_id)
        raise stale_write()

    def touch(self, kind: str, entry_id: str) -> None:
        """Mark an entry as used now (it is evicted last)."""
        self._check(kind)
        with self._db() as con:
            cur = con.execute(
                "UPDATE entries SET used = ? WHERE id = ? AND kind = ?",
                (time.time(), entry_id, kind),
            )
            if cur.rowcount != 1:
                raise self._missing(con, kind, entry_id)

    def __len__(self) -> int:
        with self._db() as con:
            return con.execute("SELECT COUNT(*) FROM entries").fetchone()[0]

    def evict(self, now: float | None = None) -> int:
        """Remove entries unused for ``max_age`` and the least recently used beyond the
        caps; returns how many were removed."""
        with self._db() as con, self._backend.transaction(con):
            n = self._evict(con, time.time() if now is None else now)
        return n

    def _evict(self, con, now: float, keep: str = "") -> int:
        removed = con.execute(
            "DELETE FROM entries WHERE used < ? AND id <> ?", (now - self.max_age, keep)
        ).rowcount
        count, total = con.execute(
            "SELECT COUNT(*), COALESCE(SUM(size), 0) FROM entries"
        ).fetchone()
        if count <= self.max_entries and total <= self.max_total_bytes:
            return removed
        # Least recently used first, until both caps hold again.
        over_count = max(0, count - self.max_entries)
        over_bytes = max(0, total - self.max_total_bytes)
        victims: list[str] = []
        freed = 0
        for entry_id, size in con.execute(
            "SELECT id, size FROM entries WHERE id <> ? ORDER BY used, created", (keep,)
        ).fetchall():
            if len(victims) >= over_count and freed >= over_bytes:
                break
            victims.append(entry_id)
            freed += size
        for victim in victims:
            con.execute("DELETE FROM entries WHERE id = ?", (victim,))
        return removed + len(victims)


# --- a page's stored document ---------------------------------------------------------------

T = TypeVar("T")


@dataclass(frozen=True)
class Opened(Generic[T]):
    """A stored document as read (or written) at one version."""

    id: str
    doc: T
    version: int


@dataclass(frozen=True)
class StoredDocument(Generic[T]):
    """Documents of one ``kind`` that a page keeps under an id in its URL (``?key=…``) and
    in the session (``session_key``), so a reload or a shared link brings them back. Made
    by :func:`stored_document`; see there."""

    kind: str
    key: str
    decode: Callable[[str], T]
    encode: Callable[[T], str]
    session_key: str
    forget_also: tuple[str, ...] = ()
    stale: Callable[[], str] | None = None

    def wanted(self) -> str | None:
        """The id named in the URL, else this tab's last one."""
        import streamlit as st

        named = st.query_params.get(self.key)  # any text: a bad one says "no longer stored"
        return named or st.session_state.get(self.session_key) or None

    def read(self, doc_id: str) -> Opened[T]:
        """The stored document and its version. :class:`NotStored`, :class:`WrongKind`
        (another kind's id, or ``decode`` found another page's document) or
        :class:`Damaged` (``decode`` could not read it); :class:`StoreError` when the
        store cannot be used."""
        text, version = default_store().load(self.kind, doc_id)
        try:
            doc = self.decode(text)
        except WrongKind:
            raise
        except (EngineError, ValueError, TypeError, KeyError) as exc:
            raise Damaged.coded(
                "store.damaged",
                "{kind} is damaged and cannot be read",
                kind=describe_kind(self.kind),
            ) from exc
        return Opened(doc_id, doc, version)

    def open(self) -> Opened[T] | None:
        """The document the URL (or this tab) names, remembered in both; ``None`` when none
        is named. When it cannot be opened (:class:`NotStored`, :class:`WrongKind`,
        :class:`Damaged`) its id is forgotten, then the error is raised for the page to
        say so and start afresh."""
        doc_id = self.wanted()
        if not doc_id:
            return None
        try:
            opened = self.read(doc_id)
        except (NotStored, WrongKind, Damaged):
            self.forget()
            raise
        self.remember(doc_id)
        return opened

    def create(self, doc: T) -> Opened[T]:
        """Store a new document (version 1) and name it in the URL and the session."""
        opened = Opened(default_store().create(self.kind, self.encode(doc)), doc, 1)
        self.remember(opened.id)
        return opened

    def check_fresh(self, seen: int | None, version: int | None) -> None:
        """Refuse a change made in a tab that last showed version ``seen`` of a document
        now at ``version`` (:class:`StaleWrite`, in the page's words when it gave some)."""
        if seen != version:
            raise StaleWrite(self.stale()) if self.stale else stale_write()

    def save(self, opened: Opened[T], doc: T) -> Opened[T]:
        """Write ``doc`` over ``opened`` (its version); :class:`StaleWrite` when another
        tab wrote since."""
        version = default_store().save(self.kind, opened.id, self.encode(doc), opened.version)
        return Opened(opened.id, doc, version)

    def remember(self, doc_id: str) -> None:
        import streamlit as st

        st.session_state[self.session_key] = doc_id
        if st.query_params.get(self.key) != doc_id:
            st.query_params[self.key] = doc_id

    def forget(self) -> None:
        """Drop the id from the URL and the session (and the page's ``forget_also`` keys)."""
        import streamlit as st

        for k in (self.session_key, *self.forget_also):
            st.session_state.pop(k, None)
        st.query_params.pop(self.key, None)


def stored_document(
    kind: str,
    key: str,
    decode: Callable[[str], T],
    encode: Callable[[T], str],
    *,
    session_key: str | None = None,
    forget_also: tuple[str, ...] = (),
    stale: Callable[[], str] | None = None,
) -> StoredDocument[T]:
    """The one way a page keeps a document: entries of ``kind`` in :func:`default_store`
    under an id in the URL's ``key`` (and the session's ``session_key``, default ``key``).

    - :meth:`~StoredDocument.open` loads the one the URL names and checks its shape:
      ``decode(text)`` returns the document, raises :class:`WrongKind` for another page's
      document, anything else for a damaged one (:class:`Damaged`);
    - :meth:`~StoredDocument.create` stores a new one, :meth:`~StoredDocument.save` writes
      over the version read, refused (:class:`StaleWrite`) when another tab wrote first;
    - :meth:`~StoredDocument.check_fresh` refuses a change made on an older version than
      the stored one (``stale()``: the page's words for that, else the store's).

    The store is found afresh at every call (``$TABLETOP_DATA_DIR``), so tests can point
    it at a temporary folder.
    """
    return StoredDocument(kind, key, decode, encode, session_key or key, tuple(forget_also), stale)
