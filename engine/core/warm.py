"""The workers' warm-up: :func:`warm` imports every game package and plays one random
game with its default ruleset, so its lazily built tables (deal tables, action texts,
memoised rows…) exist already. Importing this module does nothing else.

The fork server of :mod:`engine.core.parallel` runs it once, before it forks any worker,
through its preload module :mod:`engine.core.fork_server`: every worker then starts with
the tables made, shared copy-on-write, instead of rebuilding them on its first game.
Nothing here may start a thread (the fork server forks after it): polars is never
imported. A game that fails to load or play is skipped; the worker then loads it itself
and reports any error as it would without this."""

from __future__ import annotations

import random

from engine.core.registry import _MODULES, get_game
from engine.core.simulate import play_out

WARM_SEED = 0
#: the games warmed in this process (filled by :func:`warm`)
WARMED: list[str] = []


def warm(names=None) -> list[str]:
    """Import and play one game of each of ``names`` (default: every registered game);
    the names that warmed (also added to :data:`WARMED`)."""
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
    WARMED.extend(n for n in done if n not in WARMED)
    return done
