"""Micro-benchmarks for ``python -m engine bench owners_choice`` (one call = one unit)."""

from __future__ import annotations

import random

from engine.core.protocol import Bot
from engine.core.simulate import play_out
from engine.owners_choice.bots import OwnersChoiceHeuristicBot, OwnersChoiceRandomBot
from engine.owners_choice.game import GAME
from engine.owners_choice.outlook import move_outlook
from engine.owners_choice.position import from_position

_MID = from_position(
    4,
    prices=[150, 60, 100, 220],
    holdings=[[3, 0, 2, 1], [1, 4, 0, 0], [0, 2, 3, 0], [2, 0, 0, 3]],
    cash=[300, 250, 400, 200],
    fund=180,
    pos=4,  # the next three spaces: G, ALL, DIVIDEND
)
_counter = [0]


def _game(players: int, heuristic: bool) -> None:
    _counter[0] += 1
    i = _counter[0]
    bots: list[Bot] = [OwnersChoiceRandomBot() for _ in range(players)]
    if heuristic:
        bots[0] = OwnersChoiceHeuristicBot()
    play_out(GAME.new_initial_state(players), bots, random.Random(i), random.Random(-i))


def _clone_apply() -> None:
    s = _MID.clone()
    s.apply_trusted(s.legal_actions()[-1])


BENCHMARKS = [
    ("random 2-player games", lambda: _game(2, False)),
    ("random 5-player games", lambda: _game(5, False)),
    ("heuristic + 3 random games", lambda: _game(4, True)),
    ("move_outlook (G / ALL / DIVIDEND ahead)", lambda: move_outlook(_MID)),
    ("clone + apply", _clone_apply),
    ("legal_actions", _MID.legal_actions),
]
