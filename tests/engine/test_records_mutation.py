"""Mutated records of every game: only EngineError may escape.

Real records of EVERY registered game (a few small simulated games each) are mutated —
actions changed, deleted, inserted or swapped; fields given wrong types, booleans,
huge numbers, NaN, deep nesting, lone surrogates and line separators; the JSON text
truncated, spliced, given duplicate keys — and read with ``parse_jsonl`` /
``parse_records`` and replayed. The properties:

- reading and replaying raise nothing but :class:`EngineError`;
- an accepted record round-trips: ``to_json`` → parse → an equal record, on one line;
- a record that replays ends in its stored result, and ``parse_records(verify=True)``
  agrees with the replay;
- the statistics frames take every accepted record.

The default run is ~20-30 s in all. ``HYPOTHESIS_PROFILE=long`` (or
``RECORDS_MUTATION_EXAMPLES=N`` per game) runs longer; the number of mutated records
tried is printed at the end (``pytest -s``).
"""

from __future__ import annotations

import json
import os
import sys

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine import (
    EngineError,
    GameRecord,
    game_names,
    parse_jsonl,
    parse_records,
    replay,
    simulate,
)
from engine.stats import games_frame, seats_frame

GAMES = game_names(include_demo=True)
LONG = os.environ.get("HYPOTHESIS_PROFILE") == "long"
EXAMPLES = int(os.environ.get("RECORDS_MUTATION_EXAMPLES", 20_000 if LONG else 1000))
TRIED = {"records": 0, "accepted": 0, "replayed": 0}

BASE = {name: [simulate(name, seed).to_dict() for seed in range(3)] for name in GAMES}

# Characters that broke reading or writing before: lone surrogates, everything
# str.splitlines splits on, NUL, quotes, brackets, non-ASCII digits.
HOSTILE_CHARS = '\ud800\udfff\u2028\u2029\x85\x1c\x1d\x1e\x0b\x0c\r\n\x00"\\[]{}²٣①\u00a0\ufeff'
hostile_text = st.text(
    alphabet=st.one_of(st.sampled_from(HOSTILE_CHARS), st.characters()), max_size=12
)
huge_ints = st.sampled_from([2**63, 2**64, -(2**63) - 1, 10**39, 10**45, -1, 10**6 + 1])
json_scalars = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(min_value=-(10**20), max_value=10**20),
    huge_ints,
    st.floats(allow_nan=True, allow_infinity=True),
    hostile_text,
)
json_values = st.recursive(
    json_scalars,
    lambda inner: st.one_of(
        st.lists(inner, max_size=3), st.dictionaries(hostile_text, inner, max_size=3)
    ),
    max_leaves=8,
)
FIELDS = ["format", "version", "game", "ruleset", "players", "seed", "actions", "result", "meta"]


def _tweak_action(draw, text):
    if not isinstance(text, str):  # an earlier mutation put a non-string here
        return draw(hostile_text)
    how = draw(st.sampled_from(["digits", "append", "replace", "case", "space", "cut"]))
    if how == "digits":
        digit = draw(st.sampled_from(["²", "٣", "9", "99999999999999999999", "0", "-1", "①"]))
        return "".join(digit if c.isdigit() else c for c in text) if text else digit
    if how == "append":
        return text + draw(hostile_text)
    if how == "replace":
        return draw(hostile_text)
    if how == "case":
        return text.upper() if text.islower() else text.lower()
    if how == "space":
        return "  " + text.replace(" ", "   ") + " \t"
    return text[: draw(st.integers(0, max(0, len(text) - 1)))]


@st.composite
def mutate_dict(draw, data: dict, name: str) -> dict:
    data = json.loads(json.dumps(data))
    actions = data.get("actions")
    if not isinstance(actions, list):
        actions = data["actions"] = []
    kind = draw(
        st.sampled_from(
            [
                "change",
                "delete",
                "insert",
                "swap",
                "field",
                "drop_field",
                "result",
                "ruleset",
                "players",
                "meta",
                "nothing",
            ]
        )
    )
    if kind == "change" and actions:
        i = draw(st.integers(0, len(actions) - 1))
        actions[i] = _tweak_action(draw, actions[i])
    elif kind == "delete" and actions:
        del actions[draw(st.integers(0, len(actions) - 1))]
    elif kind == "insert":
        i = draw(st.integers(0, len(actions)))
        new = draw(st.one_of(st.sampled_from(actions or ["x"]), hostile_text))
        actions.insert(i, new)
    elif kind == "swap" and len(actions) > 1:
        i, j = draw(st.integers(0, len(actions) - 1)), draw(st.integers(0, len(actions) - 1))
        actions[i], actions[j] = actions[j], actions[i]
    elif kind == "field":
        data[draw(st.sampled_from([*FIELDS, "extra"]))] = draw(json_values)
    elif kind == "drop_field":
        data.pop(draw(st.sampled_from(FIELDS)), None)
    elif kind == "result" and isinstance(data.get("result"), dict):
        part = draw(st.sampled_from(["scores", "winners"]))
        values = data["result"].get(part)
        if not isinstance(values, list):
            data["result"][part] = draw(json_values)
        elif values:
            values[draw(st.integers(0, len(values) - 1))] = draw(json_scalars)
        else:
            values.append(draw(json_scalars))
    elif kind == "ruleset":
        from dataclasses import fields

        from engine import get_game

        names = [f.name for f in fields(get_game(name).ruleset_class)]
        key = draw(st.one_of(st.sampled_from(names), st.sampled_from(["self", "num_players"])))
        data["ruleset"] = {key: draw(json_values)}
    elif kind == "players":
        players = data.get("players")
        if not isinstance(players, list):
            players = data["players"] = []
        how = draw(st.sampled_from(["rename", "add", "remove"]))
        if how == "rename" and players:
            players[draw(st.integers(0, len(players) - 1))] = draw(hostile_text)
        elif how == "add":
            players.append(draw(hostile_text))
        elif how == "remove" and players:
            players.pop()
    elif kind == "meta":
        data["meta"] = {draw(hostile_text): draw(json_values)}
    return data


