"""Exact bust odds for the next draws of a Stack 5 turn.

Only numbers matter for a bust, so the unseen cards are reduced to: the cards that repeat a
number already drawn (they bust), the count of each number not drawn yet (sorted — which
number it is does not matter), and the counts of Jokers, Draw 3s, bombs (both kinds act
the same here: they remove one random card) and Steals. The recursion over these small
tuples is memoised and exact (:class:`fractions.Fraction`).

>>> o = draw_odds(["R3", "B1"])
>>> o.bust, o.double_joker
(Fraction(104053, 289255), Fraction(0, 1))
>>> o.bust == brute_force_bust(["R3", "B1"], k=1)
True
>>> [round(float(p), 3) for p in o.bust_within]
[0.36, 0.685, 0.886, 0.97, 0.994]
>>> draw_odds(["R3", "G3"])  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
engine.core.errors.IllegalAction: drawn cards 'R3', 'G3' repeat the number 3: ...
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache

from engine.core.errors import IllegalAction, ParseError
from engine.stack5.cards import deck_spec
from engine.stack5.rules import Stack5Rules

MAX_K = 5
ZERO = Fraction(0)
ONE = Fraction(1)


@dataclass(frozen=True)
class DrawOdds:
    """The odds of the next own draw, and of busting within the next k draws."""

    drawn: tuple[str, ...]
    unseen: int
    bust: Fraction
    double_joker: Fraction
    safe: Fraction
    bust_within: tuple[Fraction, ...]  # index k-1: bust within the next k draws

    def advice(self) -> str:
        """``'draw'`` or ``'stop'`` by the expected number of cards kept (see
        :func:`draw_or_stop`)."""
        return draw_or_stop(self)[0]


def draw_or_stop(odds: DrawOdds, card_value: float = 1.0) -> tuple[str, str]:
    """A draw/stop suggestion with its reason, by expected cards kept.

    Each held card is worth one card to you. Drawing keeps them and adds about one card
    with probability ``safe``; it loses them all on a bust or a second Joker. So drawing
    pays when ``safe × card_value > (bust + double_joker) × held``.

    >>> draw_or_stop(draw_odds(["R1", "JK"]))[0]
    'draw'
    >>> draw_or_stop(draw_odds(["R1", "B2"]))[0]
    'stop'
    """
    held = len(odds.drawn)
    risk = odds.bust + odds.double_joker
    gain = float(odds.safe) * card_value
    loss = float(risk) * held
    verb = "draw" if gain > loss else "stop"
    why = (
        f"drawing adds about {gain:.2f} card(s) on average but risks losing the "
        f"{held} held card(s): expected loss {loss:.2f}"
    )
    return verb, why


def _check_cards(spec, drawn: Iterable[str] | str):
    codes = spec.codes(drawn)
    for c in codes:
        if c >= spec.n_numbers and c != spec.JK:
            raise IllegalAction(
                f"{spec.name(c)!r} cannot be held: only number cards and Jokers are kept "
                "during a turn (other specials go to the discard pile when drawn)"
            )
    seen: dict[int, str] = {}
    for c in codes:
        if c < spec.n_numbers:
            n = spec.number[c]
            if n in seen:
                raise IllegalAction(
                    f"drawn cards {seen[n]!r}, {spec.name(c)!r} repeat the number {n}: "
                    "the turn has already busted"
                )
            seen[n] = spec.name(c)
    if codes.count(spec.JK) >= 2:
        raise IllegalAction(
            "drawn cards hold two Jokers: the turn has already ended (both Jokers discard "
            "the turn's cards)"
        )
    return codes


def _counts_of(spec, cards, what: str) -> list[int]:
    counts = [0] * spec.kinds
    if isinstance(cards, Mapping):
        for text, n in cards.items():
            if isinstance(n, bool) or not isinstance(n, int) or n < 0:
                raise ParseError(f"{what}: count {n!r} of {text!r} is not a whole number ≥ 0")
            counts[spec.code(text)] += n
    else:
        for c in spec.codes(cards):
            counts[c] += 1
    return counts


def _check_copies(spec, counts: list[int], what: str) -> None:
    for c, n in enumerate(counts):
        if n > spec.counts[c]:
            raise IllegalAction(
                f"{what} hold {n} copies of {spec.name(c)!r}; the deck has only {spec.counts[c]}"
            )


def unseen_cards(
    drawn: Iterable[str] | str = (),
    visible: Iterable[str] | Mapping[str, int] | str = (),
    rules: Stack5Rules | None = None,
) -> dict[str, int]:
    """The cards that can still be drawn: the full deck minus ``drawn`` and ``visible``
    (rows on the table, the discard pile).

    >>> u = unseen_cards(["R3"], ["R3", "B2", "D3"])
    >>> u["R3"], u["B2"], u["D3"], sum(u.values())
    (1, 2, 2, 83)
    >>> unseen_cards(["R3"], ["R3", "R3", "R3"])  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    engine.core.errors.IllegalAction: drawn and visible cards hold 4 copies of 'R3'; ...
    """
    spec = deck_spec(rules)
    used = [0] * spec.kinds
    for c in _check_cards(spec, drawn):
        used[c] += 1
    vis = _counts_of(spec, visible, "visible cards")
    both = [a + b for a, b in zip(used, vis)]
    _check_copies(spec, both, "drawn and visible cards")
    return {spec.name(c): spec.counts[c] - n for c, n in enumerate(both) if spec.counts[c] - n}


def draw_odds(
    drawn: Iterable[str] | str,
    unseen: Iterable[str] | Mapping[str, int] | str | None = None,
    rules: Stack5Rules | None = None,
    horizon: int = MAX_K,
    jokers_this_turn: int | None = None,
) -> DrawOdds:
    """Exact odds of the next own draw given the cards ``drawn`` and held this turn.

    ``unseen`` is the multiset the next cards come from (card texts, or a mapping text →
    count); by default the full deck minus ``drawn``. The next card busts if it repeats a
    drawn number; a Draw 3 busts if one of its three cards does (card by card); bombs and
    Steals never bust; specials drawn by a Draw 3 (Jokers too) are discarded. A Joker
    while a Joker is held is the ``double_joker``. ``bust_within[k-1]`` is the chance of a
    bust within the next k draws if the player keeps drawing (a bomb's turned card leaves
    the deck; a second Joker ends the turn without a bust; no reshuffle), for k up to
    ``horizon`` (1..5; the cost grows fast with it — 1 is enough for the next draw).

    ``jokers_this_turn`` is how many Jokers already count toward "both Jokers" this turn
    (default: the Jokers in ``drawn``). It differs only under the ruleset choice
    ``draw3_joker = 'counts_for_both'``, where a Joker drawn by a Draw 3 is discarded but
    counts (and a Joker among the Draw 3 cards while one counts ends the turn, no bust).

    >>> o = draw_odds(["JK"], unseen=["JK", "R1", "D3", "R2", "B2"])
    >>> o.double_joker, o.bust
    (Fraction(1, 5), Fraction(1, 10))
    >>> o.bust_within[1]
    Fraction(9, 20)
    """
    if isinstance(horizon, bool) or not isinstance(horizon, int) or not 1 <= horizon <= MAX_K:
        raise IllegalAction(f"horizon {horizon!r}: write a whole number of draws 1-{MAX_K}")
    spec = deck_spec(rules)
    codes = _check_cards(spec, drawn)
    if unseen is None:
        counts = list(spec.counts)
        for c in codes:
            counts[c] -= 1
        _check_copies(spec, [spec.counts[c] - n for c, n in enumerate(counts)], "drawn cards")
    else:
        counts = _counts_of(spec, unseen, "unseen cards")
        both = list(counts)
        for c in codes:
            both[c] += 1
        _check_copies(spec, both, "drawn and unseen cards")
    held_joker = spec.JK in codes
    if jokers_this_turn is not None:
        if isinstance(jokers_this_turn, bool) or jokers_this_turn not in (0, 1):
            raise IllegalAction(
                f"jokers this turn {jokers_this_turn!r}: write 0 or 1 (a second Joker ends "
                "the turn)"
            )
        if held_joker and not jokers_this_turn:
            raise IllegalAction("a Joker is held, so at least one Joker counts this turn")
        held_joker = bool(jokers_this_turn)
    key = _reduce(spec, codes, counts, held_joker)
    jc = spec.rules.draw3_joker_counts()
    bust_within = tuple(_bust_within(key, k, jc) for k in range(1, horizon + 1))
    total = sum(counts)
    dj = Fraction(counts[spec.JK], total) if total and held_joker else ZERO
    bust = bust_within[0]
    return DrawOdds(
        drawn=tuple(spec.name(c) for c in codes),
        unseen=total,
        bust=bust,
        double_joker=dj,
        safe=(ONE - bust - dj) if total else ZERO,
        bust_within=bust_within,
    )


def _reduce(spec, codes: list[int], counts: list[int], held_joker: bool) -> tuple:
    drawn_numbers = {spec.number[c] for c in codes if c < spec.n_numbers}
    per_number: dict[int, int] = Counter()
    for c in range(spec.n_numbers):
        if counts[c]:
            per_number[spec.number[c]] += counts[c]
    bust = sum(n for num, n in per_number.items() if num in drawn_numbers)
    free = tuple(sorted(n for num, n in per_number.items() if num not in drawn_numbers))
    bombs = counts[spec.NB] + counts[spec.CB]
    return (
        bust,
        free,
        counts[spec.JK],
        held_joker,
        counts[spec.D3],
        bombs,
        counts[spec.ST],
        0,  # cards turned by bombs, as if taken from the bottom of the deck
    )


def _total(s: tuple) -> int:
    """Unseen cards, including those a bomb took from play without showing them."""
    return s[0] + sum(s[1]) + s[2] + s[4] + s[5] + s[6]


def _take_free(s: tuple, i: int, into_bust: bool) -> tuple:
    """Remove one card of the i-th free number: drawn (its other copies now bust) or
    just removed."""
    free = list(s[1])
    a = free.pop(i)
    b = s[0]
    if into_bust:
        b += a - 1
    elif a > 1:
        free.append(a - 1)
        free.sort()
    return (b, tuple(free)) + s[2:]


def _minus(s: tuple, pos: int) -> tuple:
    lst = list(s)
    lst[pos] -= 1
    return tuple(lst)


@lru_cache(maxsize=4096)
def _distinct_free(free: tuple) -> tuple:
    """(index of first occurrence, value, multiplicity) of each distinct free count."""
    out = []
    i = 0
    while i < len(free):
        j = i
        while j < len(free) and free[j] == free[i]:
            j += 1
        out.append((i, free[i], j - i))
        i = j
    return tuple(out)


@lru_cache(maxsize=8192)
def _falling(n: int, m: int) -> int:
    out = 1
    for i in range(m):
        out *= n - i
    return out


def _bust_within(s: tuple, k: int, jc: bool = False) -> Fraction:
    """Bust within ``k`` own draws from reduced state ``s``, exactly.

    The recursion works on integers: ``_h(s, k, L)`` is the probability times the falling
    factorial ``T·(T−1)·…·(T−L+1)`` of the unseen total ``T``, where ``L`` bounds the
    cards the next ``k`` draws can take (a Draw 3 takes 4, a bomb 2). Each branch then
    multiplies by the count of its card kind, and no fraction is reduced on the way.

    A bomb's turned card is never looked at by the odds: the deck is a uniformly random
    order, so skipping one unseen card is the same, in distribution, as losing the
    bottom card of the deck. The turned card therefore needs no branch: it only makes
    the deck run out one card sooner (the last field of ``s``).
    """
    total = _total(s)
    depth = min(4 * k, total)
    return Fraction(_h(s, k, depth, jc), _falling(total, depth))


def _canon(s: tuple, total: int, need: int) -> tuple:
    """When the deck cannot run out — the cards still to be read or lost are at most
    ``need`` — a bomb is just a blank draw like a Steal and the lost cards do not
    matter: merge them (fewer states)."""
    if (s[5] or s[7]) and total - s[7] >= need:
        return s[:5] + (0, s[6] + s[5], 0)
    return s


@lru_cache(maxsize=400_000)
def _h(s: tuple, k: int, depth: int, jc: bool) -> int:
    """Own draws: bust within ``k`` draws × falling(total, depth). ``jc``: a Joker drawn
    by a Draw 3 counts toward both Jokers (ruleset ``draw3_joker``)."""
    bust, free, jk, held, d3, bombs, st, lost = s
    total = bust + sum(free) + jk + d3 + bombs + st
    if k == 0 or total <= lost:
        return 0
    c = _canon(s, total, 4 * k)
    if c is not s:
        return _h(c, k, depth, jc)
    d1 = depth - 1
    acc = bust * _falling(total - 1, d1) if bust else 0
    k1 = k - 1
    if k1:
        for i, a, m in _distinct_free(free):
            acc += a * m * _h(_take_free(s, i, True), k1, d1, jc)
        if jk and not held:
            acc += jk * _h((bust, free, jk - 1, True, d3, bombs, st, lost), k1, d1, jc)
        if st:
            acc += st * _h((bust, free, jk, held, d3, bombs, st - 1, lost), k1, d1, jc)
        if bombs and total - 1 > lost:
            acc += bombs * _h((bust, free, jk, held, d3, bombs - 1, st, lost + 1), k1, d1, jc)
    if d3:
        acc += d3 * _g((bust, free, jk, held, d3 - 1, bombs, st, lost), 3, k1, d1, jc)
    return acc


@lru_cache(maxsize=400_000)
def _g(s: tuple, m: int, k: int, depth: int, jc: bool) -> int:
    """``m`` more Draw 3 cards, then ``k`` more own draws."""
    bust, free, jk, held, d3, bombs, st, lost = s
    total = bust + sum(free) + jk + d3 + bombs + st
    if m == 0 or total <= lost:
        return _h(s, k, depth, jc)
    c = _canon(s, total, m + 4 * k)
    if c is not s:
        return _g(c, m, k, depth, jc)
    d1 = depth - 1
    acc = bust * _falling(total - 1, d1) if bust else 0
    m1 = m - 1
    for i, a, mult in _distinct_free(free):
        acc += a * mult * _g(_take_free(s, i, True), m1, k, d1, jc)
    if jk and jc:  # the Joker is discarded but counts: a second one ends the turn
        if not held:
            acc += jk * _g((bust, free, jk - 1, True, d3, bombs, st, lost), m1, k, d1, jc)
    elif jk:
        acc += jk * _g(_minus(s, 2), m1, k, d1, jc)
    for pos, n in ((4, d3), (5, bombs), (6, st)):
        if n:
            acc += n * _g(_minus(s, pos), m1, k, d1, jc)
    return acc


# --- brute force (tests and the lesson) -------------------------------------------------


def brute_force_bust(
    drawn: Iterable[str] | str,
    unseen: Iterable[str] | str | None = None,
    k: int = 1,
    rules: Stack5Rules | None = None,
    jokers_this_turn: int | None = None,
) -> Fraction:
    """Bust within ``k`` draws by walking every card sequence, card by card, with the
    turn's rules applied literally to named cards (slow; for checking :func:`draw_odds`).
    """
    spec = deck_spec(rules)
    codes = _check_cards(spec, drawn)
    if unseen is None:
        counts = list(spec.counts)
        for c in codes:
            counts[c] -= 1
    else:
        counts = _counts_of(spec, unseen, "unseen cards")
    numbers = frozenset(spec.number[c] for c in codes if c < spec.n_numbers)
    jc = spec.rules.draw3_joker_counts()

    def draw(counts, numbers, held, k, extra) -> Fraction:
        # extra > 0: Draw 3 cards still to come; extra == -1: a bomb's turned card
        total = sum(counts)
        if extra == 0 and k == 0:
            return ZERO
        if total == 0:
            return ZERO
        acc = ZERO
        for c, n in enumerate(counts):
            if not n:
                continue
            rest = list(counts)
            rest[c] -= 1
            p = Fraction(n, total)
            if extra == -1:  # turned by a bomb: leaves the deck, nothing else
                acc += p * draw(rest, numbers, held, k, 0)
                continue
            if c < spec.n_numbers:
                num = spec.number[c]
                if num in numbers:
                    acc += p
                    continue
                nxt = (rest, numbers | {num}, held)
            elif extra > 0:  # a special drawn by Draw 3: discarded without effect
                if c == spec.JK and jc:  # ... but this Joker counts toward both Jokers
                    if held:
                        continue
                    nxt = (rest, numbers, True)
                else:
                    nxt = (rest, numbers, held)
            elif c == spec.JK:
                if held:
                    continue  # second Joker: the turn ends, no bust
                nxt = (rest, numbers, True)
            elif c == spec.D3:
                acc += p * draw(rest, numbers, held, k - 1, 3)
                continue
            elif c in (spec.NB, spec.CB):
                acc += p * draw(rest, numbers, held, k - 1, -1)
                continue
            else:
                nxt = (rest, numbers, held)
            if extra > 0:
                acc += p * draw(*nxt, k, extra - 1)
            else:
                acc += p * draw(*nxt, k - 1, 0)
        return acc

    held = spec.JK in codes if jokers_this_turn is None else bool(jokers_this_turn)
    return draw(counts, numbers, held, k, 0)
