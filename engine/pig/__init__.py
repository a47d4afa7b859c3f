"""Pig, a two-to-four player dice race: the demo game that exercises the core.

On your turn roll a die as often as you like: a 1 loses the turn's total and ends the
turn; any other face adds to it. ``hold`` banks the turn total. First to the target wins.

>>> from engine import get_game
>>> s = get_game("pig").new_initial_state(2)
>>> s.apply("roll"); s.current_player() == CHANCE
True
>>> s.chance_outcomes()[0]
(PigAction(kind='die', value=1), Fraction(1, 6))
>>> s.apply("die 5"); s.turn_total
5
>>> s.apply("jump")
Traceback (most recent call last):
...
engine.core.errors.ParseError: 'jump': not a Pig action; write “roll”, “hold” or “die N” (N 1-6)
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction

from engine.core.errors import ParseError, parse_count, word
from engine.core.protocol import CHANCE, TERMINAL, Game, RandomBot, State


@dataclass(frozen=True)
class PigRules:
    target: int = field(default=30, metadata={"doc": "points needed to win", "min": 10, "max": 100})
    die_faces: int = field(default=6, metadata={"doc": "faces of the die", "min": 2, "max": 20})


@dataclass(frozen=True, slots=True)
class PigAction:
    kind: str  # "roll", "hold" or "die"
    value: int = 0

    def __str__(self) -> str:
        return f"die {self.value}" if self.kind == "die" else self.kind


ROLL = PigAction("roll")
HOLD = PigAction("hold")


class PigState(State):
    __slots__ = (
        "game",
        "num_players",
        "ruleset",
        "history",
        "scores",
        "turn_total",
        "player",
        "rolling",
    )

    def __init__(self, game: Game, num_players: int, ruleset: PigRules):
        self.game = game
        self.num_players = num_players
        self.ruleset = ruleset
        self.history = []
        self.scores = [0] * num_players
        self.turn_total = 0
        self.player = 0
        self.rolling = False

    def current_player(self) -> int:
        if max(self.scores) >= self.ruleset.target:
            return TERMINAL
        return CHANCE if self.rolling else self.player

    def legal_actions(self) -> list:
        if self.current_player() < 0:
            return []
        return [ROLL, HOLD] if self.turn_total else [ROLL]

    def chance_outcomes(self):
        if not self.rolling:
            return super().chance_outcomes()
        n = self.ruleset.die_faces
        return [(PigAction("die", v), Fraction(1, n)) for v in range(1, n + 1)]

    def parse_action(self, text: str) -> PigAction:
        t = text.strip().lower()
        if t in ("roll", "hold"):
            return PigAction(t)
        parts = t.split()
        if len(parts) == 2 and parts[0] == "die":
            return PigAction("die", parse_count(parts[1], word("a die face"), max_digits=2))
        raise ParseError.coded(
            "pig.action_unknown",
            "{text!r}: not a Pig action; write “roll”, “hold” or “die N” (N 1-{faces})",
            text=text,
            faces=self.ruleset.die_faces,
        )

    def _apply(self, action: PigAction) -> None:
        if action.kind == "roll":
            self.rolling = True
        elif action.kind == "hold":
            self.scores[self.player] += self.turn_total
            self._next_turn()
        else:
            self.rolling = False
            if action.value == 1:
                self._next_turn()
            else:
                self.turn_total += action.value

    def _next_turn(self) -> None:
        self.turn_total = 0
        if max(self.scores) < self.ruleset.target:
            self.player = (self.player + 1) % self.num_players

    def describe_turn(self) -> str:
        if self.rolling:
            return "the die is rolling"
        return super().describe_turn()

    def returns(self) -> list[float]:
        return list(self.scores)

    def observation(self, seat: int | None = None) -> dict:
        return {
            "scores": list(self.scores),
            "turn_total": self.turn_total,
            "player": self.player,
            "rolling": self.rolling,
        }

    def clone(self) -> PigState:
        c = PigState.__new__(PigState)
        c.game, c.num_players, c.ruleset = self.game, self.num_players, self.ruleset
        c.history = list(self.history)
        c.scores = list(self.scores)
        c.turn_total, c.player, c.rolling = self.turn_total, self.player, self.rolling
        return c


class HoldAt20Bot(RandomBot[PigState]):
    """The classic 'hold at 20' strategy (or when the turn total wins)."""

    name = "hold20"

    def choose(self, state: PigState, seat: int, rng):
        obs = state.observation(seat)
        need = state.ruleset.target - obs["scores"][seat]
        if obs["turn_total"] >= min(20, need):
            return HOLD
        return ROLL


GAME = Game(
    name="pig",
    title="Pig (demo)",
    min_players=2,
    max_players=4,
    ruleset_class=PigRules,
    new_state=PigState,
    bots={"random": RandomBot, "hold20": HoldAt20Bot},
    description="A dice race that demonstrates the engine core.",
    default_players=2,
    demo=True,
)
