"""Stock Hold'em's actions: the move and deal types, their text (what records and the CLI
write), the shared move objects and tables the state's hot paths index, and the parser.

>>> str(parse_move("place 7a c")), str(parse_move("peek hand 2.3"))
('place 7A C', 'peek hand 2.3')
"""

from __future__ import annotations

from dataclasses import dataclass, field

from engine.core.errors import (
    ParseError,
    parse_count,
    word,
)
from engine.stock_holdem.cards import (
    ALL_CARDS,
    CARD_TEXTS,
    COMPANIES,
    card_text,
    company_index,
    parse_card,
    quote,
)
from engine.stock_holdem.rules import FACE_UP, SLOTS

ACTION_HELP = word(
    "write one of “place 7A C”, “sell C”, “no sell”, “buy C”, “no buy”, “cash”, "
    "“peek C3”, “peek hand 2.3”, “free sell C”, “free buy C”, “stock-up C”, “end” or "
    "“deal …”"
)


_BEAR_PUBLIC = word("that card is Bear, whose back is unique: its face is public, no peek needed")

KINDS = ("place", "sell", "no sell", "buy", "no buy", "cash", "peek", "peek hand",
         "free sell", "free buy", "stock-up", "end")  # fmt: skip
_NEEDS_COMPANY = ("sell", "buy", "free sell", "free buy", "stock-up")
# Move.op: the index of the kind in KINDS
(OP_PLACE, OP_SELL, OP_NO_SELL, OP_BUY, OP_NO_BUY, OP_CASH, OP_PEEK, OP_PEEK_HAND,
 OP_FREE_SELL, OP_FREE_BUY, OP_STOCK_UP, OP_END) = range(len(KINDS))  # fmt: skip
_NO_TRADE = frozenset((OP_NO_SELL, OP_NO_BUY))  # the steps passed for a chip


@dataclass(frozen=True, slots=True)
class Move:
    """A player's action. ``company`` is 0-5 (A-F), ``card`` a card id, ``slot`` 0-4 (a
    company slot) or 0-5 (a card of a hand), ``seat`` the hand peeked at.

    >>> Move("place", company=2, card=6)
    Move(kind='place', company=2, card=6, slot=-1, seat=-1)
    >>> str(Move("place", company=2, card=6)), str(Move("peek", company=0, slot=3))
    ('place 7A C', 'peek A4')
    >>> Move("sell", company=9)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    engine.core.errors.ParseError: 'sell' (company=9, card=-1, ...): not a ... move; ...
    """

    kind: str
    company: int = -1
    card: int = -1
    slot: int = -1
    seat: int = -1
    text: str = field(default="", compare=False, repr=False)
    #: ``KINDS.index(kind)``: the transition dispatches on this small int
    op: int = field(default=-1, compare=False, repr=False)

    def __post_init__(self) -> None:
        k = self.kind
        if (
            k not in KINDS
            or not -1 <= self.company < 6
            or not -1 <= self.card < 42
            or not -1 <= self.slot < (6 if k == "peek hand" else SLOTS)
            or not -1 <= self.seat < 6
            or (k == "peek hand" and (self.slot < 0 or self.seat < 0))
            or (k == "place" and (self.card < 0 or self.company < 0))
            or (k == "peek" and (self.slot < 0 or self.company < 0))
            or (k in _NEEDS_COMPANY and self.company < 0)
        ):
            raise ParseError(
                f"{quote(k)} (company={self.company}, card={self.card}, slot={self.slot}, "
                f"seat={self.seat}): not a "
                f"Stock Hold'em move; kinds: {', '.join(KINDS)}"
            )
        if k == "place":
            t = f"place {card_text(self.card)} {COMPANIES[self.company]}"
        elif k == "peek":
            t = f"peek {COMPANIES[self.company]}{self.slot + 1}"
        elif k == "peek hand":
            t = f"peek hand {self.seat}.{self.slot + 1}"
        elif self.company >= 0:
            t = f"{k} {COMPANIES[self.company]}"
        else:
            t = k
        object.__setattr__(self, "text", t)
        object.__setattr__(self, "op", KINDS.index(k))

    def __str__(self) -> str:
        return self.text


