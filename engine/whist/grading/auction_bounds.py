"""A bid's grade from bounds on the deal's table, the table asked only as far as the
grade needs.

The grade of a bid or pass (:func:`engine.whist.grading.four_hands.choice_note`) reads four things
of the values of the actions open to the seat (each the auction played on perfectly
from there, :class:`engine.whist.grading.par.Auction`): the value of the action taken, the best
value, which action is the first best, and, when the action taken keeps the best,
whether the next best loses a mistake's worth (the ``!?`` mark). Each value is a minimax
over the rest of the auction whose leaves are the points of the declarer's best call at
the number won, and those points never fall as the best call's books rise: bounds on the
books (:meth:`engine.whist.grading.bidding_table.BiddingSearch.books_range`) bound every value.
:meth:`BoundedAuction.graded_values` narrows the bests those four rest on
(:meth:`engine.whist.grading.bidding_table.BiddingSearch.refine`) until they are settled, and no
further: on the shipped four-player games about a third of the seats' kinds are never
asked about, and a third of the others never solved exactly.

>>> leaf_points(3, "uptown", (0, 13)), leaf_points(4, "notrump", (9, 11))
((-3, 7), (-8, 10))
"""

from __future__ import annotations

from engine.whist.scoring import bid_whist_points


def leaf_points(number: int, kind: str, books: tuple[int, int]) -> tuple[int, int]:
    """Bounds on the declaring side's points for ``number`` ``kind`` when its books lie
    in ``books`` (lowest, highest): points never fall as books rise."""
    return bid_whist_points(number, kind, books[0]), bid_whist_points(number, kind, books[1])


class BoundedAuction:
    """The auction of one deal under bounds on its table (``search``: a
    :class:`engine.whist.grading.bidding_table.BiddingSearch`), narrowed on demand. Values are
    (lowest, highest) points for seats 0+2 minus points for seats 1+3, as
    :class:`engine.whist.grading.par.Auction`'s."""

    def __init__(self, search):
        self.search = search
        self._kids: dict = {}  # a bidding state's key -> [(action, child state)]
        self._memo: dict = {}  # a bidding state's key -> bounds (cleared on refining)

    @staticmethod
    def _key(s):
        return (len(s.bids), s.high_bid, s.high_bidder)

    def children(self, s) -> list:
        key = self._key(s)
        got = self._kids.get(key)
        if got is None:
            got = []
            for a in s.legal_actions():
                c = s.clone()
                c.apply(a)
                got.append((a, c))
            self._kids[key] = got
        return got

    def value(self, s) -> tuple[int, int]:
        """Bounds on the value of ``s`` (in the bidding, or just after it)."""
        if s.phase_name != "bid":
            lo, hi = leaf_points(s.bid_number, s.kind, self.search.books_range(s.declarer, s.kind))
            return (lo, hi) if s.declarer % 2 == 0 else (-hi, -lo)
        key = self._key(s)
        v = self._memo.get(key)
        if v is None:
            vals = [self.value(c) for _, c in self.children(s)]
            pick = max if s.to_act % 2 == 0 else min
            v = self._memo[key] = (pick(x[0] for x in vals), pick(x[1] for x in vals))
        return v

    def _leaf_under(self, s) -> tuple[int, str, int]:
        """A (seat, kind, number) whose best, narrowed for that number, narrows the bounds
        of ``s`` (not settled): down the children that reach the bound not yet met."""
        while s.phase_name == "bid":
            lo, hi = self.value(s)
            kids = [(c, self.value(c)) for _, c in self.children(s)]
            open_ = [(c, v) for c, v in kids if v[0] != v[1]]
            # seats 0+2 take the highest child: one that may reach the highest bound;
            # seats 1+3 the lowest
            if s.to_act % 2 == 0:
                s = next((c for c, v in open_ if v[1] == hi), open_[0][0])
            else:
                s = next((c for c, v in open_ if v[0] == lo), open_[0][0])
        return s.declarer, s.kind, s.bid_number

    def _unsettled(self, st, played: str, second_at: float):
        """A state whose bounds the grade of ``played`` at ``st`` still needs narrower, and
        the side values ((action text, lowest, highest) for the seat's side)."""
        sign = 1 if st.to_act % 2 == 0 else -1
        kids = []
        for a, c in self.children(st):
            lo, hi = self.value(c)
            kids.append((str(a), c, lo, hi) if sign > 0 else (str(a), c, -hi, -lo))
        mine = next(k for k in kids if k[0] == played)
        if mine[2] != mine[3]:
            return mine[1], kids
        best_lo, best_hi = max(k[2] for k in kids), max(k[3] for k in kids)
        if best_lo != best_hi:
            return next(k[1] for k in kids if k[3] == best_hi and k[2] != k[3]), kids
        if mine[2] != best_lo:  # which action is the first best
            for k in kids:
                if k[3] < best_lo:
                    continue
                if k[2] == k[3]:
                    break
                return k[1], kids
        elif played != "pass":  # does the next best lose a mistake's worth?
            others = [k for k in kids if k[0] != played]
            if others:
                hi = max(k[3] for k in others)
                if hi > best_lo - second_at and max(k[2] for k in others) <= best_lo - second_at:
                    return next(k[1] for k in others if k[3] == hi), kids
        return None, kids

    def graded_values(self, st, played: str, second_at: float) -> list[tuple[str, int]]:
        """(action text, value for the side of the seat to bid) for each action open at
        ``st``, narrowed until grading ``played`` (an action's text) reads them exactly:
        the value of ``played``, the best and the first best action are exact, and so is
        whether the next best is ``second_at`` or more below it when ``played`` keeps the
        best; any other value is an upper bound, below the best before the first best
        action."""
        while True:
            s, kids = self._unsettled(st, played, second_at)
            if s is None:
                return [(text, hi) for text, _, _, hi in kids]
            self.search.refine(*self._leaf_under(s))
            self._memo.clear()
