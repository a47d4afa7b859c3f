"""Stack 5 inside OpenSpiel (:mod:`engine.adapters.openspiel`): its action texts."""

from __future__ import annotations

from engine.core.protocol import OpenSpielHooks


def texts(ruleset, players: int) -> tuple[str, ...]:
    """Every action text under ``ruleset`` and ``players``, in a fixed order (only the
    syntax: a Joker in a ``place`` is listed, a Number Bomb is not)."""
    from engine.stack5.cards import deck_spec

    names = list(deck_spec(ruleset).names)
    rows = range(1, ruleset.max_rows + 1)
    out = ["draw", "stop", *names]
    out += [f"give {s}" for s in range(players)]
    out += [f"steal {s} row {r}" for s in range(players) for r in rows]
    out += [f"place {c} row {r}" for c in names for r in rows]
    out += [f"place {c} discard row {r}" for c in names for r in rows]
    return tuple(dict.fromkeys(out))


HOOKS = OpenSpielHooks(long_name="Stack 5", texts=texts, max_moves=2000, perfect=True)
