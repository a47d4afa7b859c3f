"""The rule-variant lab (engine/variants.py, ``python -m engine variants``): the same seeds
give the same report, every share recounts from the records it writes, a rule that is
only a label shows no difference, and a rule built to matter shows one."""

from __future__ import annotations

import json

import pytest

from engine import CHANCE, EngineError
from engine.core.records import initial_state, parse_jsonl
from engine.core.simulate import simulate_with
from engine.variants import field_values, measure


def test_the_same_seeds_give_the_same_report_on_any_number_of_workers():
    one = measure("pig", "target", values=[20], games=12, seed=5, workers=1)
    two = measure("pig", "target", values=[20], games=12, seed=5, workers=2)
    assert json.dumps(one) == json.dumps(two)
    assert one != measure("pig", "target", values=[20], games=12, seed=6, workers=1)


def test_the_shares_lengths_and_gaps_recount_exactly_from_the_records(tmp_path):
    report = measure(
        "stack5", "steal_from", games=16, seed=2, workers=1, records=tmp_path / "games"
    )
    assert [s["value"] for s in report["settings"]] == ["any_row", "last_placed"]
    for setting in report["settings"]:
        path = tmp_path / "games" / f"{setting['value']}.jsonl"
        records = list(parse_jsonl(path.read_text(encoding="utf-8")))
        assert [r.seed for r in records] == list(range(2, 18))
        seats = setting["seats"]
        credit = [0.0] * seats
        decisions, spreads = [], []
        for record in records:
            # the very game the engine's simulate plays for its seed, bots and rule
            again = simulate_with("stack5", record.seed, record.players, record.ruleset)
            assert again.actions == record.actions
            assert record.players == ["heuristic"] * seats  # the practical bot everywhere
            for w in record.result["winners"]:
                credit[w] += 1 / len(record.result["winners"])
            state, moves = initial_state(record), 0
            for text in record.actions:
                moves += state.current_player() != CHANCE
                state.apply(text)
            decisions.append(moves)
            scores = record.result["scores"]
            spreads.append(max(scores) - min(scores))
        assert [round(c / len(records), 6) for c in credit] == setting["seat_win_share"]
        assert round(sum(decisions) / len(records), 6) == setting["mean_length"]
        assert round(sum(spreads) / len(records), 6) == setting["score_spread"]
        for share, (lo, hi) in zip(setting["seat_win_share"], setting["seat_win_share_ci95"]):
            assert lo <= share <= hi
    assert report["mixed_table"] == ["heuristic", "random"]
    assert all(s["skill_gap"] is not None for s in report["settings"])


def test_a_rule_that_is_only_a_label_changes_nothing():
    names = ["N", "O", "P", "Q", "S", "T"]
    report = measure("stock_holdem", "company_names", values=[names], games=6, workers=1)
    base, other = report["settings"]
    assert {k: v for k, v in base.items() if k != "value"} == {
        k: v for k, v in other.items() if k != "value"
    }
    assert not any(t["differs"] for t in report["tests"].values())
    assert report["verdict"]["code"] == "variants.none"
    assert report["verdict"]["text"] == "no measurable difference in 12 games"


def test_a_rule_built_to_matter_shows_its_difference_in_words():
    report = measure("pig", "target", values=[10], games=200, seed=0, workers=1)
    assert report["tests"]["mean_length"]["differs"]
    assert report["tests"]["mean_length"]["test"].startswith("Welch's t-test")
    assert report["tests"]["seat_win_share"]["test"].startswith("chi-square")
    verdict = report["verdict"]
    assert verdict["code"] in ("variants.change", "variants.seat")
    length = report["tests"]["mean_length"]["verdict"]
    assert length["params"]["more"] is False and length["params"]["measure"] == "mean_length"
    assert length["text"].startswith("with target = 10, a game's length in decisions falls by")


def test_the_values_default_to_the_other_answers_and_are_checked():
    from engine import get_game

    game = get_game("stack5")
    assert field_values(game, "steal_from", None) == ["any_row", "last_placed"]
    with pytest.raises(EngineError, match="no rule 'nope'"):
        field_values(game, "nope", None)
    with pytest.raises(EngineError, match="give the values to compare"):
        field_values(game, "target", None)
    with pytest.raises(EngineError):
        field_values(game, "target", [-4])  # the ruleset refuses it, with its own message
    with pytest.raises(EngineError, match="from 2 to"):
        measure("pig", "target", values=[20], games=1)


def test_the_command_writes_the_report_and_the_records(tmp_path, capsys):
    from engine.cli import main

    out = tmp_path / "report.json"
    code = main(
        ["variants", "pig", "--field", "target", "--value", "20", "--games", "8"]
        + ["--workers", "1", "--out", str(out), "--records", str(tmp_path / "r")]
    )
    assert code == 0
    report = json.loads(out.read_text(encoding="utf-8"))
    assert [s["value"] for s in report["settings"]] == [30, 20]
    assert sorted(p.name for p in (tmp_path / "r").iterdir()) == ["20.jsonl", "30.jsonl"]
    assert report["verdict"]["text"] in capsys.readouterr().err


def test_a_rule_of_one_variant_is_measured_under_that_variant(tmp_path):
    """``--rule variant=whist2``: every game of every setting is two-player Whist, so the
    two-player honours rule is compared where it applies; the report names the base rules."""
    from engine.cli import main

    out = tmp_path / "report.json"
    code = main(
        ["variants", "whist", "--field", "two_player_honours", "--rule", "variant=whist2"]
        + ["--games", "2", "--workers", "1", "--out", str(out), "--records", str(tmp_path / "r")]
    )
    assert code == 0
    report = json.loads(out.read_text(encoding="utf-8"))
    assert report["rules"] == {"variant": "whist2"}
    for name, honours in (("false.jsonl", False), ("true.jsonl", True)):
        for line in (tmp_path / "r" / name).read_text(encoding="utf-8").splitlines():
            rules = json.loads(line)["ruleset"]
            assert rules["variant"] == "whist2"
            assert rules.get("two_player_honours", False) is honours  # a default is not written
    with pytest.raises(EngineError, match="takes its values from --value"):
        measure("whist", "variant", base={"variant": "whist2"}, games=2)
    with pytest.raises(EngineError):
        measure("whist", "two_player_honours", base={"variant": "chess"}, games=2)
