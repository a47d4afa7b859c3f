"""Stack 5's actions: their types, their text (what records and the CLI write), the
parser that reads it (syntax only; the state checks legality) and the tables of shared
action objects the state's legal moves come from.

>>> parse_action("place jk row 2")
Place(card='JK', row=2)
>>> str(Give(1)), str(DRAW)
('give 1', 'draw')
"""

from __future__ import annotations

from dataclasses import dataclass, field

from engine.core.errors import ParseError, Quoted, parse_count, quoted, word
from engine.stack5.cards import DeckSpec

# --- actions -----------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Decide:
    """The drawer's choice after the minimum draws: ``draw`` or ``stop``."""

    kind: str

    def __str__(self) -> str:
        return self.kind


@dataclass(frozen=True, slots=True)
class Deal:
    """Chance: the card that comes off the deck (an own draw, a Draw 3 card, a bomb's
    turned card — the state knows which)."""

    card: str

    def __str__(self) -> str:
        return self.card


@dataclass(frozen=True, slots=True)
class Give:
    """After a bust: the drawer gives every card drawn this turn to ``seat``."""

    seat: int
    text: str = field(init=False, repr=False, compare=False)  # str(), made once

    def __post_init__(self) -> None:
        object.__setattr__(self, "text", f"give {self.seat}")

    def __str__(self) -> str:
        return self.text


@dataclass(frozen=True, slots=True)
class Steal:
    """Steal: take the top card of row ``row`` (1-based) of player ``seat``."""

    seat: int
    row: int
    text: str = field(init=False, repr=False, compare=False)  # str(), made once

    def __post_init__(self) -> None:
        object.__setattr__(self, "text", f"steal {self.seat} row {self.row}")

    def __str__(self) -> str:
        return self.text


@dataclass(frozen=True, slots=True)
class Place:
    """Place ``card`` on row ``row`` (1-based; an empty slot starts a new row). With
    ``discard=True`` — allowed only when the card has no legal place — row ``row`` is
    discarded first and the card starts a new row there."""

    card: str
    row: int
    discard: bool = False
    text: str = field(init=False, repr=False, compare=False)  # str(), made once

    def __post_init__(self) -> None:
        if self.discard:
            text = f"place {self.card} discard row {self.row}"
        else:
            text = f"place {self.card} row {self.row}"
        object.__setattr__(self, "text", text)

    def __repr__(self) -> str:
        extra = ", discard=True" if self.discard else ""
        return f"Place(card={self.card!r}, row={self.row}{extra})"

    def __str__(self) -> str:
        return self.text


DRAW = Decide("draw")
STOP = Decide("stop")


ACTION_FORMS = word(
    "“draw”, “stop”, a card such as “R3” (chance), “give S”, “steal S row R”, "
    "“place R3 row R” or “place R3 discard row R”"
)


def parse_action(text: str) -> Decide | Deal | Give | Steal | Place:
    """Parse the text of a Stack 5 action (syntax only; the state checks legality).

    >>> parse_action("place jk row 2")
    Place(card='JK', row=2)
    >>> parse_action("steal 1 row 3")
    Steal(seat=1, row=3)
    >>> parse_action("place R3 row")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    engine.core.errors.ParseError: 'place R3 row': not a Stack 5 action; write “draw”, “stop”, ...
    """
    if not isinstance(text, str):
        raise ParseError.coded(
            "stack5.action_not_text",
            "{text!r}: an action is written as text; write {forms}",
            text=text,
            forms=ACTION_FORMS,
        )
    words = text.strip().split()
    low = [w.lower() for w in words]
    try:
        if low == ["draw"]:
            return DRAW
        if low == ["stop"]:
            return STOP
        if len(words) == 1 and len(words[0]) == 2:
            return Deal(words[0].upper())
        if len(low) == 2 and low[0] == "give":
            return Give(_int(low[1]))
        if len(low) == 4 and low[0] == "steal" and low[2] == "row":
            return Steal(_int(low[1]), _int(low[3]))
        if len(low) == 4 and low[0] == "place" and low[2] == "row" and len(words[1]) == 2:
            return Place(words[1].upper(), _int(low[3]))
        if low[:1] == ["place"] and low[2:4] == ["discard", "row"] and len(low) == 5:
            return Place(words[1].upper(), _int(low[4]), True)
    except ParseError as exc:
        raise ParseError.within(_shown(text), exc) from None
    raise ParseError.coded(
        "stack5.action_unknown",
        "{text}: not a Stack 5 action; write {forms}",
        text=_shown(text),
        forms=ACTION_FORMS,
    )


