"""Owner's Choice actions: small frozen values whose ``str`` is the stable text of a
record, and their parsers.

The actions (text form in quotes):

- set-up round: ``'buy R'`` (one share at the start price) … then ``'done'``;
- a turn, before moving: ``'buy R'`` / ``'sell R'`` (one share per action) and
  ``'move N'``; trading before the move uses up the turn's trade phase;
- after the space is resolved, only if the player did not trade before moving:
  ``'buy R'`` / ``'sell R'`` … then ``'done'``;
- an ALL space: the active player names a company, ``'name B'``;
- a president's choice: ``'pay'`` (pay the fee into the Fund and roll the president die)
  or ``'fund'`` (roll the Fund die); the seat to act is the president, who need not be
  the active player;
- dice (chance nodes): ``'die R +2'``, ``'die R dividend'``, ``'die fund 100/-2'``,
  ``'die event pay50'``; equal faces are merged into one outcome (``'die R +1'`` has
  probability 2/6), since they have the same effect;
- after a company goes bankrupt, each player who held its shares, clockwise from the
  active player, chooses ``'bankrupt'`` (personal bankruptcy: leave the game, returning
  shares and money) or ``'stay'``.


>>> Action("buy", "R"), str(Action("die", "fund all/-3"))
(Action(kind='buy', arg='R'), 'die fund all/-3')
>>> parse_company("blue")
2
"""

from __future__ import annotations

import functools
from dataclasses import dataclass, field
from fractions import Fraction

from engine.core.errors import ParseError, Quoted, parse_count, quote_choices, quoted, word
from engine.owners_choice.rules import COMPANIES, COMPANY_NAMES, OwnersChoiceRules, tables

#: the dice after the four companies' president dice (0-3) in :class:`DiceActions`
FUND_DIE, EVENT_DIE = 4, 5


@dataclass(frozen=True, slots=True)
class Action:
    """One move or die result; ``str()`` is the stable text form.

    >>> Action("buy", "R")
    Action(kind='buy', arg='R')
    >>> str(Action("die", "fund all/-3"))
    'die fund all/-3'
    """

    kind: str
    arg: str = ""
    #: the text form (``str(action)``), made once
    text: str = field(default="", compare=False, repr=False)
    #: the company index of 'buy', 'sell' and 'name', the spaces of 'move', else -1
    number: int = field(default=-1, compare=False, repr=False)

    def __post_init__(self) -> None:
        k, arg = self.kind, self.arg
        object.__setattr__(self, "text", f"{k} {arg}" if arg else k)
        if k in ("buy", "sell", "name") and arg in COMPANIES:
            object.__setattr__(self, "number", COMPANIES.index(arg))
        elif k == "move" and arg.isdigit():
            object.__setattr__(self, "number", int(arg))

    def __str__(self) -> str:
        return self.text


BUY = tuple(Action("buy", c) for c in COMPANIES)
SELL = tuple(Action("sell", c) for c in COMPANIES)
NAME_ACTIONS = tuple(Action("name", c) for c in COMPANIES)
MOVE = tuple(Action("move", str(d)) for d in range(0, 13))
DONE = Action("done")
PAY = Action("pay")
FUND = Action("fund")
BANKRUPT = Action("bankrupt")
STAY = Action("stay")
_SIMPLE = {"done": DONE, "pay": PAY, "fund": FUND, "bankrupt": BANKRUPT, "stay": STAY}


def _q(text, limit: int = 40) -> Quoted:
    """User text quoted for a message (:func:`engine.core.errors.quoted`: the app quotes it
    as the page's language does), cut short so a 5,000-character input gives a short one."""
    return quoted(text, limit)


def parse_company(text: str, *, quote: str | None = None) -> int:
    """A company index from ``'R'``, ``'red'`` (any case) or ``0``-``3``.

    >>> parse_company("blue"), parse_company("g")
    (2, 3)
    >>> parse_company("P")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    engine.core.errors.ParseError: 'P': no company 'P'; companies: “R”, “Y”, “B”, “G” ...
    """
    if isinstance(text, int) and not isinstance(text, bool) and 0 <= text < 4:
        return text
    t = str(text).strip()
    if t.upper() in COMPANIES:
        return COMPANIES.index(t.upper())
    if t.lower() in COMPANY_NAMES:
        return COMPANY_NAMES.index(t.lower())
    where = text if quote is None else quote
    raise ParseError.coded(
        "oc.company_unknown",
        "{text}: no company {company}; companies: “R”, “Y”, “B”, “G” (red, yellow, blue, green)",
        text=_q(where),
        company=_q(t, 12),
    )


