# Over 600 lines: one calculator (the price and its exact distribution), its fast paths beside it.
"""The price of a company from its 5 information cards, and its exact distribution
when some of the cards are face down or not yet placed.

>>> price("3A 5A 9A 1A 7A").price
35
>>> b = price(["6S", "6W", "6A", "2F", "2S"], stock_up=True)
>>> (b.base, b.stock_up_bonus, b.symbol_hand, b.symbol_bonus, b.number_hand, b.number_bonus)
(8, 5, 'four symbols', 10, 'full house', 20)
>>> b.price
43
>>> d = price_distribution(["3A", "5A", "9A", "1A", "?"])
>>> d.expected
Fraction(811, 38)
>>> d.probabilities[35]
Fraction(1, 38)
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from itertools import combinations, product

from engine.core.errors import ParseError, quote_choices, word
from engine.stock_holdem.cards import (
    ALL_CARDS,
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


# --- exact distribution --------------------------------------------------------------------

SLOT_HELP = word(
    "write a card (“7A”, “BULL”, “BEAR”), a back showing a number (“7?”), "
    "a back showing a symbol (“?A”) or “?” for unknown"
)


@dataclass(frozen=True)
class PriceDistribution:
    """The exact distribution of a company's price given what is visible."""

    slots: tuple[str, ...]
    probabilities: dict[int, Fraction]
    symbol_hands: dict[str, Fraction]
    number_hands: dict[str, Fraction]
    outcomes: int

    @property
    def expected(self) -> Fraction:
        return sum((p * q for p, q in self.probabilities.items()), Fraction(0))

    def probability_at_least(self, value: int) -> Fraction:
        return sum((q for p, q in self.probabilities.items() if p >= value), Fraction(0))


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


def _accumulate_symmetric(
    fixed: Sequence[int], rest: Sequence[int], u: int, acc: dict, variant: int = 0
) -> bool:
    """Like :func:`_accumulate`, but enumerating the unknown cards only up to the
    permutations of symbols that leave the problem unchanged (symbols with the same
    unseen numbers and the same sum among the fixed cards), each canonical choice
    weighted by the number of choices it stands for. Returns False (and does nothing)
    when fewer than 3 symbols are interchangeable (then plain enumeration is faster)."""
    fsums = [0, 0, 0, 0]
    bull = 0
    nums: list[int] = []
    for c in fixed:
        s = SYMBOL[c]
        if s >= 0:
            fsums[s] += NUMBER[c]
            nums.append(NUMBER[c])
        elif c == BULL:
            bull += 1
            nums.append(BULL_NUMBER)
        else:
            nums.append(0)  # Bear
    avail: list[list[int]] = [[], [], [], []]
    specials = []
    for c in rest:
        s = SYMBOL[c]
        if s >= 0:
            avail[s].append(NUMBER[c])
        else:
            specials.append(c)
    signature = [(tuple(sorted(avail[s])), fsums[s]) for s in range(4)]
    if max(signature.count(sig) for sig in signature) < _MIN_CLASS:
        return False
    order = sorted(range(4), key=lambda s: signature[s])
    same = [i > 0 and signature[order[i]] == signature[order[i - 1]] for i in range(4)]
    by_size = [
        [list(combinations(sorted(avail[s]), k)) for k in range(min(u, len(avail[s])) + 1)]
        for s in order
    ]
    fsum_o = [fsums[s] for s in order]
    bit_o = [1 << s for s in order]
    fmask = sum(1 << s for s in range(4) if fsums[s])
    chosen: list[tuple[int, ...]] = [(), (), (), ()]
    nspecial = len(specials)
    # per number of special cards drawn: (Bulls, Bears) of each choice of them
    extras = [
        [(e.count(BULL), e.count(BEAR)) for e in combinations(specials, k)]
        for k in range(nspecial + 1)
    ]

    def weight() -> int:
        # a class of k interchangeable symbols: k! / (product of run lengths!) arrangements
        num = den = 1
        cls = run = 1
        for i in range(1, 4):
            if same[i]:
                cls += 1
                if chosen[i] == chosen[i - 1]:
                    run += 1
                else:
                    den *= _FACT[run]
                    run = 1
            else:
                num *= _FACT[cls]
                den *= _FACT[run]
                cls = run = 1
        return num * _FACT[cls] // (den * _FACT[run])

    def rec(i: int, left: int, top: int, mask: int, picked: list) -> None:
        if i == 4:
            if left > nspecial:
                return
            w = weight()
            sh = _SYM_HAND_BY_MASK[mask]
            shb = _SYM_BONUS[sh]
            for b, bears in extras[left]:
                nh = number_hand(tuple(sorted(picked + [BULL_NUMBER] * b + [0] * bears)), variant)
                b += bull
                key = (top + BULL_BONUS * b + shb + _NUM_BONUS[nh]) * 64 + sh * 8 + nh
                acc[key] = acc.get(key, 0) + w
            return
        sizes = by_size[i]
        if same[i]:
            prev = chosen[i - 1]
            limit = min(left, len(prev))
        else:
            prev = None
            limit = min(left, len(sizes) - 1)
        f = fsum_o[i]
        bit = bit_o[i]
        for k in range(limit + 1):
            for t in sizes[k]:
                if prev is not None and k == len(prev) and t > prev:
                    break
                chosen[i] = t
                v = f + sum(t)
                rec(
                    i + 1,
                    left - k,
                    v if v > top else top,
                    mask | bit if k else mask,
                    picked + list(t) if k else picked,
                )
        chosen[i] = ()

    rec(0, u, 0, fmask, sorted(nums))
    return True


