"""Stock Hold'em's engine words in the page's language: the turn, the hands (役) and the
one-line price breakdown. The engine keeps its English (it is what its records and the
CLI print) and gives the turn as a coded phrase, a price as a
:class:`~engine.stock_holdem.pricing.PriceBreakdown` and the hands by the names of its
tables (``SYMBOL_HANDS`` / ``NUMBER_HANDS``, marked for translation); a page words them
here from those codes and values. English output is the engine's own.

>>> from engine.stock_holdem import price
>>> b = price("6S 6W 6A 2F 2S", stock_up=True)
>>> explain(b) == b.explain()
True
>>> hand("four symbols"), hand("none")
('four symbols', 'none')
>>> from engine import get_game
>>> turn_text(get_game("stock_holdem").new_initial_state(3).describe_turn())
'round 1: the cards are to be dealt'
"""

from __future__ import annotations

from collections.abc import Sequence

from dashboard.i18n import _, current
from dashboard.words.phrases import phrase_text


def hand(name: str) -> str:
    """A hand's name as players read it (the engine's names are in the catalog; an unknown
    name is shown as it is)."""
    return _(name)


def turn_text(phrase, names: Sequence[str] | None = None) -> str:
    """The engine's ``describe_turn()`` in the page's language, each seat named as a player
    (``names``: the players' names by seat, else ``Player 1``, …)."""
    return phrase_text(phrase, names=names)


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


def action_words(text: str) -> str:
    """An action as players say it, for the learn page's lists of moves: in English the
    notation a player types, quoted (“buy C”); in another language a phrase, so no engine
    notation shows there. An action not recognised is shown as written."""
    if current() == "en":
        return f"“{text}”"
    words = text.split()
    if text == "no sell":
        return _("sell nothing")
    if text == "no buy":
        return _("buy nothing")
    if text == "end":
        return _("end the turn")
    if len(words) == 2 and words[0] == "buy":
        return _("buy 1 share of {company}").format(company=words[1])
    if len(words) == 2 and words[0] == "sell":
        return _("sell 1 share of {company}").format(company=words[1])
    if len(words) == 3 and words[0] == "place":
        return _("place {card} on company {company}").format(card=words[1], company=words[2])
    return text
