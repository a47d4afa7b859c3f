"""Why a Whist card play is refused, and the refused plays a learner may try.

The cards a seat may play are the state's own (``legal_actions``: the suit led must be
followed while the seat holds one; under the club rule, when trump is led, the jokers count
as trumps). :func:`why_illegal` says so for a card the seat holds but may not play, reading
that same mask of allowed cards; it only words the answer.

>>> from engine.core.records import initial_state
>>> from engine.tutorial import play
>>> r = play("whist", 0).record
>>> s = initial_state(r)
>>> for a in r.actions:
...     if s.phase == PLAY and s.led >= 0 and list(tries(s)):
...         break
...     s.apply(a)
>>> action, why = next(tries(s))
>>> why.code
'whist.why_follow'
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from engine.core.errors import Phrase
from engine.whist.actions import Play
from engine.whist.cards import SUIT_NAMES, SUITS, card_text
from engine.whist.state import PLAY
from engine.whist.state_tables import CARD_BIT

if TYPE_CHECKING:
    from engine.whist.state import WhistState

#: the most refused plays offered at once (the lowest card of each suit the seat may not play)
MOST = 3


def _held(s: WhistState) -> int:
    seat = s.to_act
    return s.hands[seat] | s.tops[seat]


def why_illegal(s: WhistState, action) -> Phrase | None:
    """Why the seat to act may not play ``action`` (a :class:`Play` of a card it holds)
    now; ``None`` when it may, or for any other move (the general refusal says that)."""
    if s.phase != PLAY or not isinstance(action, Play) or s.led < 0:
        return None
    bit = CARD_BIT[action.code]
    if not bit or not _held(s) & bit or s._play_mask() & bit:
        return None
    suit = SUIT_NAMES[SUITS[s.led]]
    if s.club and s.led == s.trump:
        return Phrase.coded(
            "whist.why_follow_trump",
            "trumps ({suit}) were led and you hold a trump or a joker, which count as "
            "trumps here: you must play one",
            suit=suit,
        )
    return Phrase.coded(
        "whist.why_follow",
        "{suit} were led and you hold a card of that suit: you must follow suit",
        suit=suit,
    )


def tries(s: WhistState) -> Iterator[tuple[object, Phrase]]:
    """The refused plays a learner may try now, each with its reason: when a suit was led
    and the seat holds it, the lowest card of each other suit it holds (and a joker), at
    most :data:`MOST`."""
    if s.phase != PLAY or s.led < 0:
        return
    held, allowed = _held(s), s._play_mask()
    refused = held & ~allowed
    found = 0
    for low in range(0, 54, 13):  # each suit's 13 cards, then the two jokers
        suit = refused >> low & 0x1FFF
        if not suit or found >= MOST:
            continue
        code = low + (suit & -suit).bit_length() - 1
        action = Play(card_text(code))
        why = why_illegal(s, action)
        if why is not None:
            found += 1
            yield action, why
