"""draw_odds against brute force and against the engine's own chance nodes."""

from __future__ import annotations

import random
from fractions import Fraction

import pytest

from engine import CHANCE, IllegalAction, ParseError
from engine.stack5 import draw_odds, legal_placements, row_outlook, unseen_cards
from engine.stack5.actions import DRAW
from engine.stack5.odds import brute_force_bust
from engine.stack5.state import P_DECIDE, P_GIVE

from .util import new

ALL = [f"{c}{n}" for c in "RBGYP" for n in range(1, 6)] + ["D3", "NB", "CB", "ST", "JK"]


def _random_case(rng: random.Random):
    spec = new().spec
    pool = [spec.name(c) for c, n in enumerate(spec.counts) for _ in range(n)]
    rng.shuffle(pool)
    drawn, numbers = [], set()
    for card in pool[: rng.randrange(0, 4)]:
        if card == "JK" and "JK" not in drawn:
            drawn.append(card)
        elif card[1].isdigit() and card not in ("D3",) and int(card[1]) not in numbers:
            numbers.add(int(card[1]))
            drawn.append(card)
    rest = pool[10:]
    unseen = rest[: rng.randrange(3, 8)]
    return drawn, unseen


@pytest.mark.parametrize("seed", range(40))
def test_draw_odds_matches_brute_force(seed):
    drawn, unseen = _random_case(random.Random(seed))
    o = draw_odds(drawn, unseen)
    for k in range(1, 6):
        assert o.bust_within[k - 1] == brute_force_bust(drawn, unseen, k), (drawn, unseen, k)
    jk = unseen.count("JK")
    assert o.double_joker == (Fraction(jk, len(unseen)) if "JK" in drawn else 0)
    assert o.bust + o.double_joker + o.safe == 1
    assert list(o.bust_within) == sorted(o.bust_within)


def test_full_deck_next_draw_matches_brute_force():
    for drawn in (["R3", "B1"], ["JK", "G5"], ["R1", "B2", "G3", "Y4", "JK"]):
        assert draw_odds(drawn, horizon=1).bust == brute_force_bust(drawn, k=1)


def test_bust_by_hand():
    # R3, B1 held; 85 unseen: 14 threes and 14 ones bust at once; a D3 (3 of 85) busts
    # if any of its three cards does.
    o = draw_odds(["R3", "B1"])
    assert o.bust > Fraction(28, 85)
    assert o.bust < Fraction(28 + 3, 85)
    # five different numbers: every number card busts
    o = draw_odds(["R1", "B2", "G3", "Y4", "P5"], horizon=1)
    d3 = Fraction(3, 82)
    assert o.bust == Fraction(70, 82) + d3 * (1 - Fraction(11 * 10 * 9, 81 * 80 * 79))


def _engine_bust_within(state, start: int, k: int) -> Fraction:
    """Exact bust-within-k by walking the engine's chance nodes, always drawing."""
    p = state.current_player()
    if state.reshuffles:
        return Fraction(0)  # the calculator stops when the unseen cards run out
    if state.phase == P_GIVE:
        return Fraction(1)
    if state.player != start or p not in (CHANCE, start):
        return Fraction(0)  # the turn ended (two Jokers)
    if state.phase == P_DECIDE:
        if k == 0:
            return Fraction(0)
        c = state.clone()
        c.apply(DRAW)
        return _engine_bust_within(c, start, k - 1)
    if state.deck_total == 0:
        return Fraction(0)
    total = Fraction(0)
    for action, prob in state.chance_outcomes():
        c = state.clone()
        c.apply(action)
        total += prob * _engine_bust_within(c, start, k)
    return total


@pytest.mark.parametrize(
    "drawn, unseen",
    [
        (["R1", "B2"], ["R1", "D3", "G2", "JK", "Y3", "NB"]),
        (["R1", "JK"], ["JK", "D3", "B4", "ST", "B1", "CB"]),
        (["G5", "Y4"], ["D3", "D3", "R5", "B3", "P2", "R2"]),
    ],
)
def test_draw_odds_matches_the_engine(drawn, unseen):
    s = new()
    spec = s.spec
    s.deck = [0] * spec.kinds
    for c in spec.codes(unseen):
        s.deck[c] += 1
    s.deck_total = len(unseen)
    s.hand = spec.codes(drawn)
    for c in s.hand:
        if c < spec.n_numbers:
            s.mask |= 1 << spec.number[c]
    s.jokers = drawn.count("JK")
    s.own_draws = 2
    s.phase = P_DECIDE
    o = draw_odds(drawn, unseen)
    for k in (1, 2, 3):
        assert o.bust_within[k - 1] == _engine_bust_within(s, 0, k)


def test_unseen_from_visible_cards():
    u = unseen_cards(["R3", "JK"], ["R3", "B2", "D3"])
    assert sum(u.values()) == 87 - 5 and u["R3"] == 1 and u["JK"] == 1
    o = draw_odds(["R3", "JK"], u, horizon=1)
    assert o.unseen == 82


