"""The double-dummy table and the par of a four-player Whist or Bid Whist deal (hindsight).

As a bridge hand record prints it: for the actual deal, with every hand known, the books
each side takes in every contract it could name, and the par — the contract and the
points the deal was worth when every seat bids, names and plays knowing every card. It
is hindsight: no player at the table could know the other hands.

**Bid Whist** (``bid4``): a row per seat as declarer and a column per contract it could
name after winning the bid: each trump suit uptown and downtown, no trump high and low
(:data:`CONTRACTS`, 10 of them). An entry is the books of the declarer's side (the
kitty book included: 1 + the tricks it takes) when that seat is the declarer of that
contract: it takes the kitty into its hand, **discards the six cards the heuristic bot
(``engine.whist.bots.HeuristicBot``) discards for that contract** — a fixed,
reproducible rule; the best of the 18,564 possible discards is not searched — and leads
the first trick; then all four hands play perfectly (double dummy, by
:class:`engine.doubledummy.four_hands.Solver`, with the ruleset's jokers rule). The whole table is
made from the deal alone, so the contract played and the discard actually made do not
change it (the discard actually made is graded against this one in
:mod:`engine.whist.analysis`).

The Bid Whist **par** is the end of the one-round auction played perfectly by every seat
knowing this table: from the first bidder round to the dealer, each seat passes or bids
(the engine's legal bids: the dealer must bid when the three others passed), the winner
names the best trump or direction for its side, and the deal scores by
:func:`engine.whist.scoring.bid_whist_points` (only the declaring side scores, so what one
side gains the other loses). :func:`auction_values` gives the value of each bid or pass
open to a seat at any moment of the auction, the measure the bids are graded by.

**Whist** (``whist4``): the trump is the turned card and the player left of the dealer
leads, so the table is that one contract: the books the leader's side takes. The par is
those books and each side's trick points (:func:`engine.whist.scoring.whist_points`;
honours are held, not played, so they are outside the par).

Every number comes from the double-dummy search
(:class:`engine.doubledummy.four_hands.Solver`, in C when built:
:func:`engine.doubledummy.four_hands_c.new_solver`; endplay, DDS, when it is installed and
:mod:`engine.doubledummy.dds_map` maps the position exactly, as the cards are graded) and
the engine's own state (legal bids, the kitty, the heuristic bot's discard); the points
from ``scoring.py``. The table is only as exact as the solver: ``tests/engine/whist/
test_par.py`` checks no trump columns against DDS and names a deal where they differ.
"""

from __future__ import annotations

import gc
import json
from dataclasses import asdict, dataclass

from engine.core import memo
from engine.core.errors import EngineError, Phrase
from engine.whist import actions as A
from engine.whist.cards import SUITS
from engine.whist.grading.bidding_table import FourHandEntry
from engine.whist.grading.contracts import (
    CALLS,
    CONTRACTS,
    check_deal_start,
    contract_name,
    declared,
    memo_key,
    play_books,
)
from engine.whist.scoring import bid_whist_points, whist_points

HINDSIGHT = Phrase.coded(
    "whist.par_hindsight",
    "Hindsight: every hand known, every seat bidding and playing perfectly (double dummy).",
)


@dataclass(frozen=True, slots=True)
class DDTable:
    """Double-dummy books of one deal: ``books[i][j]`` = the books of the side of
    ``seats[i]`` when it declares ``contracts[j]`` (Bid Whist: kitty book counted) or,
    for Whist, when it leads the turned-trump contract. See the module docstring.

    >>> t = DDTable("bid4", 0, ("uptown S",), (0, 1), ((9,), (5,)))
    >>> t.books_of(1, "uptown S"), DDTable.from_json(t.to_json()) == t
    (5, True)
    """

    variant: str
    dealer: int
    contracts: tuple[str, ...]
    seats: tuple[int, ...]
    books: tuple[tuple[int, ...], ...]

    def books_of(self, seat: int, contract: str) -> int:
        try:
            return self.books[self.seats.index(seat)][self.contracts.index(contract)]
        except ValueError:
            raise EngineError(
                f"no entry for seat {seat!r} declaring {contract!r} in this table"
            ) from None

    def best_points(self, seat: int, kind: str, number: int) -> int:
        """The points of ``seat``'s best call of ``kind`` after winning the bid ``number``
        (Bid Whist; the most books: points grow with books)."""
        books = max(self.books_of(seat, contract_name(kind, c)) for c in CALLS[kind])
        return bid_whist_points(number, kind, books)

    def points(self, seat: int, kind: str, call: str, number: int) -> int:
        """The points of ``seat`` declaring ``number`` ``kind`` and naming ``call``."""
        return bid_whist_points(number, kind, self.books_of(seat, contract_name(kind, call)))

    def to_dict(self) -> dict:
        return asdict(self)

    def to_json(self) -> str:
        return json.dumps(self.to_dict(), ensure_ascii=True)

    @classmethod
    def from_json(cls, text: str) -> DDTable:
        d = json.loads(text)
        return cls(
            d["variant"],
            d["dealer"],
            tuple(d["contracts"]),
            tuple(d["seats"]),
            tuple(tuple(r) for r in d["books"]),
        )

    def lines(self) -> list[str]:
        """The table as text lines, one per seat (a hand record's layout)."""
        head = "seat " + " ".join(f"{c:>13}" for c in self.contracts)
        rows = [
            f"{s:>4} " + " ".join(f"{b:>13}" for b in r) for s, r in zip(self.seats, self.books)
        ]
        return [head, *rows]