def _shown(text: str, limit: int = 40) -> Quoted:
    """The action text quoted for an error message, cut when very long (the app quotes it
    as the page's language does)."""
    return quoted(text, limit)


def _int(text: str) -> int:
    """A seat or row number: ASCII digits only, at most 3 (``parse_count``)."""
    return parse_count(text, word("a seat or row number"), max_digits=3)


class _Deals(dict):
    """One shared ``Deal`` per card text (sampling allocates nothing)."""

    def __missing__(self, key: str) -> Deal:
        d = self[key] = Deal(key)
        return d


_DEALS = _Deals()


class _DealsByCode(dict):
    """Per spec: the shared ``Deal`` of each card code."""

    def __missing__(self, spec: DeckSpec) -> list[Deal]:
        deals = self[spec] = spec.deals = [_DEALS[name] for name in spec.names]
        return deals


_DEAL_OF = _DealsByCode()


# --- the legal-move tables the state reads (shared action objects) ----------------------


def placements(spec: DeckSpec, rows: list | tuple, card: int) -> list[Place]:
    """Legal places for ``card`` (a code) among ``rows`` (tuples of codes in slots).

    A row stays viable with a number card ``n`` of colour ``c`` when its numbers are
    still all different and ``n`` is new, or all its numbers are ``n``, or all its colours
    are ``c``; a Joker never breaks a viable row (:meth:`DeckSpec.accepts`). The rows on
    the right then start a new row in the first empty slot; with no legal place at all,
    any row may be discarded for the card.
    """
    key = spec.seat_key([spec.row_sig(r) for r in rows])
    return list(_table(spec).get(key, card))


class _PlaceTable:
    """The placement list of every (seat key, card), built on first use: the key's field
    for the card says, slot by slot, whether the row is empty, accepts the card or not
    (:meth:`DeckSpec.slot_weight`), which fixes the list."""

    def __init__(self, spec: DeckSpec):
        self.spec = spec
        self.bits = spec.field_bits
        self.mask = spec.field_mask
        self.slots = spec.rules.max_rows
        self.lists: dict[int, tuple[Place, ...]] = {}

    def get(self, key: int, card: int) -> tuple[Place, ...]:
        field = key >> self.bits * card & self.mask
        index = field << 8 | card
        out = self.lists.get(index)
        if out is None:
            out = self.lists[index] = self._build(field, self.spec.names[card])
        return out

    def _build(self, field: int, name: str) -> tuple[Place, ...]:
        out = []
        first_empty = -1
        for i in range(self.slots):
            tri = field // 3**i % 3
            if tri == 1:
                out.append(Place(name, i + 1, False))
            elif tri == 0 and first_empty < 0:
                first_empty = i
        if first_empty >= 0:
            out.append(Place(name, first_empty + 1, False))
        if not out:
            out = [Place(name, i + 1, True) for i in range(self.slots)]
        return tuple(out)


_TABLES: dict[DeckSpec, _PlaceTable] = {}

_GIVES: dict[tuple[int, int], tuple[Give, ...]] = {}


def _gives(players: int, giver: int) -> tuple[Give, ...]:
    """The ``give`` actions of ``giver`` (shared objects, their texts made once)."""
    out = _GIVES.get((players, giver))
    if out is None:
        out = _GIVES[players, giver] = tuple(Give(s) for s in range(players) if s != giver)
    return out


def _table(spec: DeckSpec) -> _PlaceTable:
    table = _TABLES.get(spec)
    if table is None:
        table = _TABLES[spec] = _PlaceTable(spec)
    spec.place_table = table
    return table
