"""The two-player double-dummy search in C (``two_hands.c``), with the Python one's interface.

:class:`CSolver2` answers what :class:`engine.doubledummy.two_hands.Solver2` answers — seat 0's
tricks from a position of a two-player deal, whether it takes at least so many — by the
same exact search in C (:mod:`engine.doubledummy.build` builds and loads it), about a thousand
times faster, so that a whole two-player deal is graded from its first lead.
One solver is one deal and contract: its table of bounds is kept between questions and
freed with the solver. :meth:`CSolver2.move_classes` (no search) is the Python one's.

:func:`new_solver2` gives the C solver when its library is built and current, else the
Python one (``TABLETOP_PURE_SOLVER=1`` forces Python); :func:`c_search` says which.

>>> from engine.doubledummy.cards import card, hand_of
>>> S = 0  # spades; ranks 0 (the 2) to 12 (the ace)
>>> s = new_solver2([hand_of([card(S, 12), card(S, 11)]), hand_of([card(S, 10), card(S, 0)])],
...                 [(), ()], trump=-1)
>>> s.tricks(leader=0), s.at_least(2, leader=0)
(1, False)
"""

from __future__ import annotations

import ctypes
from collections.abc import Sequence
from typing import Any

from engine.core.errors import EngineError
from engine.doubledummy import build
from engine.doubledummy.two_hands import Solver2

#: entries of a solver's table of bounds (2^21, 48 bytes each: 96 MB, reserved lazily:
#: a search of a whole deal fills it; 2^20 costs such a search a quarter more positions)
TABLE_LOG2 = 21
#: the table of a solver with a large budget (or none): 2^24 entries, 768 MB. A search of
#: billions of positions (a Low game from its first lead) overwrites a small table many
#: times: 2^24 entries take a third to a half of its positions and time, 2^25 only 7 %
#: more (docs/benchmarks.md, "Whist for two: the Low game's search")
TABLE_LOG2_LARGE = 24
#: budgets above this many positions (and no budget) get the large table
LARGE_BUDGET = 200_000_000
#: bytes an entry of the table takes (``sizeof(Entry)`` in ``two_hands.c``: a key of five 64-bit
#: words and five bytes, padded to eight)
ENTRY_BYTES = 48
#: the positions each question may take by default (``budget``), as on a page: a job
#: never holds a worker for minutes (:mod:`engine.whist.grading.two_hands`; the command gives
#: more, :data:`engine.whist.analysis.ON_COMMAND`)
BUDGET_TWO = 20_000_000
_U64 = ctypes.c_uint64
_ALL = (1 << 54) - 1


def _library():
    lib = build.load("two_hands")
    if lib is None or getattr(lib, "_dd2_typed", False):
        return lib
    lib.dd2_new.restype = ctypes.c_void_p
    lib.dd2_new.argtypes = [
        ctypes.POINTER(_U64),
        ctypes.POINTER(ctypes.c_int),
        ctypes.POINTER(ctypes.c_int),
        ctypes.c_int,
        ctypes.c_int,
        ctypes.c_int,
        ctypes.c_int,
        ctypes.c_int,
    ]
    lib.dd2_free.argtypes = [ctypes.c_void_p]
    lib.dd2_free.restype = None
    lib.dd2_nodes.argtypes = [ctypes.c_void_p]
    lib.dd2_nodes.restype = _U64
    position: list[Any] = [ctypes.c_void_p, _U64, _U64, ctypes.c_int, ctypes.POINTER(ctypes.c_int)]
    lib.dd2_at_least.argtypes = [*position, ctypes.c_int, ctypes.c_int, _U64]
    lib.dd2_at_least.restype = ctypes.c_int
    lib.dd2_tricks.argtypes = [*position, ctypes.c_int, ctypes.c_int, _U64]
    lib.dd2_tricks.restype = ctypes.c_int
    setattr(lib, "_dd2_typed", True)  # noqa: B010  (a mark on the loaded library)
    return lib


class SearchBudget(EngineError):
    """A question would take more positions than the solver's ``budget``: not answered
    (the solver's table holds only what was fully searched, so it stays usable)."""


def c_search() -> bool:
    """Whether :func:`new_solver2` gives the C search."""
    return _library() is not None


def table_log2(budget: int | None) -> int:
    """The table size (log 2 of its entries) of a solver whose questions may take
    ``budget`` positions each (None: no limit)."""
    return TABLE_LOG2_LARGE if budget is None or budget > LARGE_BUDGET else TABLE_LOG2


def new_solver2(
    hands, piles, trump=-1, low=False, club=False, misere=False, budget=None, log2_entries=None
):
    """A two-player solver for one deal: :class:`CSolver2` when the C library loads
    (``budget`` and ``log2_entries`` as there), else :class:`engine.doubledummy.two_hands.Solver2`
    (same arguments but those two, same answers)."""
    if _library() is not None:
        return CSolver2(hands, piles, trump, low, club, misere, budget, log2_entries)
    return Solver2(hands, piles, trump, low, club, misere)


