"""The part of a Bid Whist deal's double-dummy table that grading its bidding needs.

Grading a deal's bids, call and kitty discard (:mod:`engine.whist.analysis`) reads the
table (:mod:`engine.whist.par`) in three ways only:

- the auction (:class:`engine.whist.par.Auction`) needs, for each seat and each kind of
  bid, the points of its **best** call at each number: the points of a contract grow with
  its books, so whatever the number bid, the declarer names the call with the most books;
  and when no call of the kind reaches 9 books, every bid of it is set (3 needs 9), so
  the best's exact books are not needed;
- the call actually named needs the points of each call of the kind won at the number
  won: a call that cannot make it is set, whatever its books;
- the discard actually made needs the books of the call named (the heuristic bot's
  discard for it).

So instead of the 40 exact searches of the whole table, :func:`bidding_table` asks, per
seat and kind, whether the call likeliest best (the side's longest trump suit) reaches 9
books; when it does, it is solved exactly and each other call is only asked whether it
beats it (one zero-window search, cheap when the answer is no), and solved in turn when
it does; when it does not, the other calls are asked whether they reach 9. The values
are the whole table's (tested) in a fraction of its time; the whole table (shown under
the board for the deal on view) reuses the entries solved here
(:func:`engine.whist.par.dd_table`).

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
    :data:`engine.whist.par.CALLS` order."""

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

    def _ask(self, need: int) -> bool:
        raise NotImplementedError

    def _solve(self, guess: int | None) -> int:
        raise NotImplementedError

    def _known(self) -> bool:
        return self.exact_books is not None

    def at_least(self, books: int) -> bool:
        """Whether the declaring side takes at least ``books``."""
        if self._known():
            return self.exact_books >= books
        if self.bound is not None and books > self.bound:
            return False
        need = books - self.mine
        if need <= 0:
            return True
        if need > self.left:
            return False
        yes = self._ask(need)
        if not yes:
            self.bound = books - 1
        return yes

    def exact(self, guess: int | None = None) -> int:
        """The declaring side's books (``guess``: a likely value, for speed). Below a
        proved bound (an earlier no), the questions step down from it: the value is
        usually the bound itself, and one question then settles it."""
        if self._known():
            return self.exact_books
        if self.bound is not None and (guess is None or guess >= self.bound):
            t = self.bound
            while not self.at_least(t):
                t -= 1
            self.exact_books = t
        else:
            g = None if guess is None else min(max(guess - self.mine, 0), self.left)
            self.exact_books = self.mine + self._solve(g)
        return self.exact_books


class _Entry4(Entry):
    """A four-player entry: endplay (DDS) when it maps the position exactly, else the
    four-hand solver (:func:`engine.whist.par.new_solver`)."""

    def __init__(self, s, use_endplay: bool):
        super().__init__(s, s.books[s.to_act & 1], s.n_tricks - len(s.tricks))
        self.use_endplay = use_endplay
        self._solver = None

    def _known(self) -> bool:
        if self.exact_books is None and self.use_endplay:
            from engine.whist.par import _endplay_tricks

            self.use_endplay = False  # asked once
            ns = _endplay_tricks(self.s)
            if ns is not None:
                self.exact_books = self.mine + (ns if self.seat % 2 == 0 else self.left - ns)
        return self.exact_books is not None

    @property
    def solver(self):
        if self._solver is None:
            from engine.whist import par  # (its new_solver: a bench may swap it)

            s = self.s
            self._solver = par.new_solver(s.hands, s.trump, s.low, s.ruleset.jokers_follow_trump)
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


#: where the search of a seat's best call starts without its partner's: the declaring
#: side's books in a typical contract worth bidding (the kitty book counted)
FIRST_GUESS = 9


def _best_call(calls, entries) -> tuple[str, int]:
    """The best call (the first of equal ones in ``calls`` order) and its books, or
    ``("", MAKES_A_BID - 1)`` when no call reaches :data:`MAKES_A_BID` (``entries``: call
    -> :class:`_Entry`; see the module docstring)."""
    order = sorted(calls, key=lambda c: -_side_length(entries[c].s, entries[c].seat))
    call = next((c for c in order if entries[c].at_least(MAKES_A_BID)), "")
    if not call:
        return "", MAKES_A_BID - 1
    top = entries[call].exact(FIRST_GUESS)
    for c in calls:
        if c == call or entries[c].bound is not None and entries[c].bound < top:
            continue
        beats = top if calls.index(c) < calls.index(call) else top + 1
        if entries[c].at_least(beats):
            call, top = c, entries[c].exact(beats)
    return call, top


def bidding_table(st, won=None, *, use_endplay: bool = True, entry=None) -> BiddingTable:
    """The entries of the table of the deal of ``st`` (just after the deal) that grading
    its bidding needs: each seat's best call of each kind, and for ``won`` (declarer
    seat, kind, number, call: the contract the auction actually reached, or ``None``)
    the points of every call of the kind at the number and the books of the call named.
    See the module docstring. A host sharing a mapping between processes
    (:mod:`engine.core.memo`) keeps the entries solved here for the whole table.

    ``entry(s, seat, kind, call)``: the :class:`Entry` of the position ``s`` (the first
    lead of ``seat`` declaring ``kind``/``call``); default: the four-player one, by
    endplay (DDS) where ``use_endplay`` and it maps the position, else the own solver.
    Two players give theirs (:mod:`engine.whist.par2`)."""
    from engine.whist.par import CALLS, _check_deal_start, _memo_key, contract_name, declared

    if not st.bidw:
        raise EngineError("the bidding table is for Bid Whist deals")
    four = entry is None
    if four:
        _check_deal_start(st)
        known_key = ("whist.dd_known", *_memo_key(st))
        kept = {(s, c): b for s, c, b in (memo.get(known_key) or [])}

        def entry(s, seat, kind, call):
            return _Entry4(s, use_endplay)
    else:
        kept = {}
    known: dict[tuple[int, str], int] = {}
    at_most: dict[tuple[int, str], int] = {}
    best: dict[tuple[int, str], tuple[str, int]] = {}
    for seat in range(st.num_players):
        for kind, calls in CALLS.items():
            entries = {}
            for c in calls:
                name = contract_name(kind, c)
                e = entries[c] = entry(declared(st, seat, kind, c), seat, kind, c)
                if (seat, name) in kept:
                    e.exact_books = kept[(seat, name)]
            best[(seat, kind)] = _best_call(calls, entries)
            if won is not None and won[:2] == (seat, kind):
                need = books_needed(won[2])
                top = best[(seat, kind)][1]  # (each call's books are at most the best's)
                for c, e in entries.items():
                    if e.at_least(need):
                        e.exact(need)
                    elif c == won[3]:  # the discard's measure: below the number won
                        e.exact(min(top, need - 1, e.bound if e.bound is not None else 99))
            for c, e in entries.items():
                name = contract_name(kind, c)
                if e.exact_books is not None:
                    known[(seat, name)] = e.exact_books
                elif e.bound is not None:
                    at_most[(seat, name)] = e.bound
    if four:  # the whole table (engine.whist.par.dd_table) takes them
        memo.put(known_key, [[s, c, b] for (s, c), b in known.items()])
        memo.put(("whist.dd_at_most", *known_key[1:]), [[s, c, b] for (s, c), b in at_most.items()])
    return BiddingTable(st.ruleset.variant, st.dealer, known, at_most, best)
