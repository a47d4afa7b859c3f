"""Exact bust odds for the next draws of a Stack 5 turn.

Only numbers matter for a bust, and only specials decide how many cards a turn reads, so
the odds split into a closed form over the number cards (which repeat a drawn number, how
many of each other number are left) and a small recursion over the counts of numbers,
Jokers, Draw 3s, bombs (both kinds act the same here: they remove one random card) and
Steals, memoised for one call only (flat memory) and exact (:class:`fractions.Fraction`);
one pass gives every horizon 1..k. See :func:`_bust_within`.

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

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from math import factorial

from engine.core.errors import IllegalAction, ParseError, Phrase, word
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


def draw_or_stop(odds: DrawOdds, card_value: float = 1.0) -> tuple[str, Phrase]:
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
    gain_text, loss_text = f"{gain:.2f}", f"{loss:.2f}"
    if held == 1:
        why = Phrase.coded(
            "s5.why.one",
            "drawing adds about {gain} cards on average but risks losing the {held} held "
            "card: expected loss {loss}",
            gain=gain_text,
            held=held,
            loss=loss_text,
        )
    else:
        why = Phrase.coded(
            "s5.why",
            "drawing adds about {gain} cards on average but risks losing the {held} held "
            "cards: expected loss {loss}",
            gain=gain_text,
            held=held,
            loss=loss_text,
        )
    return verb, why


def _check_cards(spec, drawn: Iterable[str] | str):
    codes = spec.codes(drawn)
    for c in codes:
        if c >= spec.n_numbers and c != spec.JK:
            raise IllegalAction.coded(
                "stack5.cannot_hold",
                "{card!r} cannot be held: only number cards and Jokers are kept during a turn "
                "(other specials go to the discard pile when drawn)",
                card=spec.name(c),
            )
    seen: dict[int, str] = {}
    for c in codes:
        if c < spec.n_numbers:
            n = spec.number[c]
            if n in seen:
                raise IllegalAction.coded(
                    "stack5.drawn_bust",
                    "drawn cards {first!r}, {second!r} repeat the number {n}: "
                    "the turn has already busted",
                    first=seen[n],
                    second=spec.name(c),
                    n=n,
                )
            seen[n] = spec.name(c)
    if codes.count(spec.JK) >= 2:
        raise IllegalAction.coded(
            "stack5.drawn_two_jokers",
            "drawn cards hold two Jokers: the turn has already ended (both Jokers discard "
            "the turn's cards)",
        )
    return codes


def _counts_of(spec, cards, what: str) -> list[int]:
    counts = [0] * spec.kinds
    if isinstance(cards, Mapping):
        for text, n in cards.items():
            if isinstance(n, bool) or not isinstance(n, int) or n < 0:
                raise ParseError.coded(
                    "stack5.bad_count",
                    "{what}: count {n!r} of {card!r} is not a whole number ≥ 0",
                    what=what,
                    n=n,
                    card=text,
                )
            counts[spec.code(text)] += n
    else:
        for c in spec.codes(cards):
            counts[c] += 1
    return counts


def _check_copies(spec, counts: list[int], what: str) -> None:
    for c, n in enumerate(counts):
        if n > spec.counts[c]:
            raise IllegalAction.coded(
                "stack5.too_many_copies",
                "{what} hold {n} copies of {card!r}; the deck has only {deck}",
                what=what,
                n=n,
                card=spec.name(c),
                deck=spec.counts[c],
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
    vis = _counts_of(spec, visible, word("visible cards"))
    both = [a + b for a, b in zip(used, vis)]
    _check_copies(spec, both, word("drawn and visible cards"))
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

    The answers to the last :data:`ODDS_CACHE` different questions are remembered (a
    coach drawing a position and the positions a tap leads to asks the same one again and
    again: a draw and the decision after it share their cards). The arguments are keyed
    with their types (``True`` is not taken for ``1``); an argument that cannot be hashed
    is answered afresh. An answer is immutable, so sharing it is safe:

    >>> draw_odds(["R3"], {"R3": 1, "B2": 1}) is draw_odds(("R3",), {"R3": 1, "B2": 1})
    True
    """
    if not isinstance(drawn, str):
        drawn = tuple(drawn)
    if isinstance(unseen, Mapping):
        unseen = dict(unseen)  # a copy: the caller may change theirs afterwards
    elif unseen is not None and not isinstance(unseen, str):
        unseen = tuple(unseen)
    args = (drawn, unseen, rules, horizon, jokers_this_turn)
    try:
        asked = _Asked(tuple(map(_typed, args)), args)
    except TypeError:  # an unhashable argument (rules with a list field): no memory
        return _draw_odds(*args)
    return _remembered(asked)


