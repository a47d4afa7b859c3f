"""Stack 5 cards: codes, text, the row viability rule and row scoring.

Cards are small ints on the hot paths. With the default ruleset the number cards are codes
0..24 (colour index × 5 + number − 1) and the specials follow: Draw 3, Number Bomb,
Colour Bomb, Steal, Joker. Text is ``R3`` for a number card and ``D3 NB CB ST JK`` for the
specials.

>>> spec = deck_spec()
>>> spec.code("R3"), spec.name(spec.code("P5")), spec.size
(2, 'P5', 87)
>>> spec.code("X9")  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
engine.core.errors.ParseError: 'X9': not a Stack 5 card; write a colour R B G Y P and a ...
>>> spec.viable(spec.codes(["R1", "R1", "B2"]))
False
>>> spec.viable(spec.codes(["R1", "R1", "R2", "JK"]))
True
>>> spec.points(spec.codes(["R1", "R2", "JK", "R4", "R5"]))
3
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING

from engine.core.errors import ParseError, quote_choices, word
from engine.stack5.rules import Stack5Rules

if TYPE_CHECKING:
    from engine.stack5.actions import Deal, _PlaceTable

ROW_LENGTH = 5
SPECIALS = ("D3", "NB", "CB", "ST", "JK")
# The names players read (marked with ``word``: the app shows them translated).
SPECIAL_NAMES = {
    "D3": word("Draw 3"),
    "NB": word("Number Bomb"),
    "CB": word("Colour Bomb"),
    "ST": word("Steal"),
    "JK": word("Joker"),
}
COLOUR_NAMES = {
    "R": word("red"),
    "B": word("blue"),
    "G": word("green"),
    "Y": word("yellow"),
    "P": word("purple"),
}

# Combinations a full row can make, with their points (RULES.md §2, Placement).
COMBINATIONS = (
    (word("colour run"), 3, "all colours equal and all numbers different"),
    (word("same number"), 2, "all numbers equal"),
    (word("same colour"), 2, "all colours equal"),
    (word("all different"), 1, "all numbers different"),
)


class DeckSpec:
    """The card kinds of one ruleset: names, codes, counts, and cached row checks."""

    def __init__(self, rules: Stack5Rules):
        self.rules = rules
        cols, nums = rules.colours, rules.numbers
        self.names: list[str] = [f"{c}{n}" for c in cols for n in range(1, nums + 1)]
        self.n_numbers = len(self.names)
        self.D3, self.NB, self.CB, self.ST, self.JK = range(self.n_numbers, self.n_numbers + 5)
        self.names += list(SPECIALS)
        self.kinds = len(self.names)
        self.index = {name: i for i, name in enumerate(self.names)}
        # number (1..) and colour index of each number card; 0 / -1 for specials
        self.number = [i % nums + 1 for i in range(self.n_numbers)] + [0] * 5
        self.colour = [i // nums for i in range(self.n_numbers)] + [-1] * 5
        self.counts: tuple[int, ...] = tuple(
            [rules.copies] * self.n_numbers
            + [rules.draw3, rules.number_bombs, rules.colour_bombs, rules.steals, rules.jokers]
        )
        self.size = sum(self.counts)
        self._viable: dict[tuple, bool] = {}
        self._points: dict[int, int] = {}  # points of a full row by its summary
        # row summaries (see row_sig)
        self._nmask = (1 << (nums + 1)) - 1
        self._cshift = nums + 1
        self._cmask = (1 << len(cols)) - 1
        self._dshift = self._cshift + len(cols)
        self.field_bits = (3**rules.max_rows - 1).bit_length()
        self.field_mask = (1 << self.field_bits) - 1
        self.next_sigs = _Cache(lambda key: self._next_sig(*divmod(key, self.kinds)))
        # slot_weights[slot][sig]: what a row with summary sig in slot adds to the seat key
        self.slot_weights = [
            _Cache(lambda sig, slot=slot: self._slot_weight(sig, slot))
            for slot in range(rules.max_rows)
        ]
        # which cards count toward the minimum draws, and the Draw-3 Joker rule
        self.own_counts = rules.counts_toward_minimum("own")
        self.draw3_counts = rules.counts_toward_minimum("draw3")
        self.draw3_joker_counts = rules.draw3_joker_counts()
        # filled by engine.stack5.state on first use: the placement table, shared deals
        self.place_table: _PlaceTable | None = None
        self.deals: list[Deal] | None = None
        # (Number Bomb?, value) -> the codes a bomb turning that value takes from rows
        self.bomb_hits: dict[tuple[bool, int], frozenset[int]] = {}

    # --- text ---------------------------------------------------------------------------
    def code(self, text: str) -> int:
        """The code of a card written as text (case and spaces forgiven)."""
        key = str(text).strip().upper()
        code = self.index.get(key)
        if code is None:
            raise ParseError.coded(
                "stack5.card_unknown",
                "{text!r}: not a Stack 5 card; write a colour {colours} and a number "
                "1-{numbers} (e.g. “R3”), or a special: {specials}",
                text=text,
                colours=" ".join(self.rules.colours),
                numbers=self.rules.numbers,
                specials=quote_choices(SPECIALS),  # a list in the page's language
            )
        return code

    def codes(self, texts: Iterable[str] | str) -> list[int]:
        """Codes of several cards; a string is split on spaces and commas."""
        if isinstance(texts, str):
            texts = texts.replace(",", " ").split()
        return [self.code(t) for t in texts]

    def name(self, code: int) -> str:
        return self.names[code]

    def is_number(self, code: int) -> bool:
        return code < self.n_numbers

    # --- rows -----------------------------------------------------------------------------
    def viable(self, row: tuple | list) -> bool:
        """Can the row still form a combination? Jokers are ignored; among the other
        cards all numbers differ, or all numbers are equal, or all colours are equal."""
        row = tuple(row)
        v = self._viable.get(row)
        if v is None:
            v = self._viable[row] = self._check_viable(row)
        return v

    # --- row summaries (the hot path of placement) ---------------------------------------
    # A row is summarised by a small int: 0 for an empty row, else
    # 1 + (numbers mask | colours mask << ``_cshift`` | repeated number << ``_dshift``) of
    # its number cards. Whether a card may go on a row follows from the summary alone
    # (:meth:`accepts`). A seat's rows are packed into one int, one field of ``field_bits``
    # per card code: field value Σ over slots of 3**slot × (0 empty, 1 accepts, 2 not) —
    # the key of the card's placement list (see ``engine.stack5.state``).

    def row_sig(self, row: tuple | list) -> int:
        """The summary of a row (0 = empty)."""
        if not row:
            return 0
        mask = cmask = dup = 0
        n_numbers, number, colour = self.n_numbers, self.number, self.colour
        for c in row:
            if c < n_numbers:
                b = 1 << number[c]
                if mask & b:
                    dup = 1
                mask |= b
                cmask |= 1 << colour[c]
        return 1 + (mask | cmask << self._cshift | dup << self._dshift)

    def _next_sig(self, sig: int, card: int) -> int:
        if card >= self.n_numbers:
            return sig or 1
        v = sig - 1 if sig else 0
        mask, cmask = v & self._nmask, v >> self._cshift & self._cmask
        dup = v >> self._dshift
        b = 1 << self.number[card]
        if mask & b:
            dup = 1
        cmask |= 1 << self.colour[card]
        return 1 + (mask | b | cmask << self._cshift | dup << self._dshift)

    def accepts(self, sig: int, card: int) -> bool:
        """May ``card`` (a number card or a Joker) go on a non-empty row with summary
        ``sig``? A number card ``n`` of colour ``c`` keeps the row viable when its numbers
        are still all different and ``n`` is new, or all its numbers are ``n``, or all
        its colours are ``c``; a Joker never breaks a viable row."""
        if card >= self.n_numbers:
            return True
        v = sig - 1
        mask, cmask = v & self._nmask, v >> self._cshift & self._cmask
        dup = v >> self._dshift
        bit, cbit = 1 << self.number[card], 1 << self.colour[card]
        return (not dup and not mask & bit) or (mask | bit) == bit or (cmask | cbit) == cbit

    def slot_weight(self, sig: int, slot: int) -> int:
        """What a row with summary ``sig`` in ``slot`` adds to its seat's packed int
        (cached in ``slot_weights[slot][sig]``)."""
        return self.slot_weights[slot][sig]

    def _slot_weight(self, sig: int, slot: int) -> int:
        out = 0
        unit = 3**slot
        for card in range(self.n_numbers):
            tri = 0 if not sig else (1 if self.accepts(sig, card) else 2)
            out |= tri * unit << self.field_bits * card
        return out | (1 if sig else 0) * unit << self.field_bits * self.JK

    def seat_key(self, sigs: list[int] | tuple[int, ...]) -> int:
        """The packed int of a seat whose rows have summaries ``sigs``."""
        return sum(self.slot_weight(sig, i) for i, sig in enumerate(sigs))

    def _check_viable(self, row: tuple) -> bool:
        if len(row) > ROW_LENGTH:
            return False
        nums = [self.number[c] for c in row if c < self.n_numbers]
        if len(nums) != sum(1 for c in row if c != self.JK):
            return False  # a special other than a Joker never sits in a row
        cols = {self.colour[c] for c in row if c < self.n_numbers}
        distinct = len(set(nums))
        return distinct == len(nums) or distinct <= 1 or len(cols) <= 1

    def outlook(self, row: tuple | list) -> list[tuple[str, int, str]]:
        """The combinations the row can still complete (best first)."""
        nums = [self.number[c] for c in row if c < self.n_numbers]
        cols = {self.colour[c] for c in row if c < self.n_numbers}
        distinct = len(set(nums)) == len(nums)
        equal = len(set(nums)) <= 1
        one_colour = len(cols) <= 1
        possible = {
            "colour run": distinct and one_colour,
            "same number": equal,
            "same colour": one_colour,
            "all different": distinct,
        }
        return [c for c in COMBINATIONS if possible[c[0]]]

    def points(self, row: tuple | list) -> int:
        """Points of a full (5-card) row: its best combination, 0 if it makes none.
        They follow from the row's summary (:meth:`row_sig`), memoised per summary."""
        if len(row) != ROW_LENGTH:
            return 0
        sig = self.row_sig(row)
        pts = self._points.get(sig)
        if pts is None:
            best = self.outlook(row)
            pts = self._points[sig] = best[0][1] if best else 0
        return pts


