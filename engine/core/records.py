# Over 600 lines: the record format, its checks against hostile input and its replay, in one place.
"""Game records: one JSON object per game, many games in JSON Lines.

A record holds the game name, ruleset overrides, the players (bot or seat names), the
seed it was simulated with (if any), every action as text — chance outcomes included —
and the result. Replaying the actions must reproduce the result; :func:`replay` checks
that and names the first action that fails. Reading never uses pickle or eval and
refuses input over :data:`MAX_BYTES`, nesting deeper than :data:`MAX_DEPTH`, numbers longer
than :data:`MAX_NUMBER_CHARS`, duplicate keys, ``NaN``/``Infinity``, lone surrogates and
booleans where numbers belong; each is a :class:`RecordError` naming the field.

Records are written as one line each with every line-breaking character escaped
(``str.splitlines`` splits on U+2028, U+0085, ``\\x1c``… too), and JSON Lines are split on
``\\n`` only, so the engine always reads its own output.

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
import math
import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from itertools import accumulate
from pathlib import Path
from typing import Any

from engine.core.errors import EngineError, Phrase, RecordError, Word, word
from engine.core.protocol import State
from engine.core.ruleset import make_ruleset, short

FORMAT = "tabletop-record"
VERSION = 1
MAX_BYTES = 32 * 1024 * 1024
MAX_DEPTH = 20  # arrays/objects inside one another (a record itself needs 3)
MAX_NUMBER_CHARS = 40  # characters of one number literal
SEED_LIMIT = 2**63  # seeds are 0 <= seed < 2**63 (an Int64 in the statistics frames)
_KEYS = ("format", "version", "game", "ruleset", "players", "seed", "actions", "result", "meta")

# Characters json.dumps(ensure_ascii=False) leaves raw although str.splitlines splits on
# them (the ASCII ones, \x0b \x0c \x1c-\x1e, json already escapes as control characters).
_LINE_BREAKS = {"\x85": "\\u0085", "\u2028": "\\u2028", "\u2029": "\\u2029"}
_LINE_BREAK_RE = re.compile("[\x85\u2028\u2029]")
_SURROGATE = re.compile("[\ud800-\udfff]")
_ESCAPED_SURROGATE = re.compile(r"\\u[dD][89abAB]|\\u[dD][c-fC-F]")
_STRING = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"')
_NOT_BRACKET = re.compile(r"[^\[\]{}]+")
_STEP = {"[": 1, "{": 1, "]": -1, "}": -1}


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

    @property
    def final(self) -> dict:
        """The result of a finished game (``winners``, ``scores``…); a game in progress has
        none, and asking for it is a :class:`RecordError` that says so."""
        if self.result is None:
            raise RecordError.coded("record.unfinished", "the game is not finished: no result")
        return self.result

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
        text = json.dumps(self.to_dict(), indent=indent, ensure_ascii=False, allow_nan=False)
        if _LINE_BREAK_RE.search(text):
            text = _LINE_BREAK_RE.sub(lambda m: _LINE_BREAKS[m.group()], text)
        return text

    @classmethod
    def from_dict(cls, data: Any, *, where: str = word("record")) -> GameRecord:
        """Check the shape of a decoded record and build it; :class:`RecordError` names
        the field that is wrong."""
        version = _check_header(data, where)
        game, players, actions = _check_names(data, where)
        ruleset, seed, result, meta = _check_extras(data, len(players), where)
        _check_json({"ruleset": ruleset, "meta": meta}, where)
        _check_game(game, ruleset, len(players), where)
        return cls(
            game=game,
            players=list(players),
            actions=list(actions),
            result=None if result is None else {k: list(v) for k, v in result.items()},
            ruleset=dict(ruleset),
            seed=seed,
            meta=dict(meta),
            version=version,
        )

    @classmethod
    def from_json(cls, text: str, *, where: str = word("record")) -> GameRecord:
        return cls.from_dict(decode_json(text, where=where), where=where)


def _check_header(data: Any, where: str) -> int:
    """The object itself, its field names, its format and its version (returned)."""
    if not isinstance(data, dict):
        raise RecordError.coded(
            "record.not_object",
            "{where}: expected a JSON object, got {kind}",
            where=where,
            kind=short(data, 30),
        )
    unknown = [k for k in data if k not in _KEYS]
    if unknown:
        raise RecordError.coded(
            "record.unknown_field",
            "{where}: unknown field {field}; fields: {fields}",
            where=where,
            field=short(unknown[0]),
            fields=", ".join(_KEYS),
        )
    fmt = data.get("format", FORMAT)
    if fmt != FORMAT or type(fmt) is not str:
        raise RecordError.coded(
            "record.format",
            "{where}: format {value} is not {format!r}",
            where=where,
            value=short(fmt),
            format=FORMAT,
        )
    version = data.get("version")
    if version is None:  # not a record of this app at all (or one cut short)
        raise RecordError.coded(
            "record.no_version",
            "{where}: this is not a game record of this app: it has no record version "
            "(records of version {version} are read)",
            where=where,
            version=VERSION,
        )
    if type(version) is not int or version != VERSION:
        raise RecordError.coded(
            "record.version",
            "{where}: record version {value} is not supported (this engine reads version "
            "{version})",
            where=where,
            value=short(version),
            version=VERSION,
        )
    return version


def _check_names(data: dict, where: str) -> tuple[str, list[str], list[str]]:
    """The game, the players and the actions: strings a reader can show."""
    game = data.get("game")
    if not isinstance(game, str):
        raise RecordError.coded(
            "record.game_type",
            "{where}: {field!r} must be a string, got {value}",
            where=where,
            field="game",
            value=short(game),
        )
    _check_text(game, _at(where, "game"))
    players = data.get("players")
    if not isinstance(players, list) or not all(isinstance(p, str) for p in players):
        raise RecordError.coded(
            "record.players_type",
            "{where}: {field!r} must be a list of names",
            where=where,
            field="players",
        )
    for i, p in enumerate(players):
        _check_text(p, _at(where, f"players[{i}]"))
    actions = data.get("actions")
    if not isinstance(actions, list) or not all(isinstance(a, str) for a in actions):
        raise RecordError.coded(
            "record.actions_type",
            "{where}: {field!r} must be a list of strings",
            where=where,
            field="actions",
        )
    if _SURROGATE.search("".join(actions)):
        for i, a in enumerate(actions):
            _check_text(
                a,
                Phrase.coded(
                    "record.action_path",
                    "{where}: actions[{i}] (action {n})",
                    where=where,
                    i=i,
                    n=i + 1,
                ),
            )
    return game, players, actions


def _check_extras(data: dict, n_players: int, where: str) -> tuple[dict, Any, Any, dict]:
    """The ruleset overrides, the seed, the result and the meta object."""
    ruleset = data.get("ruleset", {})
    if not isinstance(ruleset, dict):
        raise RecordError.coded(
            "record.ruleset_type",
            "{where}: {field!r} must be an object of overrides, got {value}",
            where=where,
            field="ruleset",
            value=short(ruleset),
        )
    seed = data.get("seed")
    if seed is not None and type(seed) is not int:
        raise RecordError.coded(
            "record.seed_type",
            "{where}: {field!r} must be an integer or null, got {value}",
            where=where,
            field="seed",
            value=short(seed),
        )
    if seed is not None and not 0 <= seed < SEED_LIMIT:
        raise RecordError.coded(
            "record.seed_range",
            "{where}: {field!r} {value} is out of range; seeds are 0 to 2**63-1",
            where=where,
            field="seed",
            value=short(seed),
        )
    result = data.get("result")
    if result is not None and not _valid_result(result, n_players):
        raise RecordError.coded(
            "record.result_type",
            "{where}: {field!r} must be null or {{{scores!r}: [one number per player], "
            "{winners!r}: [distinct seats]}}, got {value}",
            where=where,
            field="result",
            scores="scores",
            winners="winners",
            value=short(result),
        )
    meta = data.get("meta", {})
    if not isinstance(meta, dict):
        raise RecordError.coded(
            "record.meta_type",
            "{where}: {field!r} must be an object, got {value}",
            where=where,
            field="meta",
            value=short(meta),
        )
    return ruleset, seed, result, meta


def _refuse_constant(name: str):
    raise RecordError.coded(
        "record.constant", "{name} is not a number a record may hold", name=name
    )


def _parse_int(text: str) -> int:
    if len(text) > MAX_NUMBER_CHARS:
        raise _long_number(text)
    return int(text)


def _parse_float(text: str) -> float:
    if len(text) > MAX_NUMBER_CHARS:
        raise _long_number(text)
    value = float(text)
    if not math.isfinite(value):
        raise RecordError.coded(
            "record.number_large", "{text} is too large for a number", text=text
        )
    return value


def _unique_keys(pairs: list) -> dict:
    out = dict(pairs)
    if len(out) != len(pairs):
        seen = set()
        for key, _ in pairs:
            if key in seen:
                raise RecordError.coded(
                    "record.duplicate_key", "duplicate key {key} in an object", key=short(key)
                )
            seen.add(key)
    return out


_DECODER = json.JSONDecoder(
    object_pairs_hook=_unique_keys,
    parse_int=_parse_int,
    parse_float=_parse_float,
    parse_constant=_refuse_constant,
)


def _too_deep(text: str) -> bool:
    """Do brackets outside strings nest deeper than :data:`MAX_DEPTH`?

    Strings and everything but brackets are removed by regular expressions (in C); a
    record has few brackets left, a hostile one is summed by ``accumulate`` (in C too).
    Badly paired brackets are left for the JSON decoder to report."""
    shape = _NOT_BRACKET.sub("", _STRING.sub("", text))
    if len(shape) <= MAX_DEPTH:
        return False
    return max(accumulate(map(_STEP.__getitem__, shape))) > MAX_DEPTH


def decode_json(text: str, *, where: str = word("record")) -> Any:
    """Decode one JSON value with the record limits; any failure is a :class:`RecordError`."""
    if len(text) > MAX_BYTES:
        raise _too_large(where)
    if _too_deep(text):
        raise RecordError.coded(
            "record.deep",
            "{where}: arrays or objects nested deeper than {most} levels",
            where=where,
            most=MAX_DEPTH,
        )
    try:
        data = _DECODER.decode(text)
    except json.JSONDecodeError as exc:
        # where it goes wrong, not json's own English reason (a player reads this)
        raise RecordError.coded(
            "record.bad_json",
            "{where}: not valid JSON (line {line}, column {column})",
            where=where,
            line=exc.lineno,
            column=exc.colno,
        ) from None
    except RecordError as exc:
        raise RecordError.within(where, exc) from None
    except (RecursionError, ValueError) as exc:  # belt and braces: the limits above
        raise RecordError.coded(
            "record.refused", "{where}: refused ({kind})", where=where, kind=type(exc).__name__
        ) from None
    if _SURROGATE.search(text) or _ESCAPED_SURROGATE.search(text):
        _check_json(data, where)
    return data


def _at(where, path: str) -> Phrase:
    """``where: path`` (a place inside a record)."""
    return Phrase.coded("record.at", "{where}: {path}", where=where, path=path)


def _first_game(source) -> Phrase:
    return Phrase.coded("record.first_game", "{source}: game 1", source=source)


def _too_large(where) -> RecordError:
    return RecordError.coded(
        "record.large",
        "{where}: larger than {mib} MiB; refused",
        where=where,
        mib=MAX_BYTES // 1024 // 1024,
    )


def _long_number(text: str) -> RecordError:
    return RecordError.coded(
        "record.number_long",
        "a number of {n} characters; at most {most} are allowed",
        n=len(text),
        most=MAX_NUMBER_CHARS,
    )


def _check_text(text: str, where: str) -> None:
    if _SURROGATE.search(text):
        raise RecordError.coded(
            "record.surrogate",
            "{where}: {text} holds a lone surrogate, which is not text",
            where=where,
            text=short(text),
        )


def _check_json(value, where: str) -> None:
    """Every string (keys too) free of lone surrogates; only JSON types; bounded depth.

    Messages name the place: ``where: meta.note[2]: …``."""
    stack = [(value, "", 0)]
    while stack:
        item, path, depth = stack.pop()
        here = _at(where, path) if path else where
        if depth > MAX_DEPTH:
            raise RecordError.coded(
                "record.path_deep",
                "{where}: nested deeper than {most} levels",
                where=here,
                most=MAX_DEPTH,
            )
        if isinstance(item, str):
            _check_text(item, here)
        elif isinstance(item, dict):
            for k, v in item.items():
                if not isinstance(k, str):
                    raise RecordError.coded(
                        "record.key_type",
                        "{where}: key {key} is not a string",
                        where=here,
                        key=short(k),
                    )
                _check_text(k, Phrase.coded("record.a_key", "{where}: a key", where=here))
                stack.append((v, f"{path}.{k}" if path else k, depth + 1))
        elif isinstance(item, list):
            stack.extend((v, f"{path}[{i}]", depth + 1) for i, v in enumerate(item))
        elif isinstance(item, float):
            if not math.isfinite(item):
                raise RecordError.coded(
                    "record.not_finite",
                    "{where}: {value!r} is not a finite number",
                    where=here,
                    value=item,
                )
        elif isinstance(item, int) and not isinstance(item, bool):
            if item.bit_length() > 128:
                raise RecordError.coded(
                    "record.many_digits",
                    "{where}: {value} has too many digits",
                    where=here,
                    value=short(item),
                )
        elif item is not None and not isinstance(item, bool):
            raise RecordError.coded(
                "record.not_json",
                "{where}: {kind} is not a JSON value",
                where=here,
                kind=type(item).__name__,
            )


def _check_game(name: str, ruleset: dict, num_players: int, where: str) -> None:
    """The game is registered, the ruleset holds that game's fields with valid values,
    and the player count is one the game (under that ruleset) allows."""
    from engine.core.registry import game_names, get_game, registered_names

    if name not in registered_names():  # the games by their titles, which the app words
        titles = Phrase.joined([Word(get_game(n).title) for n in game_names()], sep=", ")
        raise RecordError.coded(
            "record.unknown_game",
            "{where}: unknown game “{name}”; the games are {games}",
            where=where,
            name=name[:40],
            games=titles,
        )
    try:
        game = get_game(name)
        rules = make_ruleset(game.ruleset_class, ruleset)
    except EngineError as exc:
        raise RecordError.within(where, exc) from None
    allowed = list(game.players_for(rules))
    if num_players not in allowed:
        raise RecordError.coded(
            "record.players_count",
            "{where}: {game} cannot be played by {n} players; allowed: {allowed}",
            where=where,
            game=word(game.title),
            n=num_players,
            allowed=", ".join(map(str, allowed)),
        )


def _number(x) -> bool:
    return type(x) is int or (type(x) is float and math.isfinite(x))


def _valid_result(result, n: int) -> bool:
    if not isinstance(result, dict) or set(result) != {"scores", "winners"}:
        return False
    scores, winners = result["scores"], result["winners"]
    return (
        isinstance(scores, list)
        and len(scores) == n
        and all(_number(s) for s in scores)
        and isinstance(winners, list)
        and all(type(w) is int and 0 <= w < n for w in winners)
        and len(set(winners)) == len(winners)
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
        rules = make_ruleset(game.ruleset_class, record.ruleset)
        return game.new_initial_state(record.num_players, rules)
    except EngineError as exc:
        raise RecordError.coded(
            "record.setup", "cannot set up {game!r}: {error}", game=record.game, error=exc
        ) from None


def action_error(i: int, text: str, error: EngineError) -> RecordError:
    """Action ``i`` (from 0) of a record, ``text``, does not apply: the error names it as
    a player counts (from 1), its text cut short (a deal's is the whole deck), and says
    what is wrong with it (``error``)."""
    return RecordError.coded(
        "record.action",
        "action {n} “{text}”: {error}",
        n=i + 1,
        text=text if len(text) <= 24 else text[:23] + "…",
        error=error,
    )


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
            raise action_error(i, text, exc) from None
        yield ReplayStep(i, text, state)
    if check_result:
        found = result_of(state)
        if found != record.result:
            if record.result is None:
                raise RecordError.coded(
                    "record.no_result",
                    "the record has no result but the game ended after action {n} with {found}",
                    n=len(record.actions),
                    found=found,
                )
            if found is None:
                raise RecordError.coded(
                    "record.not_over",
                    "the record ends after {n} actions but the game is not over ({turn})",
                    n=len(record.actions),
                    turn=state.describe_turn(),
                )
            raise RecordError.coded(
                "record.result_differs",
                "stored result {stored} does not match replay: {found}",
                stored=record.result,
                found=found,
            )


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


def parse_jsonl(
    text: str, *, source: str = word("input"), verify: bool = False
) -> list[GameRecord]:
    """Records from JSON Lines text (blank lines ignored), split on ``\\n`` only.

    With ``verify=True`` every record is replayed and checked too. Errors name the game
    number and line: ``game 2 (line 3): action 5 'buy G': …``.
    """
    if len(text) > MAX_BYTES:
        raise _too_large(source)
    records: list[GameRecord] = []
    for lineno, line in enumerate(text.split("\n"), start=1):
        if not line.strip():
            continue
        where = Phrase.coded(
            "record.where_line",
            "{source}: game {n} (line {line})",
            source=source,
            n=len(records) + 1,
            line=lineno,
        )
        record = GameRecord.from_json(line, where=where)
        if verify:
            _verify(record, where)
        records.append(record)
    return records


def _verify(record: GameRecord, where: str) -> None:
    try:
        for _ in replay(record):
            pass
    except RecordError as exc:
        raise RecordError.within(where, exc) from None


def parse_records(
    text: str, *, source: str = word("input"), verify: bool = True
) -> list[GameRecord]:
    """One record as a (possibly pretty-printed) JSON object, or JSON Lines."""
    stripped = text.strip()
    if stripped.startswith("{") and "\n" in stripped:
        try:
            data = decode_json(stripped, where=_first_game(source))
        except RecordError as exc:
            if "not valid JSON" not in str(exc):
                raise
        else:
            where = _first_game(source)
            record = GameRecord.from_dict(data, where=where)
            if verify:
                _verify(record, where)
            return [record]
    return parse_jsonl(text, source=source, verify=verify)


def read_text_limited(path: str | Path, *, what: str = "records") -> str:
    """A UTF-8 text file of at most :data:`MAX_BYTES`, read without trusting its size
    (``/dev/zero`` reports 0 bytes): at most ``MAX_BYTES + 1`` bytes are read."""
    path = Path(path)
    try:
        with open(path, "rb") as f:
            data = f.read(MAX_BYTES + 1)
    except OSError as exc:
        raise RecordError.coded(
            "file.unreadable",
            "{path}: cannot read ({reason})",
            path=str(path),
            reason=str(exc.strerror or exc),
        ) from None
    if len(data) > MAX_BYTES:
        raise RecordError.coded(
            "file.over_limit",
            "{path}: over the {limit} byte limit; refused",
            path=str(path),
            limit=MAX_BYTES,
        )
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise RecordError.coded(
            "file.not_utf8", "{path}: not UTF-8 text (byte {at})", path=str(path), at=exc.start
        ) from None


def read_jsonl(path: str | Path, *, verify: bool = False) -> list[GameRecord]:
    """Records from a ``.jsonl`` file, refusing files over :data:`MAX_BYTES`."""
    return parse_jsonl(read_text_limited(path), source=str(path), verify=verify)


def dumps_jsonl(records: Iterable[GameRecord]) -> str:
    return "".join(r.to_json() + "\n" for r in records)


def write_jsonl(records: Iterable[GameRecord], path: str | Path) -> None:
    with open(path, "w", encoding="utf-8") as f:
        for r in records:
            f.write(r.to_json() + "\n")