#: how many different questions :func:`draw_odds` remembers
ODDS_CACHE = 2048


def _typed(value) -> tuple:
    """``value`` as a hashable key that tells ``1`` from ``True`` and ``1.0`` (a tuple's
    items and a mapping's keys and values by their types too; a mapping by its items in
    order). :class:`TypeError` if it cannot be hashed."""
    key: tuple
    if isinstance(value, Mapping):
        keys, values = tuple(value), tuple(value.values())
        key = (Mapping, keys, values, tuple(map(type, keys)), tuple(map(type, values)))
    elif isinstance(value, tuple):
        key = (tuple, value, tuple(map(type, value)))
    else:
        key = (type(value), value)
    hash(key)
    return key


class _Asked:
    """A question to :func:`_draw_odds`: compared by its typed key, carrying its
    arguments."""

    __slots__ = ("key", "args")

    def __init__(self, key: tuple, args: tuple) -> None:
        self.key, self.args = key, args

    def __hash__(self) -> int:
        return hash(self.key)

    def __eq__(self, other) -> bool:
        return isinstance(other, _Asked) and self.key == other.key


@lru_cache(maxsize=ODDS_CACHE)
def _remembered(asked: _Asked) -> DrawOdds:
    return _draw_odds(*asked.args)


def _draw_odds(drawn, unseen=None, rules=None, horizon=MAX_K, jokers_this_turn=None) -> DrawOdds:
    """:func:`draw_odds` worked out, its arguments as there (every call; :func:`draw_odds`
    remembers)."""
    if isinstance(horizon, bool) or not isinstance(horizon, int) or not 1 <= horizon <= MAX_K:
        raise IllegalAction.coded(
            "stack5.horizon",
            "horizon {horizon!r}: write a whole number of draws 1-{most}",
            horizon=horizon,
            most=MAX_K,
        )
    spec = deck_spec(rules)
    codes = _check_cards(spec, drawn)
    if unseen is None:
        counts = list(spec.counts)
        for c in codes:
            counts[c] -= 1
        _check_copies(spec, [spec.counts[c] - n for c, n in enumerate(counts)], word("drawn cards"))
    else:
        counts = _counts_of(spec, unseen, word("unseen cards"))
        both = list(counts)
        for c in codes:
            both[c] += 1
        _check_copies(spec, both, word("drawn and unseen cards"))
    held_joker = spec.JK in codes
    if jokers_this_turn is not None:
        if isinstance(jokers_this_turn, bool) or jokers_this_turn not in (0, 1):
            raise IllegalAction.coded(
                "stack5.jokers_this_turn",
                "jokers this turn {n!r}: write 0 or 1 (a second Joker ends the turn)",
                n=jokers_this_turn,
            )
        if held_joker and not jokers_this_turn:
            raise IllegalAction.coded(
                "stack5.joker_held", "a Joker is held, so at least one Joker counts this turn"
            )
        held_joker = bool(jokers_this_turn)
    jc = spec.rules.draw3_joker_counts()
    bust_within = _bust_within(spec, codes, counts, held_joker, horizon, jc)
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


@lru_cache(maxsize=4096)
def _falling(n: int, m: int) -> int:
    """n·(n−1)·…·(n−m+1) (small arguments only: the cache stays tiny)."""
    out = 1
    for i in range(m):
        out *= n - i
    return out