@dataclass(frozen=True, slots=True)
class Deal:
    """The chance action of a shuffle: 2 face-up cards per company (A's two, then B's…)
    and each seat's hand. Its text lists every card.

    >>> d = Deal(tuple(range(12)), ((12, 13, 14), (15, 16, 17), (18, 19, 20)))
    >>> str(d)
    'deal A:1A,2A B:3A,4A C:5A,6A D:7A,8A E:9A,10A F:1F,2F | 3F,4F,5F | 6F,7F,8F | 9F,10F,1S'
    """

    board: tuple[int, ...]
    hands: tuple[tuple[int, ...], ...]
    text: str = field(default="", compare=False, repr=False)

    def __post_init__(self) -> None:
        text = CARD_TEXTS.__getitem__
        b = self.board
        board = " ".join(
            [f"{co}:{text(x)},{text(y)}" for co, x, y in zip(COMPANIES, b[::2], b[1::2])]
        )
        h = " | ".join([",".join(map(text, hand)) for hand in self.hands])
        object.__setattr__(self, "text", f"deal {board} | {h}")

    def __str__(self) -> str:
        return self.text


_CO = range(6)
PLACE_MOVES = tuple(tuple(Move("place", co, c) for co in _CO) for c in ALL_CARDS)
SELL_MOVES = tuple(Move("sell", co) for co in _CO)
BUY_MOVES = tuple(Move("buy", co) for co in _CO)
FREE_SELL_MOVES = tuple(Move("free sell", co) for co in _CO)
FREE_BUY_MOVES = tuple(Move("free buy", co) for co in _CO)
STOCK_UP_MOVES = tuple(Move("stock-up", co) for co in _CO)
PEEK_MOVES = tuple(tuple(Move("peek", co, slot=k) for k in range(SLOTS)) for co in _CO)
PEEK_HAND_MOVES = tuple(
    tuple(Move("peek hand", slot=i, seat=q) for i in range(6)) for q in range(6)
)
NO_SELL = Move("no sell")
NO_BUY = Move("no buy")
CASH = Move("cash")
END_TURN = Move("end")

#: ``PLACE_BY_OPEN[card][mask]``: the place moves of ``card`` onto the companies whose
#: bit is set in ``mask`` (bit ``co``: company ``co`` has room), in company order
PLACE_BY_OPEN = tuple(
    tuple(tuple(row[co] for co in _CO if mask >> co & 1) for mask in range(64))
    for row in PLACE_MOVES
)
FULL_OPEN = 63


def _slot_bit(co: int, k: int) -> int:
    """The bit of face-down slot ``k`` (2-4) of company ``co`` in a ``peekable`` mask."""
    return 1 << (co * (SLOTS - FACE_UP) + k - FACE_UP)


#: ``SLOT_BITS[co][k] == _slot_bit(co, k)`` for the face-down slots (0 for face-up ones)
SLOT_BITS = tuple(
    tuple(_slot_bit(co, k) if k >= FACE_UP else 0 for k in range(SLOTS)) for co in _CO
)


_PEEK_SLOTS = [(co, k) for co in _CO for k in range(FACE_UP, SLOTS)]  # in bit order
#: the peek moves of a ``peekable`` mask: ``PEEK_LOW[m & 511] + PEEK_HIGH[m >> 9]``
#: (companies A-C, then D-F), in company and slot order
PEEK_LOW, PEEK_HIGH = (
    tuple(
        tuple(PEEK_MOVES[co][k] for i, (co, k) in enumerate(part) if mask >> i & 1)
        for mask in range(1 << len(part))
    )
    for part in (_PEEK_SLOTS[:9], _PEEK_SLOTS[9:])
)


