"""Owner's Choice inside OpenSpiel (:mod:`engine.adapters.openspiel`): its action texts."""

from __future__ import annotations

from engine.core.protocol import OpenSpielHooks


def texts(ruleset, players: int) -> tuple[str, ...]:
    """Every action text under ``ruleset`` and ``players``, in a fixed order."""
    from engine.owners_choice import actions as oc

    out = [str(a) for group in (oc.BUY, oc.SELL, oc.NAME_ACTIONS, oc.MOVE) for a in group]
    out += ["done", "pay", "fund", "bankrupt", "stay"]
    out += [str(a) for raw in oc.dice_actions(ruleset).raw for a in raw]
    return tuple(dict.fromkeys(out))


HOOKS = OpenSpielHooks(long_name="Owner's Choice", texts=texts, max_moves=2000, perfect=True)
