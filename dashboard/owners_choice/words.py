"""Owner's Choice engine phrases in the page's language: whose turn it is
(``describe_turn``), what a move leads to (``move_outlook``'s ``plan``), die faces and
actions as players say them.

The engine gives its turn and plan texts as coded phrases (:class:`engine.core.errors.Phrase`,
seats as :class:`~engine.core.errors.Seat`); :func:`dashboard.words.phrases.phrase_text` words
them from their code and parameters (the templates' translations are in the engine
catalog), each seat named by the page (``Player 2`` unless told). Die faces are read by
the engine's own face parser. Action notation inside quotes ('buy R', 'done', 'pay',
'fund') stays as typed.

>>> from engine import get_game
>>> s = get_game("owners_choice").new_initial_state(2)
>>> for a in ["done", "done", "move 1"]:
...     s.apply(a)
>>> print(turn_words(s.describe_turn()))
Player 1 trades after the move: buys or sells shares, or ends trading
>>> from engine.owners_choice import from_position, move_outlook
>>> o = move_outlook(from_position(holdings=[[3, 0, 0, 0], [0, 2, 0, 0]], fund=0))[0]
>>> plan_words(o.plan, lambda p: ("Ann", "Bo")[p])
'red: Ann pays $50 and rolls the president die'
>>> [face_words(f) for f in ("+2", "50/-1", "all/-3")]
['+2 steps', 'take $50, −1 step', 'take the whole Fund, −3 steps']
>>> [face_words(f) for f in ("lowest+2", "pay50", "dividends")]  # doctest: +NORMALIZE_WHITESPACE
['the lowest-priced company +2 steps', 'every player pays $50 into the Fund',
 'every company pays its dividend']
"""

from __future__ import annotations

from collections.abc import Callable

from dashboard.i18n import N_, _, current, ngettext
from dashboard.ui import seat_name
from dashboard.words.phrases import phrase_text
from engine.core.errors import Word
from engine.owners_choice.outlook import NO_PLAN
from engine.owners_choice.rules import face_effect

Namer = Callable[[int], str]


def seat_words(seat: int) -> str:
    """A seat as every page calls a player: ``Player 1`` for seat 0."""
    return seat_name(seat)


class _Names:
    """The players' names by seat as :func:`phrase_text` reads them, from a page's namer."""

    def __init__(self, name: Namer):
        self.name = name

    def __len__(self) -> int:
        return 1 << 16  # every seat has a name

    def __getitem__(self, seat: int) -> str:
        return self.name(seat)


#: the turn phrases whose engine English names actions by their notation ('buy R',
#: 'done', 'pay'), in player words; ``{who}`` a player, ``{company}`` a company's colour
TURN_WORDS = {
    "oc.turn_setup": N_(
        "{who} buys shares in the set-up round (red, yellow, blue or green), or ends trading"
    ),
    "oc.turn_post": N_("{who} trades after the move: buys or sells shares, or ends trading"),
    "oc.turn_choose": N_(
        "{who}, president of {company}, chooses: pay the fee and roll the president die, "
        "or roll the Fund die"
    ),
    "oc.turn_leave": N_("{who} chooses: declare bankruptcy and leave, or stay in the game"),
}


#: the companies by letter (engine.owners_choice.rules.COMPANY_NAMES)
_COMPANIES = {"R": N_("red"), "Y": N_("yellow"), "B": N_("blue"), "G": N_("green")}


def company_words(value) -> str | None:
    """A company in a phrase, its letter (``R``) or its word
    (:data:`engine.owners_choice.rules.COMPANY_WORDS`), as its colour in the page's
    language."""
    if isinstance(value, Word):
        return _(value)
    return _(_COMPANIES[value]) if isinstance(value, str) and value in _COMPANIES else None


def tied_companies(value: str) -> str:
    """The companies of a statistic's value, tied ones joined by "/" (``R/B``), as their
    colours in the page's language ("red/blue")."""
    return "/".join(company_words(c) or c for c in str(value).split("/"))


def turn_words(phrase, name: Namer = seat_words) -> str:
    """``describe_turn()`` in the page's language, each seat named by ``name`` and each
    company by its colour; no action notation (:data:`TURN_WORDS`)."""
    names = _Names(name)

    def worder(code: str):
        def word(**params) -> str:
            who = params.get("who")
            company = params.get("company")
            return _(TURN_WORDS[code]).format(
                who=name(int(who)) if who is not None else "",
                company=company_words(company) or company,
            )

        return word

    worders = {code: worder(code) for code in TURN_WORDS}
    return phrase_text(phrase, worders, names=names, value=company_words)


def plan_words(plan, name: Namer = seat_words) -> str:
    """A move's ``plan`` (its steps joined by ``; ``) in the page's language, companies by
    their colour; '' for none."""
    if not plan or plan == NO_PLAN:
        return ""
    return phrase_text(plan, names=_Names(name), value=company_words)


def _steps(k: int) -> str:
    """A price move on the stock track, signed: ``+2 steps``, ``−1 step``."""
    sign = "+" if k >= 0 else "−"
    n = abs(k)
    return ngettext("{sign}{n} step", "{sign}{n} steps", n).format(sign=sign, n=n)


def face_words(face: str) -> str:
    """A die face as players say it (``'all/-3'`` → ``take the whole Fund, −3 steps``;
    a price moves by steps of the stock track). A face of no die is shown as written."""
    found = face_effect(face)
    if found is None:
        return face
    die, effect = found
    if die == "president":
        kind, k = effect
        return _("dividend") if kind == "dividend" else _steps(k)
    if die == "fund":
        take, down = effect
        if take < 0:
            return _("take the whole Fund, {steps}").format(steps=_steps(-down))
        return _("take ${take}, {steps}").format(take=take, steps=_steps(-down))
    what, k = effect
    if what == "pay":
        return _("every player pays ${amount} into the Fund").format(amount=k)
    if what == "dividends":
        return _("every company pays its dividend")
    if what == "all":
        return _("every company {steps}").format(steps=_steps(k))
    if what == "lowest":
        return _("the lowest-priced company {steps}").format(steps=_steps(k))
    return _("the highest-priced company {steps}").format(steps=_steps(k))


def action_words(text: str) -> str:
    """An action as players say it, for a learn page's lists of moves: in English the
    notation a player types, quoted (“buy R”); in another language a phrase (Rを1株買う), so
    no engine notation shows there. An action not recognised is shown as written."""
    if current() == "en":
        return f"“{text}”"
    kind, _sep, arg = text.partition(" ")
    if kind == "buy" and arg:
        return _("buy 1 {company}").format(company=arg)
    if kind == "sell" and arg:
        return _("sell 1 {company}").format(company=arg)
    if kind == "move" and arg.isdigit():
        return ngettext("move {n} space", "move {n} spaces", int(arg)).format(n=arg)
    if kind == "name" and arg:
        return _("name {company}").format(company=arg)
    if kind == "die":
        which, _sep, face = arg.partition(" ")
        said = face_words(face)
        if which == "fund":
            return _("Fund die: {face}").format(face=said)
        if which == "event":
            return _("Event die: {face}").format(face=said)
        return _("{company} president die: {face}").format(company=which, face=said)
    simple = {
        "done": _("end trading"),
        "pay": _("pay the fee and roll the president die"),
        "fund": _("roll the Fund die"),
        "bankrupt": _("declare bankruptcy"),
        "stay": _("stay in the game"),
    }
    return simple.get(text, text)
