"""Grading a Stack 5 record whose placement step holds another action: the replay's error
names it (a RecordError), not an AttributeError from reading a card the action lacks."""

from __future__ import annotations

import pytest

from engine import simulate
from engine.analysis import analyse
from engine.core.errors import RecordError
from engine.core.records import initial_state
from engine.stack5.state import P_PLACE


def test_a_stop_where_a_card_is_placed_is_named_by_the_replay():
    record = simulate("stack5", 1, ["heuristic", "heuristic"])
    state = initial_state(record)
    step = 0  # the first action that places a card
    while state.phase != P_PLACE:
        state.apply(record.actions[step])
        step += 1
    record.actions[step] = "stop"
    with pytest.raises(RecordError, match="stop"):
        analyse(record)