def parse_move(text: str) -> Move | Deal:
    """An action from its text (syntax only; legality is checked by ``apply``).

    >>> parse_move("Free Buy c")
    Move(kind='free buy', company=2, card=-1, slot=-1, seat=-1)
    >>> parse_move("peek F5")
    Move(kind='peek', company=5, card=-1, slot=4, seat=-1)
    >>> parse_move("peek C9")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    engine.core.errors.ParseError: 'peek C9': slot 9 does not exist; slots are 1-5 ...
    """
    if not isinstance(text, str):
        raise ParseError.coded(
            "stock.action_unknown",
            "{text}: not a Stock Hold'em action; {help}",
            text=quote(text),
            help=ACTION_HELP,
        )
    t = " ".join(text.strip().lower().split())
    if t.startswith("deal"):
        return _parse_deal(text)
    for kind in ("no sell", "no buy", "cash", "end"):
        if t == kind:
            return Move(kind)
    try:
        if t.startswith("place "):
            parts = t.split()
            if len(parts) != 3:
                raise ParseError.coded(
                    "stock.place_form",
                    "{text}: write “place CARD COMPANY”, e.g. “place 7A C”",
                    text=quote(text),
                )
            return PLACE_MOVES[parse_card(parts[1])][company_index(parts[2])]
        if t.startswith("peek hand"):
            seat, dot, idx = t[9:].strip().partition(".")
            if not (seat and dot and idx):
                raise ParseError.coded(
                    "stock.peek_hand_form",
                    "{text}: write “peek hand SEAT.CARD”, e.g. “peek hand 2.3” for the 3rd card "
                    "of seat 2's hand",
                    text=quote(text),
                )
            seat_n = parse_count(seat, word("a seat"), max_digits=3)
            idx_n = parse_count(idx, word("a card of a hand"), max_digits=3)
            if not (seat_n < 6 and 1 <= idx_n <= 6):
                raise ParseError.coded(
                    "stock.peek_hand_range",
                    "{text}: seats are 0-5 and a hand has at most 6 cards",
                    text=quote(text),
                )
            return PEEK_HAND_MOVES[seat_n][idx_n - 1]
        if t.startswith("peek "):
            arg = t[5:].strip()
            co = company_index(arg[:1])
            if not arg[1:]:
                raise ParseError.coded(
                    "stock.peek_form",
                    "{text}: write “peek” with a company and slot, e.g. “peek C3”",
                    text=quote(text),
                )
            slot = parse_count(arg[1:], word("a slot"), max_digits=3)
            if not 1 <= slot <= SLOTS:
                raise ParseError.coded(
                    "stock.slot_range",
                    "{text}: slot {slot} does not exist; slots are 1-5 (1 and 2 are face up)",
                    text=quote(text),
                    slot=slot,
                )
            return PEEK_MOVES[co][slot - 1]
        for kind, table in (
            ("free sell", FREE_SELL_MOVES),
            ("free buy", FREE_BUY_MOVES),
            ("stock-up", STOCK_UP_MOVES),
            ("sell", SELL_MOVES),
            ("buy", BUY_MOVES),
        ):
            if t.startswith(kind + " "):
                return table[company_index(t[len(kind) + 1 :])]
    except ParseError as exc:
        msg = str(exc)
        if msg.startswith(quote(text)):
            raise
        raise ParseError.within(quote(text), exc) from None
    raise ParseError.coded(
        "stock.action_unknown",
        "{text}: not a Stock Hold'em action; {help}",
        text=quote(text),
        help=ACTION_HELP,
    )


def _parse_deal(text: str) -> Deal:
    body = text.strip()[4:].strip()
    parts = [p.strip() for p in body.split("|")]
    if len(parts) < 4:
        raise ParseError.coded(
            "stock.deal_form",
            "{text}: a deal is “deal A:c,c B:c,c … F:c,c | hand | hand | …” with one hand per seat",
            text=quote(text),
        )
    board: list[int] = []
    pairs = parts[0].split()
    if len(pairs) != 6:
        raise ParseError.coded(
            "stock.deal_board",
            "{text}: the deal must give 2 face-up cards for each of A-F",
            text=quote(text),
        )
    for i, pair in enumerate(pairs):
        name, _, cards = pair.partition(":")
        if name.upper() != COMPANIES[i]:
            raise ParseError.coded(
                "stock.deal_company",
                "{text}: expected company {company} at {pair}",
                text=quote(text),
                company=COMPANIES[i],
                pair=quote(pair),
            )
        cs = cards.split(",")
        if len(cs) != FACE_UP:
            raise ParseError.coded(
                "stock.deal_face_up",
                "{text}: company {company} needs 2 face-up cards",
                text=quote(text),
                company=COMPANIES[i],
            )
        board.extend(parse_card(c) for c in cs)
    hands = tuple(tuple(parse_card(c) for c in p.split(",")) if p else () for p in parts[1:])
    every = board + [c for h in hands for c in h]
    if len(set(every)) != len(every):
        dup = next(c for c in every if every.count(c) > 1)
        raise ParseError.coded(
            "stock.deal_twice",
            "{text}: card {card} is dealt twice",
            text=quote(text),
            card=card_text(dup),
        )
    return Deal(tuple(board), hands)
