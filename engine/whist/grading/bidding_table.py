"""The part of a Bid Whist deal's double-dummy table that grading its bidding needs.

Grading a deal's bids, call and kitty discard (:mod:`engine.whist.analysis`) reads the
table (:mod:`engine.whist.grading.par`) in three ways only:

- the auction (:class:`engine.whist.grading.par.Auction`) needs, for each seat and each kind of
  bid, the points of its **best** call at each number: the points of a contract grow with
  its books, so whatever the number bid, the declarer names the call with the most books;
  and when no call of the kind reaches 9 books, every bid of it is set (3 needs 9), so
  the best's exact books are not needed;
- the call actually named needs the points of each call of the kind won at the number
  won: a call that cannot make it is set, whatever its books;
- the discard actually made needs the books of the call named (the heuristic bot's
  discard for it).

So instead of the 40 exact searches of the whole table, :class:`BiddingSearch` solves
the calls of the contract won at the number won, and each seat's best call of each kind
only as far as the grades read it (:mod:`engine.whist.grading.auction_bounds`): whether any call
reaches the books a number needs (the side's longest trump suit asked first, one
zero-window search, cheap when far from the value), and the best exactly only when the
grade needs its books (:func:`_settle`: the call found solved, each other call only asked
whether it beats it). The grades are the whole table's (tested); the whole table (shown
under the board for the deal on view) reuses the entries and bounds solved here
(:func:`engine.whist.grading.par.dd_table`).

>>> t = BiddingTable("bid4", 0, {(0, "uptown S"): 9}, {(0, "uptown H"): 8},
...                  {(0, "uptown"): ("S", 9), (0, "downtown"): ("", 8)})
>>> t.best_points(0, "uptown", 3), t.best_points(0, "downtown", 4)
(3, -4)
>>> t.points(0, "uptown", "H", 3), t.books_of(0, "uptown S")
(-3, 9)
>>> BiddingTable.from_dict(t.to_dict()) == t
True
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.core import memo
from engine.core.errors import EngineError
from engine.whist.cards import suit_of
from engine.whist.grading import contracts
from engine.whist.grading.contracts import (
    CALLS,
    check_deal_start,
    contract_name,
    declared,
    endplay_tricks,
    memo_key,
)
from engine.whist.scoring import bid_whist_points, books_needed

#: the fewest books any bid makes (3 needs 9): a kind whose calls all fall short of it is
#: set at every number, so its exact books do not matter to the auction
MAKES_A_BID = books_needed(3)


@dataclass(frozen=True, slots=True)
class BiddingTable:
    """Some entries of a deal's table: ``known``, exact ((seat, contract name) -> the
    declaring side's books); ``at_most``, upper bounds below :data:`MAKES_A_BID` or the
    number won (those calls are set); ``best``, per (seat, kind), the best call and its
    books — ``("", bound)`` when no call reaches :data:`MAKES_A_BID` (then ``bound`` is an
    upper bound). The best call is the first of equal ones in
    :data:`engine.whist.grading.par.CALLS` order."""

    variant: str
    dealer: int
    known: dict[tuple[int, str], int]
    at_most: dict[tuple[int, str], int]
    best: dict[tuple[int, str], tuple[str, int]]

    def books_of(self, seat: int, contract: str) -> int:
        try:
            return self.known[(seat, contract)]
        except KeyError:
            raise EngineError(
                f"no entry for seat {seat!r} declaring {contract!r} in this table"
            ) from None

    def best_points(self, seat: int, kind: str, number: int) -> int:
        """The points of ``seat``'s best call of ``kind`` after winning the bid ``number``."""
        return bid_whist_points(number, kind, self.best[(seat, kind)][1])

    def points(self, seat: int, kind: str, call: str, number: int) -> int:
        """The points of ``seat`` declaring ``number`` ``kind`` and naming ``call``."""
        name = f"{kind} {call}"
        books = self.known.get((seat, name))
        if books is None:
            books = self.at_most.get((seat, name), 99)
            if books >= books_needed(number):
                self.books_of(seat, name)  # raises: not known well enough
        return bid_whist_points(number, kind, books)

    def to_dict(self) -> dict:
        return {
            "variant": self.variant,
            "dealer": self.dealer,
            "known": [[s, c, b] for (s, c), b in self.known.items()],
            "at_most": [[s, c, b] for (s, c), b in self.at_most.items()],
            "best": [[s, k, c, b] for (s, k), (c, b) in self.best.items()],
        }

    @classmethod
    def from_dict(cls, d: dict) -> BiddingTable:
        return cls(
            d["variant"],
            d["dealer"],
            {(s, c): b for s, c, b in d["known"]},
            {(s, c): b for s, c, b in d["at_most"]},
            {(s, k): (c, b) for s, k, c, b in d["best"]},
        )