@st.composite
def mutated_text(draw, name: str) -> str:
    data = draw(st.sampled_from(BASE[name]))
    for _ in range(draw(st.integers(1, 3))):
        data = draw(mutate_dict(data, name))
    text = json.dumps(data, ensure_ascii=draw(st.booleans()))
    how = draw(
        st.sampled_from(
            ["none", "none", "truncate", "splice", "dupkey", "nest", "hugenum", "cut", "lines"]
        )
    )
    if how == "truncate":
        text = text[: draw(st.integers(0, len(text)))]
    elif how == "splice":
        i = draw(st.integers(0, len(text)))
        text = text[:i] + draw(hostile_text) + text[i:]
    elif how == "dupkey":
        key = draw(st.sampled_from(FIELDS))
        text = text[:-1] + f', "{key}": {json.dumps(data.get(key))}' + "}"
    elif how == "nest":
        depth = draw(st.sampled_from([5, 19, 21, 1000, 100_000]))
        text = text[:-1] + ', "meta": ' + "[" * depth + "]" * depth + "}"
        text = text.replace('"meta": {', '"m": {', 1)
    elif how == "hugenum":
        digits = draw(st.sampled_from([19, 20, 41, 400, 5000]))
        text = text.replace('"seed": ', '"seed": ' + "9" * digits + " + ", 1).replace(" + ", "")
    elif how == "cut":
        i, j = sorted(draw(st.tuples(st.integers(0, len(text)), st.integers(0, len(text)))))
        text = text[:i] + text[j:]
    elif how == "lines":
        other = json.dumps(draw(st.sampled_from(BASE[name])))
        sep = draw(st.sampled_from(["\n", "\r\n", "\n\n", "\u2028", "\x85", "\x1c"]))
        text = other + sep + text
    return text


def check_text(text: str) -> None:
    """The properties, for one mutated text."""
    TRIED["records"] += 1
    try:
        records = parse_jsonl(text, source="fuzz")
    except EngineError:
        records = None
    try:
        verified = parse_records(text, source="fuzz", verify=True)
    except EngineError:
        verified = None
    if records is None:
        return
    TRIED["accepted"] += 1
    all_replay = True
    for rec in records:
        line = rec.to_json()
        assert "\n" not in line and len(line.splitlines()) == 1
        assert parse_jsonl(line + "\n") == [rec]
        assert GameRecord.from_json(line) == rec
        try:
            last = None
            for step in replay(rec):
                last = step.state
        except EngineError:
            all_replay = False
            continue
        TRIED["replayed"] += 1
        if last is not None and rec.result is not None:
            assert list(last.returns()) == rec.result["scores"]
    assert verified == (records if all_replay else None)
    games_frame(records)
    seats_frame(records)


@pytest.fixture(scope="module", autouse=True)
def _report():
    yield
    print(
        f"\nmutated records tried: {TRIED['records']}, accepted {TRIED['accepted']}, "
        f"replayed {TRIED['replayed']}",
        file=sys.stderr,
    )


@pytest.mark.parametrize("name", GAMES)
def test_mutated_records_raise_only_engine_errors_and_round_trip(name):
    @settings(
        max_examples=EXAMPLES,
        deadline=None,
        suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
        database=None,
    )
    @given(mutated_text(name))
    def run(text):
        check_text(text)

    run()


@pytest.mark.parametrize("name", GAMES)
def test_unmutated_records_are_accepted_and_replay(name):
    for data in BASE[name]:
        text = json.dumps(data)
        records = parse_records(text, verify=True)
        assert records == parse_jsonl(text + "\n")
        assert records[0].to_dict() == data
