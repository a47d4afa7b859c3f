"""Whole games cross-checked against an independent referee (brief §4).

Many random and heuristic games (2–4 players, several rulesets) are replayed action by
action. A referee written here from RULES.md §2 alone — card texts, lists and a
brute-force Joker scorer, sharing no code with ``engine.stack5`` — re-derives from the
action texts every turn phase, the minimum-draw rule, busts, both Jokers, bombs, steals,
every legal placement, every scored row, the points of every seat after every action,
and the winner. The engine's state, its row scorer (``spec.points``) and the public
helper ``row_outlook`` must agree with it at every step.
"""

from __future__ import annotations

import itertools
from collections import Counter
from dataclasses import dataclass, field

import pytest

from engine import CHANCE, TERMINAL, simulate
from engine.core.ruleset import make_ruleset
from engine.stack5 import Stack5Rules, row_outlook
from engine.stack5.state import Stack5State

from .util import GAME

SPECIALS = {"D3", "NB", "CB", "ST", "JK"}


# --- the referee: RULES.md §2 written again, on card texts --------------------------------


def number(card: str) -> int | None:
    return None if card in SPECIALS else int(card[1:])


def colour(card: str) -> str | None:
    return None if card in SPECIALS else card[0]


def viable(row: list[str]) -> bool:
    """RULES.md: among the row's cards, ignoring Jokers, all numbers differ, or all
    numbers are equal, or all colours are equal."""
    cards = [c for c in row if c != "JK"]
    nums = [number(c) for c in cards]
    cols = [colour(c) for c in cards]
    return len(set(nums)) == len(nums) or len(set(nums)) <= 1 or len(set(cols)) <= 1


def score_five(row: list[str], rules: Stack5Rules) -> int:
    """Best combination of 5 cards, every Joker tried as every card (brute force)."""
    assert len(row) == 5
    jokers = [i for i, c in enumerate(row) if c == "JK"]
    faces = [f"{c}{n}" for c in rules.colours for n in range(1, rules.numbers + 1)]
    best = 0
    for fill in itertools.product(faces, repeat=len(jokers)):
        cards = list(row)
        for i, f in zip(jokers, fill):
            cards[i] = f
        nums = {number(c) for c in cards}
        cols = {colour(c) for c in cards}
        pts = 0
        if len(nums) == 5:
            pts = 1
        if len(nums) == 1 or len(cols) == 1:
            pts = 2
        if len(nums) == 5 and len(cols) == 1:
            pts = 3
        best = max(best, pts)
    return best


