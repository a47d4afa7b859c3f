"""The durable store of live games and score sheets (dashboard/store/entries.py): every behaviour on
both backends, the SQLite file and PostgreSQL (``store_location`` in tests/conftest.py; the
PostgreSQL runs skip, saying why, on a machine without a server)."""

from __future__ import annotations

import sqlite3
import sys
import threading

import pytest

from dashboard.store.entries import (
    NotStored,
    StaleWrite,
    Store,
    StoreError,
    TooLarge,
    WrongKind,
    default_dir,
    default_store,
)
from engine import EngineError


@pytest.fixture
def store(store_location):
    return Store(store_location)


def test_store_file_is_created_on_first_use_in_wal_mode(tmp_path):
    path = tmp_path / "new" / "folder" / "store.sqlite3"
    Store(path).create("score_sheet", "{}")
    assert path.exists()
    con = sqlite3.connect(path)
    assert con.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    con.close()


def test_a_game_survives_a_restart(store):
    game_id = store.create("live:pig", '{"actions": ["roll"]}')
    version = store.save("live:pig", game_id, '{"actions": ["roll", "die 3"]}', 1)
    restarted = Store(store.location)  # a new server process on the same file or database
    assert restarted.load("live:pig", game_id) == ('{"actions": ["roll", "die 3"]}', version)


def test_a_file_written_before_the_store_moved_to_the_dashboard_still_loads(tmp_path):
    """The table as engine/core/store.py made it (same columns, WAL): the app keeps
    reading the games and sheets people stored before."""
    path = tmp_path / "store.sqlite3"
    con = sqlite3.connect(path, isolation_level=None)
    con.execute("PRAGMA journal_mode=WAL")
    con.execute(
        "CREATE TABLE entries (id TEXT PRIMARY KEY, kind TEXT NOT NULL, payload TEXT NOT NULL,"
        " size INTEGER NOT NULL, version INTEGER NOT NULL, created REAL NOT NULL,"
        " used REAL NOT NULL)"
    )
    con.execute("CREATE INDEX entries_used ON entries(used)")
    con.execute(
        "INSERT INTO entries VALUES ('AbCdEfGh12345678', 'score_sheet', '{\"sheets\": {}}',"
        " 14, 3, 1.0, 1.0)"
    )
    con.close()
    store = Store(path)
    assert store.load("score_sheet", "AbCdEfGh12345678") == ('{"sheets": {}}', 3)
    assert store.save("score_sheet", "AbCdEfGh12345678", "{}", 3) == 4


def test_ids_are_unguessable_and_distinct(store):
    ids = {store.create("score_sheet", "{}") for _ in range(50)}
    assert len(ids) == 50 and all(len(i) >= 20 for i in ids)


def test_an_id_of_another_game_is_refused_naming_both_games(store):
    stack5 = store.create("live:stack5", "{}")
    with pytest.raises(WrongKind) as info:
        store.load("live:owners_choice", stack5)
    assert (
        str(info.value) == "this link is for a Stack 5 live game, not an Owner's Choice live game"
    )
    with pytest.raises(WrongKind):
        store.save("live:owners_choice", stack5, "{}", 1)
    with pytest.raises(WrongKind, match="score sheet"):
        store.load("live:pig", store.create("score_sheet", "{}"))


def test_a_write_from_a_stale_tab_is_refused_not_overwritten(store):
    game_id = store.create("live:pig", "v1")
    assert store.save("live:pig", game_id, "tab A", 1) == 2
    with pytest.raises(StaleWrite, match="changed in another tab"):
        store.save("live:pig", game_id, "tab B", 1)
    assert store.load("live:pig", game_id) == ("tab A", 2)


