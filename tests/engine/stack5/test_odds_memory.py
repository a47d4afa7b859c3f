"""draw_odds remembers its answers (a live page's coach asks the same question for a
draw and the decision after it): a remembered answer is the one worked out afresh, and
an argument that differs only in its type, or was changed since, is asked afresh."""

from __future__ import annotations

import pytest

from engine.core.errors import IllegalAction
from engine.stack5.odds import _draw_odds, draw_odds


def test_the_same_question_gets_the_same_answer_worked_out_once():
    unseen = {"R3": 1, "B2": 2, "JK": 1, "D3": 1}
    first = draw_odds(["R1"], unseen, horizon=2)
    assert draw_odds(("R1",), dict(unseen), horizon=2) is first
    assert first == _draw_odds(["R1"], unseen, horizon=2)


def test_a_question_that_differs_in_a_type_is_asked_afresh():
    draw_odds(["R3"], horizon=1)
    with pytest.raises(IllegalAction):
        draw_odds(["R3"], horizon=True)  # True == 1, but it is no number of draws
    draw_odds(["R1"], jokers_this_turn=0)
    with pytest.raises(IllegalAction):
        draw_odds(["R1"], jokers_this_turn=False)


def test_a_changed_mapping_is_asked_afresh():
    unseen = {"B1": 1, "B2": 2}
    before = draw_odds(["R1"], unseen)
    unseen["B1"] = 0  # the caller's mapping changed since: the answer follows it
    after = draw_odds(["R1"], unseen)
    assert before.bust > 0 and after.bust == 0 == _draw_odds(["R1"], unseen).bust
