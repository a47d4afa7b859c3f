"""The suits of a four-hand position as the reference search's table sees them, and the
table's store: :class:`SuitInfo` sums up one suit (the owners of its cards strongest
first, the hands' lengths, the top run), :func:`rel_mask` gives the cards an entry
covers and :func:`store_bounds` records bounds for every position whose top cards in each suit
have the same owners (see :mod:`engine.doubledummy.four_hands`, the search that uses
them); :func:`suit_runs` lists a hand's moves, one per run of adjacent cards.
"""

from __future__ import annotations

from typing import Final


class SuitInfo:
    """One suit's summary in a position (see :func:`suit_info`)."""

    __slots__ = ("code", "n", "alive", "lens", "run", "tops")

    def __init__(self, code: int, n: int, alive: int, lens: int, run: int) -> None:
        self.code = code  # owners of its cards strongest first, base-4 after a leading 1
        self.n = n  # how many cards
        self.alive = alive  # their 13-bit mask
        self.lens = lens  # each hand's length, 4 bits a hand
        self.run = run  # the length of the strongest card's owner's top run
        # tops[k]: the mask of its k strongest cards
        tops = [0]
        rest = alive
        while rest:
            b = 1 << (rest.bit_length() - 1)
            tops.append(tops[-1] | b)
            rest ^= b
        self.tops: list[int] = tops


RUNS: Final[dict[int, tuple[int, ...]]] = {}


def _runs(m: int, a: int) -> tuple[int, ...]:
    """The lowest card of each run of ``m``'s cards adjacent among the alive cards ``a``
    (13-bit masks of one suit), strongest run first."""
    out: list[int] = []
    while m:
        c = m.bit_length() - 1  # highest remaining card of the run
        m ^= 1 << c
        while True:  # walk down while the next lower alive card is also ours
            below = a & ((1 << c) - 1)
            if not below:
                break
            nxt = below.bit_length() - 1
            if not (m >> nxt & 1):
                break
            m ^= 1 << nxt
            c = nxt
        out.append(c)
    return tuple(out)


def suit_runs(legal: int, alive: int, base: int) -> tuple[int, ...]:
    """The runs (see :func:`_runs`) of the legal cards of the suit starting at bit
    ``base``, as internal cards (memoised)."""
    m = legal >> base & 0x1FFF
    a = alive >> base & 0x1FFF
    k = (m | a << 13) << 6 | base
    found = RUNS.get(k)
    if found is None:
        found = tuple([base + r for r in _runs(m, a)])
        RUNS[k] = found
    return found


def suit_info(x: int) -> SuitInfo:
    """For one suit (``x``: the four hands' 13-bit masks side by side): the owners of its
    cards strongest first (base-4 digits after a leading 1), how many cards, the mask of
    them, each hand's length (4 bits a hand), and the length of the strongest card's
    owner's top run plus the card that ends it."""
    code, n, alive, lens, run = 1, 0, 0, 0, 0
    top_owner, running = -1, True
    for r in range(12, -1, -1):
        for i in range(4):
            if x >> (13 * i + r) & 1:
                code = code * 4 + i
                n += 1
                alive |= 1 << r
                lens += 1 << (4 * i)
                if top_owner < 0:
                    top_owner = i
                if running:
                    run += 1
                    running = i == top_owner
                break
    return SuitInfo(code, n, alive, lens, run)


def rel_mask(infos: list[SuitInfo], ks: int) -> int:
    """The cards a table entry with prefix shifts ``ks`` covers in this position."""
    out = 0
    for i in range(4):
        info = infos[i]
        k = info.n - ((ks >> (5 * i) & 31) >> 1)
        if k:
            out |= info.tops[k] << (13 * i)
    return out


def store_bounds(
    bucket: list[tuple[int, dict[int, list[int]]]],
    infos: list[SuitInfo],
    rel: int,
    lb: int,
    ub: int,
) -> None:
    """Record bounds [lb, ub] for every position of the bucket whose cards from each
    suit's top down to the lowest card of ``rel`` in it have the same owners."""
    ks = 0
    pat = 0
    at = 0
    for i in range(4):
        info = infos[i]
        code, n, alive = info.code, info.n, info.alive
        r = rel >> (13 * i) & 0x1FFF
        k = (alive & ~((r & -r) - 1)).bit_count() if r else 0
        sh = 2 * (n - k)
        ks |= sh << (5 * i)
        pat |= (code >> sh) << at
        at += 2 * k + 1
    pats: dict[int, list[int]] | None = None
    for ks2, pats2 in bucket:
        if ks2 == ks:
            pats = pats2
            break
    if pats is None:
        pats = {}
        bucket.append((ks, pats))
    e = pats.get(pat)
    if e is None:
        pats[pat] = [lb, ub]
    else:
        if lb > e[0]:
            e[0] = lb
        if ub < e[1]:
            e[1] = ub
