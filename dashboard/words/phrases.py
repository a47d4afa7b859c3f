"""The engine's phrases in the player's language, worded from their code and parameters.

The engine gives every text a player reads as an :class:`engine.core.errors.Phrase`: its
English text (``str``), a ``code``, the English ``template`` and the ``params``. Here a
phrase is worded again, in every language (English too, since pages name players rather
than the engine's seats): from the game's own worder for the code when it has one, else
from the catalog's translation of the template (the code is its context), with each
parameter worded in turn — a :class:`~engine.core.errors.Seat` as the player's name, a
:class:`~engine.core.errors.Word` translated, an inner phrase worded the same way. The
text is never read back: no pattern parses engine English.

>>> from engine.core.errors import Phrase, Seat
>>> phrase_text(Phrase.coded("demo.passes", "{who} passes", who=Seat(0)))
'Player 1 passes'
>>> phrase_text(Phrase.coded("demo.passes", "{who} passes", who=Seat(1)), names=["Ann", "Bo"])
'Bo passes'
>>> both = Phrase.joined([Phrase.coded("demo.passes", "{who} passes", who=Seat(2)), "done"])
>>> phrase_text(both)
'Player 3 passes; done'
>>> phrase_text(Phrase.coded("demo.sum", "{n} points", n=3), {"demo.sum": lambda n: f"+{n}"})
'+3'
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

from dashboard.i18n import DEFAULT, _, current, pgettext, quoted_template
from dashboard.words.lists import listed as _listed
from engine.core.errors import Phrase, Quoted, Seat, Word

#: code → a function of the phrase's parameters (by name) giving its text in the session's
#: language; used for phrases a template cannot word (plurals, a game's own names)
Worders = Mapping[str, Callable[..., str]]


def phrase_text(
    phrase, worders: Worders | None = None, names=None, value: Callable | None = None
) -> str:
    """``phrase`` in the session's language (see the module docstring).

    ``worders`` maps a code to its own wording; ``names`` are the players' names by seat;
    ``value`` words a parameter of a game's own kind (a card, a company) and returns
    ``None`` for one it does not know. Text that is not a coded phrase is shown as given.
    """
    code = getattr(phrase, "code", None)
    if not isinstance(phrase, Phrase) or code is None:
        return _param(phrase, worders, names, value)
    if code == "choices":  # what a player may write, quoted as the language does
        return _listed(phrase, str, pgettext) if current() != DEFAULT else str(phrase)
    if code == "join":
        sep = phrase.params["sep"]
        if sep == "; ":  # the list separator of the player's language
            sep = pgettext("phrase.sep", "; ")
        return sep.join(phrase_text(p, worders, names, value) for p in phrase.params["parts"])
    if worders and code in worders:
        return worders[code](**phrase.params)
    params = {k: _param(v, worders, names, value) for k, v in phrase.params.items()}
    if phrase.template is None:  # a coded phrase always has its English template
        return str(phrase)
    try:
        return quoted_template(pgettext(code, phrase.template)).format(**params)
    except (KeyError, IndexError, ValueError):  # a broken translation: the English template
        return phrase.template.format(**params)


def _param(v, worders, names, value) -> str:
    from dashboard.ui import seat_name

    if isinstance(v, Seat):
        return seat_name(int(v), names)
    if isinstance(v, Phrase) and v.code is not None:
        return phrase_text(v, worders, names, value)
    if isinstance(v, Word):
        return _(v)
    if isinstance(v, Quoted):  # the player's input: quoted as the language quotes
        return pgettext("quoted input", "“{text}”").format(text=v.text) + ("…" if v.cut else "")
    if value is not None:
        worded = value(v)
        if worded is not None:
            return worded
    return v