class CSolver2:
    """:class:`engine.doubledummy.two_hands.Solver2` searched in C (same arguments and answers).

    ``budget``: at most that many positions searched per question (None: no limit);
    a question that would take more raises :class:`SearchBudget`. ``log2_entries``: the
    size of its table of bounds (default: :func:`table_log2` of the budget). The handle
    is freed when the object is (or by :meth:`close`)."""

    def __init__(
        self,
        hands: Sequence[int],
        piles: Sequence[Sequence[tuple[int, int]]],
        trump: int = -1,
        low: bool = False,
        club: bool = False,
        misere: bool = False,
        budget: int | None = None,
        log2_entries: int | None = None,
    ) -> None:
        self._lib = _library()
        self.budget = budget
        if self._lib is None:
            raise EngineError("the C two-player search is not built (make install builds it)")
        self._py = Solver2(
            hands, piles, trump, low, club, misere
        )  # checks, the full masks, classes
        if trump not in (-1, 0, 1, 2, 3):
            raise EngineError(f"trump {trump!r} must be a suit 0-3 or -1 (no trump)")
        flat, counts = [], []
        for row in self._py.piles:
            if len(row) > 7:
                raise EngineError("at most 7 straw piles a player")
            counts.append(len(row))
            for d, u in row:
                if not (0 <= d < 54 and 0 <= u < 54):
                    raise EngineError(f"straw pile {(d, u)!r}: cards are 0-53")
                flat += [d, u]
        self._full = self._py._left(None)
        if any(m & ~_ALL for m in self._full):
            raise EngineError("hands hold cards 0-53 only")
        h = (_U64 * 2)(*self._py.hand_cards)
        p = (ctypes.c_int * max(1, len(flat)))(*flat)
        n = (ctypes.c_int * 2)(*counts)
        flags = (int(bool(low)), int(bool(club)), int(bool(misere)))
        size = table_log2(budget) if log2_entries is None else log2_entries
        if not (isinstance(size, int) and 4 <= size <= 30):
            raise EngineError(f"log2_entries {size!r} must be a whole number 4-30")
        self._handle = self._lib.dd2_new(h, p, n, trump, *flags, size)
        if not self._handle:
            raise EngineError("the C two-player search could not reserve its table")

    def close(self) -> None:
        """Free the C table now (the object is unusable after)."""
        if getattr(self, "_handle", None):
            self._lib.dd2_free(self._handle)
            self._handle = None

    def __del__(self) -> None:
        self.close()

    @property
    def nodes(self) -> int:
        """Positions searched so far by this solver."""
        return int(self._lib.dd2_nodes(self._handle))

    def _position(self, left, leader: int, trick: Sequence[int]):
        left = self._full if left is None else left
        if len(left) != 2:
            raise EngineError("give each player's cards left (two masks)")
        if leader not in (0, 1):
            raise EngineError(f"leader {leader!r} must be seat 0 or 1")
        trick = list(trick)
        if len(trick) > 4 or any(not (0 <= c < 54) for c in trick):
            raise EngineError(f"trick {trick!r}: at most four cards 0-53")
        l0, l1 = int(left[0]), int(left[1])
        if (l0 | l1) & ~_ALL or any((l0 | l1) >> c & 1 for c in trick):
            raise EngineError("the cards left are cards 0-53, none of them in the trick")
        Solver2._remaining([l0, l1], trick)  # whole tricks
        t = (ctypes.c_int * 4)(*trick)
        return self._handle, l0, l1, leader, t, len(trick)

    def tricks(self, left=None, leader: int = 0, trick: Sequence[int] = (), guess=None) -> int:
        """Tricks seat 0 takes from here, the trick in progress included (as
        :meth:`engine.doubledummy.two_hands.Solver2.tricks`)."""
        pos = self._position(left, leader, trick)
        g = -1 if guess is None else max(int(guess), 0)
        return self._answer(self._lib.dd2_tricks(*pos, g, self._budget()))

    def at_least(self, target: int, left=None, leader: int = 0, trick=()) -> bool:
        """Whether seat 0 can take at least ``target`` tricks from here."""
        pos = self._position(left, leader, trick)
        t = max(-1, min(int(target), 99))
        return bool(self._answer(self._lib.dd2_at_least(*pos, t, self._budget())))

    def _budget(self) -> int:
        return 0 if self.budget is None else max(1, int(self.budget))

    def _answer(self, r: int) -> int:
        if r < 0:
            raise SearchBudget(f"the search needs more than {self.budget} positions")
        return r

    def move_classes(self, left=None, leader: int = 0, trick=()) -> list[list[int]]:
        """The legal cards of the seat to play in classes of equivalent cards (as
        :meth:`engine.doubledummy.two_hands.Solver2.move_classes`; no search)."""
        return self._py.move_classes(left, leader, trick)
