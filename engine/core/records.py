"""Game records: one JSON object per game, many games in JSON Lines.

A record holds the game name, ruleset overrides, the players (bot or seat names), the
seed it was simulated with (if any), every action as text — chance outcomes included —
and the result. Replaying the actions must reproduce the result; :func:`replay` checks
that and names the first action that fails. Reading never uses pickle or eval and
refuses input over :data:`MAX_BYTES`.

>>> from engine import simulate, replay
>>> rec = simulate("pig", seed=1, players=["random", "random"])
>>> GameRecord.from_json(rec.to_json()) == rec
True
>>> steps = list(replay(rec))
>>> steps[-1].state.is_terminal()
True
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from engine.core.errors import EngineError, RecordError
from engine.core.protocol import State

FORMAT = "tabletop-record"
VERSION = 1
MAX_BYTES = 32 * 1024 * 1024


@dataclass
class GameRecord:
    """A whole game (or a game in progress, with ``result=None``)."""

    game: str
    players: list[str]
    actions: list[str]
    result: dict | None = None
    ruleset: dict = field(default_factory=dict)
    seed: int | None = None
    meta: dict = field(default_factory=dict)
    version: int = VERSION

    @property
    def num_players(self) -> int:
        return len(self.players)

    def to_dict(self) -> dict:
        return {
            "format": FORMAT,
            "version": self.version,
            "game": self.game,
            "ruleset": self.ruleset,
            "players": self.players,
            "seed": self.seed,
            "actions": self.actions,
            "result": self.result,
            "meta": self.meta,
        }

    def to_json(self, *, indent: int | None = None) -> str:
        return json.dumps(self.to_dict(), indent=indent, ensure_ascii=False)

    @classmethod
    def from_dict(cls, data: Any, *, where: str = "record") -> GameRecord:
        """Check the shape of a decoded record and build it; :class:`RecordError` names
        the field that is wrong."""
        if not isinstance(data, dict):
            raise RecordError(f"{where}: expected a JSON object, got {type(data).__name__}")
        if data.get("format", FORMAT) != FORMAT:
            raise RecordError(f"{where}: format {data.get('format')!r} is not {FORMAT!r}")
        version = data.get("version")
        if version != VERSION:
            raise RecordError(
                f"{where}: record version {version!r} is not supported (this engine reads "
                f"version {VERSION})"
            )
        game = data.get("game")
        if not isinstance(game, str):
            raise RecordError(f"{where}: 'game' must be a string, got {game!r}")
        players = data.get("players")
        if not isinstance(players, list) or not all(isinstance(p, str) for p in players):
            raise RecordError(f"{where}: 'players' must be a list of names")
        actions = data.get("actions")
        if not isinstance(actions, list) or not all(isinstance(a, str) for a in actions):
            raise RecordError(f"{where}: 'actions' must be a list of strings")
        ruleset = data.get("ruleset") or {}
        if not isinstance(ruleset, dict):
            raise RecordError(f"{where}: 'ruleset' must be an object of overrides")
        seed = data.get("seed")
        if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int)):
            raise RecordError(f"{where}: 'seed' must be an integer or null, got {seed!r}")
        result = data.get("result")
        if result is not None and not _valid_result(result, len(players)):
            raise RecordError(
                f"{where}: 'result' must be null or {{'scores': [one number per player], "
                f"'winners': [seats]}}, got {result!r}"
            )
        meta = data.get("meta") or {}
        if not isinstance(meta, dict):
            raise RecordError(f"{where}: 'meta' must be an object")
        return cls(
            game=game,
            players=list(players),
            actions=list(actions),
            result=result,
            ruleset=dict(ruleset),
            seed=seed,
            meta=dict(meta),
            version=version,
        )

    @classmethod
    def from_json(cls, text: str, *, where: str = "record") -> GameRecord:
        if len(text) > MAX_BYTES:
            raise RecordError(f"{where}: larger than {MAX_BYTES // 1024 // 1024} MiB")
        try:
            data = json.loads(text)
        except json.JSONDecodeError as exc:
            raise RecordError(
                f"{where}: not valid JSON ({exc.msg} at column {exc.colno})"
            ) from None
        return cls.from_dict(data, where=where)


def _valid_result(result, n: int) -> bool:
    if not isinstance(result, dict):
        return False
    scores, winners = result.get("scores"), result.get("winners")
    return (
        isinstance(scores, list)
        and len(scores) == n
        and all(isinstance(s, (int, float)) and not isinstance(s, bool) for s in scores)
        and isinstance(winners, list)
        and all(isinstance(w, int) and 0 <= w < n for w in winners)
    )


def result_of(state: State) -> dict | None:
    """The result dict stored in a record for a finished state, else ``None``."""
    if not state.is_terminal():
        return None
    return {"scores": list(state.returns()), "winners": list(state.winners())}


@dataclass
class ReplayStep:
    """The state right after action ``index`` (0-based) of a record."""

    index: int
    action: str
    state: State


def initial_state(record: GameRecord) -> State:
    """The state before the first action of ``record``."""
    from engine.core.registry import get_game

    try:
        game = get_game(record.game)
        return game.new_initial_state(record.num_players, **record.ruleset)
    except EngineError as exc:
        raise RecordError(f"cannot set up {record.game!r}: {exc}") from None


def replay(record: GameRecord, *, check_result: bool = True) -> Iterator[ReplayStep]:
    """Apply the record's actions one by one, yielding each step.

    The same state object is yielded each time (clone it to keep it). Raises
    :class:`RecordError` naming the first action that is badly written or illegal, or
    when the final state does not match the stored result.
    """
    state = initial_state(record)
    for i, text in enumerate(record.actions):
        try:
            state.apply(text)
        except EngineError as exc:
            raise RecordError(f"action {i + 1} {text!r}: {exc}") from None
        yield ReplayStep(i, text, state)
    if check_result:
        found = result_of(state)
        if found != record.result:
            if record.result is None:
                raise RecordError(
                    f"the record has no result but the game ended after action "
                    f"{len(record.actions)} with {found}"
                )
            if found is None:
                raise RecordError(
                    f"the record ends after {len(record.actions)} actions but the game is "
                    f"not over ({state.describe_turn()})"
                )
            raise RecordError(f"stored result {record.result} does not match replay: {found}")


def final_state(record: GameRecord, *, check_result: bool = True) -> State:
    """Replay the whole record and return the last state."""
    state = initial_state(record)
    for step in replay(record, check_result=check_result):
        state = step.state
    return state


def states(record: GameRecord) -> list[State]:
    """Every state of a record: index 0 before any action, index i after action i."""
    out = [initial_state(record)]
    for step in replay(record):
        out.append(step.state.clone())
    return out


# --- JSON Lines ----------------------------------------------------------------------------


def parse_jsonl(text: str, *, source: str = "input", verify: bool = False) -> list[GameRecord]:
    """Records from JSON Lines text (blank lines ignored).

    With ``verify=True`` every record is replayed and checked too. Errors name the game
    number and line: ``game 2 (line 3): action 5 'buy G': …``.
    """
    if len(text) > MAX_BYTES:
        raise RecordError(f"{source}: larger than {MAX_BYTES // 1024 // 1024} MiB; refused")
    records = []
    for lineno, line in enumerate(text.splitlines(), start=1):
        if not line.strip():
            continue
        where = f"{source}: game {len(records) + 1} (line {lineno})"
        record = GameRecord.from_json(line, where=where)
        if verify:
            try:
                for _ in replay(record):
                    pass
            except RecordError as exc:
                raise RecordError(f"{where}: {exc}") from None
        records.append(record)
    return records


def parse_records(text: str, *, source: str = "input", verify: bool = True) -> list[GameRecord]:
    """One record as a (possibly pretty-printed) JSON object, or JSON Lines."""
    stripped = text.strip()
    if stripped.startswith("{") and "\n" in stripped:
        try:
            json.loads(stripped)
        except json.JSONDecodeError:
            pass
        else:
            return parse_jsonl(json.dumps(json.loads(stripped)), source=source, verify=verify)
    return parse_jsonl(text, source=source, verify=verify)


def read_jsonl(path: str | Path, *, verify: bool = False) -> list[GameRecord]:
    """Records from a ``.jsonl`` file, refusing files over :data:`MAX_BYTES`."""
    path = Path(path)
    try:
        size = path.stat().st_size
    except OSError as exc:
        raise RecordError(f"{path}: cannot read ({exc.strerror})") from None
    if size > MAX_BYTES:
        raise RecordError(f"{path}: {size} bytes is over the {MAX_BYTES} byte limit; refused")
    try:
        text = path.read_text(encoding="utf-8")
    except UnicodeDecodeError:
        raise RecordError(f"{path}: not UTF-8 text") from None
    return parse_jsonl(text, source=str(path), verify=verify)


def dumps_jsonl(records: Iterable[GameRecord]) -> str:
    return "".join(r.to_json() + "\n" for r in records)


def write_jsonl(records: Iterable[GameRecord], path: str | Path) -> None:
    Path(path).write_text(dumps_jsonl(records), encoding="utf-8")
