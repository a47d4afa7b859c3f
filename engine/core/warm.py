"""Imported once by the fork server of :mod:`engine.core.parallel` before it forks any
worker: every game package is imported and plays one random game with its default
ruleset, so its lazily built tables (deal tables, action texts, memoised rows…) exist
already in each worker, shared copy-on-write, instead of being rebuilt by every fresh
worker on its first game. Nothing here may start a thread (the fork server forks after
it): polars is never imported. A game that fails to load or play is skipped; the worker
then loads it itself and reports any error as it would without this.

Imported anywhere else it only warms: the fork server's preload is
:mod:`engine.core.fork_server`, which imports this and then freezes the collector."""

from __future__ import annotations

import random

from engine.core.registry import _MODULES, get_game
from engine.core.simulate import play_out

WARM_SEED = 0


def warm(names=None) -> list[str]:
    """Import and play one game of each of ``names`` (default: every registered game);
    the names that warmed."""
    done = []
    for name in names or list(_MODULES):
        try:
            game = get_game(name)
            state = game.new_initial_state(None)
            bots = [game.make_bot("random") for _ in range(state.num_players)]
            play_out(state, bots, random.Random(WARM_SEED), random.Random(WARM_SEED))
        except Exception:  # noqa: BLE001 (a broken game must not stop the fork server)
            continue
        done.append(name)
    return done


WARMED = warm()
