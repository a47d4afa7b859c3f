"""Grading Stack 5 decisions: draw or stop, and each placement (unit: expected points).

**What a row is worth** (a documented proxy): the points of the best combination it can
still make (:func:`~engine.stack5.row_outlook`) times the square of its progress,
``best × (cards / 5)²``: ``R1 R2`` (a colour run is still possible) is worth
3 × (2/5)² = 0.48 points, ``R1 R2 R3 R4`` 1.92, and a completed row the points it scored.
The square makes a card that completes a row worth more than one that starts a row.
A placement's value is the points it scores now plus the change in the placer's rows'
worth; a discard placement loses the worth of the discarded row.

**Placements** are graded against every legal place of the *same* card (the order in
which the cards are placed is not graded).

**Draw or stop** is graded by the exact expected worth of the rest of the turn, every
card of the deck multiset enumerated with its probability (``observation()["unseen"]``
is the deck): a repeated number busts (the drawer keeps nothing: the cards go to another
player), a second Joker discards the turn's cards, a Draw 3's three cards are enumerated
card by card, and after each card the drawer again takes the better of stopping and
drawing, up to :data:`LOOKAHEAD` further draws (then stops). Assumptions of the measure:

- *value of cards kept*: each held card is worth its best placement among the drawer's
  rows as they are now (the value above; possibly negative when it can only go on by
  discarding a row), cards counted independently of each other;
- a bomb's turned card is not valued (its effect on the rows is ignored; it only leaves
  the deck), and a Steal is worth its best stolen card's placement value for the drawer
  (what it costs the victim is not counted);
- an empty deck during the look-ahead ends the drawing (a reshuffle is not modelled).

>>> from engine.stack5.analysis import decision_values
>>> from engine.stack5 import setup_position
>>> s = setup_position({0: ["R1 R2 R3 R4"]})
>>> for a in ["G5", "B3", "draw", "Y1", "draw", "P2"]: s.apply(a)
>>> {k: round(v, 3) for k, v in decision_values(s).items()}  # 4 numbers held: stop
{'stop': 0.48, 'draw': 0.189}
"""

from __future__ import annotations

from functools import lru_cache

from engine.core.annotation import Annotation, Thresholds, mark_for
from engine.core.errors import EngineError
from engine.core.records import GameRecord
from engine.stack5 import legal_placements, row_outlook
from engine.stack5.cards import deck_spec
from engine.stack5.rules import Stack5Rules
from engine.stack5.state import Stack5State

UNIT = "points"
THRESHOLDS = Thresholds(inaccuracy=0.05, mistake=0.15, blunder=0.4)
#: own draws looked at beyond the one being decided (each then chooses draw or stop)
LOOKAHEAD = 2
MEASURE_DRAW = "expected points kept this turn (exact over the deck)"
MEASURE_PLACE = "points of the rows' best combinations × (progress)²"


@lru_cache(maxsize=65536)
def _worth(row: tuple[str, ...], rules: Stack5Rules) -> float:
    """Worth of one row: best points it can still make × (cards / 5)²."""
    if not row:
        return 0.0
    o = row_outlook(list(row), rules)
    return o.best_points * (len(row) / 5) ** 2


@lru_cache(maxsize=65536)
def _placement_values(
    rows: tuple[tuple[str, ...], ...], card: str, rules: Stack5Rules
) -> dict[str, float]:
    """Each legal placement of ``card`` (its text) → value in points."""
    spec = deck_spec(rules)
    out = {}
    for place in legal_placements([list(r) for r in rows], card, rules):
        i = place.row - 1
        old = rows[i] if i < len(rows) else ()
        new = (card,) if place.discard else old + (card,)
        if len(new) == 5:
            gained = float(spec.points(spec.codes(list(new))))
        else:
            gained = _worth(new, rules)
        out[str(place)] = gained - _worth(old, rules)
    return out


def card_value(rows, card: str, rules: Stack5Rules) -> float:
    """The value of holding ``card``: its best placement among ``rows``."""
    return max(_placement_values(rows, card, rules).values())


def _rows(state: Stack5State, seat: int) -> tuple[tuple[str, ...], ...]:
    names = state.spec.names
    return tuple(tuple(names[c] for c in row) for row in state.rows[seat])


