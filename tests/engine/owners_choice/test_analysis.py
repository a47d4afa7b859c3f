"""Owner's Choice analysis: move and trade values against a direct walk over the dice, a
hand-made blunder, and shipped games."""

from __future__ import annotations

from fractions import Fraction

import pytest

from engine import GameRecord, read_jsonl
from engine.owners_choice import analysis as an
from engine.owners_choice import from_position
from engine.owners_choice.state import CHOOSE, NAME, OVER, POST, PRE, ROLL


def _walk(state, seat: int) -> Fraction:
    """``seat``'s expected net worth once the space is resolved: every die outcome walked
    with its probability, each president / namer choosing best for themselves (Fund die
    on a tie, the first company on a tie), nobody leaving."""
    ph = state.phase
    if ph in (PRE, POST, OVER):
        return Fraction(state.net_worth()[seat])
    if ph == ROLL:
        total = Fraction(0)
        for action, p in state.chance_outcomes():
            c = state.clone()
            c.apply(action)
            total += p * _walk(c, seat)
        return total
    if ph in (CHOOSE, NAME):
        chooser = state.current_player()
        options = sorted(state.legal_actions(), key=lambda a: a.kind != "fund")
        best = None
        for a in options:
            c = state.clone()
            c.apply(a)
            mine, theirs = _walk(c, seat), _walk(c, chooser)
            if best is None or theirs > best[1]:
                best = (mine, theirs)
        return best[0]
    c = state.clone()
    c.apply("stay")
    return _walk(c, seat)


POSITION = dict(holdings=[[3, 0, 0, 0], [0, 2, 0, 0]], cash=[400, 500], fund=200, presidents=None)


def test_each_move_is_valued_by_the_exact_expectation_over_the_dice():
    s = from_position(**POSITION)
    values = an.action_values(s)
    before = s.net_worth()[0]
    for d in range(1, 5):
        c = s.clone()
        c.apply(f"move {d}")
        assert values[f"move {d}"] == pytest.approx(float(_walk(c, 0) - before))


@pytest.mark.parametrize("trade", ["buy R", "sell R", "buy B"])
def test_a_trade_before_the_move_is_valued_by_the_best_move_after_it(trade):
    s = from_position(**POSITION)
    values = an.action_values(s)
    c = s.clone()
    c.apply(trade)
    before = c.net_worth()[0]
    best = max(_walk(m, 0) for m in _after_each_move(c))
    assert values[trade] == pytest.approx(float(best - before))


def _after_each_move(s):
    for a in s.legal_actions():
        if a.kind == "move":
            c = s.clone()
            c.apply(a)
            yield c


def test_a_trade_after_the_move_is_valued_by_the_next_players_own_best_move():
    s = from_position(**POSITION)
    s.apply("move 2")  # Y: seat 1's company; resolve it, then seat 0 trades after moving
    while s.phase != POST:
        s.apply(s.legal_actions()[0] if s.phase != ROLL else s.chance_outcomes()[0][0])
    values = an.action_values(s)
    for trade in ("buy G", "done"):
        c = s.clone()
        c.apply(trade)
        if trade != "done":
            c.apply("done")
        before = c.net_worth()[0]
        mover = c.active
        outcomes = [(_walk(m, mover), _walk(m, 0)) for m in _after_each_move(c)]
        best_for_mover = max(o[0] for o in outcomes)
        mine = next(o[1] for o in outcomes if o[0] == best_for_mover)
        assert values[trade] == pytest.approx(float(mine - before))


def test_a_hand_edited_record_with_the_worst_move_is_marked_a_blunder():
    """Take a shipped game, find the first move choice whose worst move loses at least
    the blunder threshold, play that move instead and cut the record there."""
    from engine.analysis import positions

    record = read_jsonl("data/owners_choice/games.jsonl")[0]
    found = None
    for i, state, _text in positions(record):
        if state.phase != PRE:
            continue
        values = an.action_values(state)
        moves = {k: v for k, v in values.items() if k.startswith("move")}
        worst = min(moves, key=moves.get)
        if max(values.values()) - moves[worst] >= an.THRESHOLDS.blunder:
            found = (i, worst)
            break
    assert found, "no blunder-sized move choice in the first shipped game"
    step, worst = found
    edited = GameRecord(
        game="owners_choice", players=record.players, actions=record.actions[:step] + [worst]
    )
    last = an.analyse(edited)[-1]
    assert (last.step, last.action) == (step, worst)
    assert last.mark == "??" and last.best != worst


def test_the_presidents_choice_is_graded_by_option_values():
    s = from_position(holdings=[[3, 0, 0, 0], [0, 2, 0, 0]], fund=0)
    s.apply("move 1")
    values = an.action_values(s)
    assert set(values) == {"pay", "fund"}
    assert values["pay"] - values["fund"] == pytest.approx(985 - 940)


def test_a_large_loss_is_marked_as_a_blunder():
    s = from_position(holdings=[[3, 0, 0, 0], [0, 2, 0, 0]], cash=[400, 500], fund=600)
    values = an.action_values(s)
    loss = max(values.values()) - values["move 2"]
    assert loss >= an.THRESHOLDS.blunder
    assert an.mark_for(loss, an.THRESHOLDS) == "??"


def test_analyse_shipped_games_grades_decisions_only():
    for record in read_jsonl("data/owners_choice/games.jsonl")[:2]:
        notes = an.analyse(record)
        assert notes
        for n in notes:
            assert n.loss >= 0 and n.unit == "$"
            assert record.actions[n.step] == n.action
            assert not n.action.startswith("die ")
