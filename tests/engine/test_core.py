"""The engine core on the Pig demo: protocol, errors, rulesets, records, replay."""

from __future__ import annotations

import json
from fractions import Fraction

import pytest

from engine import (
    CHANCE,
    EngineError,
    GameRecord,
    IllegalAction,
    ParseError,
    RecordError,
    RulesetError,
    final_state,
    get_game,
    parse_jsonl,
    read_jsonl,
    replay,
    ruleset_from_toml,
    simulate,
    states,
    write_jsonl,
)
from engine.core import records as records_module
from engine.core.ruleset import make_ruleset, overrides_of


def pig(n=2, **rules):
    return get_game("pig").new_initial_state(n, **rules)


# --- protocol ----------------------------------------------------------------------------


def test_chance_node_lists_exact_outcomes():
    s = pig()
    s.apply("roll")
    assert s.current_player() == CHANCE
    outcomes = s.chance_outcomes()
    assert [str(a) for a, _ in outcomes] == [f"die {v}" for v in range(1, 7)]
    assert sum(p for _, p in outcomes) == 1
    assert all(p == Fraction(1, 6) for _, p in outcomes)


def test_apply_checks_and_leaves_state_unchanged_on_error():
    s = pig()
    with pytest.raises(IllegalAction, match="'hold' is not allowed now"):
        s.apply("hold")  # nothing to hold yet
    with pytest.raises(ParseError, match="'fly'"):
        s.apply("fly")
    assert s.history == [] and s.current_player() == 0
    s.apply("roll")
    with pytest.raises(IllegalAction, match="'die 7' is not possible"):
        s.apply("die 7")
    assert s.history == ["roll"]


def test_illegal_message_lists_what_is_allowed():
    s = pig()
    with pytest.raises(IllegalAction) as err:
        s.apply("hold")
    assert "allowed: 'roll'" in str(err.value)


def test_clone_is_independent():
    s = pig()
    s.apply("roll")
    c = s.clone()
    c.apply("die 4")
    assert s.turn_total == 0 and c.turn_total == 4
    assert s.history == ["roll"] and c.history == ["roll", "die 4"]


def test_rule_one_loses_the_turn_total():
    s = pig()
    for a in ["roll", "die 6", "roll", "die 1"]:
        s.apply(a)
    assert s.turn_total == 0 and s.scores == [0, 0] and s.current_player() == 1


def test_player_count_is_checked():
    with pytest.raises(EngineError, match="cannot be played by 9 players"):
        pig(9)


def test_unknown_game_lists_games():
    with pytest.raises(EngineError, match="unknown game 'chess'; games: 'stock_holdem'"):
        get_game("chess")


def test_unknown_bot_lists_bots():
    with pytest.raises(EngineError, match="no bot 'alphago'"):
        simulate("pig", 1, ["alphago", "random"])


# --- rulesets --------------------------------------------------------------------------------


def test_ruleset_overrides_are_checked():
    rules = get_game("pig").ruleset_class
    assert make_ruleset(rules, {"target": 50}).target == 50
    with pytest.raises(RulesetError, match="unknown ruleset field 'goal'"):
        make_ruleset(rules, {"goal": 50})
    with pytest.raises(RulesetError, match="'x' is not an integer"):
        make_ruleset(rules, {"target": "x"})
    with pytest.raises(RulesetError, match="below 10"):
        make_ruleset(rules, {"target": 3})


def test_ruleset_from_toml_and_overrides_round_trip():
    rules = get_game("pig").ruleset_class
    r = ruleset_from_toml(rules, "target = 40\ndie_faces = 8\n")
    assert (r.target, r.die_faces) == (40, 8)
    assert overrides_of(r) == {"target": 40, "die_faces": 8}
    with pytest.raises(RulesetError, match="not valid TOML"):
        ruleset_from_toml(rules, "target = = 1")


# --- simulation and records -------------------------------------------------------------------


def test_simulation_is_reproducible_from_the_seed():
    a = simulate("pig", 11, ["hold20", "random"])
    b = simulate("pig", 11, ["hold20", "random"])
    assert a == b
    assert simulate("pig", 12, ["hold20", "random"]).actions != a.actions


def test_record_json_round_trip_and_replay():
    rec = simulate("pig", 3, ["hold20", "hold20"], target=40)
    assert rec.ruleset == {"target": 40}
    again = GameRecord.from_json(rec.to_json())
    assert again == rec
    end = final_state(again)
    assert end.is_terminal() and max(end.scores) >= 40
    assert len(states(rec)) == len(rec.actions) + 1


def test_jsonl_round_trip(tmp_path):
    recs = [simulate("pig", s, ["random", "hold20"]) for s in range(5)]
    path = tmp_path / "games.jsonl"
    write_jsonl(recs, path)
    assert read_jsonl(path, verify=True) == recs


def test_replay_names_the_first_illegal_action():
    rec = simulate("pig", 4, ["hold20", "hold20"])
    bad = GameRecord.from_dict(rec.to_dict())
    i = bad.actions.index("roll")
    bad.actions[i] = "hold"
    with pytest.raises(RecordError, match=f"action {i + 1} “hold”"):
        list(replay(bad))


def test_replay_detects_a_tampered_result():
    rec = simulate("pig", 4, ["hold20", "hold20"])
    rec.result = {"scores": [99, 0], "winners": [0]}
    with pytest.raises(RecordError, match="does not match replay"):
        list(replay(rec))


def test_replay_detects_a_truncated_record():
    rec = simulate("pig", 4, ["hold20", "hold20"])
    rec.actions = rec.actions[:-1]
    with pytest.raises(RecordError, match="not over"):
        list(replay(rec))


@pytest.mark.parametrize(
    ("line", "message"),
    [
        ("{not json", "not valid JSON"),
        ("[1, 2]", "expected a JSON object"),
        ('{"version": 99, "game": "pig"}', "version 99 is not supported"),
        ('{"version": 1, "game": 5}', "'game' must be a string"),
        ('{"version": 1, "game": "pig", "players": "ab", "actions": []}', "'players'"),
        ('{"version": 1, "game": "pig", "players": [], "actions": [1]}', "'actions'"),
    ],
)
def test_malformed_records_are_refused_with_the_line(line, message):
    good = simulate("pig", 1).to_json()
    with pytest.raises(RecordError, match=message) as err:
        parse_jsonl(good + "\n" + line + "\n", source="f.jsonl")
    assert "game 2 (line 2)" in str(err.value)


def test_unknown_game_in_a_record():
    data = simulate("pig", 1).to_dict()
    data["game"] = "go"
    with pytest.raises(RecordError, match="unknown game “go”"):
        parse_jsonl(json.dumps(data), verify=True)


def test_oversized_input_is_refused(tmp_path, monkeypatch):
    monkeypatch.setattr(records_module, "MAX_BYTES", 100)
    path = tmp_path / "big.jsonl"
    path.write_text(simulate("pig", 1).to_json() * 3)
    with pytest.raises(RecordError, match="over the 100 byte limit"):
        read_jsonl(path)
    with pytest.raises(RecordError, match="refused"):
        parse_jsonl("x" * 200)