def test_concurrent_writers_on_one_version_only_one_wins(store):
    game_id = store.create("live:pig", "v1")
    outcomes = []

    def write(text):
        try:
            store.save("live:pig", game_id, text, 1)
            outcomes.append("ok")
        except StaleWrite:
            outcomes.append("stale")

    threads = [threading.Thread(target=write, args=(f"w{i}",)) for i in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert sorted(outcomes) == ["ok"] + ["stale"] * 7
    assert store.load("live:pig", game_id)[1] == 2


def test_unknown_and_malformed_ids_say_no_longer_stored(store):
    for bad in ["AAAAAAAAAAAAAAAAAAAAAA", "", "x" * 5000, "../../etc", "id'; DROP TABLE", "²" * 9]:
        with pytest.raises(NotStored, match="no longer stored"):
            store.load("live:pig", bad)
        with pytest.raises(NotStored):
            store.save("live:pig", bad, "{}", 1)
    assert issubclass(NotStored, StoreError) and issubclass(StoreError, EngineError)


def test_entries_over_the_size_cap_are_refused(store_location):
    store = Store(store_location, max_entry_bytes=1000)
    with pytest.raises(TooLarge, match="1,000 byte limit"):
        store.create("score_sheet", "x" * 1001)
    game_id = store.create("score_sheet", "x" * 1000)
    with pytest.raises(TooLarge):
        store.save("score_sheet", game_id, "é" * 501, 1)  # bytes, not characters
    assert store.load("score_sheet", game_id) == ("x" * 1000, 1)


def test_eviction_removes_least_recently_used_beyond_the_cap(store_location, monkeypatch):
    clock = [1000.0]
    monkeypatch.setattr("dashboard.store.entries.time.time", lambda: clock[0])
    store = Store(store_location, max_entries=3)
    ids = []
    for _ in range(3):
        clock[0] += 100
        ids.append(store.create("score_sheet", "{}"))
    clock[0] += 100
    store.touch("score_sheet", ids[0])  # the oldest is in use again
    clock[0] += 100
    newest = store.create("score_sheet", "{}")
    assert len(store) == 3
    with pytest.raises(NotStored, match="no longer stored"):
        store.load("score_sheet", ids[1])
    for kept in (ids[0], ids[2], newest):
        store.load("score_sheet", kept)


def test_eviction_by_age_and_by_total_size(store_location, monkeypatch):
    clock = [0.0]
    monkeypatch.setattr("dashboard.store.entries.time.time", lambda: clock[0])
    store = Store(store_location, max_age=1000, max_total_bytes=250)
    old = store.create("score_sheet", "a" * 100)
    clock[0] = 500
    mid = store.create("score_sheet", "b" * 100)
    clock[0] = 1200
    assert store.evict() == 1  # unused for more than max_age
    with pytest.raises(NotStored):
        store.load("score_sheet", old)
    store.create("score_sheet", "c" * 100)
    store.create("score_sheet", "d" * 100)  # 300 bytes > 250: the least recent goes
    with pytest.raises(NotStored):
        store.load("score_sheet", mid)
    assert len(store) == 2


def test_many_new_games_do_not_evict_a_game_in_use(store):
    mine = store.create("live:pig", "mine")
    for _ in range(600):  # what evicted every game of the old in-memory store
        store.create("live:pig", "spam")
    assert store.load("live:pig", mine) == ("mine", 1)


def test_default_store_follows_the_environment(tmp_path, monkeypatch):
    monkeypatch.setenv("TABLETOP_DATA_DIR", str(tmp_path / "here"))
    assert default_dir() == tmp_path / "here"
    game_id = default_store().create("score_sheet", "{}")
    assert (tmp_path / "here" / "store.sqlite3").exists()
    assert default_store().load("score_sheet", game_id)[0] == "{}"


def test_the_default_store_is_set_up_once_per_location(tmp_path, monkeypatch):
    """A tap calls the store three times: one Store per location, not one set-up each;
    another folder gets its own, and a file removed meanwhile is made again."""
    monkeypatch.setenv("TABLETOP_DATA_DIR", str(tmp_path / "one"))
    first = default_store()
    assert default_store() is first
    monkeypatch.setenv("TABLETOP_DATA_DIR", str(tmp_path / "two"))
    assert default_store() is not first and default_store().path == tmp_path / "two" / (
        "store.sqlite3"
    )
    game_id = default_store().create("score_sheet", "{}")
    (tmp_path / "two" / "store.sqlite3").unlink()
    with pytest.raises(StoreError):  # gone with its file, but the store works again
        default_store().load("score_sheet", game_id)
    assert (
        default_store().load("score_sheet", default_store().create("score_sheet", "[]"))[0] == "[]"
    )


def test_an_unusable_folder_is_a_store_error(tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    with pytest.raises(StoreError, match="cannot be created"):
        Store(blocker / "store.sqlite3").create("score_sheet", "{}")


# --- PostgreSQL: the URL, and what only a shared server has -----------------------------------


def test_default_store_follows_the_store_url(pg_url, monkeypatch, tmp_path):
    monkeypatch.setenv("TABLETOP_DATA_DIR", str(tmp_path / "unused"))
    monkeypatch.setenv("TABLETOP_STORE_URL", pg_url)
    game_id = default_store().create("score_sheet", "{}")
    assert Store(pg_url).load("score_sheet", game_id) == ("{}", 1)
    assert not (tmp_path / "unused").exists()  # not the SQLite file
    monkeypatch.delenv("TABLETOP_STORE_URL")
    with pytest.raises(NotStored):
        default_store().load("score_sheet", game_id)


@pytest.mark.parametrize(
    "url", ["mysql://app:s3cret@db.example/games", "sqlite:///tmp/x.db", "db.example"]
)
def test_a_url_of_another_kind_is_refused_naming_it_without_its_password(url, monkeypatch):
    monkeypatch.setenv("TABLETOP_STORE_URL", url)
    with pytest.raises(StoreError, match="not a PostgreSQL one") as info:
        default_store().load("score_sheet", "AbCdEfGh12345678")
    assert url.replace(":s3cret", "") in str(info.value)
    assert "s3cret" not in str(info.value)


def test_a_server_that_cannot_be_reached_is_named_without_its_password(tmp_path):
    pytest.importorskip("psycopg")
    url = f"postgresql://app:s3cret@/games?host={tmp_path}&port=1"  # no server there
    with pytest.raises(StoreError, match="cannot be reached") as info:
        Store(url).create("score_sheet", "{}")
    message = str(info.value)
    assert f"postgresql://app@/games?host={tmp_path}&port=1" in message
    assert "s3cret" not in message and "Traceback" not in message


def test_without_psycopg_a_postgresql_url_says_so(monkeypatch):
    monkeypatch.setitem(sys.modules, "dashboard.store.postgres", None)  # import fails
    with pytest.raises(StoreError, match="no PostgreSQL support installed") as info:
        Store("postgresql://app:s3cret@db.example/games")
    assert "postgresql://app@db.example/games" in str(info.value)
    assert "s3cret" not in str(info.value)


def test_servers_starting_at_once_on_a_new_database_share_one_table(pg_url):
    """Several app servers' first calls at the same moment: one creates the table, the
    others wait for it, none fails; every entry is there."""
    from dashboard.store import postgres as store_postgres

    ids, errors = [], []

    def first_call():
        try:
            ids.append(Store(pg_url).create("score_sheet", "{}"))
        except Exception as exc:  # pragma: no cover - what the test is about
            errors.append(exc)

    store_postgres.close_idle(pg_url)  # as a fresh process: the table not known yet
    threads = [threading.Thread(target=first_call) for _ in range(6)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert errors == [] and len(Store(pg_url)) == 6 == len(set(ids))


def test_eviction_by_servers_creating_at_once_keeps_exactly_the_cap(store_location):
    """Each new entry's eviction sees the others' (the table is locked for writers, as
    SQLite's ``BEGIN IMMEDIATE`` does), so servers creating at the same moment leave
    exactly the cap, never more."""
    stores = [Store(store_location, max_entries=20) for _ in range(8)]
    for _ in range(20):
        stores[0].create("score_sheet", "{}")
    for _ in range(4):
        start = threading.Barrier(len(stores))

        def create(store, start):
            start.wait()
            store.create("score_sheet", "{}")

        threads = [threading.Thread(target=create, args=(s, start)) for s in stores]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        assert len(stores[0]) == 20


def test_a_restarted_database_server_is_reconnected_to_not_reported(pg_url, monkeypatch):
    """Idle connections the server dropped (a restart, an idle timeout) are checked and
    replaced before use: the next call works."""
    import psycopg

    from dashboard.store import postgres as store_postgres

    store = Store(pg_url)
    game_id = store.create("live:pig", "v1")
    with psycopg.connect(pg_url, autocommit=True) as admin:  # as a restart would
        admin.execute(
            "SELECT pg_terminate_backend(pid) FROM pg_stat_activity"
            " WHERE datname = current_database() AND pid <> pg_backend_pid()"
        )
    monkeypatch.setattr(store_postgres, "CHECK_AFTER_SECONDS", 0.0)
    assert store.load("live:pig", game_id) == ("v1", 1)


def test_sqlite_connections_are_reused_and_one_after_an_error_is_not(tmp_path):
    """A tap calls the store several times: an idle connection is taken again; one that
    saw an error, or is left in a transaction, is closed rather than kept."""
    import sqlite3

    from dashboard.store.sqlite import SqliteBackend

    backend = SqliteBackend(tmp_path / "s.sqlite3")
    with backend.connect() as first:
        pass
    with backend.connect() as again:
        assert again is first
    with pytest.raises(StoreError), backend.connect() as con:
        con.execute("SELECT * FROM no_such_table")
    with backend.connect() as fresh:
        assert fresh is not first
    with pytest.raises(sqlite3.ProgrammingError):
        first.execute("SELECT 1")  # closed
    with backend.connect() as con:
        con.execute("BEGIN IMMEDIATE")  # left open: never handed to the next call
    with backend.connect() as other:
        assert other is not con
        assert other.execute("SELECT count(*) FROM entries").fetchone() == (0,)