_FACT = (1, 1, 2, 6, 24)
#: smallest class of interchangeable symbols worth the symmetric enumeration
_MIN_CLASS = 3


def _accumulate(
    fixed: Sequence[int], rest: Sequence[int], u: int, acc: dict, variant: int = 0
) -> None:
    """Count every ``u``-subset of ``rest`` joined to ``fixed``, by ``price*64 + symbol
    hand*8 + number hand`` (without the stock-up chip)."""
    if u >= 4:
        _accumulate_by_symbol(fixed, rest, u, acc, variant)
        return
    if u == 3 and _accumulate_symmetric(fixed, rest, u, acc, variant):
        return
    sums, mask, bull, nums = _fold(fixed)
    if u == 0:
        nh = number_hand(tuple(sorted(nums)), variant)
        sh = _SYM_HAND_BY_MASK[mask]
        key = (max(sums) + BULL_BONUS * bull + _SYM_BONUS[sh] + _NUM_BONUS[nh]) * 64 + sh * 8 + nh
        acc[key] = acc.get(key, 0) + 1
        return
    _rec(rest, 0, u, sums, mask, bull, nums, acc, variant)


# A partial choice in _accumulate_by_symbol as one int: the numbers chosen so far (fixed
# cards included) as 3-bit counts per number 0-11 (Bear 0, Bull 11) from bit 12 up, the
# highest symbol sum (bits 5-11), the count of symbols present (bits 2-4) and of Bulls (bits 0-1).
_CODE_SHIFT = 12
_TOP_MASK = 127 << 5
_POP_ONE = 1 << 2
#: symbol hand by the count of symbols present
_SYM_HAND_BY_COUNT = (0, 1, 0, 0, 2)


#: each card's code for :func:`number_hand`: its number, Bear 0, Bull :data:`BULL_NUMBER`
_HAND_NUMBER = tuple(BULL_NUMBER if c == BULL else NUMBER[c] for c in ALL_CARDS)


def _number_code(n: int) -> int:
    return 1 << (_CODE_SHIFT + 3 * n)


