"""Rules engines, calculators, bots and records for four tabletop games.

>>> from engine import simulate, replay, get_game
>>> rec = simulate("pig", seed=7, players=["hold20", "random"])
>>> len(rec.actions) > 0
True
"""

from engine.core.errors import EngineError, IllegalAction, ParseError, RecordError, RulesetError
from engine.core.protocol import CHANCE, TERMINAL, Bot, Game, RandomBot, State
from engine.core.records import (
    GameRecord,
    final_state,
    parse_jsonl,
    parse_records,
    read_jsonl,
    replay,
    states,
    write_jsonl,
)
from engine.core.registry import game_names, get_game
from engine.core.ruleset import make_ruleset, ruleset_from_toml
from engine.core.simulate import simulate, simulate_many

__all__ = [
    "CHANCE",
    "TERMINAL",
    "Bot",
    "EngineError",
    "Game",
    "GameRecord",
    "IllegalAction",
    "ParseError",
    "RandomBot",
    "RecordError",
    "RulesetError",
    "State",
    "final_state",
    "game_names",
    "get_game",
    "make_ruleset",
    "parse_jsonl",
    "parse_records",
    "read_jsonl",
    "replay",
    "ruleset_from_toml",
    "simulate",
    "simulate_many",
    "states",
    "write_jsonl",
]
