"""The four-hand double-dummy solver in C (``four_hands.c``), through ctypes.

:class:`CSolver` answers what :class:`engine.doubledummy.four_hands.Solver` answers — the tricks
seats 0+2 take from a position (mid-trick too), whether they take at least ``t``, the
classes of equivalent cards — with the same search written in C (the same move order and
table, with bounds resting on fewer cards, so the same answers in fewer nodes: see the
header of ``four_hands.c``), about 13 times faster on a deal's table than the Python
solver compiled with mypyc, itself about 3 times faster than uncompiled
(``docs/benchmarks.md``). Positions are checked and converted by a Python ``Solver`` of
the same deal (the same input errors); :meth:`CSolver.move_classes` is that solver's (it does no
search).

:func:`new_solver` is what the callers use: a ``CSolver`` when the library is built and
current (:func:`engine.doubledummy.build.load`), else the Python ``Solver``.

>>> from engine.doubledummy.cards import card, hand_of
>>> S, H = 0, 1  # suits; ranks 0 (the 2) to 12 (the ace)
>>> hands = [hand_of([card(S, 12), card(S, 11)]), hand_of([card(S, 10), card(H, 0)]),
...          hand_of([card(S, 1), card(S, 2)]), hand_of([card(H, 12), card(S, 3)])]
>>> new_solver(hands, trump=-1).tricks(leader=0)
2
"""

from __future__ import annotations

import ctypes
import weakref
from collections.abc import Sequence
from typing import Any

from engine.doubledummy import build
from engine.doubledummy.four_hands import Solver

_U64x4 = ctypes.c_uint64 * 4
_INTx4 = ctypes.c_int * 4


def _library() -> ctypes.CDLL | None:
    """The loaded library with its functions' signatures set, or None."""
    lib = build.load("four_hands")
    if lib is None or getattr(lib, "_dd4_typed", False):
        return lib
    if not lib.dd4_usable():  # built for an instruction this CPU lacks
        return None
    vp = ctypes.c_void_p
    lib.dd4_new.argtypes = [ctypes.c_int, ctypes.c_int]
    lib.dd4_new.restype = vp
    lib.dd4_free.argtypes = [vp]
    lib.dd4_free.restype = None
    lib.dd4_nodes.argtypes = [vp]
    lib.dd4_nodes.restype = ctypes.c_ulonglong
    lib.dd4_entries.argtypes = [vp]
    lib.dd4_entries.restype = ctypes.c_ulonglong
    lib.dd4_set_max_entries.argtypes = [vp, ctypes.c_ulonglong]
    lib.dd4_set_max_entries.restype = None
    args: list[Any] = [vp, _U64x4, ctypes.c_int, ctypes.c_int, _INTx4, ctypes.c_int, ctypes.c_int]
    lib.dd4_at_least.argtypes = args
    lib.dd4_at_least.restype = ctypes.c_int
    lib.dd4_tricks.argtypes = args
    lib.dd4_tricks.restype = ctypes.c_int
    setattr(lib, "_dd4_typed", True)  # noqa: B010  (a mark on the loaded library)
    return lib


def available() -> bool:
    """Whether :func:`new_solver` gives the C solver."""
    return _library() is not None


class CSolver:
    """Double-dummy values of positions of one deal (fixed contract), searched in C.

    The constructor and the methods are :class:`engine.doubledummy.four_hands.Solver`'s: build it
    once per deal (its transposition table, kept in C, serves every position of the deal)
    and ask :meth:`tricks` / :meth:`at_least`. The table is freed with the object.
    """

    def __init__(
        self, hands: Sequence[int], trump: int = -1, low: object = False, club: object = False
    ) -> None:
        lib = _library()
        if lib is None:
            raise RuntimeError(
                "the C solver is not built (engine.doubledummy.build.status('four_hands'))"
            )
        self._py = Solver(hands, trump, low, club)  # checks the deal, converts positions
        self.trump, self.low, self.club = self._py.trump, self._py.low, self._py.club
        self._lib = lib
        handle = lib.dd4_new(self.trump, 1 if self.club else 0)
        if not handle:
            raise MemoryError("the C solver could not allocate its tables")
        self._handle = handle
        self._free = weakref.finalize(self, lib.dd4_free, handle)

    @property
    def nodes(self) -> int:
        """Nodes searched so far (trick boundaries searched, as the Python solver counts
        them, but the C search needs fewer and does not count the last trick)."""
        return self._lib.dd4_nodes(self._handle)

    @property
    def entries(self) -> int:
        """Bounds the transposition table holds."""
        return self._lib.dd4_entries(self._handle)

    def _args(self, hands, leader, trick):
        h, leader, tcards, led = self._py._position(hands, leader, trick)
        tc = _INTx4(*tcards) if tcards else _INTx4()
        return _U64x4(*h), leader, len(tcards), tc, led

    def tricks(
        self,
        hands: Sequence[int] | None = None,
        leader: int = 0,
        trick: Sequence[int] = (),
        guess: int | None = None,
    ) -> int:
        """Tricks seats 0+2 take from here (the trick in progress included) with best play
        by all (see :meth:`engine.doubledummy.four_hands.Solver.tricks`)."""
        h, leader, n, tc, led = self._args(hands, leader, trick)
        g = -1 if guess is None else max(guess, 0)
        return self._lib.dd4_tricks(self._handle, h, leader, n, tc, led, g)

    def at_least(
        self,
        target: int,
        hands: Sequence[int] | None = None,
        leader: int = 0,
        trick: Sequence[int] = (),
    ) -> bool:
        """Whether seats 0+2 can take at least ``target`` tricks from here."""
        h, leader, n, tc, led = self._args(hands, leader, trick)
        t = max(min(target, 99), -99)  # beyond the deal's tricks: the same answer
        return bool(self._lib.dd4_at_least(self._handle, h, leader, n, tc, led, t))

    def move_classes(
        self, hands: Sequence[int] | None = None, leader: int = 0, trick: Sequence[int] = ()
    ) -> list[list[int]]:
        """The legal cards of the seat to play in classes of equivalent cards (see
        :meth:`engine.doubledummy.four_hands.Solver.move_classes`)."""
        return self._py.move_classes(hands, leader, trick)


def new_solver(hands: Sequence[int], trump: int = -1, low: object = False, club: object = False):
    """A solver of the deal ``hands``: :class:`CSolver` when the C library is built and
    current, else :class:`engine.doubledummy.four_hands.Solver` (the same answers)."""
    if _library() is not None:
        return CSolver(hands, trump, low, club)
    return Solver(hands, trump, low, club)


def status() -> str:
    """Which four-hand solver :func:`new_solver` gives, in words."""
    ok, why = build.status("four_hands")
    return "C (four_hands.c)" if ok else f"Python; four_hands.c not used: {why}"