def _accumulate_by_symbol(
    fixed: Sequence[int], rest: Sequence[int], u: int, acc: dict, variant: int = 0
) -> None:
    """:func:`_accumulate` by dynamic programming: Bull and Bear first, then the cards of
    one symbol after another, merging the partial choices that agree on everything the
    price depends on (the numbers chosen, the highest symbol sum so far, how many symbols
    are present, Bulls). A choice that has all its cards is final at once. Far fewer
    steps than one per subset when many subsets are counted: with 4 or 5 unknown slots it
    is faster than the enumeration of subsets, or of symmetric classes of them, whatever
    was seen."""
    fsums = [0, 0, 0, 0]
    fmask = 0
    bull = 0
    code = 0
    for c in fixed:
        s = SYMBOL[c]
        if s >= 0:
            fsums[s] += NUMBER[c]
            fmask |= 1 << s
        elif c == BULL:
            bull += 1
        code += _number_code(_HAND_NUMBER[c])
    avail: list[list[int]] = [[], [], [], []]
    specials = []
    for c in rest:
        s = SYMBOL[c]
        if s >= 0:
            avail[s].append(NUMBER[c])
        else:
            specials.append(c)
    # the other symbols' sums only grow, so the highest fixed sum is the starting top
    start = code | (max(fsums) << 5) | (bin(fmask).count("1") * _POP_ONE) | bull
    done: dict[int, int] = {}  # complete choices
    layer: list[dict[int, int]] = [{} for _ in range(u + 1)]  # by cards still to choose
    for k in range(min(u, len(specials)) + 1):
        for e in combinations(specials, k):
            key = start + sum(_number_code(_HAND_NUMBER[c]) for c in e) + e.count(BULL)
            d = layer[u - k] if k < u else done
            d[key] = d.get(key, 0) + 1
    for s in range(4):
        f = fsums[s]
        inc = 0 if fmask >> s & 1 else _POP_ONE
        # per size k: the subsets sorted by the symbol's sum v, as v, the numbers' code,
        # and code + v in the top field
        subs = []
        for k in range(min(u, len(avail[s])) + 1):
            ts = sorted(
                (f + sum(t), sum(_number_code(n) for n in t)) for t in combinations(avail[s], k)
            )
            subs.append(([v for v, _ in ts], [cd for _, cd in ts], [cd + (v << 5) for v, cd in ts]))
        last = s == 3
        new: list[dict[int, int]] = [{} for _ in range(u + 1)]
        for left in range(1, u + 1):
            if last and left >= len(subs):
                continue  # this symbol cannot fill the remaining slots
            ks = (left,) if last else range(min(left, len(subs) - 1) + 1)
            for key0, w in layer[left].items():
                top = (key0 & _TOP_MASK) >> 5
                base = (key0 & ~_TOP_MASK) + inc
                for k in ks:
                    d = new[left - k] if k < left else done
                    get = d.get
                    if not k:
                        d[key0] = get(key0, 0) + w
                        continue
                    vs, cds, vcds = subs[k]
                    j = bisect_right(vs, top)  # subsets that leave the top as it is
                    for key in map((base + (top << 5)).__add__, cds[:j]):
                        d[key] = get(key, 0) + w
                    for key in map(base.__add__, vcds[j:]):
                        d[key] = get(key, 0) + w
        layer = new
    nh_of: dict[int, int] = {}
    for key, w in done.items():
        code = key >> _CODE_SHIFT
        nh = nh_of.get(code)
        if nh is None:
            nums = []
            for n in range(BULL_NUMBER + 1):
                nums += [n] * ((code >> (3 * n)) & 7)
            nh = nh_of[code] = number_hand(tuple(nums), variant)
        sh = _SYM_HAND_BY_COUNT[(key >> 2) & 7]
        total = ((key & _TOP_MASK) >> 5) + BULL_BONUS * (key & 3) + _SYM_BONUS[sh] + _NUM_BONUS[nh]
        pk = total * 64 + sh * 8 + nh
        acc[pk] = acc.get(pk, 0) + w


def _rec(rest, start, u, sums, mask, bull, nums, acc, variant=0):
    if u > 1:
        for i in range(start, len(rest) - u + 1):
            c = rest[i]
            s = SYMBOL[c]
            if s >= 0:
                sums[s] += NUMBER[c]
                nums.append(NUMBER[c])
                _rec(rest, i + 1, u - 1, sums, mask | (1 << s), bull, nums, acc, variant)
                sums[s] -= NUMBER[c]
                nums.pop()
            elif c == BULL:
                nums.append(BULL_NUMBER)
                _rec(rest, i + 1, u - 1, sums, mask, bull + 1, nums, acc, variant)
                nums.pop()
            else:
                nums.append(0)  # Bear
                _rec(rest, i + 1, u - 1, sums, mask, bull, nums, acc, variant)
                nums.pop()
        return
    # last card: everything but the card's own contribution is fixed, so precompute it
    row = _number_row(tuple(sorted(nums)), variant)
    nb = [_NUM_BONUS[h] for h in row]
    s0, s1, s2, s3 = sums
    top = max(sums)
    other = (max(s1, s2, s3), max(s0, s2, s3), max(s0, s1, s3), max(s0, s1, s2))
    bull10 = BULL_BONUS * bull
    shm = _SYM_HAND_BY_MASK
    shb = _SYM_BONUS
    get = acc.get
    for c in rest[start:]:
        s = SYMBOL[c]
        if s >= 0:
            n = NUMBER[c]
            v = sums[s] + n
            o = other[s]
            sh = shm[mask | (1 << s)]
            h = row[n]
            key = ((v if v > o else o) + bull10 + shb[sh] + nb[n]) * 64 + sh * 8 + h
        else:
            sh = shm[mask]
            if c == BULL:
                h = row[BULL_NUMBER]
                key = (top + bull10 + BULL_BONUS + shb[sh] + nb[BULL_NUMBER]) * 64 + sh * 8 + h
            else:
                h = row[0]
                key = (top + bull10 + shb[sh] + nb[0]) * 64 + sh * 8 + h
        acc[key] = get(key, 0) + 1