class _Cache(dict):
    """A dict that computes a missing value with ``make(key)`` (a hit costs one C-level
    lookup). Keys are row summaries: a few thousand at most per ruleset."""

    def __init__(self, make):
        super().__init__()
        self.make = make

    def __missing__(self, key: int) -> int:
        value = self[key] = self.make(key)
        return value


def deck_spec(rules: Stack5Rules | None = None) -> DeckSpec:
    """The (cached) card spec of a ruleset; default ruleset when ``None``. A ruleset
    seen lately is found by identity first (hashing a ruleset reads every field)."""
    known = _SPEC_OF.get(id(rules))
    if known is not None and known[0] is rules:
        return known[1]
    spec = _deck_spec(rules)
    if len(_SPEC_OF) >= 32:
        _SPEC_OF.clear()
    _SPEC_OF[id(rules)] = (rules, spec)  # holds ``rules``: its id is not reused meanwhile
    return spec


_SPEC_OF: dict[int, tuple] = {}


@lru_cache(maxsize=32)
def _deck_spec(rules: Stack5Rules | None) -> DeckSpec:
    return DeckSpec(rules if rules is not None else Stack5Rules())


@dataclass(frozen=True)
class RowOutlook:
    """What a row can still become: see :func:`row_outlook`."""

    cards: tuple[str, ...]
    viable: bool
    combinations: tuple[str, ...]
    best_points: int
    cards_to_go: int

    def __str__(self) -> str:
        if not self.viable:
            return f"{' '.join(self.cards)}: cannot make any combination"
        combos = ", ".join(self.combinations)
        return (
            f"{' '.join(self.cards) or '(empty)'}: can still make {combos}; "
            f"best {self.best_points} point{'s' if self.best_points != 1 else ''}, "
            f"{self.cards_to_go} card{'s' if self.cards_to_go != 1 else ''} to go"
        )


