"""Owner's Choice engine sentences in the page's language: whose turn it is
(``describe_turn``) and what a move leads to (``move_outlook``'s ``plan``).

The engine writes them in English with seats numbered from 0 (``seat 1 trades or moves``);
a page shows them with its own seat names (``Player 2`` unless told) and in its language.
Each sentence the engine can write has one message here; a sentence not recognised is shown
as the engine wrote it.
Action notation inside quotes ('buy R', 'done', 'pay', 'fund') stays as typed.

>>> turn_words("seat 1 trades or moves")
'Player 2 trades or moves'
>>> plan_words("R: seat 0 rolls the Fund die; roll the Event die", lambda p: f"Player {p + 1}")
'R: Player 1 rolls the Fund die; roll the Event die'
>>> [face_words(f) for f in ("+2", "50/-1", "all/-3")]
['+2 steps', 'take $50, −1 step', 'take the whole Fund, −3 steps']
>>> [face_words(f) for f in ("lowest+2", "pay50", "dividends")]  # doctest: +NORMALIZE_WHITESPACE
['the lowest-priced company +2 steps', 'every player pays $50 into the Fund',
 'every company pays its dividend']
"""

from __future__ import annotations

import re
from collections.abc import Callable

from dashboard.i18n import _, current, ngettext
from dashboard.ui import seat_name
from engine.owners_choice.state import SETUP_CHOICES

Namer = Callable[[int], str]


def seat_words(seat: int) -> str:
    """A seat as every page calls a player: ``Player 1`` for seat 0."""
    return seat_name(seat)


def _die(which: str) -> str:
    if which == "fund":
        return _("the fund die is rolling")
    if which == "event":
        return _("the event die is rolling")
    return _("the {company} die is rolling").format(company=which)


_TURNS: list[tuple[re.Pattern, Callable]] = [
    (
        re.compile(r"seat (\d+) buys in the set-up round: " + re.escape(SETUP_CHOICES)),
        lambda m, name: _(
            "{player} buys in the set-up round: 'buy R', 'buy Y', 'buy B', 'buy G' or 'done'"
        ).format(player=name(int(m[1]))),
    ),
    (
        re.compile(r"seat (\d+) trades or moves"),
        lambda m, name: _("{player} trades or moves").format(player=name(int(m[1]))),
    ),
    (
        re.compile(r"seat (\d+) trades after the move: buy/sell or 'done'"),
        lambda m, name: _("{player} trades after the move: buy/sell or 'done'").format(
            player=name(int(m[1]))
        ),
    ),
    (
        re.compile(r"seat (\d+) names a company for the ALL space"),
        lambda m, name: _("{player} names a company for the ALL space").format(
            player=name(int(m[1]))
        ),
    ),
    (
        re.compile(r"seat (\d+), president of ([A-Z]), chooses 'pay' or 'fund'"),
        lambda m, name: _("{player}, president of {company}, chooses 'pay' or 'fund'").format(
            player=name(int(m[1])), company=m[2]
        ),
    ),
    (re.compile(r"the (\w+) die is rolling"), lambda m, name: _die(m[1])),
    (
        re.compile(r"seat (\d+) chooses 'bankrupt' or 'stay'"),
        lambda m, name: _("{player} chooses 'bankrupt' or 'stay'").format(player=name(int(m[1]))),
    ),
    (re.compile(r"game over"), lambda m, name: _("game over")),
]

_PLANS: list[tuple[re.Pattern, Callable]] = [
    (
        re.compile(r"name ([A-Z])"),
        lambda m, name: _("name {company}").format(company=m[1]),
    ),
    (
        re.compile(r"([A-Z]): seat (\d+) pays \$(\d+) and rolls the president die"),
        lambda m, name: _("{company}: {player} pays ${fee} and rolls the president die").format(
            company=m[1], player=name(int(m[2])), fee=m[3]
        ),
    ),
    (
        re.compile(r"([A-Z]): seat (\d+) rolls the Fund die"),
        lambda m, name: _("{company}: {player} rolls the Fund die").format(
            company=m[1], player=name(int(m[2]))
        ),
    ),
    (re.compile(r"roll the Event die"), lambda m, name: _("roll the Event die")),
]


def _steps(sign: str, n: int) -> str:
    sign = "+" if sign == "+" else "−"
    return ngettext("{sign}{n} step", "{sign}{n} steps", n).format(sign=sign, n=n)


_FACES: list[tuple[re.Pattern, Callable]] = [
    (re.compile(r"([+-])(\d+)"), lambda m: _steps(m[1], int(m[2]))),
    (re.compile(r"dividend"), lambda m: _("dividend")),
    (
        re.compile(r"(\d+)/-(\d+)"),
        lambda m: _("take ${take}, {steps}").format(take=m[1], steps=_steps("-", int(m[2]))),
    ),
    (
        re.compile(r"all/-(\d+)"),
        lambda m: _("take the whole Fund, {steps}").format(steps=_steps("-", int(m[1]))),
    ),
    (
        re.compile(r"all([+-])(\d+)"),
        lambda m: _("every company {steps}").format(steps=_steps(m[1], int(m[2]))),
    ),
    (
        re.compile(r"lowest([+-])(\d+)"),
        lambda m: _("the lowest-priced company {steps}").format(steps=_steps(m[1], int(m[2]))),
    ),
    (
        re.compile(r"highest([+-])(\d+)"),
        lambda m: _("the highest-priced company {steps}").format(steps=_steps(m[1], int(m[2]))),
    ),
    (
        re.compile(r"pay(\d+)"),
        lambda m: _("every player pays ${amount} into the Fund").format(amount=m[1]),
    ),
    (re.compile(r"dividends"), lambda m: _("every company pays its dividend")),
]


def face_words(face: str) -> str:
    """A die face as players say it (``'all/-3'`` → ``take the whole Fund, −3 steps``;
    a price moves by steps of the stock track). A face not recognised is shown as written."""
    for pattern, say in _FACES:
        m = pattern.fullmatch(face)
        if m:
            return say(m)
    return face


def _words(text: str, patterns, name: Namer) -> str:
    for pattern, say in patterns:
        m = pattern.fullmatch(text)
        if m:
            return say(m, name)
    return text


def turn_words(text: str, name: Namer = seat_words) -> str:
    """``describe_turn()`` in the page's language, each seat named by ``name``."""
    return _words(text, _TURNS, name)


def plan_words(text: str, name: Namer = seat_words) -> str:
    """A move's ``plan`` (steps joined by ``; ``) in the page's language; '' for none."""
    if text in ("", "-"):
        return ""
    return "; ".join(_words(part, _PLANS, name) for part in text.split("; "))


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
