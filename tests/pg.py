"""A PostgreSQL server for the store's tests: ``$TABLETOP_TEST_PG_URL`` when set, else a
throwaway one started from Debian's binaries (``/usr/lib/postgresql/*/bin``: ``initdb``
and ``pg_ctl`` into a temporary folder, listening only on a unix socket in that folder),
stopped and removed at the end. Each test gets its own schema (:func:`fresh_schema`).
Without a server the tests that need one are skipped, saying why."""

from __future__ import annotations

import contextlib
import glob
import os
import pwd
import secrets
import shutil
import socket
import subprocess
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest

TEST_URL_VAR = "TABLETOP_TEST_PG_URL"


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _bin_dir() -> Path | None:
    """The newest installed server's ``bin`` folder."""
    found = sorted(
        glob.glob("/usr/lib/postgresql/*/bin/initdb"),
        key=lambda p: int(Path(p).parts[-3]) if Path(p).parts[-3].isdigit() else 0,
    )
    return Path(found[-1]).parent if found else None


def _as_owner() -> tuple[list[str], str | None]:
    """The command prefix that runs the server's tools as a non-root user (PostgreSQL
    refuses to run as root), and that user's name."""
    if os.geteuid() != 0:
        return [], None
    try:
        pwd.getpwnam("postgres")
    except KeyError:
        pytest.skip("PostgreSQL cannot run as root and there is no 'postgres' user")
    runuser = shutil.which("runuser")
    if not runuser:
        pytest.skip("PostgreSQL cannot run as root and there is no runuser command")
    return [runuser, "-u", "postgres", "--"], "postgres"


def _run(prefix: list[str], args: list[str], log: Path) -> None:
    with open(log, "a") as out:
        done = subprocess.run(prefix + args, stdout=out, stderr=subprocess.STDOUT, cwd="/")
    if done.returncode != 0:
        raise RuntimeError(f"{args[0]} failed ({done.returncode}): {log.read_text()[-2000:]}")


@contextlib.contextmanager
def throwaway_postgres() -> Iterator[str]:
    """The URL of a PostgreSQL server for the session (skips when there is none)."""
    try:
        import psycopg  # noqa: F401
    except ImportError:
        pytest.skip("psycopg is not installed (the 'postgres' extra: make install has it)")
    given = os.environ.get(TEST_URL_VAR)
    if given:
        yield given
        return
    bin_dir = _bin_dir()
    if bin_dir is None:
        pytest.skip(
            f"no PostgreSQL server: set {TEST_URL_VAR}, or install Debian's postgresql "
            "(/usr/lib/postgresql/*/bin/initdb; .ci/run does)"
        )
    prefix, owner = _as_owner()
    root = Path(tempfile.mkdtemp(prefix="tabletop-pg-"))
    log = root / "server.log"
    log.touch()
    if owner:
        shutil.chown(root, owner)
        shutil.chown(log, owner)
    data, port = root / "data", _free_port()
    try:
        _run(
            prefix,
            [str(bin_dir / "initdb"), "-D", str(data), "-A", "trust", "-U", "postgres"]
            + ["-E", "UTF8", "--locale=C", "--no-sync"],
            log,
        )
        options = (
            f"-k {root} -p {port} -c listen_addresses='' -c max_connections=200"
            " -c fsync=off -c synchronous_commit=off -c full_page_writes=off"
        )
        _run(
            prefix,
            [str(bin_dir / "pg_ctl"), "-D", str(data), "-l", str(log), "-w", "-t", "60"]
            + ["-o", options, "start"],
            log,
        )
    except RuntimeError as exc:
        shutil.rmtree(root, ignore_errors=True)
        pytest.skip(f"the throwaway PostgreSQL did not start: {exc}")
    try:
        yield f"postgresql://postgres@/postgres?host={root}&port={port}"
    finally:
        with contextlib.suppress(RuntimeError):
            _run(prefix, [str(bin_dir / "pg_ctl"), "-D", str(data), "-m", "immediate", "stop"], log)
        shutil.rmtree(root, ignore_errors=True)


@contextlib.contextmanager
def fresh_schema(server_url: str) -> Iterator[str]:
    """A URL on ``server_url`` whose tables go to a new, empty schema (dropped after)."""
    import psycopg

    from dashboard.store.postgres import close_idle

    schema = "t_" + secrets.token_hex(6)
    with psycopg.connect(server_url, autocommit=True) as admin:
        admin.execute(f"CREATE SCHEMA {schema}")
    joiner = "&" if "?" in server_url else "?"
    url = f"{server_url}{joiner}options=-csearch_path%3D{schema}"
    try:
        yield url
    finally:
        close_idle(url)
        with psycopg.connect(server_url, autocommit=True) as admin:
            admin.execute(f"DROP SCHEMA {schema} CASCADE")