@dataclass
class Referee:
    rules: Stack5Rules
    players: int
    rows: list = field(default_factory=list)  # rows[seat][slot] = [(card, time), ...]
    scores: list = field(default_factory=list)
    events: Counter = field(default_factory=Counter)
    clock: int = 0
    winner: int = -1

    def __post_init__(self):
        self.rows = [[[] for _ in range(self.rules.max_rows)] for _ in range(self.players)]
        self.scores = [0] * self.players
        self.start_turn(0)

    # what the referee expects next: ("card", kind) with kind own/draw3/bomb, or
    # ("decide", seat), ("give", seat), ("steal", seat), ("place", seat), ("over", -1)
    def start_turn(self, seat: int) -> None:
        self.drawer = seat
        self.hand: list[str] = []
        self.seen: set[int] = set()
        self.jokers = 0
        self.counted = 0
        self.own = 0
        self.extra = 0
        self.to_place: list[str] = []
        self.placer = -1
        self.stolen = None
        self.next_draw()

    def next_draw(self) -> None:
        if self.extra:
            self.expect = ("card", "draw3")
        elif self.counted < self.rules.min_draws:
            self.expect = ("card", "own")
        else:
            self.expect = ("decide", self.drawer)

    def end_turn(self) -> None:
        self.start_turn((self.drawer + 1) % self.players)

    def to_act(self) -> int:
        kind, who = self.expect
        return CHANCE if kind == "card" else TERMINAL if kind == "over" else who

    def apply(self, text: str) -> None:
        kind, who = self.expect
        words = text.split()
        if kind == "card":
            assert len(words) == 1, text
            getattr(self, f"card_{who}")(text)
        elif kind == "decide":
            assert text in ("draw", "stop"), text
            if text == "draw":
                self.expect = ("card", "own")
            elif self.hand:
                self.placer, self.to_place, self.hand = self.drawer, self.hand, []
                self.expect = ("place", self.drawer)
            else:
                self.end_turn()
        elif kind == "give":
            assert words[0] == "give", text
            seat = int(words[1])
            assert seat != self.drawer and 0 <= seat < self.players
            self.events["bust"] += 1
            self.placer, self.to_place, self.hand = seat, self.hand, []
            self.expect = ("place", seat)
        elif kind == "steal":
            assert words[0] == "steal" and words[2] == "row", text
            seat, slot = int(words[1]), int(words[3]) - 1
            assert seat != self.drawer and self.rows[seat][slot], text
            if self.rules.steal_from == "last_placed":
                last = max(r[-1][1] for r in self.rows[seat] if r)
                assert self.rows[seat][slot][-1][1] == last, text
            self.stolen = self.rows[seat][slot].pop()[0]
            self.events["steal"] += 1
            self.expect = ("place", self.drawer)
        elif kind == "place":
            assert words[0] == "place", text
            card, slot, discard = words[1], int(words[-1]) - 1, words[2] == "discard"
            assert text in self.legal_places(), (text, self.legal_places())
            if self.stolen is not None:
                self.stolen = None
                self.place(self.drawer, card, slot, discard)
                if self.winner < 0:
                    self.next_draw()
                return
            self.to_place.remove(card)
            self.place(self.placer, card, slot, discard)
            if self.winner < 0 and not self.to_place:
                self.end_turn()
        else:  # pragma: no cover
            raise AssertionError(f"{text!r} after the end of the game")

    def count(self, source: str) -> None:
        self.own += source == "own"
        if source == "own" or (source == "draw3" and self.rules.min_draw_counts == "own_and_draw3"):
            self.counted += 1

    def number_drawn(self, card: str) -> bool:
        """Keep a number card; True on a bust (the drawing ends)."""
        self.hand.append(card)
        if number(card) in self.seen:
            self.extra = 0
            self.expect = ("give", self.drawer)
            return True
        self.seen.add(number(card))
        return False

    def both_jokers(self) -> None:
        self.events["both_jokers"] += 1
        self.end_turn()

    def card_own(self, card: str) -> None:
        self.count("own")
        if card not in SPECIALS:
            if not self.number_drawn(card):
                self.next_draw()
        elif card == "JK":
            self.jokers += 1
            self.hand.append(card)
            if self.jokers == 2:
                self.both_jokers()
            else:
                self.next_draw()
        elif card == "D3":
            self.events["draw3"] += 1
            self.extra = 3
            self.next_draw()
        elif card in ("NB", "CB"):
            self.bomb_kind = card
            self.expect = ("card", "bomb")
        else:  # Steal
            if any(r for s in range(self.players) if s != self.drawer for r in self.rows[s]):
                self.expect = ("steal", self.drawer)
            else:
                self.events["steal_nothing"] += 1
                self.next_draw()

    def card_draw3(self, card: str) -> None:
        self.count("draw3")
        self.extra -= 1
        if card not in SPECIALS:
            if self.number_drawn(card):
                return
        elif card == "JK" and self.rules.draw3_joker == "counts_for_both":
            self.jokers += 1
            if self.jokers == 2:
                self.events["both_jokers_by_draw3"] += 1
                self.both_jokers()
                return
        elif card == "JK":
            self.events["draw3_joker_ignored"] += 1
        if self.extra == 0 and self.own < self.rules.min_draws:
            # a Draw 3 among the first draws: its three cards decide whether more are forced
            if self.counted < self.rules.min_draws:
                self.events["forced_after_draw3"] += 1
            else:
                self.events["may_stop_after_draw3"] += 1
        self.next_draw()

    def card_bomb(self, card: str) -> None:
        self.events["bomb"] += 1
        if card not in SPECIALS:
            key = number if self.bomb_kind == "NB" else colour
            for rows in self.rows:
                for i, row in enumerate(rows):
                    rows[i] = [(c, t) for c, t in row if key(c) != key(card)]
        self.next_draw()

    def legal_places(self) -> set[str]:
        seat = self.drawer if self.stolen is not None else self.placer
        cards = [self.stolen] if self.stolen is not None else set(self.to_place)
        rows = [[c for c, _ in r] for r in self.rows[seat]]
        out = set()
        for card in cards:
            mine = set()
            empty = [i for i, r in enumerate(rows) if not r]
            for i, r in enumerate(rows):
                if r and viable(r + [card]):
                    mine.add(f"place {card} row {i + 1}")
            if empty:
                mine.add(f"place {card} row {empty[0] + 1}")
            if not mine:
                mine = {f"place {card} discard row {i + 1}" for i in range(len(rows))}
            out |= mine
        return out

    def place(self, seat: int, card: str, slot: int, discard: bool) -> None:
        self.clock += 1
        rows = self.rows[seat]
        if discard:
            self.events["forced_discard"] += 1
            rows[slot] = []
        rows[slot].append((card, self.clock))
        if len(rows[slot]) == 5:
            cards = [c for c, _ in rows[slot]]
            pts = score_five(cards, self.rules)
            self.scored.append((seat, cards, pts))
            self.scores[seat] += pts
            rows[slot] = []
            if self.scores[seat] >= self.rules.target:
                self.winner = seat
                self.expect = ("over", -1)

    scored: list = field(default_factory=list)