class Entry:
    """One entry's position (``s``: the first lead after the declarer's discard), asked
    exactly or against a threshold, in the declaring side's books (kitty book counted).
    ``bound``: the upper bound the questions answered no have proved. Subclasses ask a
    solver: :meth:`_ask` (whether the declaring side takes at least ``need`` of the
    tricks left) and :meth:`_solve` (the declaring side's tricks, from a guess)."""

    def __init__(self, s, mine: int, left: int):
        self.s, self.seat = s, s.to_act
        self.mine, self.left = mine, left  # books won (the kitty's), tricks left
        self.exact_books: int | None = None
        self.bound: int | None = None
        self.lowest: int | None = None  # the most books a question answered yes proved

    def _ask(self, need: int) -> bool:
        raise NotImplementedError

    def _solve(self, guess: int | None) -> int:
        raise NotImplementedError

    def _known(self) -> bool:
        return self.exact_books is not None

    def _known_books(self) -> int | None:
        """The exact books when they are known (:meth:`_known` may find them at once)."""
        return self.exact_books if self._known() else None

    def at_least(self, books: int) -> bool:
        """Whether the declaring side takes at least ``books``."""
        known = self._known_books()
        if known is not None:
            return known >= books
        if self.bound is not None and books > self.bound:
            return False
        if self.lowest is not None and books <= self.lowest:
            return True
        need = books - self.mine
        if need <= 0:
            return True
        if need > self.left:
            return False
        yes = self._ask(need)
        if not yes:
            self.bound = books - 1
        elif self.lowest is None or books > self.lowest:
            self.lowest = books
        return yes

    def exact(self, guess: int | None = None) -> int:
        """The declaring side's books (``guess``: a likely value, for speed). Below a
        proved bound (an earlier no), the questions step down from it: the value is
        usually the bound itself, and one question then settles it."""
        known = self._known_books()
        if known is not None:
            return known
        if self.bound is not None and (guess is None or guess >= self.bound):
            t = self.bound
            while not self.at_least(t):
                t -= 1
            self.exact_books = t
        else:
            g = None if guess is None else min(max(guess - self.mine, 0), self.left)
            self.exact_books = self.mine + self._solve(g)
        return self.exact_books


class FourHandEntry(Entry):
    """A four-player entry: endplay (DDS) when it maps the position exactly, else the
    four-hand solver (:func:`engine.whist.grading.contracts.new_solver`)."""

    def __init__(self, s, use_endplay: bool):
        super().__init__(s, s.books[s.to_act & 1], s.n_tricks - len(s.tricks))
        self.use_endplay = use_endplay
        self._solver = None

    def _known(self) -> bool:
        if self.exact_books is None and self.use_endplay:
            self.use_endplay = False  # asked once
            ns = endplay_tricks(self.s)
            if ns is not None:
                self.exact_books = self.mine + (ns if self.seat % 2 == 0 else self.left - ns)
        return self.exact_books is not None

    @property
    def solver(self):
        if self._solver is None:
            s = self.s  # (the module's new_solver: a bench may swap it)
            self._solver = contracts.new_solver(
                s.hands, s.trump, s.low, s.ruleset.jokers_follow_trump
            )
        return self._solver

    def _ask(self, need: int) -> bool:  # the solver answers for seats 0+2
        if self.seat % 2 == 0:
            return self.solver.at_least(need, leader=self.seat)
        return not self.solver.at_least(self.left - need + 1, leader=self.seat)

    def _solve(self, guess: int | None) -> int:
        g = guess if guess is None or self.seat % 2 == 0 else self.left - guess
        ns = self.solver.tricks(leader=self.seat, guess=g)
        return ns if self.seat % 2 == 0 else self.left - ns


def _side_length(s, seat: int) -> int:
    """Cards of the trump suit in the declaring side's hands (0 in no trump); for two
    players, the declarer's hand and straw piles."""
    if s.trump < 0:
        return 0
    if s.num_players == 4:
        side = s.hands[seat] | s.hands[seat ^ 2]
    else:
        side = s.hands[seat] | sum(1 << c for pile in s.piles[seat] for c in pile)
    return sum(1 for c in range(64) if side >> c & 1 and suit_of(c) == s.trump)


def _by_length(calls, entries) -> list[str]:
    """``calls``, the side's longest trump suit first: the likeliest to reach a number."""
    return sorted(calls, key=lambda c: -_side_length(entries[c].s, entries[c].seat))


