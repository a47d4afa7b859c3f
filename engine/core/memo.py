"""Results worth keeping between processes: a mapping the host may share.

Some answers are slow to make and asked for twice by different jobs — the app grades a
Whist deal in one worker process while another works out the same deal's double-dummy
table for the board. A host that runs such jobs (the app's job pool) hands every worker
one shared mapping with :func:`use` (a ``multiprocessing`` manager's dict); the engine
keeps such answers there under keys that say what they are, and finds them again in any
worker. Without a host's mapping nothing is kept between processes: :func:`get` answers
``None`` and :func:`put` does nothing, so results are the same either way.

Values are plain data (what ``json`` writes), never pickled objects of the caller's.

>>> use({})
>>> put(("example", 1), [1, 2]); get(("example", 1))
[1, 2]
>>> use(None); get(("example", 1)) is None
True
"""

from __future__ import annotations

import contextlib
import json
from collections.abc import MutableMapping

#: the most entries kept: past it the mapping is emptied (the answers are made again)
LIMIT = 4096

_SHARED: MutableMapping | None = None


def use(mapping: MutableMapping | None) -> None:
    """Keep answers in ``mapping`` from now on (``None``: keep nothing)."""
    global _SHARED
    _SHARED = mapping


def _key(key: tuple) -> str:
    return json.dumps(key, separators=(",", ":"))


def get(key: tuple):
    """The answer kept under ``key`` (a tuple of plain values), or ``None``."""
    if _SHARED is None:
        return None
    with contextlib.suppress(OSError, EOFError, KeyError, BrokenPipeError):
        text = _SHARED.get(_key(key))
        return None if text is None else json.loads(text)
    return None  # the host's mapping is gone: as if nothing were kept


def put(key: tuple, value) -> None:
    """Keep ``value`` (plain data) under ``key`` for every process of the host."""
    if _SHARED is None:
        return
    with contextlib.suppress(OSError, EOFError, BrokenPipeError):
        if len(_SHARED) >= LIMIT:
            _SHARED.clear()
        _SHARED[_key(key)] = json.dumps(value, separators=(",", ":"))
