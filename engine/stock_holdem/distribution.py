"""The exact price distribution of a company whose 5 slots are partly hidden: every way
of filling the open slots from the unseen cards, counted (with fast paths that count
symmetric choices once, or by symbol sums, instead of listing them).

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
from itertools import combinations, product

from engine.core.errors import ParseError, word
from engine.stock_holdem.cards import ALL_CARDS, BEAR, BULL, NUMBER, SYMBOL, backs, card_text, quote
from engine.stock_holdem.pricing import (
    _NUM_BONUS,
    _SYM_BONUS,
    _SYM_HAND_BY_MASK,
    BULL_BONUS,
    BULL_NUMBER,
    NUMBER_HANDS,
    STOCK_UP_BONUS,
    SYMBOL_HANDS,
    _clamp,
    _fold,
    _number_row,
    _split,
    number_hand,
    parse_cards,
    parse_slot,
    stock_up_count,
    variant_of,
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
    parity, items, parsed, known, seen_ids = _read_view(slots, seen, parity, rules)
    taken = set(known) | set(seen_ids)
    pool = [c for c in ALL_CARDS if c not in taken]
    classes = _back_classes(parsed, items, pool, parity)
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
    return _from_counts(acc, parsed, chip)


def _read_view(slots, seen, parity, rules) -> tuple[str, list, list, list[int], tuple[int, ...]]:
    """The card-back rule, the 5 slots read (cards, backs, unknowns) and the seen cards,
    checked: a known rule, 5 slots, each known card once and not also seen."""
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
    return parity, items, parsed, known, seen_ids


def _back_classes(parsed, items, pool, parity) -> list[tuple[list[int], int]]:
    """Per back shown in the slots, the unseen cards with that back and how many slots
    show it (a back no unseen card has left is an error naming its slot)."""
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
    return classes


def _from_counts(acc: dict[int, int], parsed, chip: int) -> PriceDistribution:
    """The distribution from the counted outcomes (price, symbol hand and number hand
    packed in each key), with the stock-up bonus ``chip`` added and the price clamped."""
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