def _settle(calls, entries, call: str) -> tuple[str, int]:
    """The best call (the first of equal ones in ``calls`` order) and its books, knowing
    that ``call`` reaches :data:`MAKES_A_BID`: ``call`` solved exactly, each other call
    only asked whether it beats it (solved in turn when it does)."""
    top = entries[call].exact(entries[call].lowest)
    for c in calls:
        if c == call or entries[c].bound is not None and entries[c].bound < top:
            continue
        beats = top if calls.index(c) < calls.index(call) else top + 1
        if entries[c].at_least(beats):
            call, top = c, entries[c].exact(beats)
    return call, top


#: the books range of a best call nothing has been asked about yet (a kind can be set
#: at every number or take every book)
UNKNOWN = (0, 13)


class BiddingSearch:
    """The entries of the table of the deal of ``st`` (just after the deal) that grading
    its bidding needs, found as the grading asks (:mod:`engine.whist.grading.auction_bounds`).

    For ``won`` (declarer seat, kind, number, call: the contract the auction actually
    reached, or ``None``) every call of the kind is solved at once at the number (the
    call's grade reads them); the call named, as far as the discard's grade reads it
    (:meth:`bot_books`). Each seat's
    best call of each kind starts :data:`UNKNOWN` (:meth:`books_range`), and
    :meth:`refine` narrows it for a number bid: whether any call reaches the books that
    number needs (the side's longest trump suit asked first; none reaching
    :data:`MAKES_A_BID`: set at every number, settled), and once one does, the best call
    exactly (:func:`_settle`). :meth:`table` gives what is known as a
    :class:`BiddingTable` (``best``: the settled ones); :meth:`keep` hands the entries
    solved to the whole table (:func:`engine.whist.grading.par.dd_table`).

    ``entry(s, seat, kind, call)``: the :class:`Entry` of the position ``s`` (the first
    lead of ``seat`` declaring ``kind``/``call``); default: the four-player one, by
    endplay (DDS) where ``use_endplay`` and it maps the position, else the own solver.
    Two players give theirs (:mod:`engine.whist.grading.par_two_hands`)."""

    def __init__(self, st, won=None, *, use_endplay: bool = True, entry=None):
        if not st.bidw:
            raise EngineError("the bidding table is for Bid Whist deals")
        self.st, self._four = st, entry is None
        if self._four:
            check_deal_start(st)
            self._known_key = ("whist.dd_known", *memo_key(st))
            kept = {(s, c): b for s, c, b in (memo.get(self._known_key) or [])}

            def entry(s, seat, kind, call):
                return FourHandEntry(s, use_endplay)
        else:
            kept = {}
        self._entry, self._kept = entry, kept
        self._entries: dict[tuple[int, str], dict[str, Entry]] = {}
        self._best: dict[tuple[int, str], tuple[str, int]] = {}  # settled
        self._reach: dict[tuple[int, str], tuple[int, str]] = {}  # (books, a call taking them)
        self._below: dict[tuple[int, str], int] = {}  # no call takes more books
        self.won = won
        if won is not None:
            self._solve_won(*won)

    def _solve_won(self, seat: int, kind: str, number: int, called: str) -> None:
        """The points of each call of the kind won at the number won: exact books where
        the call makes it (a set call loses the number, whatever its books)."""
        need = books_needed(number)
        entries = self.entries(seat, kind)
        for e in entries.values():
            if e.at_least(need):
                e.exact(need)
        made = [e.exact(need) for e in entries.values() if e.at_least(need)]  # (known: no search)
        if made:  # then the best is the best of them (the first of equal ones)
            top = max(made)
            call = next(c for c, e in entries.items() if e.exact_books == top)
            self._best[(seat, kind)] = (call, top)
        else:
            self._narrow_below(seat, kind, need - 1)

    def called(self) -> Entry:
        """The entry of the contract won, as the bot discards for it."""
        seat, kind, _number, call = self.won
        return self.entries(seat, kind)[call]

    def bot_books(self, made: int) -> int:
        """The books of the contract won after the bot's discard, exact when more than
        ``made`` (the books after the discard actually made); else ``made`` (only that
        it is no more counts, see :func:`engine.whist.grading.four_hands.discard_note`)."""
        e = self.called()
        if e.exact_books is None and not e.at_least(made + 1):
            return made
        return e.exact(made + 1)

    def entries(self, seat: int, kind: str) -> dict[str, Entry]:
        """Call -> :class:`Entry` of ``seat`` declaring ``kind`` (made once, on demand)."""
        got = self._entries.get((seat, kind))
        if got is None:
            got = self._entries[(seat, kind)] = {}
            for c in CALLS[kind]:
                e = got[c] = self._entry(declared(self.st, seat, kind, c), seat, kind, c)
                kept = self._kept.get((seat, contract_name(kind, c)))
                if kept is not None:
                    e.exact_books = kept
        return got

    def books_range(self, seat: int, kind: str) -> tuple[int, int]:
        """(lowest, highest) books ``seat``'s best call of ``kind`` may take as far as is
        known: equal once settled; a highest below :data:`MAKES_A_BID` (then settled)
        means set at every number, whatever the exact books."""
        best = self._best.get((seat, kind))
        if best is not None:
            return best[1], best[1]
        return self._reach.get((seat, kind), (UNKNOWN[0],))[0], self._below.get(
            (seat, kind), UNKNOWN[1]
        )

    def settled(self, seat: int, kind: str) -> bool:
        return (seat, kind) in self._best

    def _narrow_below(self, seat: int, kind: str, books: int) -> None:
        self._below[(seat, kind)] = min(books, self._below.get((seat, kind), UNKNOWN[1]))
        if self._below[(seat, kind)] < MAKES_A_BID:
            self._best[(seat, kind)] = ("", MAKES_A_BID - 1)

    def refine(self, seat: int, kind: str, number: int = 3) -> None:
        """One step narrower for a bid of ``number``: while the range straddles the books
        that number needs, whether any call reaches them; else (or for the first time
        about this kind, whether any reaches :data:`MAKES_A_BID`) the best call
        exactly."""
        if self.settled(seat, kind):
            return
        calls, entries = CALLS[kind], self.entries(seat, kind)
        lo, hi = self.books_range(seat, kind)
        need = books_needed(number)
        if not lo < need <= hi:
            if lo >= MAKES_A_BID:
                self._best[(seat, kind)] = _settle(calls, entries, self._reach[(seat, kind)][1])
                return
            need = MAKES_A_BID
        call = next((c for c in _by_length(calls, entries) if entries[c].at_least(need)), "")
        if call:
            self._reach[(seat, kind)] = (need, call)
        else:
            self._narrow_below(seat, kind, need - 1)

    def settle(self, seat: int, kind: str) -> tuple[str, int]:
        """``seat``'s best call of ``kind`` and its books (``("", MAKES_A_BID - 1)``: none
        reaches :data:`MAKES_A_BID`)."""
        while not self.settled(seat, kind):
            self.refine(seat, kind)
        return self._best[(seat, kind)]

    def table(self) -> BiddingTable:
        """What is known now: the entries solved, the bounds proved, the settled bests."""
        known: dict[tuple[int, str], int] = {}
        at_most: dict[tuple[int, str], int] = {}
        for (seat, kind), entries in self._entries.items():
            for c, e in entries.items():
                name = contract_name(kind, c)
                if e.exact_books is not None:
                    known[(seat, name)] = e.exact_books
                elif e.bound is not None:
                    at_most[(seat, name)] = e.bound
        return BiddingTable(
            self.st.ruleset.variant, self.st.dealer, known, at_most, dict(self._best)
        )

    def keep(self) -> BiddingTable:
        """:meth:`table`, its entries also handed to the whole table (four players: the
        mapping :mod:`engine.core.memo` shares between processes)."""
        t = self.table()
        if self._four:
            memo.put(self._known_key, [[s, c, b] for (s, c), b in t.known.items()])
            memo.put(
                ("whist.dd_at_most", *self._known_key[1:]),
                [[s, c, b] for (s, c), b in t.at_most.items()],
            )
            memo.put(
                ("whist.dd_at_least", *self._known_key[1:]),
                [
                    [seat, contract_name(kind, c), e.lowest]
                    for (seat, kind), entries in self._entries.items()
                    for c, e in entries.items()
                    if e.exact_books is None and e.lowest is not None
                ],
            )
        return t


def bidding_table(st, won=None, *, use_endplay: bool = True, entry=None) -> BiddingTable:
    """The entries of the table of the deal of ``st`` (just after the deal) that the
    auction can read whatever the bids: every seat's best call of every kind, and for
    ``won`` what :class:`BiddingSearch` solves for it and the books of the call named.
    (The grading asks for fewer: :mod:`engine.whist.grading.auction_bounds`.) A host sharing a
    mapping between processes (:mod:`engine.core.memo`) keeps the entries solved here for
    the whole table."""
    search = BiddingSearch(st, won, use_endplay=use_endplay, entry=entry)
    for seat in range(st.num_players):
        for kind in CALLS:
            search.settle(seat, kind)
    if won is not None:  # and the discard's measure, whatever the discard made
        e = search.called()
        e.exact(e.lowest)
    return search.keep()
