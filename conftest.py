# Page scripts, the app entry and its server run Streamlit code at import: never collect
# them. The fork server's preload module warms every game and freezes the collector at
# import: only the fork server imports it. The dead-code whitelist is read by vulture,
# never imported (it only names names).
collect_ignore_glob = [
    "dashboard/views/*",
    "dashboard/app.py",
    "dashboard/serve.py",
    "engine/core/fork_server.py",
    "tests/dead_code_hooks.py",
]

import pytest  # noqa: E402

# The PostgreSQL store needs the `postgres` extra (psycopg); without it its tests skip.
try:
    import psycopg  # noqa: F401
except ImportError:
    collect_ignore_glob.append("dashboard/store/postgres.py")


def pytest_collection_modifyitems(config, items):
    """Long checks (``@pytest.mark.slow``) run only when asked for: ``make test-slow``
    or ``pytest -m slow``. ``make test`` (and CI) keeps their short versions."""
    expr = config.getoption("markexpr") or ""
    if "slow" in expr and "not slow" not in expr:
        return
    skip = pytest.mark.skip(reason="long run: make test-slow (pytest -m slow)")
    for item in items:
        if "slow" in item.keywords:
            item.add_marker(skip)
