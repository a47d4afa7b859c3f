"""Whist's guided first game: the rule moments the state machine shows (see
:mod:`engine.tutorial`). The guided game is the default ruleset's: Bid Whist, four players.

The Learn page (``dashboard/views/whist/learn.py``) is one tab per section; the anchors it
has are ``card-order``, ``follow`` and ``scoring``, and the rules here name the other tabs
``deal``, ``bidding``, ``kitty`` and ``two-players`` (the anchors those tabs should carry
for a link to open them). Every section comes up in a Bid Whist game but ``two-players``
(straw piles: the two-player variants only).
"""

from __future__ import annotations

from typing import cast

from engine.core.errors import Phrase
from engine.core.protocol import State
from engine.tutorial import Guide, rule
from engine.whist import reasons
from engine.whist.position import void_masks
from engine.whist.state import BID, DEAL, DISCARD, PLAY, TRUMP, WhistState

SECTIONS = ("deal", "bidding", "card-order", "kitty", "follow", "scoring", "two-players")
REACHABLE = ("deal", "bidding", "card-order", "kitty", "follow", "scoring")

JOKER_PLAYS = ("play BJ", "play LJ")

RULES = (
    rule("whist.tutorial.deal", "The deal", "deal"),
    rule("whist.tutorial.bid", "Bidding for the contract", "bidding"),
    rule("whist.tutorial.trump", "The declarer names trump", "card-order"),
    rule("whist.tutorial.kitty", "The declarer takes the kitty", "kitty"),
    rule("whist.tutorial.discard", "Six discards: the first book", "kitty"),
    rule("whist.rule.trick", "Who wins a trick", "card-order"),
    rule("whist.tutorial.ruff", "A trump wins a trick of another suit", "card-order"),
    rule("whist.tutorial.void", "Cannot follow suit: any card may be played", "follow"),
    rule("whist.tutorial.joker", "A joker is played", "follow"),
    rule("whist.tutorial.made", "The contract is made", "scoring"),
    rule("whist.tutorial.set", "The contract is set", "scoring"),
    rule("whist.tutorial.deal_points", "Points for the books over six", "scoring"),
    rule("whist.tutorial.game_over", "A side reaches the target", "scoring"),
)


def detect(before: State, action: str, after: State) -> list[str]:
    """The codes of the rules that apply at this step, read from the state machine: its
    phase, the suits it has seen players fail to follow (``void_masks``), the tricks it
    took and the deals it scored."""
    b, a = cast(WhistState, before), cast(WhistState, after)
    out = []
    if b.phase == DEAL:
        out.append("whist.tutorial.deal")
    elif b.phase == BID and action != "pass":
        out.append("whist.tutorial.bid")
    elif b.phase == TRUMP:
        out.append("whist.tutorial.trump")
        if a.kitty_taken and not b.kitty_taken:
            out.append("whist.tutorial.kitty")
    elif b.phase == DISCARD:
        out.append("whist.tutorial.discard")
    elif b.phase == PLAY:
        if action in JOKER_PLAYS:
            out.append("whist.tutorial.joker")
        if any(now & ~seen for seen, now in zip(void_masks(b), void_masks(a))):
            out.append("whist.tutorial.void")
        if len(a.tricks) > len(b.tricks):
            out.append("whist.rule.trick")
            cards, index = a.tricks[-1][2], a.tricks[-1][4]
            won, led = cards[index], cards[0]
            if (
                a.trump >= 0
                and won < 52
                and won // 13 == a.trump
                and led < 52
                and led // 13 != a.trump
            ):
                out.append("whist.tutorial.ruff")
    if len(a.deal_log) > len(b.deal_log):
        if b.bidw:
            made = a.deal_log[-1]["points"][b.declarer & 1] > 0
            out.append("whist.tutorial.made" if made else "whist.tutorial.set")
        else:
            out.append("whist.tutorial.deal_points")
    if a.loser >= 0 and b.loser < 0:
        out.append("whist.tutorial.game_over")
    return out


def tries(state: State) -> list[tuple[object, Phrase]]:
    """The refused plays a learner may try now, with the engine's reasons
    (:func:`engine.whist.reasons.tries`)."""
    return list(reasons.tries(cast(WhistState, state)))


GUIDE = Guide(RULES, SECTIONS, REACHABLE, detect, tries)