class DiceActions:
    """The die actions of one ruleset: each die's outcomes (equal faces merged, with their
    probabilities), its raw faces (for sampling) and what each die action does."""

    def __init__(self, r: OwnersChoiceRules):
        t = tables(r)
        self.outcomes: list[list[tuple[Action, Fraction]]] = []
        self.raw: list[tuple[Action, ...]] = []
        self.effect: dict[Action, tuple] = {}
        dice: list[tuple[str, str, tuple[str, ...], tuple]]
        dice = [(c, f"{c} ", r.president_die, t.pres_faces) for c in COMPANIES]
        dice.append(("fund", "fund ", r.fund_die, t.fund_faces))
        dice.append(("event", "event ", r.event_die, t.event_faces))
        for die, (_, prefix, faces, parsed) in enumerate(dice):
            raw = tuple(Action("die", prefix + f) for f in faces)
            counts: dict[Action, int] = {}
            for a, eff in zip(raw, parsed):
                counts[a] = counts.get(a, 0) + 1
                self.effect[a] = (die, eff)
            self.raw.append(raw)
            self.outcomes.append([(a, Fraction(k, len(raw))) for a, k in counts.items()])


@functools.lru_cache(maxsize=64)
def dice_actions(r: OwnersChoiceRules) -> DiceActions:
    """The :class:`DiceActions` of ``r``, made once per ruleset."""
    return DiceActions(r)


def parse_action(text: str, state) -> Action:
    """The action ``text`` names, or ``ParseError`` saying what is written wrong; a die
    face is checked against ``state``'s dice (its ruleset), a move's message names
    ``state``'s longest move.

    >>> from engine import get_game
    >>> s = get_game("owners_choice").new_initial_state(4)
    >>> parse_action(" Buy  red", s), parse_action("die fund all/-3", s)
    (Action(kind='buy', arg='R'), Action(kind='die', arg='fund all/-3'))
    >>> parse_action("move 13", s)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    engine.core.errors.ParseError: 'move 13': a move is 1 to 3 spaces, written in digits ...
    """
    t = " ".join(str(text).split())
    low = t.lower()
    if low in _SIMPLE:
        return _SIMPLE[low]
    kind, _, rest = low.partition(" ")
    if kind in ("buy", "sell", "name") and rest:
        c = parse_company(t.partition(" ")[2], quote=text)
        return {"buy": BUY, "sell": SELL, "name": NAME_ACTIONS}[kind][c]
    if kind == "move" and rest:
        try:
            d = parse_count(rest, word("a move"), 2)
        except ParseError:
            d = -1
        if 1 <= d < len(MOVE):
            return MOVE[d]
        raise ParseError.coded(
            "oc.move_form",
            "{text}: a move is 1 to {most} spaces, written in digits 0-9 (e.g. “move 2”)",
            text=_q(text),
            most=state.move_max(),
        )
    if kind == "die" and rest:
        which, _, face = t[4:].partition(" ")
        w = which.lower()
        if w in ("fund", "event"):
            key = f"{w} {face}"
        else:
            key = f"{COMPANIES[parse_company(which, quote=text)]} {face}"
        a = Action("die", key)
        if a in state.ch.effect:
            return a
        die = FUND_DIE if w == "fund" else EVENT_DIE if w == "event" else parse_company(w)
        raise ParseError.coded(
            "oc.die_face_unknown",
            "{text}: no die face {face}; faces: {faces}",
            text=_q(text),
            face=_q(face, 12),
            faces=quote_choices(str(x) for x, _ in state.ch.outcomes[die]),
        )
    raise ParseError.coded(
        "oc.action_unknown",
        "{text}: not an Owner's Choice action; write “buy R”, “sell R”, “move N”, “done”, "
        "“name R”, “pay”, “fund”, “bankrupt”, “stay” or “die R +1” / “die fund 50/-1” / "
        "“die event pay50”",
        text=_q(text),
    )
