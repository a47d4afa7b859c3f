"""The calculator against brute force: every raw die face (1/6 each, equal faces not
merged), driven through the checked text API."""

import random
from fractions import Fraction

import pytest

from engine import EngineError, IllegalAction, ParseError, get_game
from engine.core.protocol import CHANCE
from engine.owners_choice import (
    dividend_payout,
    from_position,
    move_outlook,
    net_worth,
    president_payout,
)
from engine.owners_choice.state import LEAVE, OVER, POST, PRE

GAME = get_game("owners_choice")
SIX = Fraction(1, 6)


def brute(s):
    """Expected net worths after the space resolves, by plain enumeration."""
    if s.phase in (PRE, POST, OVER):
        return [Fraction(x) for x in s.net_worth()]
    p = s.current_player()
    if p == CHANCE:
        total = [Fraction(0)] * s.num_players
        die = s.die
        for face in s.ch.raw[die]:  # six raw faces, duplicates included
            c = s.clone()
            c.apply(str(face))
            for i, v in enumerate(brute(c)):
                total[i] += SIX * v
        return total
    if s.phase == LEAVE:
        c = s.clone()
        c.apply("stay")
        return brute(c)
    decider = p
    best = None
    options = ["fund", "pay"] if s.phase == 3 else ["name R", "name Y", "name B", "name G"]
    for text in options:
        if text not in [str(a) for a in s.legal_actions()]:
            continue
        c = s.clone()
        c.apply(text)
        v = brute(c)
        if best is None or v[decider] > best[decider]:
            best = v
    return best


def compare(s):
    before = s.net_worth()
    got = {o.distance: o for o in move_outlook(s)}
    moves = [a for a in s.legal_actions() if a.kind == "move"]
    assert sorted(got) == [int(a.arg) for a in moves]
    for a in moves:
        c = s.clone()
        c.apply(a)
        want = [v - b for v, b in zip(brute(c), before)]
        o = got[int(a.arg)]
        assert list(o.delta) == want, (s.history, str(a))
        assert o.space == s.pos + o.distance
        assert o.space_type == s.space_name(o.space)


def test_outlook_on_every_space_type():
    s = from_position(
        2,
        prices=[40, 190, 300, 100],
        holdings=[[3, 1, 2, 0], [1, 4, 0, 2]],
        cash=[120, 40],
        fund=230,
    )
    for pos in range(0, 34):
        s.pos = pos
        compare(s)


def test_outlook_matches_brute_force_in_random_games():
    checked = 0
    for seed in range(12):
        n = 2 + seed % 4
        s = GAME.new_initial_state(n)
        bots = [GAME.make_bot("random") for _ in range(n)]
        rc, rb = random.Random(seed), random.Random(~seed)
        while not s.is_terminal():
            p = s.current_player()
            if s.phase == PRE and rb.random() < 0.3:
                compare(s)
                checked += 1
            a = s.sample_chance(rc) if p == CHANCE else bots[p].choose(s, p, rb)
            s.apply(a)
    assert checked > 30


def test_president_choice_by_hand():
    # Seat 1 is president of R with 3 shares, Fund 0: paying $50 to roll gives
    # E = -50 + 3 * 10 * (1+1+2+3-1)/6 + 3 * 30 / 6 = -5 ; the Fund die gives
    # 3 * 10 * -(1+1+1+2+2+3)/6 = -50 (and nothing to take). The president pays.
    s = from_position(2, holdings=[[1, 0, 0, 0], [3, 0, 0, 0]], fund=0)
    (o,) = [o for o in move_outlook(s) if o.distance == 1]
    assert o.plan == "R: seat 1 pays $50 and rolls the president die"
    assert o.delta == (Fraction(10 + 5), Fraction(-5))


def test_goal_outlook():
    s = from_position(2, fund=60, pos=33)
    (o1, o2) = move_outlook(s)
    assert o2.space_type == "GOAL" and o2.delta == (60, 0)


def test_outlook_needs_a_player_about_to_move():
    s = from_position(2, holdings=[[1, 0, 0, 0], [0] * 4])
    s.apply("move 1")
    with pytest.raises(IllegalAction, match="move_outlook needs a player about to move"):
        move_outlook(s)


def test_net_worth_and_payouts():
    s = from_position(
        3,
        prices=[190, 40, 100, 300],
        holdings=[[2, 0, 1, 0], [0, 5, 0, 1], [1, 0, 0, 0]],
        cash=[10, 20, 30],
    )
    assert net_worth(s) == [10 + 380 + 100, 20 + 200 + 300, 30 + 190]
    assert dividend_payout(s, "R") == [100, 0, 50]
    assert dividend_payout(s, "yellow") == [0, 50, 0]
    assert president_payout(s) == [200, 200, 0]
    with pytest.raises(ParseError, match="no company 'purple'"):
        dividend_payout(s, "purple")


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"holdings": [[13, 0, 0, 0], [0] * 4]}, "holds 13 shares; the limit is 12"),
        ({"holdings": [[10, 0, 0, 0], [0] * 4, [6, 0, 0, 0]]}, "16 shares of red are held"),
        ({"prices": [100, 100, 100]}, "give four prices"),
        ({"pos": 35}, "pawn on space 35"),
        ({"cash": [-5, 0]}, "cash"),
        (
            {"holdings": [[2, 0, 0, 0], [1, 0, 0, 0]], "presidents": [1, None, None, None]},
            "does not hold the most",
        ),
        ({"to_act": 7}, "seat to act 7"),
    ],
)
def test_bad_positions_name_the_problem(kwargs, message):
    with pytest.raises(EngineError, match=message):
        from_position(**kwargs)