@dataclass(frozen=True, slots=True)
class Par:
    """The par of a deal: the contract (``"5 notrump high"`` / ``"trump S"``), its
    declarer (-1 for Whist), and each side's books and points (seats 0+2, seats 1+3).

    >>> p = Par("4 uptown S", 0, (10, 3), (4, 0))
    >>> eval(repr(p)) == p, Par.from_json(p.to_json()) == p
    (True, True)
    """

    contract: str
    declarer: int
    books: tuple[int, int]
    points: tuple[int, int]

    def to_dict(self) -> dict:
        return asdict(self)

    def to_json(self) -> str:
        return json.dumps(self.to_dict(), ensure_ascii=True)

    @classmethod
    def from_json(cls, text: str) -> Par:
        d = json.loads(text)
        return cls(d["contract"], d["declarer"], tuple(d["books"]), tuple(d["points"]))

    def contract_phrase(self) -> Phrase:
        """The contract in words (the codes the game state words its contract with).

        >>> Par("5 notrump low", 1, (3, 10), (0, 8)).contract_phrase()
        '5 no trump low'
        >>> Par("trump H", -1, (7, 6), (1, 0)).contract_phrase().code
        'whist.contract_trump'
        """
        words = self.contract.split()
        if words[0] == "trump":
            return Phrase.coded("whist.contract_trump", "trump {suit}", suit=words[1])
        number, kind, call = int(words[0]), words[1], words[2]
        if kind == "notrump" and call == "low":
            return Phrase.coded("whist.contract_nt_low", "{number} no trump low", number=number)
        if kind == "notrump":
            return Phrase.coded("whist.contract_nt_high", "{number} no trump high", number=number)
        return Phrase.coded(
            "whist.contract_suit",
            "{number} {kind} {suit}",
            number=number,
            kind=A.KIND_WORDS[kind],
            suit=call,
        )

    def phrase(self) -> Phrase:
        """The par in words, saying it is hindsight.

        >>> Par("4 uptown S", 0, (10, 3), (4, 0)).phrase()
        'Par (hindsight, all hands known): 4 uptown S, books 10–3, points 4–0'
        """
        return Phrase.coded(
            "whist.par_line",
            "Par (hindsight, all hands known): {contract}, books {ns}–{ew}, points {pns}–{pew}",
            contract=self.contract_phrase(),
            ns=self.books[0],
            ew=self.books[1],
            pns=self.points[0],
            pew=self.points[1],
        )


# --- the table --------------------------------------------------------------------------
def dd_table(st, *, use_endplay: bool = True) -> DDTable:
    """The double-dummy table of the deal of ``st`` (a state just after the deal).
    ``use_endplay``: each entry is solved by endplay (DDS) when it is installed and
    :mod:`engine.doubledummy.dds_map` maps its opening position exactly (classic Whist
    always; Bid Whist when no joker DDS cannot express is in play), as
    :mod:`engine.whist.analysis` grades the cards; else by the own solver. A host that
    shares a mapping between its processes (:mod:`engine.core.memo`: the app's job
    workers) keeps the table there, so the grading and the board's table make it once."""
    check_deal_start(st)
    key = memo_key(st)
    kept = memo.get(key)
    if kept is not None:
        return DDTable.from_json(json.dumps(kept))
    known = {(s, c): b for s, c, b in (memo.get(("whist.dd_known", *key)) or [])}
    at_most = {(s, c): b for s, c, b in (memo.get(("whist.dd_at_most", *key)) or [])}
    at_least = {(s, c): b for s, c, b in (memo.get(("whist.dd_at_least", *key)) or [])}
    table = _dd_table(st, use_endplay, known, at_most, at_least)
    memo.put(key, table.to_dict())
    return table