@pytest.mark.parametrize(
    "drawn, unseen, error, text",
    [
        (["Q3"], None, ParseError, "'Q3': not a Stack 5 card"),
        (["R3", "G3"], None, IllegalAction, "repeat the number 3"),
        (["JK", "JK"], None, IllegalAction, "two Jokers"),
        (["D3"], None, IllegalAction, "'D3' cannot be held"),
        (["R3"], ["R3", "R3", "R3"], IllegalAction, "4 copies of 'R3'"),
        (["R3"], {"B2": -1}, ParseError, "count -1"),
    ],
)
def test_bad_input_names_the_problem(drawn, unseen, error, text):
    with pytest.raises(error, match=text):
        draw_odds(drawn, unseen)


def test_horizon_is_checked():
    with pytest.raises(IllegalAction, match="horizon 9"):
        draw_odds(["R1"], horizon=9)


def test_empty_unseen_means_no_risk():
    o = draw_odds(["R1"], [])
    assert o.bust == 0 and o.safe == 0 and o.unseen == 0


def test_legal_placements_and_errors():
    assert [str(a) for a in legal_placements([], "R1")] == ["place R1 row 1"]
    assert [str(a) for a in legal_placements(["R1 R2"], "JK")] == [
        "place JK row 1",
        "place JK row 2",
    ]
    with pytest.raises(IllegalAction, match="row 1 .*not viable"):
        legal_placements(["R1 B1 G2"], "R3")
    with pytest.raises(IllegalAction, match="at most 3 rows"):
        legal_placements(["R1", "R2", "R3", "R4"], "R5")
    with pytest.raises(ParseError, match="only number cards and Jokers"):
        legal_placements([], "ST")


def test_row_outlook():
    o = row_outlook("R1 R3 JK")
    assert o.combinations == ("colour run", "same colour", "all different")
    assert o.best_points == 3 and o.cards_to_go == 2
    assert row_outlook("B2 G2").combinations == ("same number",)
    assert row_outlook("").best_points == 3
    assert not row_outlook("R1 R1 B2").viable


@pytest.mark.parametrize("seed", range(25))
def test_draw_odds_matches_brute_force_with_many_specials(seed):
    # bombs, Draw 3s, Steals and Jokers in small decks, where the deck runs out
    rng = random.Random(1000 + seed)
    pool = ["NB", "NB", "CB", "CB", "D3", "D3", "ST", "JK", "R1", "B1", "G2", "Y3", "P4", "R5"]
    unseen = rng.sample(pool, rng.randrange(3, 8))
    drawn = rng.choice([[], ["JK"], ["G1"], ["Y2", "JK"], ["B3", "R4"]])
    unseen = [c for c in unseen if not (c == "JK" and "JK" in drawn)]
    o = draw_odds(drawn, unseen)
    for k in range(1, 6):
        assert o.bust_within[k - 1] == brute_force_bust(drawn, unseen, k), (drawn, unseen, k)


@pytest.mark.parametrize(
    "drawn, unseen, jokers",
    [
        (["R1", "JK"], ["D3", "JK", "B1", "G3", "Y4", "P5"], None),
        (["R1", "B2"], ["D3", "JK", "G3", "Y2", "P5", "JK"], 1),
        (["R1"], ["D3", "D3", "JK", "JK", "G3", "Y1"], 0),
    ],
)
def test_draw3_joker_counts_for_both_in_the_odds(drawn, unseen, jokers):
    """Under draw3_joker = 'counts_for_both' the odds follow the engine and the brute
    force (a second Joker among the Draw 3 cards ends the turn without a bust)."""
    from engine.stack5 import Stack5Rules

    rules = Stack5Rules(draw3_joker="counts_for_both")
    s = new(draw3_joker="counts_for_both")
    spec = s.spec
    s.deck = [0] * spec.kinds
    for c in spec.codes(unseen):
        s.deck[c] += 1
    s.deck_total = len(unseen)
    s.hand = spec.codes(drawn)
    for c in s.hand:
        if c < spec.n_numbers:
            s.mask |= 1 << spec.number[c]
    s.jokers = drawn.count("JK") if jokers is None else jokers
    s.own_draws = 2
    s.phase = P_DECIDE
    o = draw_odds(drawn, unseen, rules, horizon=3, jokers_this_turn=jokers)
    default = draw_odds(drawn, unseen, horizon=3)
    for k in (1, 2, 3):
        assert o.bust_within[k - 1] == _engine_bust_within(s, 0, k)
        assert o.bust_within[k - 1] == brute_force_bust(drawn, unseen, k, rules, jokers)
    if s.jokers:  # the counted Joker changes the odds: fewer Draw 3s run to a bust
        assert o.bust_within[2] < default.bust_within[2]


def test_draw3_joker_jokers_this_turn_is_checked():
    with pytest.raises(IllegalAction, match="0 or 1"):
        draw_odds(["R1"], jokers_this_turn=2)
    with pytest.raises(IllegalAction, match="Joker is held"):
        draw_odds(["JK"], jokers_this_turn=0)