# --- the cross-check ----------------------------------------------------------------------


def cross_check(record, totals: Counter) -> None:
    rules = make_ruleset(Stack5Rules, record.ruleset)
    ref = Referee(rules, len(record.players))
    ref.scored = []
    state: Stack5State = GAME.new_initial_state(len(record.players), rules)
    spec = state.spec
    for i, text in enumerate(record.actions):
        where = f"seed {record.seed} action {i} {text!r}"
        assert state.current_player() == ref.to_act(), where
        if ref.expect[0] == "decide":  # the minimum-draw rule, both ways
            assert [str(a) for a in state.legal_actions()] == ["draw", "stop"], where
        if ref.expect[0] == "place":
            assert {str(a) for a in state.legal_actions()} == ref.legal_places(), where
        before = list(state.scores)
        n_scored = len(ref.scored)
        state.apply(text)
        ref.apply(text)
        assert state.scores == ref.scores, where
        for seat, cards, pts in ref.scored[n_scored:]:
            # the row scorer, the public helper and the state agree with the brute force
            assert spec.points(spec.codes(cards)) == pts, (where, cards)
            assert row_outlook(cards, rules).best_points == pts, (where, cards)
            assert state.scores[seat] - before[seat] == pts, where
        assert [[[c for c, _ in r] for r in rows] for rows in ref.rows] == state.observation(None)[
            "rows"
        ], where
    assert state.is_terminal() and ref.winner >= 0
    assert state.winners() == [ref.winner] == record.result["winners"]
    assert list(record.result["scores"]) == ref.scores
    assert sorted(ref.scores)[-2] < rules.target <= ref.scores[ref.winner]
    totals.update(ref.events)
    totals["games"] += 1
    totals["rows_scored"] += len(ref.scored)
    totals["four_point_wins"] += ref.scores[ref.winner] > rules.target


