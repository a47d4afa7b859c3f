"""Stack 5 draw/stop grades over the whole rest of the turn: the memoised piecewise-linear
values against a plain recursion over the deck multiset (every card drawn, no memo) at
every decision of whole random games, against a walk of the real engine where the deck
has no bombs or Steals, and a hand-made blunder."""

from __future__ import annotations

import random

import pytest

from engine import GameRecord
from engine.core.protocol import CHANCE, TERMINAL
from engine.stack5 import analysis as an
from engine.stack5.state import P_DECIDE, P_GIVE

from .util import GAME

# Small decks: 2 colours × 5 numbers × 3 copies and one row; the specials split in two
# sets, as the plain recursion below grows fast with them.
SMALL = {"colours": "RB", "max_rows": 1, "jokers": 2, "colour_bombs": 0}
DRAW3 = SMALL | {"draw3": 1, "number_bombs": 0, "steals": 0}
BOMBS = SMALL | {"draw3": 0, "number_bombs": 1, "steals": 1}


def _inputs(state):
    """The measure's inputs, worked out here from the state: each card's value, the
    best stolen card's value, the worth held."""
    spec, rules, seat = state.spec, state.ruleset, state.player
    rows = an._rows(state, seat)
    value = {
        c: an.card_value(rows, spec.names[c], rules)
        for c in range(spec.kinds)
        if c < spec.n_numbers or c == spec.JK
    }
    tops = [spec.names[state.rows[t.seat][t.row - 1][-1]] for t in state._steal_targets()]
    steal = max((an.card_value(rows, t, rules) for t in tops), default=0.0)
    return value, steal, sum(value[c] for c in state.hand)


def _brute_draw(state) -> float:
    """Drawing now, by plain recursion over the deck multiset under the measure's
    assumptions (bust or a second Joker 0; bombs only take a draw; a Steal adds its
    card's value; an empty deck ends the drawing), no memo."""
    spec = state.spec
    value, steal, held = _inputs(state)
    jc = state.ruleset.draw3_joker_counts()

    def decide(h, deck, mask, jokers):
        return max(h, draw(h, deck, mask, jokers))

    def draw(h, deck, mask, jokers):
        total = sum(deck)
        if total == 0:
            return h
        acc = 0.0
        for c, n in enumerate(deck):
            if not n:
                continue
            rest = list(deck)
            rest[c] -= 1
            if c < spec.n_numbers:
                bit = 1 << spec.number[c]
                got = 0.0 if mask & bit else decide(h + value[c], rest, mask | bit, jokers)
            elif c == spec.JK:
                got = 0.0 if jokers else decide(h + value[c], rest, mask, 1)
            elif c == spec.D3:
                got = extra(h, 3, rest, mask, jokers)
            elif c == spec.ST:
                got = steal + decide(h, rest, mask, jokers)
            else:  # a bomb
                got = decide(h, rest, mask, jokers)
            acc += n * got
        return acc / total

    def extra(h, m, deck, mask, jokers):
        total = sum(deck)
        if m == 0 or total == 0:
            return decide(h, deck, mask, jokers)
        acc = 0.0
        for c, n in enumerate(deck):
            if not n:
                continue
            rest = list(deck)
            rest[c] -= 1
            if c < spec.n_numbers:
                bit = 1 << spec.number[c]
                got = 0.0 if mask & bit else extra(h + value[c], m - 1, rest, mask | bit, jokers)
            elif c == spec.JK and jc:
                got = 0.0 if jokers else extra(h, m - 1, rest, mask, 1)
            else:  # no effect
                got = extra(h, m - 1, rest, mask, jokers)
            acc += n * got
        return acc / total

    return draw(held, list(state.deck), state.mask, state.jokers)


def _engine_draw(state, seat, rows, rules) -> float:
    """Drawing now, walking every chance outcome of the real engine: stop = the held
    cards' values, bust or both Jokers = 0."""
    if state.player != seat or state.phase == P_GIVE:
        return 0.0
    if state.phase == P_DECIDE:
        stop = sum(an.card_value(rows, state.spec.names[c], rules) for c in state.hand)
        c = state.clone()
        c.apply("draw")
        return max(stop, _engine_draw(c, seat, rows, rules))
    assert state.current_player() == CHANCE
    acc = 0.0
    for action, p in state.chance_outcomes():
        c = state.clone()
        c.apply(action)
        acc += float(p) * _engine_draw(c, seat, rows, rules)
    return acc


