"""The fork server's preload module (:func:`engine.core.parallel._context` names it in
``set_forkserver_preload``): importing it warms every game (:func:`engine.core.warm.warm`)
and then freezes the collector.

What the fork server holds then is shared by every worker: kept out of the collector's
passes, a worker's collections neither walk it nor copy its pages by writing to them.
Only the fork server imports this module: nothing in the engine or the app does, and
pytest's doctest collection skips it (``conftest.py``). Import :mod:`engine.core.warm`
to warm a process without freezing it.
"""

from __future__ import annotations

import gc

from engine.core.warm import warm

warm()
gc.freeze()
