"""Stack 5 analysis: draw/stop values against brute force over the real engine, placement
values, a hand-made blunder, and shipped games."""

from __future__ import annotations

import pytest

from engine import GameRecord, RecordError, read_jsonl
from engine.core.protocol import CHANCE
from engine.core.ruleset import make_ruleset
from engine.stack5 import Stack5Rules, setup_position
from engine.stack5 import analysis as an
from engine.stack5.state import P_DECIDE, P_GIVE

# A small deck: 2 colours x 5 numbers x 3 copies, one Draw 3, two Jokers, one row each;
# the other seats' rows take most 3s, 4s and 5s out, so 21 cards are left to draw from.
SMALL = {
    "colours": "RB",
    "draw3": 1,
    "number_bombs": 0,
    "colour_bombs": 0,
    "steals": 0,
    "max_rows": 1,
}


def _small_state(**overrides):
    rules = make_ruleset(Stack5Rules, SMALL | overrides)
    rows = {1: ["R5 R5 B5 B5"], 2: ["R4 R4 B4 B4"], 3: ["R3 R3 B3 B3"]}
    return setup_position(rows, players=4, ruleset=rules), rules


def _brute(state, seat: int, rows, rules) -> float:
    """Best expected worth of the rest of the turn, walking every chance outcome of the
    real engine: stop = the held cards' values, bust or both Jokers = 0."""
    if state.player != seat:
        return 0.0  # both Jokers ended the turn
    if state.phase == P_GIVE:
        return 0.0
    if state.phase == P_DECIDE:
        stop = sum(an.card_value(rows, state.spec.names[c], rules) for c in state.hand)
        c = state.clone()
        c.apply("draw")
        return max(stop, _brute(c, seat, rows, rules))
    assert state.current_player() == CHANCE
    acc = 0.0
    for action, p in state.chance_outcomes():
        c = state.clone()
        c.apply(action)
        acc += float(p) * _brute(c, seat, rows, rules)
    return acc


@pytest.mark.parametrize(
    "draws", [["R1", "B2"], ["R1", "JK"], ["B3", "R4", "draw", "D3", "R5", "B1", "R2"]]
)
@pytest.mark.parametrize("draw3_joker", ["no_effect", "counts_for_both"])
def test_draw_or_stop_value_is_the_exact_expectation_over_the_deck(draws, draw3_joker):
    state, rules = _small_state(draw3_joker=draw3_joker)
    for a in draws:
        state.apply(a)
    assert state.phase == P_DECIDE
    values = an.decision_values(state)
    rows = an._rows(state, 0)
    held = sum(an.card_value(rows, state.spec.names[c], rules) for c in state.hand)
    assert values["stop"] == pytest.approx(held)
    c = state.clone()
    c.apply("draw")
    assert values["draw"] == pytest.approx(_brute(c, 0, rows, rules))


def test_row_worth_is_best_points_times_progress_squared():
    rules = Stack5Rules()
    assert an._worth(("R1", "R2"), rules) == pytest.approx(3 * (2 / 5) ** 2)
    values = an._placement_values((("R1", "R2", "R3", "R4"), (), ()), "R5", rules)
    assert values["place R5 row 1"] == pytest.approx(3 - 3 * (4 / 5) ** 2)
    assert values["place R5 row 2"] == pytest.approx(3 / 25)


def _record(actions):
    return GameRecord(game="stack5", players=["a", "b"], actions=actions)


def test_placement_that_misses_a_colour_run_is_a_blunder():
    actions = (
        ["R1", "R2", "stop", "place R1 row 1", "place R2 row 1"]
        + ["B1", "B2", "stop", "place B1 row 1", "place B2 row 1"]
        + ["R3", "R4", "stop", "place R3 row 1", "place R4 row 1"]
        + ["G3", "G4", "stop", "place G3 row 1", "place G4 row 1"]
        + ["R5", "Y3", "stop", "place Y3 row 2", "place R5 row 3"]
    )
    notes = an.analyse(_record(actions))
    last = notes[-1]
    assert (last.step, last.action, last.best) == (
        len(actions) - 1,
        "place R5 row 3",
        "place R5 row 1",
    )
    assert last.loss == pytest.approx(3 - 3 * (4 / 5) ** 2 - 3 / 25)
    assert last.mark == "??"


def test_drawing_with_every_number_held_is_a_blunder():
    actions = ["R1", "B2", "draw", "G3", "draw", "Y4", "draw", "P5", "draw", "R2", "give 1"]
    notes = an.analyse(_record(actions))
    decisions = [n for n in notes if n.action in ("draw", "stop")]
    assert [n.step for n in decisions] == [2, 4, 6, 8]
    last = decisions[-1]  # five numbers held: every number card busts
    assert last.best == "stop" and last.mark == "??"
    assert last.value_played < last.value_best / 4


def test_an_action_out_of_turn_is_named_by_the_replay():
    with pytest.raises(RecordError, match="action 3 “give 1”"):
        an.analyse(_record(["R1", "B2", "give 1"]))


def test_analyse_shipped_games_grades_decisions_only():
    records = read_jsonl("data/stack5/games.jsonl")[:2]
    for record in records:
        notes = an.analyse(record)
        assert notes
        for n in notes:
            assert n.loss >= 0 and n.unit == "points"
            text = record.actions[n.step]
            assert text == n.action
            assert text in ("draw", "stop") or text.startswith("place ")
            assert n.seat in (0, 1)


def test_a_badly_written_action_is_named_by_the_replay():
    with pytest.raises(RecordError, match="action 3 “jump”"):
        an.analyse(_record(["R1", "B2", "jump"]))
