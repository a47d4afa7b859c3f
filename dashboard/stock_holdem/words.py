"""Stock Hold'em's engine words in the page's language: the hands (役) and the one-line
price breakdown. The engine keeps its English names (they are what its records and the
CLI print); a page shows them through these functions. English output is the engine's own.

>>> from engine.stock_holdem import price
>>> b = price("6S 6W 6A 2F 2S", stock_up=True)
>>> explain(b) == b.explain()
True
>>> hand("four symbols"), hand("none")
('four symbols', 'none')
"""

from __future__ import annotations

from dashboard.i18n import N_, _

#: the engine's hand names (engine.stock_holdem.pricing SYMBOL_HANDS / NUMBER_HANDS)
HANDS = {
    "none": N_("none"),
    "flush": N_("flush"),
    "four symbols": N_("four symbols"),
    "three of a kind": N_("three of a kind"),
    "small straight": N_("small straight"),
    "full house": N_("full house"),
    "large straight": N_("large straight"),
    "four of a kind": N_("four of a kind"),
    "five of a kind": N_("five of a kind"),
}


def hand(name: str) -> str:
    """A hand's name as players read it (an unknown name is shown as it is)."""
    return _(HANDS[name]) if name in HANDS else name


def explain(b) -> str:
    """A :class:`~engine.stock_holdem.pricing.PriceBreakdown` in one line, e.g.
    ``base 25 + flush 10 = 35`` (the engine's ``explain()`` in the page's language)."""
    parts = [_("base {n}").format(n=b.base)]
    if b.stock_up_bonus:
        parts.append(_("stock-up {n}").format(n=b.stock_up_bonus))
    if b.symbol_bonus:
        parts.append(f"{hand(b.symbol_hand)} {b.symbol_bonus}")
    if b.number_bonus:
        parts.append(f"{hand(b.number_hand)} {b.number_bonus}")
    text = " + ".join(parts) + f" = {b.total}"
    if b.clamped:
        text += _(", clamped to {price}").format(price=b.price)
    return text