def _bust_within(spec, codes, counts, held: bool, horizon: int, jc: bool) -> tuple:
    """Bust within 1..``horizon`` own draws, exactly, in one pass.

    The deck is a uniformly random order of the unseen cards. Call number cards and
    Steals *plain* cards (bombs too while the deck cannot run out: then a bomb's turned
    card changes nothing, see below). How many cards a turn reads depends only on where
    the Draw 3s, Jokers (and bombs) sit — a plain card always takes one draw — so if
    ``P_k`` is the number of plain cards read in ``k`` draws by a turn that does not bust,
    the turn busts within ``k`` draws exactly when a plain card among the first ``P_k``
    repeats a number. The order of the plain cards is uniform and independent of where
    the other cards sit, so ``bust_k = E[q(P_k)]`` with the closed form
    ``1 − q(x) = x!·e_x / M·(M−1)·…·(M−x+1)``: ``M`` plain cards, ``e_x`` the elementary
    symmetric polynomial of the counts of each number not drawn yet and a 1 for each
    non-number plain card (a set of ``x`` plain cards without a bust). ``P_k`` comes from a
    small recursion over ``(plain, Draw 3s, Jokers, Joker held, bombs, lost cards)``.

    A bomb's turned card is never looked at: the deck order is uniform, so skipping one
    unseen card is the same, in distribution, as losing the bottom card of the deck; it
    only makes the deck run out one card sooner (``lost``). When at least ``4 × horizon``
    cards are unseen the deck cannot run out (a draw reads at most four cards, a bomb
    draw two) and bombs are plain cards.

    The recursion works on integers: a value is the probability times
    ``T·(T−1)·…·(T−L+1)`` (``T`` unseen cards, ``L`` the cards the turn can still read)
    and times ``M·(M−1)·…``; each vector holds every horizon at once (index ``j``: ``j``
    own draws left). The memo lives for one call only, so memory stays flat.
    """
    n_of: dict[int, int] = {}
    for c in range(spec.n_numbers):
        if counts[c]:
            num = spec.number[c]
            n_of[num] = n_of.get(num, 0) + counts[c]
    drawn = {spec.number[c] for c in codes if c < spec.n_numbers}
    free = [n for num, n in n_of.items() if num not in drawn]
    jk, d3, st = counts[spec.JK], counts[spec.D3], counts[spec.ST]
    bombs = counts[spec.NB] + counts[spec.CB]
    total = sum(n_of.values()) + jk + d3 + bombs + st
    if not total:
        return (ZERO,) * horizon
    reads = min(4 * horizon, total)
    blanks = st
    if total >= 4 * horizon:  # the deck cannot run out: bombs are plain cards
        blanks, bombs = st + bombs, 0
    plain = sum(n_of.values()) + blanks
    most = min(plain, reads)  # plain cards the turn can read
    e = [1] + [0] * most  # elementary symmetric polynomials of the free counts and blanks
    for a in free + [1] * blanks:
        for r in range(most, 0, -1):
            e[r] += a * e[r - 1]
    scale = _falling(plain, most)
    # P(a bust among the first x plain cards) * scale
    q = [scale - factorial(x) * e[x] * _falling(plain - x, most - x) for x in range(most + 1)]
    memo: dict = {}

    def own(s: tuple, j_max: int, depth: int) -> list:
        """Own draws: index j = value with j own draws left (0..j_max)."""
        key = (s, 0, j_max)
        got = memo.get(key)
        if got is not None:
            return got
        p, d3, jk, held, bo, lost = s
        left = p + d3 + jk + bo
        if j_max == 0 or left <= lost:
            out = memo[key] = [q[plain - p] * _falling(left, depth)] * (j_max + 1)
            return out
        d1, j1 = depth - 1, j_max - 1
        acc = [0] * j_max
        if jk and held:  # a second Joker ends the turn
            acc = [jk * q[plain - p] * _falling(left - 1, d1)] * j_max
        for count, child in (
            (p, (p - 1, d3, jk, held, bo, lost)),
            (0 if held else jk, (p, d3, jk - 1, True, bo, lost)),
            (bo, (p, d3, jk, held, bo - 1, lost + 1)),
        ):
            if count:
                vec = own(child, j1, d1)
                acc = [a + count * v for a, v in zip(acc, vec)]
        if d3:
            vec = extra((p, d3 - 1, jk, held, bo, lost), 3, j1, d1)
            acc = [a + d3 * v for a, v in zip(acc, vec)]
        out = memo[key] = [q[plain - p] * _falling(left, depth), *acc]
        return out

    def extra(s: tuple, m: int, j_max: int, depth: int) -> list:
        """``m`` more Draw 3 cards, then own draws (index j as in ``own``)."""
        if m == 0:
            return own(s, j_max, depth)
        key = (s, m, j_max)
        got = memo.get(key)
        if got is not None:
            return got
        p, d3, jk, held, bo, lost = s
        left = p + d3 + jk + bo
        if left <= lost:
            out = memo[key] = [q[plain - p] * _falling(left, depth)] * (j_max + 1)
            return out
        d1, m1 = depth - 1, m - 1
        acc = [0] * (j_max + 1)
        if jk and jc and held:  # this Joker counts: a second one ends the turn
            acc = [jk * q[plain - p] * _falling(left - 1, d1)] * (j_max + 1)
        for count, child in (
            (p, (p - 1, d3, jk, held, bo, lost)),
            (d3, (p, d3 - 1, jk, held, bo, lost)),
            (bo, (p, d3, jk, held, bo - 1, lost)),
            (0 if jc and held else jk, (p, d3, jk - 1, held or jc, bo, lost)),
        ):
            if count:
                vec = extra(child, m1, j_max, d1)
                acc = [a + count * v for a, v in zip(acc, vec)]
        out = memo[key] = acc
        return out

    vec = own((plain, d3, jk, held, bombs, 0), horizon, reads)
    den = _falling(total, reads) * scale
    return tuple(Fraction(v, den) for v in vec[1:])


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
        counts = _counts_of(spec, unseen, word("unseen cards"))
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