def decision_values(state: Stack5State) -> dict[str, float]:
    """At a draw-or-stop decision: ``{'stop': v, 'draw': v}`` in expected points."""
    spec = state.spec
    rules = state.ruleset
    seat = state.player
    rows = _rows(state, seat)
    names = spec.names
    value = [0.0] * spec.kinds
    for c in list(range(spec.n_numbers)) + [spec.JK]:
        value[c] = card_value(rows, names[c], rules)
    tops = [
        names[row[-1]]
        for s in range(state.num_players)
        if s != seat
        for row in state.rows[s]
        if row
    ]
    if rules.steal_from == "last_placed":
        tops = [names[state.rows[t.seat][t.row - 1][-1]] for t in state._steal_targets()]
    steal = max((card_value(rows, t, rules) for t in tops), default=0.0)
    held = sum(value[c] for c in state.hand)
    search = _Lookahead(spec, state.deck, state.mask, value, steal, rules.draw3_joker_counts())
    specials = tuple(state.deck[c] for c in search.special_codes)
    draw = search.draw(held, state.mask, state.jokers, specials, LOOKAHEAD)
    return {"stop": held, "draw": draw}


class _Lookahead:
    """The exact expectation over the deck multiset (see the module docstring).

    Once a number has been drawn, the remaining cards of that number all bust and their
    colours no longer matter, so the deck during the look-ahead is fixed by the numbers
    drawn (``mask``) and the specials left: a state is ``(mask, Jokers counted,
    specials left)`` plus the worth held. At the last choice the drawer stops, so the
    value of drawing there is linear in the worth held (``a·held + b``, memoised per
    state); earlier choices enumerate the cards with the worth held.
    """

    def __init__(self, spec, deck, mask: int, value: list[float], steal: float, jc: bool):
        self.spec = spec
        self.mask0 = mask
        self.value = value
        self.steal = steal
        self.jc = jc
        self.special_codes = (spec.D3, spec.NB, spec.CB, spec.ST, spec.JK)
        # number cards: (code, count at the decision, bit of its number, value)
        self.cards = [
            (c, deck[c], 1 << spec.number[c], value[c]) for c in range(spec.n_numbers) if deck[c]
        ]
        self.per_number: dict[int, int] = {}
        for _c, n, bit, _ in self.cards:
            self.per_number[bit] = self.per_number.get(bit, 0) + n
        self.numbers0 = sum(n for _, n, _, _ in self.cards)
        self.lin: dict = {}
        self.memo: dict = {}

    def total(self, mask: int, specials: tuple) -> int:
        """Cards left: each number first drawn in the look-ahead took one card."""
        drawn = sum(1 for bit in self.per_number if mask & bit and not self.mask0 & bit)
        return self.numbers0 - drawn + sum(specials)

    # --- the last choice: linear in the worth held -----------------------------------
    def linear(self, m: int, mask: int, jokers: int, specials: tuple) -> tuple[float, float]:
        """``(a, b)``: drawing ``m`` Draw 3 cards (``m=0``: one own draw), then
        stopping, is worth ``a·held + b``."""
        key = (m, mask, jokers, specials)
        got = self.lin.get(key)
        if got is not None:
            return got
        total = self.total(mask, specials)
        if total == 0:
            out = self.lin[key] = (1.0, 0.0)
            return out
        a = b = 0.0
        for _c, n, bit, v in self.cards:
            if mask & bit:
                continue  # bust
            if m <= 1:
                a += n
                b += n * v
            else:
                ca, cb = self.linear(m - 1, mask | bit, jokers, specials)
                a += n * ca
                b += n * (ca * v + cb)
        d3, nb, cb_, st, jk = specials
        vj = self.value[self.spec.JK]
        if m == 0:
            if jk and not jokers:
                a += jk
                b += jk * vj
            if d3:
                ca, cbb = self.linear(3, mask, jokers, (d3 - 1, nb, cb_, st, jk))
                a += d3 * ca
                b += d3 * cbb
            a += nb + cb_ + st
            b += st * self.steal
        else:
            for i, k in enumerate(specials):
                if not k:
                    continue
                left = specials[:i] + (k - 1,) + specials[i + 1 :]
                j = jokers
                if i == 4 and self.jc:
                    if jokers:
                        continue  # counts toward both Jokers: the turn ends
                    j = 1
                if m <= 1:
                    a += k
                else:
                    ca, cbb = self.linear(m - 1, mask, j, left)
                    a += k * ca
                    b += k * cbb
        out = self.lin[key] = (a / total, b / total)
        return out

    # --- earlier choices ---------------------------------------------------------------
    def decide(self, held, mask, jokers, specials, depth) -> float:
        if depth <= 0:
            return held
        return max(held, self.draw(held, mask, jokers, specials, depth - 1))

    def draw(self, held, mask, jokers, specials, depth) -> float:
        """Expected worth of drawing one card now, then ``depth`` more choices."""
        if depth == 0:
            a, b = self.linear(0, mask, jokers, specials)
            return a * held + b
        total = self.total(mask, specials)
        if total == 0:
            return held
        acc = 0.0
        for _c, n, bit, v in self.cards:
            if not mask & bit:
                acc += n * self.decide(held + v, mask | bit, jokers, specials, depth)
        d3, nb, cb, st, jk = specials
        if jk and not jokers:
            left = (d3, nb, cb, st, jk - 1)
            acc += jk * self.decide(held + self.value[self.spec.JK], mask, 1, left, depth)
        if d3:
            left = (d3 - 1, nb, cb, st, jk)
            acc += d3 * self.extra(held, 3, mask, jokers, left, depth)
        if nb:
            acc += nb * self.decide(held, mask, jokers, (d3, nb - 1, cb, st, jk), depth)
        if cb:
            acc += cb * self.decide(held, mask, jokers, (d3, nb, cb - 1, st, jk), depth)
        if st:
            rest = self.decide(held, mask, jokers, (d3, nb, cb, st - 1, jk), depth)
            acc += st * (self.steal + rest)
        return acc / total

    def extra(self, held, m, mask, jokers, specials, depth) -> float:
        """``m`` more Draw 3 cards, then the choice (``depth`` as in :meth:`draw`)."""
        if m == 0:
            return self.decide(held, mask, jokers, specials, depth)
        if depth == 0:
            a, b = self.linear(m, mask, jokers, specials)
            return a * held + b
        key = (m, mask, jokers, specials, round(held, 9), depth)
        got = self.memo.get(key)
        if got is not None:
            return got
        total = self.total(mask, specials)
        if total == 0:
            return self.decide(held, mask, jokers, specials, depth)
        acc = 0.0
        for _c, n, bit, v in self.cards:
            if not mask & bit:
                acc += n * self.extra(held + v, m - 1, mask | bit, jokers, specials, depth)
        for i, k in enumerate(specials):
            if not k:
                continue
            left = specials[:i] + (k - 1,) + specials[i + 1 :]
            j = jokers
            if i == 4 and self.jc:
                if jokers:
                    continue
                j = 1
            acc += k * self.extra(held, m - 1, mask, j, left, depth)
        out = self.memo[key] = acc / total
        return out


