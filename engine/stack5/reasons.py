"""Why a Stack 5 placement or gift is refused, and the refused moves a learner may try.

:meth:`Stack5State.legal_actions` lists a card's places from the placement table
(:mod:`engine.stack5.actions`), whose field says, row slot by row slot, whether the slot is
empty, takes the card or refuses it (:meth:`engine.stack5.cards.DeckSpec.accepts`).
:func:`why_illegal` reads that same field to say which of those three stops a move, so the
rule lives once, in the deck spec; it only words the answer.

>>> from engine.stack5 import setup_position
>>> s = setup_position({0: ["R1 R1"]})
>>> for a in ["B3", "G4", "stop"]: s.apply(a)
>>> print(why_illegal(s, Place("B3", 3)))
a new row starts in the first empty row, row 2
>>> why_illegal(s, Place("B3", 2)) is None
True
>>> [str(a) for a, _why in tries(s)]
['place B3 row 1', 'place B3 row 3', 'place B3 discard row 1']
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from engine.core.errors import Phrase
from engine.stack5.actions import Give, Place, _table

if TYPE_CHECKING:
    from engine.stack5.state import Stack5State

#: a slot of the placement table's field: empty, takes the card, refuses it
EMPTY, TAKES, REFUSES = 0, 1, 2


def _slots(s: Stack5State, seat: int, card: int) -> list[int]:
    """Each row slot of ``seat`` for ``card``: :data:`EMPTY`, :data:`TAKES` or
    :data:`REFUSES`, read from the placement table the legal moves come from."""
    table = _table(s.spec)
    key = s._seat_keys()[seat]
    field = key >> table.bits * card & table.mask
    return [field // 3**i % 3 for i in range(table.slots)]


def _placing(s: Stack5State) -> tuple[int, list[int]] | None:
    """The seat placing now and the cards it may place, or ``None`` when nobody places."""
    from engine.stack5.phases import P_PLACE, P_STEAL_PLACE

    if s.phase == P_PLACE:
        return s.placer, sorted(set(s.to_place), key=s.to_place.index)
    if s.phase == P_STEAL_PLACE:
        return s.player, [s.stolen]
    return None


def why_illegal(s: Stack5State, action) -> Phrase | None:
    """Why the seat to act may not play ``action`` (a :class:`Place` or :class:`Give`)
    now, in the rules' words; ``None`` when it may, or when the move is no placement or
    gift (the turn's general refusal, :meth:`State.apply`'s, says that)."""
    from engine.stack5.phases import P_GIVE

    if isinstance(action, Give):
        if s.phase == P_GIVE and action.seat == s.player:
            return Phrase.coded(
                "stack5.why_give_self", "the cards of a bust go to another player, not the drawer"
            )
        return None
    placing = _placing(s)
    if not isinstance(action, Place) or placing is None:
        return None
    seat, cards = placing
    code = s.spec.index.get(action.card)
    if code not in cards or not 1 <= action.row <= s.ruleset.max_rows:
        return None
    slots = _slots(s, seat, code)
    first_empty = next((i + 1 for i, t in enumerate(slots) if t == EMPTY), None)
    has_place = first_empty is not None or TAKES in slots
    if action.discard:
        if has_place:
            return Phrase.coded(
                "stack5.why_no_discard",
                "a row is thrown away only for a card that fits no row, and this card fits",
            )
        return None
    slot = slots[action.row - 1]
    if slot == REFUSES:
        return Phrase.coded(
            "stack5.why_row_refuses",
            "row {row} does not take this card: a row's numbers stay all different, all the "
            "same, or all one colour",
            row=action.row,
        )
    if slot == EMPTY and action.row != first_empty:
        return Phrase.coded(
            "stack5.why_first_empty",
            "a new row starts in the first empty row, row {row}",
            row=first_empty,
        )
    return None


def tries(s: Stack5State) -> Iterator[tuple[object, Phrase]]:
    """The refused moves a learner may plausibly try now, each with its reason: the next
    card to place on a row that does not take it or on a later empty row, a row thrown
    away for it when it fits; the bust's cards kept by the drawer. Only the first card's
    tries: the others' are the same kind, and a phone has little room."""
    from engine.stack5.phases import P_GIVE

    if s.phase == P_GIVE:
        mine = Give(s.player)
        why = why_illegal(s, mine)
        if why is not None:
            yield mine, why
        return
    placing = _placing(s)
    if placing is None:
        return
    seat, cards = placing
    name = s.spec.names[cards[0]]
    for row in range(1, s.ruleset.max_rows + 1):
        why = why_illegal(s, Place(name, row))
        if why is not None:
            yield Place(name, row), why
    used = next((i + 1 for i, r in enumerate(s._rows[seat]) if r), None)
    if used is not None:
        why = why_illegal(s, Place(name, used, True))
        if why is not None:
            yield Place(name, used, True), why
