"""Whist actions: small frozen values whose ``str`` is the stable text of a record.

>>> parse_action("bid 4 notrump"), parse_action("7c"), parse_action("discard 10H")
(Bid(number=4, kind='notrump'), Play(card='7C'), Discard(card='10H'))
>>> str(Bid(5, "downtown")), str(Trump("S")), str(Direction(low=True))
('bid 5 downtown', 'trump S', 'direction low')
>>> parse_action("bid 9 uptown")
Traceback (most recent call last):
...
engine.core.errors.ParseError: 'bid 9 uptown': the bid number must be 3-7
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import FrozenInstanceError, dataclass, field
from operator import itemgetter

from engine.core.errors import ParseError, parse_count, quoted, word
from engine.whist.cards import (
    CARD_CODE,
    CARD_TEXT,
    DISPLAY_ORDER,
    SUITS,
    mask_codes,
    mask_of,
    mask_texts,
    parse_card,
)

KINDS = ("uptown", "downtown", "notrump")
#: the bid kinds as words of a text (the app translates them)
KIND_WORDS = {"uptown": word("uptown"), "downtown": word("downtown"), "notrump": word("notrump")}
_KIND_ALIASES = {
    "uptown": "uptown",
    "up": "uptown",
    "downtown": "downtown",
    "down": "downtown",
    "notrump": "notrump",
    "nt": "notrump",
    "no-trump": "notrump",
}


@dataclass(frozen=True, slots=True)
class FirstDealer:
    """Chance: the seat that deals first."""

    seat: int
    text: str = field(init=False, repr=False, compare=False)  # str(), made once

    def __post_init__(self) -> None:
        object.__setattr__(self, "text", f"dealer {self.seat}")

    def __str__(self) -> str:
        return self.text


class Deal:
    """Chance: a whole deal, every card named (like a PBN deal).

    ``hands`` one tuple of card texts per seat; ``kitty`` the 6 Bid Whist kitty cards;
    ``straw`` (two players) per seat a tuple of piles ``(face_down, face_up)``; ``turn``
    the dealer's last card, turned for trump (Whist). A frozen value like the other
    actions: equal, hashed and shown by those four fields.

    A deal drawn by the state (:func:`deal_text`) also carries its hands as card masks
    and its kitty as card ints (``codes``, not compared, not in ``repr``) so applying it
    reads no text; its hand and kitty texts are then made when first read.
    """

    __slots__ = ("_hands", "_kitty", "straw", "turn", "codes")
    _hands: tuple[tuple[str, ...], ...] | None
    _kitty: tuple[str, ...] | None
    straw: tuple[tuple[tuple[str, str], ...], ...]
    turn: str
    codes: tuple[tuple[int, ...], tuple[int, ...]] | None

    def __init__(
        self,
        hands: tuple[tuple[str, ...], ...],
        kitty: tuple[str, ...] = (),
        straw: tuple[tuple[tuple[str, str], ...], ...] = (),
        turn: str = "",
    ):
        _set(self, "_hands", hands)
        _set(self, "_kitty", kitty)
        _set(self, "straw", straw)
        _set(self, "turn", turn)
        _set(self, "codes", None)

    @classmethod
    def _drawn(cls, masks: tuple, kitty: tuple, straw: tuple, turn: str) -> Deal:
        """A deal of hand masks and kitty card ints (in display order); texts made lazily."""
        deal = _new(cls)
        _set_hands(deal, None)
        _set_kitty(deal, None)
        _set_straw(deal, straw)
        _set_turn(deal, turn)
        _set_codes(deal, (masks, kitty))
        return deal

    @property
    def hands(self) -> tuple[tuple[str, ...], ...]:
        hands = self._hands
        if hands is None:
            assert self.codes is not None  # a drawn deal: its texts come from its codes
            hands = tuple([mask_texts(m) for m in self.codes[0]])
            _set(self, "_hands", hands)
        return hands

    @property
    def kitty(self) -> tuple[str, ...]:
        kitty = self._kitty
        if kitty is None:
            assert self.codes is not None  # a drawn deal: its texts come from its codes
            kitty = tuple([CARD_TEXT[c] for c in self.codes[1]])
            _set(self, "_kitty", kitty)
        return kitty

    def _key(self) -> tuple:
        return (self.hands, self.kitty, self.straw, self.turn)

    def __eq__(self, other) -> bool:
        if other.__class__ is not self.__class__:
            return NotImplemented
        return self._key() == other._key()

    def __hash__(self) -> int:
        return hash(self._key())

    def __repr__(self) -> str:
        return (
            f"Deal(hands={self.hands!r}, kitty={self.kitty!r}, straw={self.straw!r}, "
            f"turn={self.turn!r})"
        )

    def __setattr__(self, name: str, value) -> None:
        raise FrozenInstanceError(f"cannot assign to field {name!r}")

    def __delattr__(self, name: str) -> None:
        raise FrozenInstanceError(f"cannot delete field {name!r}")

    def __reduce__(self):
        return (Deal, self._key())

    @property
    def text(self) -> str:
        """``str(self)``, as every Whist action has it."""
        return str(self)

    def __str__(self) -> str:
        parts = [f"{i}: " + " ".join(h) for i, h in enumerate(self.hands)]
        for i, piles in enumerate(self.straw):
            parts.append(f"straw{i}: " + " ".join(f"{d}/{u}" for d, u in piles))
        if self.kitty:
            parts.append("kitty: " + " ".join(self.kitty))
        if self.turn:
            parts.append("turn: " + self.turn)
        return "deal " + " | ".join(parts)


_set = object.__setattr__
_new = object.__new__
# the slots' own setters: a drawn deal is made without ``object.__setattr__``'s name lookups
_set_hands: Callable[[Deal, object], None] = vars(Deal)["_hands"].__set__
_set_kitty: Callable[[Deal, object], None] = vars(Deal)["_kitty"].__set__
_set_straw: Callable[[Deal, object], None] = vars(Deal)["straw"].__set__
_set_turn: Callable[[Deal, object], None] = vars(Deal)["turn"].__set__
_set_codes: Callable[[Deal, object], None] = vars(Deal)["codes"].__set__


@dataclass(frozen=True, slots=True)
class Bid:
    number: int
    kind: str
    text: str = field(init=False, repr=False, compare=False)  # str(), made once
    #: bids compare by rank: a higher number, or no trump over the same number
    rank: int = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "text", f"bid {self.number} {self.kind}")
        object.__setattr__(self, "rank", self.number * 2 + (self.kind == "notrump"))

    def __str__(self) -> str:
        return self.text


@dataclass(frozen=True, slots=True)
class Pass:
    text: str = field(default="pass", init=False, repr=False, compare=False)

    def __str__(self) -> str:
        return "pass"


@dataclass(frozen=True, slots=True)
class Trump:
    """The declarer of an uptown/downtown bid names the trump suit."""

    suit: str
    text: str = field(init=False, repr=False, compare=False)  # str(), made once

    def __post_init__(self) -> None:
        object.__setattr__(self, "text", f"trump {self.suit}")

    def __str__(self) -> str:
        return self.text


@dataclass(frozen=True, slots=True)
class Direction:
    """The declarer of a no trump bid names the direction (high or low)."""

    low: bool
    text: str = field(init=False, repr=False, compare=False)  # str(), made once

    def __post_init__(self) -> None:
        object.__setattr__(self, "text", "direction low" if self.low else "direction high")

    def __str__(self) -> str:
        return self.text


@dataclass(frozen=True, slots=True)
class Discard:
    """The declarer discards one card after taking the kitty (six in all).

    ``code`` is the card's int (-1 when ``card`` names no card), kept for the state's
    fast paths; it is not compared and not in ``repr``."""

    card: str
    code: int = field(default=-1, init=False, repr=False, compare=False)
    text: str = field(init=False, repr=False, compare=False)  # str(), made once

    def __post_init__(self) -> None:
        object.__setattr__(self, "code", _code(self.card))
        object.__setattr__(self, "text", f"discard {self.card}")

    def __str__(self) -> str:
        return self.text


@dataclass(frozen=True, slots=True)
class Declare:
    """Two-player Whist: declare a High or a Low game."""

    game: str
    text: str = field(init=False, repr=False, compare=False)  # str(), made once

    def __post_init__(self) -> None:
        object.__setattr__(self, "text", f"declare {self.game}")

    def __str__(self) -> str:
        return self.text


@dataclass(frozen=True, slots=True)
class Play:
    """Play a card (from hand, or a face-up straw card with two players); ``code`` as in
    :class:`Discard`."""

    card: str
    code: int = field(default=-1, init=False, repr=False, compare=False)
    text: str = field(init=False, repr=False, compare=False)  # str(), made once

    def __post_init__(self) -> None:
        object.__setattr__(self, "code", _code(self.card))
        object.__setattr__(self, "text", f"play {self.card}")

    def __str__(self) -> str:
        return self.text


def _code(card) -> int:
    """The int of a card text, -1 for anything else (refused when checked)."""
    return CARD_CODE.get(card, -1) if type(card) is str else -1


PASS = Pass()
ALL_BIDS = tuple(Bid(n, k) for n in range(3, 8) for k in KINDS)


def bids_over(current: Bid | None) -> list[Bid]:
    """The bids that beat ``current`` (every bid when nobody has bid yet).

    >>> [str(b) for b in bids_over(Bid(6, "downtown"))]
    ['bid 6 notrump', 'bid 7 uptown', 'bid 7 downtown', 'bid 7 notrump']
    """
    cur = -1 if current is None else current.rank
    return [b for b in ALL_BIDS if b.rank > cur]


TRUMPS = tuple(Trump(s) for s in SUITS)
DIRECTIONS = (Direction(False), Direction(True))
DECLARES = (Declare("high"), Declare("low"))
PLAY = tuple(Play(t) for t in CARD_TEXT)
DISCARD = tuple(Discard(t) for t in CARD_TEXT)

_FORMS = word(
    "“pass”, “bid N KIND” (N 3-7, KIND uptown/downtown/notrump), “trump S|H|D|C”, "
    "“direction high|low”, “discard CARD”, “declare high|low”, “play CARD” (or just CARD), "
    "“dealer N”, “deal …”"
)


# what the counts in action text are, as words of the error messages (made once)
_HAND_LABEL = word("a hand label (seat number)")
_BID_NUMBER = word("the bid number")
_DEALER_SEAT = word("the dealer seat")


def _cards(text: str, part: str) -> tuple[str, ...]:
    return tuple(CARD_TEXT[parse_card(t)] for t in part.split())


def _short(text: str) -> str:
    """The start of a long input, for an error message."""
    return text if len(text) <= 80 else text[:80] + "…"


def parse_deal(text: str) -> Deal:
    """Read a deal: ``deal 0: … | 1: … | straw0: d/u … | kitty: … | turn: XX``.

    Only the form is checked here; the state checks sizes and that every card appears
    exactly once.
    """
    body = text.strip()[4:]
    hands: dict[int, tuple[str, ...]] = {}
    straw: dict[int, tuple[tuple[str, str], ...]] = {}
    kitty: tuple[str, ...] = ()
    turn = ""
    for part in body.split("|"):
        label, sep, cards = part.partition(":")
        label = label.strip().lower()
        if not sep:
            raise ParseError.coded(
                "whist.deal_part_label",
                "{deal!r}: deal part {part!r} has no “label:”; labels are seat numbers, "
                "“straw0”/“straw1”, “kitty” and “turn”",
                deal=_short(text),
                part=part.strip(),
            )
        try:
            if label[:1].isdigit():
                seat = parse_count(label, _HAND_LABEL, 2)
                if seat in hands:
                    raise ParseError.coded(
                        "whist.deal_hand_twice", "hand {seat} is given twice", seat=seat
                    )
                hands[seat] = _cards(text, cards)
            elif label in ("straw0", "straw1"):
                piles = []
                for pair in cards.split():
                    down, slash, up = pair.partition("/")
                    if not slash:
                        raise ParseError.coded(
                            "whist.straw_pile_form",
                            "{pair!r}: a straw pile is written DOWN/UP, like “4S/KH”",
                            pair=pair,
                        )
                    piles.append((CARD_TEXT[parse_card(down)], CARD_TEXT[parse_card(up)]))
                straw[int(label[-1])] = tuple(piles)
            elif label == "kitty":
                kitty = _cards(text, cards)
            elif label == "turn":
                t = _cards(text, cards)
                if len(t) != 1:
                    raise ParseError.coded(
                        "whist.deal_turn_one",
                        "{cards!r}: the turned card is one card",
                        cards=cards.strip(),
                    )
                turn = t[0]
            else:
                raise ParseError.coded(
                    "whist.deal_part_unknown",
                    "{label!r}: unknown deal part; parts are seat numbers, “straw0”, “straw1”, "
                    "“kitty” and “turn”",
                    label=label,
                )
        except ParseError as exc:
            raise ParseError.within(quoted(text, 80), exc) from None
    if sorted(hands) != list(range(len(hands))) or not hands:
        raise ParseError.coded(
            "whist.deal_hands_order",
            "{deal!r}: hands must be numbered 0, 1, … in order",
            deal=_short(text),
        )
    if straw and sorted(straw) != list(range(len(hands))):
        raise ParseError.coded(
            "whist.deal_straw_rows",
            "{deal!r}: give a straw row for every seat (“straw0”, “straw1”)",
            deal=_short(text),
        )
    return Deal(
        tuple(hands[i] for i in range(len(hands))),
        kitty,
        tuple(straw[i] for i in sorted(straw)),
        turn,
    )


def parse_action(text: str):
    """Any Whist action from its text (syntax only; the state checks legality)."""
    if not isinstance(text, str):
        raise ParseError.coded(
            "whist.action_not_text",
            "{text!r:.80}: not a Whist action; write {forms}",
            text=text,
            forms=_FORMS,
        )
    t = text.strip()
    words = t.lower().split()
    if not words:
        raise ParseError.coded(
            "whist.action_empty", "{text!r}: empty; write {forms}", text=_short(text), forms=_FORMS
        )
    head = words[0]
    if head == "deal":
        return parse_deal(t)
    if head == "pass" and len(words) == 1:
        return PASS
    if head == "bid":
        if len(words) != 3:
            raise ParseError.coded(
                "whist.bid_form",
                "{text!r}: write a bid as “bid N KIND”, like “bid 4 uptown”",
                text=_short(text),
            )
        try:
            n = parse_count(words[1], _BID_NUMBER, 2)
        except ParseError as exc:
            raise ParseError.coded(
                "whist.bid_number_digits",
                "{text!r}: {error}; the bid number must be 3-7",
                text=_short(text),
                error=exc,
            ) from None
        if not 3 <= n <= 7:
            raise ParseError.coded(
                "whist.bid_number_range",
                "{text!r}: the bid number must be 3-7",
                text=_short(text),
            )
        kind = _KIND_ALIASES.get(words[2])
        if kind is None:
            raise ParseError.coded(
                "whist.bid_kind",
                "{text!r}: the bid kind must be uptown, downtown or notrump",
                text=_short(text),
            )
        return Bid(n, kind)
    if head == "trump" and len(words) == 2:
        s = words[1].upper()
        if s not in SUITS or len(s) != 1:
            raise ParseError.coded(
                "whist.trump_suit",
                "{text!r}: the trump suit must be S, H, D or C",
                text=_short(text),
            )
        return Trump(s)
    if head == "direction" and len(words) == 2 and words[1] in ("high", "low"):
        return Direction(words[1] == "low")
    if head == "declare" and len(words) == 2 and words[1] in ("high", "low"):
        return Declare(words[1])
    if head == "dealer" and len(words) == 2:
        try:
            return FirstDealer(parse_count(words[1], _DEALER_SEAT, 2))
        except ParseError as exc:
            raise ParseError.coded(
                "whist.dealer_form",
                "{text!r}: {error}; write “dealer N”, N a seat 0-3",
                text=_short(text),
                error=exc,
            ) from None
    if head in ("play", "discard") and len(words) == 2:
        try:
            c = parse_card(words[1])
        except ParseError as exc:
            raise ParseError.within(quoted(text, 80), exc) from None
        return PLAY[c] if head == "play" else DISCARD[c]
    if (
        len(words) == 1
        and words[0].upper() in CARD_CODE
        or (len(words) == 1 and len(words[0]) == 2 and words[0][0] in "t")
    ):
        try:
            return PLAY[parse_card(words[0])]
        except ParseError:
            pass
    raise ParseError.coded(
        "whist.action_unknown",
        "{text!r}: not a Whist action; write {forms}",
        text=_short(text),
        forms=_FORMS,
    )


_BIT = tuple(1 << c for c in range(54))
_FULL54 = (1 << 54) - 1


def deal_text(hands, kitty=(), straw=(), turn=-1) -> Deal:
    """A :class:`Deal` from card ints (hands sorted for reading), carrying the hand masks
    and the kitty's card ints (``codes``) so that the state reads no text."""
    bit = _BIT
    masks = tuple([sum(itemgetter(*h)(bit)) if len(h) > 1 else mask_of(h) for h in hands])
    return Deal._drawn(
        masks,
        tuple(sorted(kitty, key=DISPLAY_ORDER.__getitem__)),
        tuple(tuple((CARD_TEXT[d], CARD_TEXT[u]) for d, u in piles) for piles in straw),
        CARD_TEXT[turn] if turn >= 0 else "",
    )


def deal_of_bits(bits: list[int], size: int, kitty: bool, dealer: int) -> Deal:
    """:func:`deal_text` of a shuffled deck of card bits (``1 << card``, shuffled like the
    deck of cards: the same order) dealt to four hands of ``size`` cards (seat ``i`` gets
    ``bits[size*i : size*(i+1)]``), the rest the kitty (``kitty``) or, without a kitty,
    the dealer's last card turned: the same deal, made in fewer steps."""
    s2 = size + size
    s3 = s2 + size
    s4 = s3 + size
    masks = (sum(bits[:size]), sum(bits[size:s2]), sum(bits[s2:s3]), sum(bits[s3:s4]))
    if kitty:  # the cards in no hand, in display order
        return Deal._drawn(masks, mask_codes(_FULL54 ^ sum(masks)), (), "")
    turn = bits[size * dealer + size - 1].bit_length() - 1
    return Deal._drawn(masks, (), (), CARD_TEXT[turn])
