"""A list the engine gives (a coded ``choices`` or ``join`` phrase) in a language's words."""

from __future__ import annotations

from collections.abc import Callable


def _english(context: str, message: str) -> str:
    return message


#: the most items of a list of what may be written that a page shows
SHOWN = 12


def listed(phrase, worded: Callable = str, pgettext: Callable = _english) -> str:
    """A list the engine gives in the session's language: what a player may write
    (code ``choices``) each quoted as the language quotes (「R1」、「R2」), or several parts
    (code ``join`` with ", ", each part ``worded``) with the language's comma.
    ``pgettext`` translates (the session's, from :mod:`dashboard.i18n`: this module imports
    no dashboard module, so the translation layer can use it)."""
    comma = pgettext("list separator", ", ")
    if phrase.code == "choices":  # at most a dozen on a page (a whole deck says nothing)
        quote = pgettext("quoted input", "“{text}”")
        items = phrase.params["items"]
        shown = comma.join(quote.format(text=i) for i in items[:SHOWN])
        if len(items) <= SHOWN:
            return shown
        more = pgettext("choices.more", "{shown}, … ({count} in all)")
        return more.format(shown=shown, count=len(items))
    sep = phrase.params["sep"]
    return (comma if sep == ", " else sep).join(str(worded(p)) for p in phrase.params["parts"])
