"""The strongest bot within a time budget, picked from the shipped ladders."""

from __future__ import annotations

import json

import pytest

from engine import get_game
from engine.core.errors import EngineError
from engine.ladder import LADDER_DIR, make_bot, run_ladder, strongest_bot

GAMES = ["stack5", "owners_choice", "stock_holdem", "whist"]


def _write(tmp_path, game, ratings, times):
    data = {
        "game": game,
        "bots": [b for b, _ in ratings],
        "players": 2,
        "games": 10,
        "seed": 0,
        "ruleset": {},
        "ratings": [{"bot": b, "ordinal": o} for b, o in ratings],
        "head_to_head": {},
        "seconds_per_decision": {
            b: {"median": t / 2, "p90": t, "decisions": 50} for b, t in times.items()
        },
    }
    (tmp_path / f"{game}.json").write_text(json.dumps(data))


def test_strongest_bot_is_the_best_rated_that_answers_within_the_budget(tmp_path):
    _write(
        tmp_path,
        "stack5",
        [("mcts", 30.0), ("mcts@50", 25.0), ("heuristic", 20.0), ("random", 1.0)],
        {"mcts": 0.6, "mcts@50": 0.1, "heuristic": 0.001, "random": 0.0},
    )
    assert strongest_bot("stack5", 1.0, tmp_path) == "mcts"
    assert strongest_bot("stack5", 0.3, tmp_path) == "mcts@50"
    assert strongest_bot("stack5", 0.05, tmp_path) == "heuristic"


def test_strongest_bot_without_a_fitting_bot_takes_the_fastest(tmp_path):
    _write(tmp_path, "stack5", [("mcts", 30.0), ("heuristic", 20.0)], {"mcts": 2, "heuristic": 1})
    assert strongest_bot("stack5", 0.5, tmp_path) == "heuristic"


def test_strongest_bot_without_a_ladder_or_times_is_the_heuristic(tmp_path):
    assert strongest_bot("stack5", 1.0, tmp_path) == "heuristic"
    _write(tmp_path, "stack5", [("mcts", 30.0)], {})
    assert strongest_bot("stack5", 1.0, tmp_path) == "heuristic"
    (tmp_path / "stack5.json").write_text("not json")
    assert strongest_bot("stack5", 1.0, tmp_path) == "heuristic"


def test_strongest_bot_skips_a_bot_the_game_does_not_have(tmp_path):
    _write(
        tmp_path, "stack5", [("wizard", 99.0), ("heuristic", 20.0)], {"wizard": 0, "heuristic": 0}
    )
    assert strongest_bot("stack5", 1.0, tmp_path) == "heuristic"


def test_strongest_bot_refuses_a_budget_that_is_not_a_positive_number():
    for bad in [0, -1, True, "1", None]:
        with pytest.raises(EngineError):
            strongest_bot("stack5", bad)


def test_strongest_bot_reads_a_ladder_the_ladder_wrote(tmp_path):
    lad = run_ladder("pig", ["random", "hold20"], games=20, seed=0)
    (tmp_path / "pig.json").write_text(lad.to_json())
    best = max(lad.rows(), key=lambda r: r["ordinal"])["bot"]
    assert strongest_bot("pig", 10.0, tmp_path) == best


@pytest.mark.parametrize("name", GAMES)
def test_shipped_ladders_name_a_bot_for_the_play_page_and_the_analysis_board(name):
    """Each game's shipped ladder measures its bots' time; the pick for the play page
    (1 s) and for the board's hint (0.3 s) is a bot the game makes."""
    game = get_game(name)
    data = json.loads((LADDER_DIR / f"{name}.json").read_text())
    assert set(data["seconds_per_decision"]) == set(data["bots"])
    for budget in (1.0, 0.3):
        pick = strongest_bot(name, budget)
        assert pick in data["bots"]
        make_bot(game, pick)
        t = data["seconds_per_decision"][pick]["p90"]
        fastest = min(x["p90"] for x in data["seconds_per_decision"].values())
        assert t <= budget or t == fastest
