"""Build Whist states with chosen cards for rule tests."""

from __future__ import annotations

from engine import get_game
from engine.whist.actions import Deal
from engine.whist.cards import CARD_TEXT

GAME = get_game("whist")


def players(variant: str) -> int:
    return 2 if variant.endswith("2") else 4


def deal_for(variant: str, dealer: int, fixed: dict, kitty=(), straw=None, turn=None) -> Deal:
    """A deal where the seats in ``fixed`` get those cards; the rest are filled in order."""
    n = players(variant)
    bid = variant.startswith("bid")
    deck = [CARD_TEXT[c] for c in range(54 if bid else 52)]
    used = {c for h in fixed.values() for c in h} | set(kitty)
    if straw:
        used |= {c for piles in straw for p in piles for c in p}
    rest = [c for c in deck if c not in used]
    size = 12 if (bid or n == 2) else 13
    hands = []
    for i in range(n):
        h = list(fixed.get(i, ()))
        while len(h) < size:
            h.append(rest.pop(0))
        hands.append(tuple(h))
    if n == 2 and straw is None:
        k = 6 if bid else 7
        straw = [tuple((rest.pop(0), rest.pop(0)) for _ in range(k)) for _ in range(2)]
    if bid and not kitty:
        kitty = tuple(rest[:6])
        rest = rest[6:]
    if not bid and turn is None:
        turn = hands[dealer][-1]
    return Deal(tuple(hands), tuple(kitty), tuple(tuple(s) for s in (straw or ())), turn or "")


def new(variant: str = "bid4", dealer: int = 0, **overrides):
    return GAME.new_initial_state(
        players(variant), variant=variant, first_dealer=dealer, **overrides
    )


def dealt(variant: str = "bid4", dealer: int = 0, fixed=None, **kw):
    s = new(variant, dealer)
    s.apply(deal_for(variant, dealer, fixed or {}, **kw))
    return s


def texts(actions) -> list[str]:
    return [str(a) for a in actions]