def test_referee_scores_rows_like_the_rules_examples():
    r = Stack5Rules()
    assert score_five(["R1", "R2", "JK", "R4", "R5"], r) == 3
    assert score_five(["R1", "B1", "G1", "JK", "JK"], r) == 2
    assert score_five(["R1", "B2", "G3", "Y4", "JK"], r) == 1
    assert score_five(["R1", "R1", "R3", "R3", "R5"], r) == 2
    assert viable(["R1", "R1", "B1"]) and not viable(["R1", "R1", "B2"])


VARIANTS = [
    {},
    {"min_draw_counts": "own"},
    {"draw3_joker": "counts_for_both"},
    {"steal_from": "last_placed"},
    {"min_draws": 3, "max_rows": 2, "target": 4},
]
BOTS = [
    ["random", "random"],
    ["heuristic", "random"],
    ["heuristic", "heuristic", "random"],
    ["random", "heuristic", "random", "heuristic"],
    ["heuristic", "heuristic", "heuristic", "heuristic"],
]


def _run(games_per_case: int, seed0: int) -> Counter:
    totals: Counter = Counter()
    for v, overrides in enumerate(VARIANTS):
        for b, players in enumerate(BOTS):
            for g in range(games_per_case):
                seed = seed0 + 1000 * v + 100 * b + g
                cross_check(simulate("stack5", seed=seed, players=players, **overrides), totals)
    return totals


def test_whole_games_agree_with_an_independent_referee():
    """Short run for CI: 5 rulesets × 5 seatings × 4 games."""
    totals = _run(4, 0)
    assert totals["games"] == 100
    # every rule the referee checks actually happened in these games
    for event in ("bust", "steal", "bomb", "draw3", "forced_discard", "may_stop_after_draw3"):
        assert totals[event] > 0, (event, totals)
    assert totals["rows_scored"] > 200 and totals["four_point_wins"] > 0


def test_whole_games_cover_both_jokers_and_the_draw3_joker_rule():
    """Seeds picked so that both Jokers, a Draw-3 Joker under each setting, and a turn
    forced on after a Draw 3 (the 'own' counting) all happen."""
    totals: Counter = Counter()
    found = Counter()
    for seed in range(400):
        for overrides in ({}, {"draw3_joker": "counts_for_both"}, {"min_draw_counts": "own"}):
            rec = simulate("stack5", seed=seed, players=["random", "random"], **overrides)
            before = Counter(totals)
            cross_check(rec, totals)
            new = totals - before
            key = overrides and next(iter(overrides.values()))
            for event in ("both_jokers", "both_jokers_by_draw3", "draw3_joker_ignored"):
                if new[event]:
                    found[(key or "default", event)] += 1
            if new["forced_after_draw3"]:
                found[(key or "default", "forced_after_draw3")] += 1
        if all(
            found[k]
            for k in [
                ("default", "both_jokers"),
                ("default", "draw3_joker_ignored"),
                ("counts_for_both", "both_jokers_by_draw3"),
                ("own", "forced_after_draw3"),
            ]
        ):
            break
    else:  # pragma: no cover
        pytest.fail(f"not every event happened: {found}")
    assert not found[("default", "forced_after_draw3")]  # the new default never forces it


def _long_run_requested(request) -> bool:
    """Long runs only when asked for (``-m slow``), so the default suite stays short."""
    expr = request.config.getoption("markexpr") or ""
    return "slow" in expr and "not slow" not in expr


@pytest.mark.slow
def test_whole_games_agree_with_an_independent_referee_long(request):
    """1,000 games, measured 32 s on one core with
    ``pytest -m slow tests/engine/stack5/test_whole_games.py``."""
    if not _long_run_requested(request):
        pytest.skip("long run: pytest -m slow tests/engine/stack5/test_whole_games.py")
    totals = _run(40, 50_000)
    assert totals["games"] == 1000
    assert totals["both_jokers"] > 0 and totals["forced_after_draw3"] > 0
