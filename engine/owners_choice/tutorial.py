"""Owner's Choice's guided first game: the rule moments the state machine shows (see
:mod:`engine.tutorial`).

The Learn page (``dashboard/views/owners_choice/learn.py``) has nine sections; its anchors
are ``turn``, ``spaces`` and ``dividends``, and the rules here name the others ``board``,
``track``, ``setup``, ``choice``, ``bankruptcy`` and ``end`` (the anchors those sections
should carry for a link to open them). ``board`` (the spaces in order) and ``choice`` (the
president's choice worked out as an expected value: a way to think, not a rule) cannot
come up in play. ``bankruptcy`` comes up only in the games where a company falls off the
bottom of the track or a player leaves, so it is taught when it comes but not required of
the chosen game; every other section comes up.
"""

from __future__ import annotations

from typing import cast

from engine.core.errors import Phrase
from engine.core.protocol import State
from engine.owners_choice import reasons
from engine.owners_choice.actions import EVENT_DIE
from engine.owners_choice.phases import CHOOSE, LEAVE, NAME, OVER, POST, PRE, ROLL, SETUP
from engine.owners_choice.rules import DIVIDEND, PRESIDENT
from engine.owners_choice.state import OwnersChoiceState
from engine.tutorial import Guide, rule

SECTIONS = (
    "board",
    "track",
    "setup",
    "turn",
    "spaces",
    "choice",
    "dividends",
    "bankruptcy",
    "end",
)
REACHABLE = ("track", "setup", "turn", "spaces", "dividends", "end")

RULES = (
    rule("owners_choice.tutorial.opening", "Opening purchases", "setup"),
    rule(
        "owners_choice.tutorial.first_presidents",
        "The most shares of a company: its president die",
        "setup",
    ),
    rule("owners_choice.rule.trade", "Trading shares", "turn"),
    rule("owners_choice.rule.move", "Moving the pawn", "turn"),
    rule("owners_choice.rule.presidents", "President dice after trading", "turn"),
    rule(
        "owners_choice.tutorial.choose",
        "A company's space: its president pays for its die or raids the Fund",
        "spaces",
    ),
    rule("owners_choice.tutorial.president_die", "The president die", "spaces"),
    rule("owners_choice.tutorial.fund_die", "The Fund die", "spaces"),
    rule("owners_choice.tutorial.all_space", "The ALL space: name a company", "spaces"),
    rule("owners_choice.tutorial.event_die", "The event die", "spaces"),
    rule("owners_choice.tutorial.bonus", "The PRESIDENT space: a bonus", "spaces"),
    rule("owners_choice.tutorial.price_moves", "A price moves along the track", "track"),
    rule("owners_choice.rule.dividends", "Dividends", "dividends"),
    rule("owners_choice.tutorial.bankrupt", "A company goes bankrupt", "bankruptcy"),
    rule("owners_choice.tutorial.leave", "Personal bankruptcy: leave or stay", "bankruptcy"),
    rule("owners_choice.tutorial.goal", "The pawn reaches GOAL: the game ends", "end"),
)


def detect(before: State, action: str, after: State) -> list[str]:
    """The codes of the rules that apply at this step, read from the state machine: its
    phase, the space the pawn stands on, the dice and their faces' effects, the track steps,
    the presidents and the bankruptcies it counted."""
    b, a = cast(OwnersChoiceState, before), cast(OwnersChoiceState, after)
    out = []
    kind = action.split(" ", 1)[0]
    if b.phase == SETUP:
        if kind == "buy":
            out.append("owners_choice.tutorial.opening")
        if a.phase != SETUP and any(p >= 0 for p in a.pres):
            out.append("owners_choice.tutorial.first_presidents")
    elif b.phase in (PRE, POST):
        if kind in ("buy", "sell"):
            out.append("owners_choice.rule.trade")
        elif kind == "move":
            out.append("owners_choice.rule.move")
        if a.pres != b.pres and kind in ("buy", "sell", "move", "done"):
            out.append("owners_choice.rule.presidents")
    if kind == "move":
        space = a.t.spaces[a.pos]
        if space == DIVIDEND:
            out.append("owners_choice.rule.dividends")
        elif space == PRESIDENT:
            out.append("owners_choice.tutorial.bonus")
    if a.phase == CHOOSE and b.phase != CHOOSE:
        out.append("owners_choice.tutorial.choose")
    if a.phase == NAME:
        out.append("owners_choice.tutorial.all_space")
    if b.phase == CHOOSE:
        out.append(
            "owners_choice.tutorial.president_die"
            if kind == "pay"
            else "owners_choice.tutorial.fund_die"
        )
    if a.phase == ROLL and a.die == EVENT_DIE:
        out.append("owners_choice.tutorial.event_die")
    if b.phase == ROLL:
        die, effect = b.ch.effect[b.parse_action(action)]
        if (die < 4 and effect[0] == "dividend") or (die == EVENT_DIE and effect[0] == "dividends"):
            out.append("owners_choice.rule.dividends")
    if sum(a.bankruptcies) > sum(b.bankruptcies):
        out.append("owners_choice.tutorial.bankrupt")
    elif a.step != b.step:
        out.append("owners_choice.tutorial.price_moves")
    if a.phase == LEAVE and b.phase != LEAVE:
        out.append("owners_choice.tutorial.leave")
    if a.phase == OVER and b.phase != OVER:
        out.append("owners_choice.tutorial.goal")
    return out


def tries(state: State) -> list[tuple[object, Phrase]]:
    """The refused trades a learner may try now, with the engine's reasons
    (:func:`engine.owners_choice.reasons.tries`)."""
    return list(reasons.tries(cast(OwnersChoiceState, state)))


GUIDE = Guide(RULES, SECTIONS, REACHABLE, detect, tries)
