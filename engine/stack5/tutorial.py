"""Stack 5's guided first game: the rule moments the state machine shows (see
:mod:`engine.tutorial`).

The Learn page's sections (``dashboard/views/stack5/learn.py``, anchors): ``deck``,
``turn``, ``bust``, ``specials``, ``placing``, ``scoring``. A game meets every one but
``deck``: the deck's make-up is an overview, and its one rule in play (the discard pile
shuffled into a new deck) needs a longer game than most — it is taught when it comes.
"""

from __future__ import annotations

from typing import cast

from engine.core.errors import Phrase
from engine.core.protocol import State
from engine.stack5 import reasons
from engine.stack5.state import P_BOMB, P_DRAW, P_EXTRA, P_GIVE, P_STEAL, Stack5State
from engine.tutorial import Guide, rule

SECTIONS = ("deck", "turn", "bust", "specials", "placing", "scoring")
REACHABLE = ("turn", "bust", "specials", "placing", "scoring")

RULES = (
    rule("stack5.tutorial.draw", "Draw again or stop", "turn"),
    rule("stack5.tutorial.stop", "Stopping: you place every card you drew", "turn"),
    rule("stack5.rule.bust", "Busting", "bust"),
    rule("stack5.tutorial.draw3", "Draw 3: three more cards at once", "specials"),
    rule("stack5.rule.bombs", "Number Bomb and Colour Bomb", "specials"),
    rule("stack5.rule.steal", "Steal", "specials"),
    rule("stack5.tutorial.steal_nothing", "A Steal with no card to take does nothing", "specials"),
    rule("stack5.tutorial.joker", "The Joker: wild, kept and placed", "specials"),
    rule("stack5.rule.placing", "Placing a card on a row", "placing"),
    rule("stack5.tutorial.discard_row", "No place for a card: a row starts over", "placing"),
    rule("stack5.rule.scoring", "Scoring a row", "scoring"),
    rule("stack5.tutorial.win", "Reaching the target wins", "scoring"),
    rule("stack5.tutorial.reshuffle", "The discard pile becomes the new deck", "deck"),
)


def detect(before: State, action: str, after: State) -> list[str]:
    """The codes of the rules that apply at this step, read from the state machine's phases,
    rows, scores and reshuffle count."""
    before, after = cast(Stack5State, before), cast(Stack5State, after)
    out = []
    spec = before.spec
    if before.phase == P_DRAW and action in spec.index:  # a card dealt to the drawer
        code = spec.index[action]
        if code == spec.D3 and after.phase == P_EXTRA:
            out.append("stack5.tutorial.draw3")
        elif code == spec.JK:
            out.append("stack5.tutorial.joker")
        elif code == spec.ST and after.phase != P_STEAL:
            out.append("stack5.tutorial.steal_nothing")
    if after.phase == P_BOMB and before.phase != P_BOMB:
        out.append("stack5.rule.bombs")
    if after.phase == P_STEAL and before.phase != P_STEAL:
        out.append("stack5.rule.steal")
    if after.phase == P_GIVE and before.phase != P_GIVE:
        out.append("stack5.rule.bust")
    if action == "draw":
        out.append("stack5.tutorial.draw")
    elif action == "stop" and before.hand:
        out.append("stack5.tutorial.stop")
    elif action.startswith("place "):
        out.append(
            "stack5.tutorial.discard_row" if " discard " in action else "stack5.rule.placing"
        )
    if sum(after.scores) > sum(before.scores):
        out.append("stack5.rule.scoring")
    if after.winner >= 0 and before.winner < 0:
        out.append("stack5.tutorial.win")
    if after.reshuffles > before.reshuffles:
        out.append("stack5.tutorial.reshuffle")
    return out


def tries(state: State) -> list[tuple[object, Phrase]]:
    """The refused moves a learner may try now, with the engine's reasons
    (:func:`engine.stack5.reasons.tries`)."""
    return list(reasons.tries(cast(Stack5State, state)))


GUIDE = Guide(RULES, SECTIONS, REACHABLE, detect, tries)