def _decisions_of_random_games(seeds, players, rules):
    """Every draw-or-stop position of whole games between random players."""
    for seed in seeds:
        rng = random.Random(seed)
        state = GAME.new_initial_state(players, **rules)
        for _ in range(2000):
            who = state.current_player()
            if who == TERMINAL:
                break
            if who == CHANCE:
                state.apply(state.sample_chance(rng))
                continue
            if state.phase == P_DECIDE:
                yield state.clone()
            state.apply(rng.choice(state.legal_actions()))


@pytest.mark.parametrize("draw3_joker", ["no_effect", "counts_for_both"])
@pytest.mark.parametrize("players", [2, 3])
def test_draw_value_is_the_exact_expectation_of_the_rest_of_the_turn_in_whole_games(
    players, draw3_joker
):
    rules = DRAW3 | {"draw3_joker": draw3_joker}
    seen = 0
    for state in _decisions_of_random_games(range(2), players, rules):
        values = an.decision_values(state)
        assert values["stop"] == pytest.approx(_inputs(state)[2], abs=1e-9)
        assert values["draw"] == pytest.approx(_brute_draw(state), rel=1e-9, abs=1e-9)
        seen += 1
    assert seen >= 10


@pytest.mark.parametrize("steal_from", ["any_row", "last_placed"])
def test_draw_value_counts_bombs_and_the_best_stolen_card_in_whole_games(steal_from):
    rules = BOMBS | {"steal_from": steal_from}
    for state in _decisions_of_random_games(range(2), 3, rules):
        assert an.decision_values(state)["draw"] == pytest.approx(
            _brute_draw(state), rel=1e-9, abs=1e-9
        )


@pytest.mark.parametrize("draw3_joker", ["no_effect", "counts_for_both"])
def test_draw_value_matches_a_walk_of_the_real_engine_in_whole_games(draw3_joker):
    """Without bombs and Steals the measure's only assumptions are the value of the cards
    kept and no reshuffle: positions whose deck cannot run out this turn match the engine
    exactly."""
    rules = DRAW3 | {"draw3_joker": draw3_joker}
    checked = 0
    for state in _decisions_of_random_games(range(2, 4), 2, rules):
        spec = state.spec
        # every number not drawn yet, then a bust, and every special
        specials = sum(state.deck[spec.n_numbers :])
        longest = state.ruleset.numbers - bin(state.mask).count("1") + 1 + specials
        if state.deck_total < longest:
            continue
        rows = an._rows(state, state.player)
        c = state.clone()
        c.apply("draw")
        expected = _engine_draw(c, state.player, rows, state.ruleset)
        assert an.decision_values(state)["draw"] == pytest.approx(expected, rel=1e-9, abs=1e-9)
        checked += 1
        if checked == 6:
            break
    assert checked == 6


def _record(actions):
    return GameRecord(game="stack5", players=["a", "b"], actions=actions)


def test_drawing_into_a_near_certain_bust_with_a_valuable_hand_is_a_blunder():
    """Seat 0 holds R5 and B1, each completing a colour run (1.08 points each), then G2
    and Y3: only a 4 (or a special) does not bust the next card; a 2 busts."""
    filler = ["G1", "Y3", "stop", "place G1 row 1", "place Y3 row 2"]
    actions = (
        ["R1", "R2", "stop", "place R1 row 1", "place R2 row 1"]
        + filler
        + ["R3", "R4", "stop", "place R3 row 1", "place R4 row 1"]
        + ["P1", "P3", "stop", "place P1 row 1", "place P3 row 2"]
        + ["B5", "B4", "stop", "place B5 row 2", "place B4 row 2"]
        + ["G1", "G3", "stop", "place G1 row 1", "place G3 row 2"]
        + ["B3", "B2", "stop", "place B3 row 2", "place B2 row 2"]
        + ["Y1", "Y3", "stop", "place Y1 row 3", "place Y3 row 3"]
        + ["R5", "B1", "draw", "G2", "draw", "Y3", "draw", "P2", "give 1"]
    )
    notes = {n.step: n for n in an.analyse(_record(actions))}
    last = len(actions) - 3  # the third draw
    first = last - 4
    for step in (first, last):
        assert actions[step] == "draw"
        assert notes[step].best == "stop"
        assert notes[step].mark == "??"
    assert notes[last].value_best == pytest.approx(2 * (3 - 3 * (4 / 5) ** 2) + 2 * 3 / 25)
    assert notes[last].value_played < notes[last].value_best / 2