def price_distribution(
    slots: Sequence,
    *,
    stock_up: int | bool = 0,
    seen: Iterable = (),
    parity: str | None = None,
    rules=None,
) -> PriceDistribution:
    """The exact price distribution of a company whose 5 slots are partly hidden.

    Each slot is a known card (``'7A'``), a back showing a number (``'7?'``; ``'10?'``
    may be Bull), a back showing a symbol (``'?A'``) or unknown (``'?'``). The open
    slots are filled from the cards neither in ``seen`` nor known in ``slots``; every
    assignment of distinct cards that matches the backs is equally likely. ``stock_up``
    is the company's stock-up chips (a count; ``True`` = 1). ``rules`` (a
    :class:`~engine.stock_holdem.rules.StockHoldemRules`, ``None`` = the defaults) gives
    the number-hand variants, the chips a company may carry and the card-back rule;
    ``parity``, when given, overrides the latter (see
    :func:`engine.stock_holdem.cards.shows_number`).

    >>> d = price_distribution(["10A", "10F", "10S", "10W", "10?"])
    >>> d.probabilities
    {57: Fraction(1, 1)}
    >>> price_distribution(["7A", "7A", "?", "?", "?"])
    Traceback (most recent call last):
    ...
    engine.core.errors.ParseError: slot 2 '7A': 7A is used twice
    """
    chip = STOCK_UP_BONUS * stock_up_count(stock_up, rules)
    variant = variant_of(rules)
    if parity is None:
        parity = rules.card_back_parity if rules is not None else "even"
    if parity not in ("even", "odd"):
        raise ParseError.coded(
            "stock.parity", "card-back parity {parity}: “even” or “odd”", parity=quote(parity)
        )
    items = _split(slots)
    if len(items) != 5:
        raise ParseError.coded(
            "stock.company_slots",
            "{slots}: a company has exactly 5 slots, got {n}",
            slots=quote(slots),
            n=len(items),
        )
    parsed = []
    for i, item in enumerate(items, start=1):
        try:
            parsed.append(parse_slot(item, parity=parity))
        except ParseError as exc:
            raise ParseError.coded("stock.in_slot", "slot {i} {error}", i=i, error=exc) from None
    seen_ids = parse_cards(seen, count=None, what=word("seen card"))
    known: list[int] = []
    for i, (kind, value) in enumerate(parsed, start=1):
        if kind == "card":
            if value in known:
                raise ParseError.coded(
                    "stock.slot_twice",
                    "slot {i} {item}: {card} is used twice",
                    i=i,
                    item=quote(items[i - 1]),
                    card=card_text(value),
                )
            if value in seen_ids:
                raise ParseError.coded(
                    "stock.slot_seen",
                    "slot {i} {item}: {card} is also in the seen cards",
                    i=i,
                    item=quote(items[i - 1]),
                    card=card_text(value),
                )
            known.append(value)
    taken = set(known) | set(seen_ids)
    pool = [c for c in ALL_CARDS if c not in taken]
    back_of = backs(parity)
    wanted: dict[str, list[int]] = {}
    for i, (kind, value) in enumerate(parsed, start=1):
        if kind == "back":
            wanted.setdefault(value, []).append(i)
    classes = []
    for back, where in wanted.items():
        cards = [c for c in pool if back_of[c] == back]
        if len(cards) < len(where):
            raise ParseError.coded(
                "stock.back_none_left",
                "slot {i} {item}: no card with back {back} is left ({unseen} unseen, "
                "{shown} slots show it)",
                i=where[len(cards)],
                item=quote(items[where[len(cards)] - 1]),
                back=quote(back),
                unseen=len(cards),
                shown=len(where),
            )
        classes.append((cards, len(where)))
    u = sum(1 for kind, _ in parsed if kind == "unknown")
    in_class = {c for cards, _ in classes for c in cards}
    acc: dict[int, int] = {}
    for choice in product(*(combinations(cards, k) for cards, k in classes)):
        chosen = [c for group in choice for c in group]
        chosen_set = set(chosen)
        rest = [c for c in pool if c not in chosen_set] if in_class else pool
        if len(rest) < u:
            raise ParseError.coded(
                "stock.unseen_short",
                "{slots}: only {left} unseen cards are left for {u} unknown slots",
                slots=quote(" ".join(str(item) for item in items)),
                left=len(rest),
                u=u,
            )
        _accumulate(known + chosen, rest, u, acc, variant)
    total = sum(acc.values())
    probs: dict[int, int] = {}
    sym: dict[str, int] = {}
    num: dict[str, int] = {}
    for key, count in acc.items():
        p = _clamp((key >> 6) + chip)
        probs[p] = probs.get(p, 0) + count
        sname = SYMBOL_HANDS[(key >> 3) & 7][0]
        sym[sname] = sym.get(sname, 0) + count
        nname = NUMBER_HANDS[key & 7][0]
        num[nname] = num.get(nname, 0) + count
    return PriceDistribution(
        slots=tuple(card_text(v) if k == "card" else v if k == "back" else "?" for k, v in parsed),
        probabilities={p: Fraction(probs[p], total) for p in sorted(probs)},
        symbol_hands={n: Fraction(sym[n], total) for n, _ in SYMBOL_HANDS if n in sym},
        number_hands={n: Fraction(num[n], total) for n, _ in NUMBER_HANDS if n in num},
        outcomes=total,
    )