def row_outlook(row: Iterable[str] | str, rules: Stack5Rules | None = None) -> RowOutlook:
    """Which combinations a row can still make, and its best possible points.

    >>> str(row_outlook(["R1", "R1"]))
    'R1 R1: can still make same number, same colour; best 2 points, 3 cards to go'
    >>> row_outlook("G2 G4 JK").combinations
    ('colour run', 'same colour', 'all different')
    >>> row_outlook("R1 B1 B2").viable
    False
    """
    spec = deck_spec(rules)
    codes = spec.codes(row)
    for c in codes:
        if c >= spec.n_numbers and c != spec.JK:
            raise ParseError.coded(
                "stack5.not_row_card",
                "{card!r}: only number cards and Jokers are placed in rows",
                card=spec.name(c),
            )
    if len(codes) > ROW_LENGTH:
        raise ParseError.coded(
            "stack5.row_long",
            "a row holds at most {most} cards; got {n}",
            most=ROW_LENGTH,
            n=len(codes),
        )
    viable = spec.viable(codes)
    combos = spec.outlook(codes) if viable else []
    return RowOutlook(
        cards=tuple(spec.name(c) for c in codes),
        viable=viable,
        combinations=tuple(c[0] for c in combos),
        best_points=combos[0][1] if combos else 0,
        cards_to_go=ROW_LENGTH - len(codes),
    )
