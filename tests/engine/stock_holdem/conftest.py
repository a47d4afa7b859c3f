"""Tests marked ``slow`` run only when asked for: ``pytest -m slow tests/engine/stock_holdem``."""

import pytest


def pytest_collection_modifyitems(config, items):
    if "slow" in (config.getoption("markexpr") or ""):
        return
    skip = pytest.mark.skip(reason="long run; select it with -m slow")
    for item in items:
        if "slow" in item.keywords and item.path.is_relative_to(
            config.rootpath / "tests" / "engine" / "stock_holdem"
        ):
            item.add_marker(skip)
