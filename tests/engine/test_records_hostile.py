"""Hostile records: every one is a RecordError naming the field, never a crash.

Each case was found by fuzzing and reproduced before the fix: RecursionError,
ValueError (int max str digits), TypeError, UnicodeEncodeError, polars overflow, or a
wrong value silently accepted.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from engine import (
    GameRecord,
    RecordError,
    parse_jsonl,
    parse_records,
    read_jsonl,
    replay,
    simulate,
    write_jsonl,
)
from engine.core import records as records_module
from engine.stats import games_frame, seats_frame


@pytest.fixture(scope="module")
def good() -> dict:
    return simulate("pig", 5, ["hold20", "random"]).to_dict()


def line(data: dict) -> str:
    return json.dumps(data, ensure_ascii=False)


def with_(good: dict, **changes) -> dict:
    data = json.loads(json.dumps(good))
    data.update(changes)
    return data


def refused(text: str, match: str) -> str:
    for parse in (parse_jsonl, parse_records):
        with pytest.raises(RecordError, match=match) as err:
            parse(text, source="up.jsonl")
        assert "up.jsonl" in str(err.value)
    return str(err.value)


# --- decoding limits ---------------------------------------------------------------------------


def test_deeply_nested_json_is_a_record_error_not_recursion():
    deep = '{"meta": ' + "[" * 100_000 + "]" * 100_000 + "}"
    refused(deep, "nested deeper than 20 levels")
    refused('{"meta": ' + "[" * 100_000, "nested deeper")  # unclosed too
    with pytest.raises(RecordError, match="nested deeper"):  # the pretty-printed path
        parse_records("{\n" + '"meta": ' + "{" * 50_000)


def test_nesting_inside_strings_does_not_count():
    data = simulate("pig", 5).to_dict()
    data["players"] = ["[" * 5000, "{" * 5000]
    data["result"] = data["result"]
    rec = parse_jsonl(line(data))[0]
    assert rec.players[0] == "[" * 5000


def test_huge_integer_literal_is_a_record_error(good):
    digits = "9" * 5000
    text = line(good).replace('"seed": 5', f'"seed": {digits}')
    msg = refused(text, "5000 characters; at most 40")
    assert "ValueError" not in msg and "digits" not in msg[:0]
    refused(line(good).replace('"seed": 5', '"seed": 1' + "0" * 500 + ".5"), "at most 40")


def test_nan_and_infinity_are_refused(good):
    for word in ("NaN", "Infinity", "-Infinity"):
        text = line(good).replace('"seed": 5', f'"seed": {word}')
        refused(text, f"{word} is not a number")
    refused(line(good).replace('"seed": 5', '"seed": 1e999'), "too large")


def test_duplicate_keys_are_refused_naming_the_key(good):
    text = line(good)[:-1] + ', "seed": 6}'
    refused(text, "duplicate key 'seed'")
    text = line(good).replace('"meta": {', '"meta": {"x": 1, "x": 2, ')
    refused(text, "duplicate key 'x'")


# --- the ruleset of a record ------------------------------------------------------------------


@pytest.mark.parametrize(
    ("ruleset", "match"),
    [
        ({"num_players": 2}, "unknown ruleset field 'num_players'"),
        ({"self": 1}, "unknown ruleset field 'self'"),
        ({"target": True}, r"'target' of Pig \(demo\): yes \(true\) is not an integer"),
        ({"target": 10**30}, "'target'.*out of range"),
        ({"target": 5}, "'target'.*below 10"),
        (1, "'ruleset' must be an object"),
        ([], "'ruleset' must be an object"),
        (None, "'ruleset' must be an object"),
        ("target=40", "'ruleset' must be an object"),
    ],
)
def test_record_ruleset_is_validated_like_any_override(good, ruleset, match):
    refused(line(with_(good, ruleset=ruleset)), match)
    with pytest.raises(RecordError, match=match):
        GameRecord.from_dict(with_(good, ruleset=ruleset))


def test_record_ruleset_changed_after_reading_still_fails_cleanly(good):
    rec = GameRecord.from_dict(good)
    rec.ruleset = {"num_players": 2}
    with pytest.raises(RecordError, match="unknown ruleset field 'num_players'"):
        list(replay(rec))


def test_record_player_count_is_checked_when_read(good):
    data = with_(good, players=["random"] * 9)
    data["result"] = None
    refused(line(data), "cannot be played by 9 players")


# --- booleans are not numbers -------------------------------------------------------------------


@pytest.mark.parametrize(
    ("field", "value", "match"),
    [
        ("version", True, r"record version yes \(true\) is not supported"),
        ("version", 1.0, "record version 1.0 is not supported"),
        ("seed", True, r"'seed' must be an integer or null, got yes \(true\)"),
        ("seed", 5.0, "'seed' must be an integer or null"),
        ("result", {"scores": [30, 0], "winners": [True]}, "'result'"),
        ("result", {"scores": [True, 0], "winners": [0]}, "'result'"),
        ("result", {"scores": [30, 0], "winners": [0, 0]}, "'result'"),
        ("result", {"scores": [30, 0], "winners": [2]}, "'result'"),
        ("result", {"scores": [30, 0], "winners": [0], "x": 1}, "'result'"),
        ("players", ["random", 1], "'players' must be a list of names"),
        ("players", ["random", True], "'players' must be a list of names"),
        ("format", True, r"format yes \(true\) is not"),
    ],
)
def test_booleans_and_wrong_types_are_not_numbers(good, field, value, match):
    refused(line(with_(good, **{field: value})), match)


@pytest.mark.parametrize("value", [None, "absent"])
def test_a_file_without_a_record_version_is_named_as_not_a_record(good, value):
    """A JSON file that is not a record says so, in words (not "record version None")."""
    data = dict(good)
    if value == "absent":
        del data["version"]
    else:
        data["version"] = value
    with pytest.raises(RecordError) as caught:
        GameRecord.from_dict(data)
    assert "not a game record of this app" in str(caught.value)
    assert "None" not in str(caught.value)


def test_winners_true_is_not_read_as_seat_one(good):
    data = with_(good, result={"scores": [0, 30], "winners": [True]})
    with pytest.raises(RecordError, match="'result'"):
        GameRecord.from_dict(data)


# --- strings -----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("field", "value", "named"),
    [
        ("players", ["random", "\ud800"], "players[1]"),
        ("game", "pig\udfff", ": game:"),
        ("meta", {"note": "x\ud800"}, "meta.note"),
        ("meta", {"\udc00": 1}, "meta: a key"),
        ("meta", {"a": [{"b": "\ud800"}]}, "meta.a[0].b"),
    ],
)
def test_lone_surrogate_is_refused_naming_the_field(good, field, value, named):
    data = with_(good, **{field: value})
    text = json.dumps(data)  # ensure_ascii: the surrogate is written as \ud800
    assert "\\ud" in text or "\\udc" in text
    msg = refused(text, "lone surrogate")
    assert named in msg
    with pytest.raises(RecordError, match="lone surrogate"):
        GameRecord.from_dict(data)


def test_lone_surrogate_in_an_action_is_refused(good):
    data = with_(good)
    data["actions"][3] = "die \ud800"
    msg = refused(json.dumps(data), "lone surrogate")
    assert "actions[3]" in msg


def test_surrogate_pair_is_ordinary_text(good):
    data = with_(good, players=["\U0001f600 bot", "random"])
    rec = parse_jsonl(json.dumps(data))[0]
    assert rec.players[0] == "\U0001f600 bot"


@pytest.mark.parametrize(
    "char", ["\u2028", "\u2029", "\x85", "\x1c", "\x1d", "\x1e", "\x0b", "\x0c", "\r"]
)
def test_engine_reads_its_own_output_with_line_separators(good, char, tmp_path):
    rec = GameRecord.from_dict(good)
    rec.players = [f"a{char}b", "random"]
    rec.meta = {f"k{char}": f"v{char}"}
    text = rec.to_json()
    assert len(text.splitlines()) == 1 and char not in text
    assert parse_jsonl(text + "\n" + text + "\n") == [rec, rec]
    path = tmp_path / "sep.jsonl"
    write_jsonl([rec, rec], path)
    assert read_jsonl(path, verify=True) == [rec, rec]
    assert path.read_text(encoding="utf-8").count("\n") == 2


def test_jsonl_is_split_on_newline_only(good):
    # A raw U+2028 in a line written by another tool: still one record.
    text = line(with_(good, players=["a\u2028b", "c\x85d"]))
    assert "\u2028" in text
    recs = parse_jsonl(text)
    assert recs[0].players == ["a\u2028b", "c\x85d"]
    assert len(parse_jsonl(text + "\r\n" + text)) == 2  # Windows line ends still work


# --- seeds ------------------------------------------------------------------------------------


@pytest.mark.parametrize("seed", [2**63, 2**64, -1, -(2**63) - 1])
def test_seed_out_of_int64_range_is_refused(good, seed):
    refused(line(with_(good, seed=seed)), "'seed'.*out of range; seeds are 0 to 2\\*\\*63-1")


def test_largest_seed_reaches_the_statistics_frames(good):
    rec = parse_jsonl(line(with_(good, seed=2**63 - 1)))[0]
    frame = games_frame([rec])
    assert frame["seed"][0] == 2**63 - 1
    assert seats_frame([rec]).height == 2


def test_simulate_refuses_a_seed_a_record_could_not_hold():
    from engine import EngineError

    for seed in (2**63, -1, True, "1"):
        with pytest.raises(EngineError, match="seed"):
            simulate("pig", seed)


# --- files ------------------------------------------------------------------------------------


def test_read_jsonl_refuses_a_directory(tmp_path):
    with pytest.raises(RecordError, match="cannot read"):
        read_jsonl(tmp_path)


def test_read_jsonl_of_dev_zero_reads_only_up_to_the_limit(monkeypatch):
    if not Path("/dev/zero").exists():
        pytest.skip("no /dev/zero")
    monkeypatch.setattr(records_module, "MAX_BYTES", 1000)
    with pytest.raises(RecordError, match="over the 1000 byte limit"):
        read_jsonl("/dev/zero")


def test_read_jsonl_refuses_binary(tmp_path):
    path = tmp_path / "bin.jsonl"
    path.write_bytes(b"\x89PNG\r\n\x1a\n\xff\xfe")
    with pytest.raises(RecordError, match="not UTF-8"):
        read_jsonl(path)
    path.write_bytes(b'{"a": "\x00"}\n')
    with pytest.raises(RecordError, match="not valid JSON"):
        read_jsonl(path)


def test_unknown_top_level_field_is_refused(good):
    refused(line(with_(good, extra={"x": 1})), "unknown field 'extra'")


def test_accepted_hostile_looking_record_round_trips(good):
    data = with_(good, players=["\u2028\x85\x1c", "\U0001f600"], meta={"n": [1.5, None, True]})
    rec = parse_jsonl(line(data), verify=True)[0]
    assert GameRecord.from_json(rec.to_json()) == rec
