"""The price of a company from its 5 information cards, and the cards and slots a
company's view is written in.

>>> price("3A 5A 9A 1A 7A").price
35
>>> b = price(["6S", "6W", "6A", "2F", "2S"], stock_up=True)
>>> (b.base, b.stock_up_bonus, b.symbol_hand, b.symbol_bonus, b.number_hand, b.number_bonus)
(8, 5, 'four symbols', 10, 'full house', 20)
>>> b.price
43

The exact distribution of a price when some cards are hidden is
:func:`engine.stock_holdem.distribution.price_distribution`; the slots it reads are
:func:`parse_slot`'s.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

from engine.core.errors import ParseError, quote_choices, word
from engine.stock_holdem.cards import (
    BEAR,
    BULL,
    CARD_HELP,
    NUMBER,
    SYMBOL,
    SYMBOLS,
    backs,
    card_text,
    parse_card,
    quote,
)

MIN_PRICE = 1
MAX_PRICE = 57
STOCK_UP_BONUS = 5
BULL_BONUS = 10
#: the Bull's code among the numbers handed to :func:`number_hand`: it counts as 10 there
#: unless the ruleset says it is a symbol card only (field ``bull_counts_as_ten``)
BULL_NUMBER = 11

#: symbol hands: index -> (name, bonus)
SYMBOL_HANDS = ((word("none"), 0), (word("flush"), 10), (word("four symbols"), 10))
#: number hands, index -> (name, bonus); the best that applies is scored
NUMBER_HANDS = (
    (word("none"), 0),
    (word("three of a kind"), 10),
    (word("small straight"), 10),
    (word("full house"), 20),
    (word("large straight"), 20),
    (word("four of a kind"), 25),
    (word("five of a kind"), 30),
)
_SYM_BONUS = tuple(b for _, b in SYMBOL_HANDS)
_NUM_BONUS = tuple(b for _, b in NUMBER_HANDS)
#: symbol hand index by the bit mask of symbols present among the regular cards
_SYM_HAND_BY_MASK = tuple(1 if bin(m).count("1") == 1 else 2 if m == 15 else 0 for m in range(16))


#: number-hand rule variants, a bit mask (see :func:`variant_of`)
BEAR_FIVE = 1
WRAP = 2
BULL_APART = 4


def variant_of(rules=None) -> int:
    """The number-hand variant bits of a ruleset (``None``: the default rules, 0).

    ``BEAR_FIVE``: Bear plus four cards of one number is five of a kind (field
    ``bear_with_four_of_a_number``); ``WRAP``: straights may run 9-10-1-2 (field
    ``straights_wrap``); ``BULL_APART``: the Bull has no number and takes no part in
    number hands (field ``bull_counts_as_ten`` off).

    >>> from engine.stock_holdem.rules import StockHoldemRules
    >>> variant_of(StockHoldemRules(bear_with_four_of_a_number="five of a kind"))
    1
    """
    if rules is None:
        return 0
    return (
        (BEAR_FIVE if rules.bear_with_four_of_a_number == "five of a kind" else 0)
        | (WRAP if rules.straights_wrap else 0)
        | (0 if getattr(rules, "bull_counts_as_ten", True) else BULL_APART)
    )


@lru_cache(maxsize=16384)
def number_hand(numbers: tuple[int, ...], variant: int = 0) -> int:
    """Index in :data:`NUMBER_HANDS` of the best number hand of sorted ``numbers``
    (regular cards 1-10, Bull as :data:`BULL_NUMBER`, Bear as 0: Bear has no number but
    the ruleset may let it complete five of a kind; see :func:`variant_of`). The one place
    that decides number hands: the Bull counts as the number 10 here, unless the variant
    has ``BULL_APART`` (then it is a symbol card only and is left out).

    >>> NUMBER_HANDS[number_hand((2, 3, 4, 5))][0]
    'small straight'
    >>> NUMBER_HANDS[number_hand((7, 7, 9, 9, 9))][0]
    'full house'
    >>> [NUMBER_HANDS[number_hand((0, 4, 4, 4, 4), v)][0] for v in (0, BEAR_FIVE)]
    ['four of a kind', 'five of a kind']
    >>> [NUMBER_HANDS[number_hand((1, 2, 3, 9, 10), v)][0] for v in (0, WRAP)]
    ['none', 'large straight']
    >>> [NUMBER_HANDS[number_hand((7, 8, 9, BULL_NUMBER), v)][0] for v in (0, BULL_APART)]
    ['small straight', 'none']
    """
    counts: dict[int, int] = {}
    bears = 0
    for n in numbers:
        if n == BULL_NUMBER:
            if variant & BULL_APART:
                continue
            n = 10
        if n:
            counts[n] = counts.get(n, 0) + 1
        else:
            bears += 1
    c = sorted(counts.values(), reverse=True)
    top = c[0] if c else 0
    if top >= 5 or (top == 4 and bears and variant & BEAR_FIVE):
        return 6
    if top == 4:
        return 5
    if top == 3 and len(c) > 1 and c[1] == 2:
        return 3
    distinct = sorted(counts)
    present = set(distinct)
    if variant & WRAP:
        # the successor of 10 is 1
        def run(x: int, k: int) -> bool:
            return all((x + j - 1) % 10 + 1 in present for j in range(k))

        if len(distinct) == 5 and any(run(x, 5) for x in distinct):
            return 4
        if any(run(x, 4) for x in distinct):
            return 2
    else:
        if len(distinct) == 5 and distinct[4] - distinct[0] == 4:
            return 4
        if any(x + 1 in present and x + 2 in present and x + 3 in present for x in distinct):
            return 2
    if top == 3:
        return 1
    return 0


@lru_cache(maxsize=4096)
def _number_row(numbers: tuple[int, ...], variant: int = 0) -> tuple[int, ...]:
    """Number hand when one more card with number x (0 = Bear, :data:`BULL_NUMBER` =
    Bull) joins sorted ``numbers``."""
    return tuple(
        number_hand(tuple(sorted(numbers + (x,))), variant) for x in range(BULL_NUMBER + 1)
    )


def _clamp(p: int) -> int:
    return MIN_PRICE if p < MIN_PRICE else MAX_PRICE if p > MAX_PRICE else p


def _fold(cards: Sequence[int]) -> tuple[list[int], int, int, list[int]]:
    """Per-symbol sums, the mask of symbols present, the Bull count and the numbers of
    card ids: everything a price is computed from."""
    sums = [0, 0, 0, 0]
    mask = 0
    bull = 0
    nums = []
    for c in cards:
        s = SYMBOL[c]
        if s >= 0:
            sums[s] += NUMBER[c]
            mask |= 1 << s
            nums.append(NUMBER[c])
        elif c == BULL:
            bull += 1
            nums.append(BULL_NUMBER)
        else:
            nums.append(0)  # Bear
    return sums, mask, bull, nums


def price_parts(cards: Sequence[int], variant: int = 0) -> tuple[int, int, int]:
    """``(base, symbol hand index, number hand index)`` of card ids (no checks)."""
    sums, mask, bull, nums = _fold(cards)
    base = max(sums) + BULL_BONUS * bull
    return base, _SYM_HAND_BY_MASK[mask], number_hand(tuple(sorted(nums)), variant)


def stock_up_count(value, rules=None) -> int:
    """A company's stock-up chips as a count 0..``stock_up_per_company`` (``True`` and
    ``False`` count as 1 and 0), or :class:`ParseError`.

    >>> stock_up_count(True), stock_up_count(0)
    (1, 0)
    >>> stock_up_count(2)
    Traceback (most recent call last):
    ...
    engine.core.errors.ParseError: stock-up chips 2: a company carries 0-1 (stock_up_per_company)
    """
    from engine.stock_holdem.rules import StockHoldemRules

    per = (rules or StockHoldemRules()).stock_up_per_company
    if isinstance(value, bool):
        value = int(value)
    if not isinstance(value, int) or not 0 <= value <= per:
        raise ParseError.coded(
            "stock.stock_up_range",
            "stock-up chips {value}: a company carries 0-{per} (stock_up_per_company)",
            value=quote(value),
            per=per,
        )
    return value


@dataclass(frozen=True)
class PriceBreakdown:
    """The price of one company and how it is made up."""

    cards: tuple[str, ...]
    base: int
    stock_up_bonus: int
    symbol_hand: str
    symbol_bonus: int
    number_hand: str
    number_bonus: int
    total: int
    price: int

    @property
    def clamped(self) -> bool:
        return self.total != self.price

    def explain(self) -> str:
        """One line, e.g. ``base 25 + flush 10 = 35``."""
        parts = [f"base {self.base}"]
        if self.stock_up_bonus:
            parts.append(f"stock-up {self.stock_up_bonus}")
        if self.symbol_bonus:
            parts.append(f"{self.symbol_hand} {self.symbol_bonus}")
        if self.number_bonus:
            parts.append(f"{self.number_hand} {self.number_bonus}")
        text = " + ".join(parts) + f" = {self.total}"
        if self.clamped:
            text += f", clamped to {self.price}"
        return text


def _split(cards) -> list:
    if isinstance(cards, str):
        return cards.replace(",", " ").split()
    return list(cards)


def parse_cards(cards, *, count: int | None = 5, what: str = word("card")) -> tuple[int, ...]:
    """Card ids from text (``"7A 10W BULL"``) or a sequence of texts / ids, checking that
    no card appears twice (and that there are ``count`` of them, when given)."""
    items = _split(cards)
    if count is not None and len(items) != count:
        raise ParseError.coded(
            "stock.company_cards",
            "{cards}: a company has exactly {count} cards, got {n}",
            cards=quote(cards),
            count=count,
            n=len(items),
        )
    out = []
    for i, item in enumerate(items, start=1):
        try:
            c = parse_card(item)
        except ParseError:
            raise ParseError.coded(
                "stock.nth_not_card",
                "{what} {i} {item}: not a card; {help}",
                what=what,
                i=i,
                item=quote(item),
                help=CARD_HELP,
            ) from None
        if c in out:
            raise ParseError.coded(
                "stock.nth_twice",
                "{what} {i} {item}: {card} is used twice",
                what=what,
                i=i,
                item=quote(item),
                card=card_text(c),
            )
        out.append(c)
    return tuple(out)


def price(cards, *, stock_up: int | bool = 0, rules=None) -> PriceBreakdown:
    """The price of a company from exactly 5 cards (text or card ids), with ``stock_up``
    stock-up chips on it (a count, 0..``stock_up_per_company``; ``True`` = 1) under
    ``rules`` (a :class:`~engine.stock_holdem.rules.StockHoldemRules`; ``None`` = the
    default rules).

    >>> price("10A 10F 10S 10W BULL").explain()
    'base 20 + four symbols 10 + five of a kind 30 = 60, clamped to 57'
    >>> price("2F 3A 4S 5W BEAR").price
    25
    >>> price("2F 3A 4S")
    Traceback (most recent call last):
    ...
    engine.core.errors.ParseError: '2F 3A 4S': a company has exactly 5 cards, got 3
    """
    ids = parse_cards(cards)
    chip = STOCK_UP_BONUS * stock_up_count(stock_up, rules)
    base, sh, nh = price_parts(ids, variant_of(rules))
    total = base + chip + _SYM_BONUS[sh] + _NUM_BONUS[nh]
    return PriceBreakdown(
        cards=tuple(card_text(c) for c in ids),
        base=base,
        stock_up_bonus=chip,
        symbol_hand=SYMBOL_HANDS[sh][0],
        symbol_bonus=_SYM_BONUS[sh],
        number_hand=NUMBER_HANDS[nh][0],
        number_bonus=_NUM_BONUS[nh],
        total=total,
        price=_clamp(total),
    )


# --- the slots of a company ----------------------------------------------------------------

SLOT_HELP = word(
    "write a card (“7A”, “BULL”, “BEAR”), a back showing a number (“7?”), "
    "a back showing a symbol (“?A”) or “?” for unknown"
)


def parse_slot(text, *, parity: str = "even"):
    """A slot as ``("card", id)``, ``("back", back_text)`` or ``("unknown", None)``.

    >>> parse_slot("7a"), parse_slot("7?"), parse_slot("?w"), parse_slot(" ? ")
    (('card', 6), ('back', '7?'), ('back', '?W'), ('unknown', None))
    >>> parse_slot("?X")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    engine.core.errors.ParseError: '?X': no card has this back; backs are ...
    """
    if isinstance(text, int) and not isinstance(text, bool):
        return ("card", parse_card(text))
    if not isinstance(text, str):
        raise ParseError.coded(
            "stock.slot_unknown", "{text}: not a slot; {help}", text=quote(text), help=SLOT_HELP
        )
    t = text.strip().upper()
    if t in ("?", ""):
        return ("unknown", None)
    if t in ("×", "X?"):
        return ("card", BEAR)
    if "?" in t:
        if t not in set(backs(parity)) or t == "BEAR":
            raise ParseError.coded(
                "stock.back_unknown",
                "{text}: no card has this back; backs are “1?”…“10?” and {symbols}",
                text=quote(text),
                symbols=quote_choices(f"?{s}" for s in SYMBOLS),  # the language's list
            )
        return ("back", t)
    try:
        return ("card", parse_card(t))
    except ParseError:
        raise ParseError.coded(
            "stock.slot_unknown", "{text}: not a slot; {help}", text=quote(text), help=SLOT_HELP
        ) from None