def _dd_table(
    st,
    use_endplay: bool,
    known: dict | None = None,
    at_most: dict | None = None,
    at_least: dict | None = None,
) -> DDTable:
    """The table; ``known``: entries already solved ((seat, contract name) -> books, by
    the bid grading, :class:`engine.whist.grading.bidding_table.BiddingSearch`), taken as they
    are; ``at_most`` / ``at_least``: upper / lower bounds it proved, where those entries'
    searches start."""
    known, at_most, at_least = known or {}, at_most or {}, at_least or {}
    collecting = gc.isenabled()
    gc.disable()  # the solver's tables make no cycles (see Solver._run)
    try:
        if not st.bidw:
            seat = st.to_act
            name = contract_name("trump", SUITS[st.trump])
            books = play_books(st, use_endplay=use_endplay)
            return DDTable(st.ruleset.variant, st.dealer, (name,), (seat,), ((books,),))
        # partners' entries are usually near each other: each seeds the other's search
        rows = [[0] * len(CONTRACTS) for _ in range(4)]
        for j, (k, c) in enumerate(CONTRACTS):
            for seat in (0, 2, 1, 3):
                if (seat, contract_name(k, c)) in known:
                    rows[seat][j] = known[(seat, contract_name(k, c))]
                    continue
                guess = rows[seat - 2][j] if seat >= 2 else (13 - rows[0][j] if seat else None)
                name = contract_name(k, c)
                if (seat, name) in at_most or (seat, name) in at_least:
                    e = FourHandEntry(declared(st, seat, k, c), use_endplay)
                    e.bound, e.lowest = at_most.get((seat, name)), at_least.get((seat, name))
                    if e.lowest is not None:  # (from a proved lower bound, not the partner's)
                        guess = e.lowest
                    rows[seat][j] = e.exact(guess)
                    continue
                s = declared(st, seat, k, c)
                rows[seat][j] = play_books(s, guess, use_endplay=use_endplay)
        names = tuple(contract_name(k, c) for k, c in CONTRACTS)
        entries = tuple(tuple(r) for r in rows)
        return DDTable(st.ruleset.variant, st.dealer, names, (0, 1, 2, 3), entries)
    finally:
        if collecting:
            gc.enable()


# --- the auction and the par --------------------------------------------------------------
def best_call(table: DDTable, seat: int, number: int, kind: str) -> tuple[str, int]:
    """(call, declaring side's points) of the best trump or direction for ``seat`` having
    won the bid ``number`` ``kind`` (the first of equal calls)."""
    calls = [
        (call, bid_whist_points(number, kind, table.books_of(seat, contract_name(kind, call))))
        for call in CALLS[kind]
    ]
    return max(calls, key=lambda found: found[1])  # (max keeps the first of equal ones)


class Auction:
    """The Bid Whist auction of one deal played perfectly knowing ``table`` (a
    :class:`DDTable`, or the part of it the grading needs,
    :class:`engine.whist.grading.bidding_table.BiddingTable`; see the module docstring):
    :meth:`value` of a state in the bidding, :meth:`action_values` of each action open
    to the seat to bid. Values are points for seats 0+2 minus points
    for seats 1+3 (only the declaring side scores)."""

    def __init__(self, table: DDTable):
        self.table = table
        self.memo: dict = {}

    def leaf(self, s) -> int:
        """NS value of a state where the auction just ended (the declarer to name): the
        points of its best call (the most books: points grow with books)."""
        pts = self.table.best_points(s.declarer, s.kind, s.bid_number)
        return pts if s.declarer % 2 == 0 else -pts

    def value(self, s) -> int:
        if s.phase_name != "bid":
            return self.leaf(s)
        key = (len(s.bids), s.high_bid, s.high_bidder)
        v = self.memo.get(key)
        if v is None:
            vals = [ns for _, ns in self._children(s)]
            v = max(vals) if s.to_act % 2 == 0 else min(vals)
            self.memo[key] = v
        return v

    def _children(self, s):
        for a in s.legal_actions():
            c = s.clone()
            c.apply(a)
            yield a, self.value(c)

    def action_values(self, s) -> list[tuple[object, int]]:
        """(action, value for the side of the seat to bid) for each legal action."""
        sign = 1 if s.to_act % 2 == 0 else -1
        return [(a, sign * v) for a, v in self._children(s)]

    def graded_values(self, s, played: str, second_at: float) -> list[tuple[str, int]]:
        """(action text, value for the side of the seat to bid) for each legal action:
        every one exact (the grade of ``played`` reads some of them; see
        :meth:`engine.whist.grading.auction_bounds.BoundedAuction.graded_values`)."""
        return [(str(a), v) for a, v in self.action_values(s)]


def par(st, table: DDTable | None = None) -> Par:
    """The par of the deal of ``st`` (a state just after the deal)."""
    if table is None:
        table = dd_table(st)
    else:
        check_deal_start(st)
    if not st.bidw:
        seat = table.seats[0]
        b = table.books[0][0]
        books = (b, 13 - b) if seat % 2 == 0 else (13 - b, b)
        side_points = (whist_points(books[0]), whist_points(books[1]))
        return Par(table.contracts[0], -1, books, side_points)
    auction = Auction(table)
    s = st.clone()
    while s.phase_name == "bid":
        vals = auction.action_values(s)
        best = max(v for _, v in vals)
        s.apply(next(a for a, v in vals if v == best))  # the first (cheapest) best action
    seat = s.declarer
    call, pts = best_call(table, seat, s.bid_number, s.kind)
    b = table.books_of(seat, contract_name(s.kind, call))
    books = (b, 13 - b) if seat % 2 == 0 else (13 - b, b)
    points = (pts, 0) if seat % 2 == 0 else (0, pts)
    name = contract_name(f"{s.bid_number} {s.kind}", call)
    return Par(name, seat, books, points)