def _grade(step, seat, played: str, values: dict[str, float], measure: str) -> Annotation:
    best = max(values, key=values.get)
    ranked = sorted(values.values(), reverse=True)
    v_played = values[played]
    loss = max(0.0, values[best] - v_played)
    second = ranked[0] - ranked[1] if len(ranked) > 1 else None
    mark = mark_for(loss, THRESHOLDS, second_best_loss=second)
    if loss <= 1e-12:
        best = played
    return Annotation(step, seat, played, best, v_played, values[best], UNIT, mark, measure)


def analyse(record: GameRecord) -> list[Annotation]:
    """Every draw/stop and placement decision of a Stack 5 record, graded."""
    from engine.analysis import positions
    from engine.stack5.state import P_DECIDE, P_PLACE, P_STEAL_PLACE, parse_action

    out = []
    for step, state, text in positions(record):
        phase = state.phase
        try:
            parse_action(text)
        except EngineError:
            continue  # badly written: the replay names it next
        if phase == P_DECIDE:
            played = str(parse_action(text))
            if played not in ("draw", "stop"):  # not legal: the replay names it next
                continue
            out.append(_grade(step, state.player, played, decision_values(state), MEASURE_DRAW))
        elif phase in (P_PLACE, P_STEAL_PLACE):
            action = parse_action(text)
            seat = state.placer if phase == P_PLACE else state.player
            rows = _rows(state, seat)
            values = _placement_values(rows, action.card, state.ruleset)
            played = str(action)
            if played not in values:  # let the replay name the illegal action
                continue
            out.append(_grade(step, seat, played, values, MEASURE_PLACE))
    return out
