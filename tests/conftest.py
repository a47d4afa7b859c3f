import os
import tempfile

import pytest

os.environ.setdefault("TABLETOP_DEBUG", "1")
# Live games and score sheets go to a throw-away store, never the user's data folder nor
# a PostgreSQL database the environment names (the postgres tests make their own).
os.environ["TABLETOP_DATA_DIR"] = tempfile.mkdtemp(prefix="tabletop-test-store-")
os.environ.pop("TABLETOP_STORE_URL", None)


@pytest.fixture(scope="session")
def pg_server():
    """A PostgreSQL server's URL for this session (tests/pg.py); skips, saying why, when
    there is none."""
    from tests.pg import throwaway_postgres

    with throwaway_postgres() as url:
        yield url


@pytest.fixture
def pg_url(pg_server):
    """A store URL on the session's PostgreSQL with a schema of its own."""
    from tests.pg import fresh_schema

    with fresh_schema(pg_server) as url:
        yield url


@pytest.fixture(params=["sqlite", "postgres"])
def store_location(request, tmp_path, monkeypatch):
    """Each backend in turn: the store's location, which ``default_store()`` (hence every
    page) follows for the test."""
    if request.param == "sqlite":
        monkeypatch.setenv("TABLETOP_DATA_DIR", str(tmp_path / "data"))
        return tmp_path / "data" / "store.sqlite3"
    url = request.getfixturevalue("pg_url")
    monkeypatch.setenv("TABLETOP_STORE_URL", url)
    return url
