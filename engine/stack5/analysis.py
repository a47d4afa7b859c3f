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

**Draw or stop** is graded by the exact expected worth of the whole rest of the turn,
every card of the deck multiset enumerated with its probability (``observation()["unseen"]``
is the deck): a repeated number busts (the drawer keeps nothing: the cards go to another
player), a second Joker discards the turn's cards, a Draw 3's three cards are enumerated
card by card, and after each card the drawer again takes the better of stopping and
drawing, to the end of the turn (a repeated number busts, so a turn is at most one card of
each number plus the specials). Assumptions of the measure:

- *value of cards kept*: each held card is worth its best placement among the drawer's
  rows as they are now (the value above; possibly negative when it can only go on by
  discarding a row), cards counted independently of each other;
- a bomb only takes a draw: its turned card is not modelled (neither its effect on the
  rows nor its leaving the deck), and a Steal is worth its best stolen card's placement
  value for the drawer, kept even if the turn then busts (what it costs the victim, and
  how the stolen card changes the drawer's rows, are not counted);
- an empty deck ends the drawing (a reshuffle is not modelled).

>>> from engine.stack5.analysis import decision_values
>>> from engine.stack5 import setup_position
>>> s = setup_position({0: ["R1 R2 R3 R4"]})
>>> for a in ["G5", "B3", "draw", "Y1", "draw", "P2"]: s.apply(a)
>>> {k: round(v, 3) for k, v in decision_values(s).items()}  # 4 numbers held: stop
{'stop': 0.48, 'draw': 0.189}
"""

from __future__ import annotations

from functools import lru_cache
from typing import cast

from engine.core.annotation import Annotation, Thresholds, mark_for
from engine.core.errors import EngineError
from engine.core.records import GameRecord
from engine.stack5.cards import deck_spec, row_outlook
from engine.stack5.placing import legal_placements
from engine.stack5.rules import Stack5Rules
from engine.stack5.state import Stack5State

UNIT = "points"
THRESHOLDS = Thresholds(inaccuracy=0.05, mistake=0.15, blunder=0.4)
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
    deck = state.deck
    d3, st, jk = deck[spec.D3], deck[spec.ST], deck[spec.JK]
    bombs = deck[spec.NB] + deck[spec.CB]
    if steal == 0.0:  # a Steal then only takes a draw, like a bomb
        bombs, st = bombs + st, 0
    turn = _Turn(
        spec, deck, state.mask, state.jokers, held, value, steal, rules.draw3_joker_counts()
    )
    draw = turn.draw_value(d3, bombs, st, jk)
    return {"stop": held, "draw": draw}


class _Turn:
    """The exact value of the rest of the turn (see the module docstring).

    Once a number has been drawn, the remaining cards of that number all bust and their
    colours no longer matter, so the deck during the rest of the turn is fixed by the
    numbers drawn (``mask``) and the specials left: a state is ``(mask, Jokers counted,
    Draw 3s, bombs, Steals, Jokers left)`` plus the worth held ``h``. Number and Colour
    Bombs act alike here (each only takes a draw), so they are counted together.

    The value of a decision as a function of ``h`` is ``V(h) = max(h, D(h))`` with
    ``D(h) = Σ p_c · V_c(h + v_c) + constants`` (a bust or a second Joker is worth 0, a
    Steal adds its card's value): a convex piecewise-linear function of slope 0..1, so
    ``D(h) − h`` falls and the drawer stops from one worth ``h*`` on. Each state's whole
    function is memoised as ``(a, b, kinks)``: ``a·h + b + Σ w·max(0, h − x)`` over the
    ``(x, w)`` kinks, exact on the worths the state can be reached with (``[lo, hi]``:
    kinks left of it are folded into the line, kinks right of it dropped).
    """

    def __init__(self, spec, deck, mask0, jokers0, held, value, steal, jc):
        self.jc = jc
        self.steal = steal
        self.vj = value[spec.JK]
        self.mask0 = mask0
        self.jokers0 = jokers0
        self.held = held
        by_bit: dict[int, dict[float, int]] = {}
        numbers0 = 0
        for c in range(spec.n_numbers):
            n = deck[c]
            if not n:
                continue
            numbers0 += n
            bit = 1 << spec.number[c]
            if not mask0 & bit:
                groups = by_bit.setdefault(bit, {})
                groups[value[c]] = groups.get(value[c], 0) + n
        # per number not yet drawn: (bit, cards, Σ cards·value, ((cards, value), …))
        self.numbers = [
            (
                bit,
                sum(g.values()),
                sum(n * v for v, n in g.items()),
                tuple((n, v) for v, n in g.items()),
            )
            for bit, g in sorted(by_bit.items())
        ]
        self.numbers0 = numbers0
        self.low = {bit: min(v for _, v in g) for bit, _, _, g in self.numbers}
        self.high = {bit: max(v for _, v in g) for bit, _, _, g in self.numbers}
        self.memo: dict = {}

    def bounds(self, mask: int, jokers: int) -> tuple[float, float, int]:
        """The worths held a state can be reached with, and the number cards left."""
        lo = hi = self.held
        left = self.numbers0
        for bit, *_ in self.numbers:
            if mask & bit:
                lo += self.low[bit]
                hi += self.high[bit]
                left -= 1
        if jokers and not self.jokers0:  # a Joker kept in the turn (or, with
            lo += min(0.0, self.vj)  # counts_for_both, one drawn by a Draw 3)
            hi += max(0.0, self.vj)
        return lo - _SLACK, hi + _SLACK, left

    def draw_value(self, d3, nb, st, jk) -> float:
        """Expected worth of drawing now (the decision being graded)."""
        f = self.step(0, self.mask0, self.jokers0, d3, nb, st, jk)
        return _at(f, self.held)

    def step(self, m, mask, jokers, d3, nb, st, jk):
        """``m = 0``: the value of drawing one card, then choosing on (``D``);
        ``m > 0``: ``m`` more Draw 3 cards, then the choice."""
        key = (m, mask, jokers, d3, nb, st, jk)
        got = self.memo.get(key)
        if got is not None:
            return got
        lo, hi, left = self.bounds(mask, jokers)
        total = left + d3 + nb + st + jk
        if total == 0:  # an empty deck ends the drawing
            out = self.memo[key] = _HOLD
            return out
        inv = 1.0 / total
        a = b = 0.0
        kinks: list = []
        add = kinks.extend
        nxt = m - 1 if m else 0
        for bit, count, weighted, groups in self.numbers:
            if mask & bit:
                continue  # that number's cards bust: worth 0
            ca, cb, ck = self.after(nxt, mask | bit, jokers, d3, nb, st, jk)
            a += inv * count * ca
            b += inv * (ca * weighted + cb * count)
            if ck:
                for n, v in groups:
                    p = inv * n
                    add([(x - v, p * w) for x, w in ck])
        specials = []
        if m == 0:  # an own draw
            if jk and not jokers:
                specials.append((jk, self.vj, (mask, 1, d3, nb, st, jk - 1), 0))
            if d3:
                specials.append((d3, 0.0, (mask, jokers, d3 - 1, nb, st, jk), 3))
            if nb:
                specials.append((nb, 0.0, (mask, jokers, d3, nb - 1, st, jk), 0))
            if st:
                b += inv * st * self.steal
                specials.append((st, 0.0, (mask, jokers, d3, nb, st - 1, jk), 0))
        else:  # a Draw 3 card: no special has an effect
            if jk:
                if not self.jc:
                    specials.append((jk, 0.0, (mask, jokers, d3, nb, st, jk - 1), nxt))
                elif not jokers:
                    specials.append((jk, 0.0, (mask, 1, d3, nb, st, jk - 1), nxt))
            if d3:
                specials.append((d3, 0.0, (mask, jokers, d3 - 1, nb, st, jk), nxt))
            if nb:
                specials.append((nb, 0.0, (mask, jokers, d3, nb - 1, st, jk), nxt))
            if st:
                specials.append((st, 0.0, (mask, jokers, d3, nb, st - 1, jk), nxt))
        for n, v, child, cm in specials:
            ca, cb, ck = self.after(cm, *child)
            p = inv * n
            a += p * ca
            b += p * (ca * v + cb)
            if ck:
                add([(x - v, p * w) for x, w in ck])
        out = self.memo[key] = _prune(a, b, kinks, lo, hi)
        return out

    def after(self, m, mask, jokers, d3, nb, st, jk):
        """The value on reaching a state: ``m`` Draw 3 cards still to come, or (``m =
        0``) the choice, ``max(h, D(h))``."""
        if m:
            return self.step(m, mask, jokers, d3, nb, st, jk)
        key = (-1, mask, jokers, d3, nb, st, jk)
        got = self.memo.get(key)
        if got is not None:
            return got
        a, b, kinks = self.step(0, mask, jokers, d3, nb, st, jk)
        lo, hi, _ = self.bounds(mask, jokers)
        out = self.memo[key] = _stop_or_draw(a, b, kinks, lo, hi)
        return out


_SLACK = 1e-9
_HOLD = (1.0, 0.0, ())  # V(h) = h: the drawer keeps what they hold


def _at(f, h: float) -> float:
    a, b, kinks = f
    return a * h + b + sum(w * (h - x) for x, w in kinks if h > x)


def _prune(a, b, kinks, lo, hi):
    """``(a, b, kinks)`` sorted, equal kinks merged, exact on ``[lo, hi]`` only."""
    if not kinks:
        return (a, b, ())
    kinks.sort()
    out: list[tuple] = []
    last = None
    for x, w in kinks:
        if x <= lo:
            a += w
            b -= w * x
        elif x >= hi:
            break
        elif x == last:
            out[-1] = (x, out[-1][1] + w)
        else:
            out.append((x, w))
            last = x
    return (a, b, tuple(out))


def _stop_or_draw(a, b, kinks, lo, hi):
    """``max(h, D(h))`` on ``[lo, hi]`` for ``D = (a, b, kinks)`` (pruned, slope ≤ 1)."""
    s, c = a, b  # D's line on the current piece
    if s * lo + c <= lo:
        return _HOLD  # D − h falls: stopping is as good from lo on
    out = []
    for x, w in kinks:
        if s * x + c <= x:
            break
        out.append((x, w))
        s += w
        c -= w * x
    else:
        if s * hi + c > hi:
            return (a, b, kinks)  # drawing is better on the whole range
    star = c / (1.0 - s)  # s·h* + c = h*
    out.append((star, 1.0 - s))
    return (a, b, tuple(out))


def _grade(step, seat, played: str, values: dict[str, float], measure: str) -> Annotation:
    best = max(values, key=values.__getitem__)
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
    from engine.stack5.actions import Place, parse_action
    from engine.stack5.state import P_DECIDE, P_PLACE, P_STEAL_PLACE

    out = []
    for step, position, text in positions(record):
        state = cast(Stack5State, position)
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
            if not isinstance(action, Place):
                continue  # not a placement: the replay names it next
            seat = state.placer if phase == P_PLACE else state.player
            rows = _rows(state, seat)
            values = _placement_values(rows, action.card, state.ruleset)
            played = str(action)
            if played not in values:  # let the replay name the illegal action
                continue
            out.append(_grade(step, seat, played, values, MEASURE_PLACE))
    return out
