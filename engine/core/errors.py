"""The engine's error hierarchy.

Every error a user can trigger is an :class:`EngineError`; callers (the CLI, the
dashboard) catch that one class and show its message. The message always quotes the
offending input and, where it helps, says what is allowed.

An error a player can meet on a page also carries a **code** and its **parameters**, made
with :meth:`EngineError.coded`, so the app can word it in the player's language (the
English template is the translation catalog's message, the code its context); the CLI and
``str(error)`` stay English. Parameters that are English words rather than the player's
input are marked with :func:`word`, so the app translates them too. What the player wrote
is quoted with ``{text!r}`` in the template, or given as :func:`quoted` when it is cut
short, so the app quotes it as the player's language does.

>>> err = ParseError.coded("count.digits", "{text!r}: {what} must be written in digits 0-9",
...                        text="x", what=word("a die"))
>>> str(err), err.code, err.params["text"]
("'x': a die must be written in digits 0-9", 'count.digits', 'x')
"""

from __future__ import annotations


class Word(str):
    """An English word or phrase inside an error message (not the player's input): the
    app shows it translated. Made by :func:`word`, which marks it for the catalogs."""


def word(text: str) -> Word:
    """Mark ``text`` as a translatable word of a message (see :class:`Word`)."""
    return Word(text)


class Phrase(str):
    """A piece of a message worded from a template — a place (``game 3 (line 4)``), a
    clause, a reason — that other messages put inside theirs. It is the English text (a
    ``str``), and keeps ``code``, ``template`` and ``params`` like a coded error, so the
    app words it in the player's language too.

    >>> where = Phrase.coded("where.row", "row {row}", row=2)
    >>> where, where.code, f"{where}: full"
    ('row 2', 'where.row', 'row 2: full')
    """

    code: str | None = None
    template: str | None = None
    params: dict = {}

    @classmethod
    def coded(cls, code: str, template: str, **params) -> Phrase:
        out = cls(template.format(**params))
        out.code, out.template, out.params = code, template, params
        return out

    @classmethod
    def joined(cls, parts, sep: str = "; ") -> Phrase:
        """Several phrases as one text, each part still worded on its own by the app.

        >>> both = Phrase.joined([Phrase.coded("a", "x {n}", n=1), "y"])
        >>> both, both.code, both.params["sep"]
        ('x 1; y', 'join', '; ')
        """
        parts = tuple(parts)
        out = cls(sep.join(parts))
        out.code, out.template, out.params = "join", None, {"parts": parts, "sep": sep}
        return out


class Quoted(str):
    """What a player wrote, quoted inside a message: the engine's English quotes it as
    Python does (``'buy Q'``), the app as the page's language quotes (“buy Q”, 「buy Q」).
    ``text`` is what was written (cut short), ``cut`` whether it was cut. Made by
    :func:`quoted`."""

    text: str = ""
    cut: bool = False


def quoted(text, limit: int = 40) -> Quoted:
    """``text`` (the player's input) quoted for a message, cut after ``limit`` characters
    so a 5,000-character input gives a short message.

    >>> q = quoted("buy Q")
    >>> q, q.text, f"{q}: no company"
    ("'buy Q'", 'buy Q', "'buy Q': no company")
    >>> quoted("x" * 50, limit=3)
    "'xxx'…"
    """
    t = str(text)
    shown = t[:limit]
    out = Quoted(repr(shown) + ("…" if len(t) > limit else ""))
    out.text, out.cut = shown, len(t) > limit
    return out


class Seat(int):
    """A seat number inside a phrase: English reads ``seat 0`` (the engine's numbering), the
    app names the player instead (``Player 1`` or the player's name).

    >>> Phrase.coded("demo", "{who} passes", who=Seat(2))
    'seat 2 passes'
    """

    def __format__(self, spec: str) -> str:
        return f"seat {int(self)}"

    def __str__(self) -> str:
        return f"seat {int(self)}"

    def __repr__(self) -> str:
        return f"Seat({int(self)})"


class EngineError(Exception):
    """Base class of every error the engine raises on bad input.

    ``code`` (a short dotted name), ``template`` (the English message with ``{fields}``)
    and ``params`` are set by :meth:`coded`; an error made from a plain message has
    ``code`` ``None``.
    """

    code: str | None = None
    template: str | None = None

    def __init__(self, *args):
        super().__init__(*args)
        self.params: dict = {}

    @classmethod
    def coded(cls, code: str, template: str, **params):
        """The error with the message ``template.format(**params)``, keeping the code, the
        template and the parameters for a translated wording."""
        err = cls(template.format(**params))
        err.code, err.template, err.params = code, template, params
        return err

    @classmethod
    def within(cls, where, error: BaseException | str):
        """``error`` placed at ``where`` (``"line 3: …"``), still worded in the player's
        language: the inner error is a parameter of the outer one."""
        return cls.coded("in", "{where}: {error}", where=where, error=error)


class ParseError(EngineError):
    """Text that is badly written: it does not denote any action, card or value."""


class IllegalAction(EngineError):
    """A well-formed action that the rules do not allow in the current state."""


class RulesetError(EngineError):
    """A ruleset override or ruleset file that is unknown, mistyped or inconsistent."""


class RecordError(EngineError):
    """A game record that cannot be read or does not replay to its stored result."""


def quote_choices(items, limit: int = 12) -> str:
    """Format allowed values for an error message, eliding long lists.

    >>> quote_choices(["a", "b"])
    "'a', 'b'"
    >>> quote_choices([str(i) for i in range(20)], limit=3)
    "'0', '1', '2', … (20 in all)"
    """
    items = [str(i) for i in items]
    if not items:
        return Phrase.coded("choices.none", "nothing")
    # the English text quotes each item; the app quotes and separates them as its
    # language does (code "choices", the items as written)
    shown = Phrase(", ".join(repr(i) for i in items[:limit]))
    shown.code, shown.template, shown.params = "choices", None, {"items": tuple(items[:limit])}
    if len(items) > limit:
        return Phrase.coded(
            "choices.more", "{shown}, … ({count} in all)", shown=shown, count=len(items)
        )
    return shown


def parse_count(text: str, what: Word | str, max_digits: int = 6) -> int:
    """A small non-negative integer written in ASCII digits, or ``ParseError``.

    ``str.isdigit`` accepts '²' and other digits that ``int`` refuses, and ``int``
    accepts thousands of digits; user text gets neither.

    >>> parse_count("12", "a die")
    12
    >>> parse_count("²", "a die")
    Traceback (most recent call last):
    ...
    engine.core.errors.ParseError: '²': a die must be written in digits 0-9
    """
    if not (0 < len(text) <= max_digits and text.isascii() and text.isdigit()):
        if len(text) > max_digits and text.isascii() and text.isdigit():
            raise ParseError.coded(
                "count.too_long",
                "{text!r}…: {what} has at most {digits} digits",
                text=text[:20],
                what=what,
                digits=max_digits,
            )
        raise ParseError.coded(
            "count.digits",
            "{text!r}: {what} must be written in digits 0-9",
            text=text[:20],
            what=what,
        )
    return int(text)
