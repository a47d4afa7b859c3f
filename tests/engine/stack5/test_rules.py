"""One test (or a few) per clause of RULES.md §2."""

from __future__ import annotations

from fractions import Fraction

import pytest

from engine import CHANCE, TERMINAL, IllegalAction, ParseError, RulesetError
from engine.stack5 import Deal, Give, Place, Steal, parse_action
from engine.stack5.actions import DRAW, STOP

from .util import names, new, play, rows_text, with_rows

# --- components ------------------------------------------------------------------------


def test_deck_has_87_cards_with_assumed_counts():
    s = new()
    spec = s.spec
    assert s.deck_total == 87 == spec.size
    assert sum(spec.counts[: spec.n_numbers]) == 75
    assert [spec.counts[c] for c in (spec.D3, spec.NB, spec.CB, spec.ST, spec.JK)] == [
        3,
        2,
        2,
        3,
        2,
    ]


def test_every_draw_is_a_chance_node_with_exact_odds():
    s = new()
    outcomes = dict(s.chance_outcomes())
    assert outcomes[Deal("R3")] == Fraction(3, 87)
    assert outcomes[Deal("D3")] == Fraction(3, 87)
    assert outcomes[Deal("JK")] == Fraction(2, 87)
    assert sum(outcomes.values()) == 1
    play(s, "R3")
    assert dict(s.chance_outcomes())[Deal("R3")] == Fraction(2, 86)


def test_ruleset_fields_change_the_deck():
    s = new(steals=0, copies=2)
    assert s.deck_total == 50 + 9
    with pytest.raises(RulesetError):
        new(colours="RR")


# --- drawing -----------------------------------------------------------------------------


def test_at_least_two_draws_then_choice():
    s = new()
    assert s.current_player() == CHANCE
    play(s, "R1")
    assert s.current_player() == CHANCE  # no choice before the second card
    play(s, "B2")
    assert s.current_player() == 0
    assert s.legal_actions() == [DRAW, STOP]
    play(s, "draw")
    assert s.current_player() == CHANCE


def test_stop_then_drawer_places_every_card_then_left_player():
    s = play(new(3), "R1", "B2", "stop")
    assert s.current_player() == 0
    assert sorted(names(s, s.to_place)) == ["B2", "R1"]
    play(s, "place B2 row 1", "place R1 row 1")
    assert rows_text(s, 0) == ["B2 R1", "", ""]
    assert s.player == 1 and s.current_player() == CHANCE


def test_first_two_equal_numbers_bust_at_once():
    s = play(new(3), "R1", "G1")
    assert s.legal_actions() == [Give(1), Give(2)]  # never oneself


def test_bust_gives_all_cards_receiver_places_turn_passes_from_drawer():
    s = play(new(3), "R1", "JK", "draw", "B2", "draw", "Y2")
    assert s.current_player() == 0 and isinstance(s.legal_actions()[0], Give)
    play(s, "give 2")
    assert s.current_player() == 2
    assert sorted(names(s, s.to_place)) == ["B2", "JK", "R1", "Y2"]
    for card in ["R1", "B2", "Y2", "JK"]:
        play(s, str(s.legal_actions()[[a.card for a in s.legal_actions()].index(card)]))
    assert sum(len(r) for r in s.rows[2]) == 4 and not any(s.rows[0])
    assert s.player == 1  # left of the drawer, not of the receiver


def test_give_to_self_is_illegal_and_state_unchanged():
    s = play(new(), "R1", "G1")
    before = list(s.history)
    with pytest.raises(IllegalAction, match="give 0"):
        s.apply("give 0")
    assert s.history == before


# --- special cards -----------------------------------------------------------------------


def test_minimum_two_draws_counts_draw3_cards_by_default():
    """RULES.md §2 A turn: the minimum of 2 counts every card drawn this turn, the
    player's own draws (special cards included) and the three cards of a Draw 3."""
    s = play(new(), "D3", "R1", "B2", "G3")
    assert s.legal_actions() == [DRAW, STOP]  # no forced fifth card
    assert s.own_draws == 4
    assert names(s, s.hand) == ["R1", "B2", "G3"]
    assert s.discard[s.spec.D3] == 1


def test_minimum_two_draws_counts_a_special_card_drawn_by_the_player():
    s = play(new(), "ST", "R1")  # no other player has a card: the Steal does nothing
    assert s.legal_actions() == [DRAW, STOP]


def test_minimum_two_draws_never_counts_a_bomb_turned_card():
    for counts in ("own_and_draw3", "own"):
        s = play(new(min_draw_counts=counts), "NB", "R1")  # NB counts, R1 is the turned card
        assert s.own_draws == 1 and s.current_player() == CHANCE
        play(s, "B2")
        assert s.legal_actions() == [DRAW, STOP]


def test_minimum_two_draws_own_only_is_a_ruleset_choice():
    s = play(new(min_draw_counts="own"), "D3", "R1", "B2", "G3")
    assert s.current_player() == CHANCE  # D3 was the only own draw
    assert s.own_draws == 1
    play(s, "Y4")
    assert s.legal_actions() == [DRAW, STOP]
    assert names(s, s.hand) == ["R1", "B2", "G3", "Y4"]


def test_minimum_two_draws_rule_lives_in_the_ruleset():
    from engine.core.ruleset import describe
    from engine.stack5 import Stack5Rules

    info = {f.name: f for f in describe(Stack5Rules)}["min_draw_counts"]
    assert info.default == "own_and_draw3" and info.assumption
    assert set(info.choices) == {"own_and_draw3", "own"}
    assert "three cards a Draw 3" in Stack5Rules().minimum_draw_text()
    assert "do not" in Stack5Rules(min_draw_counts="own").minimum_draw_text()
    assert "bomb never counts" in Stack5Rules().minimum_draw_text()


def test_draw3_bust_stops_at_once():
    s = play(new(), "R1", "D3", "B1")
    assert isinstance(s.legal_actions()[0], Give)
    assert s.extra == 0 and s.discard[s.spec.D3] == 1
    assert names(s, s.hand) == ["R1", "B1"]


def test_specials_drawn_by_draw3_are_discarded_without_effect():
    s = with_rows(new(), {1: ["R1 R2"]})
    play(s, "R5", "D3", "NB", "JK", "ST")
    spec = s.spec
    assert names(s, s.hand) == ["R5"]
    assert s.jokers == 0
    assert rows_text(s, 1)[0] == "R1 R2"  # no bomb, no steal
    assert [s.discard[c] for c in (spec.D3, spec.NB, spec.JK, spec.ST)] == [1, 1, 1, 1]
    assert s.legal_actions() == [DRAW, STOP]


def test_number_bomb_discards_that_number_from_every_row_and_is_not_a_draw():
    s = with_rows(new(3), {0: ["R3 G3", "B1 B3"], 1: ["Y3 Y4", "P5"], 2: ["G1"]})
    play(s, "NB")
    assert s.current_player() == CHANCE
    play(s, "R3")  # the turned card
    assert rows_text(s, 0) == ["", "B1", ""]
    assert rows_text(s, 1) == ["Y4", "P5", ""]
    assert rows_text(s, 2) == ["G1", "", ""]
    assert s.own_draws == 1 and s.current_player() == CHANCE
    spec = s.spec
    assert s.discard[spec.code("R3")] == 2 and s.discard[spec.NB] == 1
    assert s.card_count() == 87


def test_colour_bomb_discards_that_colour():
    s = with_rows(new(), {0: ["B1 B2"], 1: ["R1 B3 Y5", "G4"]})
    play(s, "R2", "CB", "B4")
    assert rows_text(s, 0) == ["", "", ""]
    assert rows_text(s, 1) == ["R1 Y5", "G4", ""]
    assert s.legal_actions() == [DRAW, STOP]


def test_bomb_turning_a_special_or_joker_does_nothing():
    s = with_rows(new(), {1: ["JK R1"]})
    play(s, "NB", "JK")
    assert rows_text(s, 1)[0] == "JK R1"
    assert s.jokers == 0 and s.hand == []


def test_steal_takes_top_card_and_places_it_at_once():
    s = with_rows(new(3), {1: ["R1 R2", "B5"], 2: ["G4"]})
    play(s, "Y1", "ST")
    assert s.legal_actions() == [Steal(1, 1), Steal(1, 2), Steal(2, 1)]
    play(s, "steal 1 row 1")
    assert rows_text(s, 1)[0] == "R1"
    assert s.legal_actions() == [Place("R2", 1)]
    play(s, "place R2 row 1")
    assert rows_text(s, 0)[0] == "R2"
    assert s.legal_actions() == [DRAW, STOP]  # Y1 and ST were two own draws
    assert s.discard[s.spec.ST] == 1


def test_steal_last_placed_variant_takes_the_card_placed_last():
    s = with_rows(new(3, steal_from="last_placed"), {1: ["R1 R2", "B5"], 2: ["G4 G1"]})
    play(s, "Y1", "ST")
    assert s.legal_actions() == [Steal(1, 2), Steal(2, 1)]  # B5 was placed after R1 R2
    play(s, "steal 1 row 2", "place B5 row 1")
    # now seat 1's last placed card still in a row is R2 (B5 is gone)
    assert s.stamps[1][0] and not s.rows[1][1]
    assert s._steal_targets()[0] == Steal(1, 1)


def test_last_placed_follows_placements_and_bombs():
    s = new(2, steal_from="last_placed")
    play(s, "R1", "B2", "stop", "place B2 row 1", "place R1 row 2")  # seat 0 places
    play(s, "ST")  # seat 1 steals: R1 (row 2) was placed last
    assert s.legal_actions() == [Steal(0, 2)]
    t = with_rows(new(2, steal_from="last_placed"), {1: ["G3 G2"]})
    play(t, "R1", "B3", "stop", "place B3 row 1", "place R1 row 1")  # R1 placed on top
    play(t, "NB", "Y1")  # seat 1's bomb: all 1s go, R1 too
    play(t, "ST")
    assert t.legal_actions() == [Steal(0, 1)] and t.rows[0][0] == tuple(t.spec.codes("B3"))


def test_steal_without_targets_has_no_effect():
    s = play(new(), "ST")
    assert s.current_player() == CHANCE and s.discard[s.spec.ST] == 1


def test_steal_can_complete_a_row_and_win():
    s = with_rows(new(), {0: ["R1 R2 R3 R4"], 1: ["B5 R5"]})
    s.scores[0] = 0
    play(s, "ST", "steal 1 row 1", "place R5 row 1")
    assert s.scores[0] == 3 and s.current_player() == TERMINAL and s.winners() == [0]


def test_jokers_are_kept_and_wild():
    s = play(new(), "JK", "R1", "stop")
    assert sorted(names(s, s.to_place)) == ["JK", "R1"]
    assert s.spec.viable(s.spec.codes("R1 R1 JK")) and s.spec.viable(s.spec.codes("R1 B2 JK"))


def test_both_jokers_discard_the_turn_and_end_it():
    s = play(new(), "JK", "R1", "draw", "JK")
    assert s.player == 1 and s.current_player() == CHANCE
    assert s.discard[s.spec.JK] == 2 and s.discard[s.spec.code("R1")] == 1
    assert not any(s.rows[0])


# --- placement ---------------------------------------------------------------------------


def test_draw3_joker_never_completes_both_jokers_by_default():
    """RULES.md §2: a Joker among the Draw 3 cards is not kept and does not count toward
    "both Jokers" [A]."""
    s = play(new(), "JK", "R1", "draw", "D3", "B2", "JK", "G3")
    assert s.player == 0 and s.legal_actions() == [DRAW, STOP]
    assert names(s, s.hand) == ["JK", "R1", "B2", "G3"]
    assert s.jokers == 1 and s.discard[s.spec.JK] == 1
    # ... nor does it make a later own Joker the second one
    t = play(new(), "D3", "JK", "R1", "B2", "draw", "JK")
    assert t.player == 0 and t.legal_actions() == [DRAW, STOP]
    assert names(t, t.hand) == ["R1", "B2", "JK"]


def test_draw3_joker_counts_for_both_is_a_ruleset_choice():
    # a kept Joker, then a Joker among the Draw 3 cards: both Jokers, the turn ends at once
    s = play(new(draw3_joker="counts_for_both"), "JK", "R1", "draw", "D3", "B2", "JK")
    assert s.player == 1 and s.current_player() == CHANCE and not any(s.rows[0])
    spec = s.spec
    assert s.discard[spec.JK] == 2 and s.discard[spec.D3] == 1
    assert s.discard[spec.code("R1")] == s.discard[spec.code("B2")] == 1
    assert s.card_count() == 87
    # a Joker drawn by Draw 3 first (discarded, not kept), then an own Joker
    t = play(new(draw3_joker="counts_for_both"), "D3", "JK", "R1", "B2")
    assert t.jokers == 1 and names(t, t.hand) == ["R1", "B2"]
    assert t.observation(0)["jokers_this_turn"] == 1
    play(t, "draw", "JK")
    assert t.player == 1 and t.discard[spec.JK] == 2 and t.card_count() == 87


def test_draw3_joker_rule_lives_in_the_ruleset():
    from engine.core.ruleset import describe
    from engine.stack5 import Stack5Rules

    info = {f.name: f for f in describe(Stack5Rules)}["draw3_joker"]
    assert info.default == "no_effect" and info.assumption
    assert set(info.choices) == {"no_effect", "counts_for_both"}
    assert "does not count" in Stack5Rules().draw3_joker_text()
    assert "still counts" in Stack5Rules(draw3_joker="counts_for_both").draw3_joker_text()
    with pytest.raises(RulesetError, match="allowed"):
        new(draw3_joker="kept")


def test_viability_rule():
    spec = new().spec
    ok = ["R1 B2 G3", "R1 B1 G1", "R1 R1 R4", "R1 JK B5", "JK JK", "R3 R3 R3 JK"]
    bad = ["R1 R1 B2", "R1 B2 B2", "R1 B1 G2 JK"]
    assert all(spec.viable(spec.codes(r)) for r in ok)
    assert not any(spec.viable(spec.codes(r)) for r in bad)


def test_placement_one_card_at_a_time_in_any_order_new_row_in_first_slot():
    s = play(new(), "R1", "B2", "stop")
    assert s.legal_actions() == [Place("R1", 1), Place("B2", 1)]
    play(s, "place B2 row 1")
    assert s.legal_actions() == [Place("R1", 1), Place("R1", 2)]
    with pytest.raises(IllegalAction):
        s.apply("place R1 row 3")  # a new row goes in the first empty slot


def test_forced_discard_only_when_no_legal_place():
    s = with_rows(new(), {0: ["R1 B1", "B2 G2", "Y5 Y4"]})
    play(s, "G5", "P3", "stop")
    acts = s.legal_actions()
    assert [a for a in acts if a.card == "G5"] == [Place("G5", i, True) for i in (1, 2, 3)]
    assert [a for a in acts if a.card == "P3"] == [Place("P3", 3)]  # Y5 Y4 P3 stays viable
    with pytest.raises(IllegalAction):
        s.apply("place P3 discard row 1")


def test_forced_discard_discards_the_row_and_starts_a_new_one():
    s = with_rows(new(), {0: ["R1 B1", "B2 G2", "Y5 Y4"]})
    play(s, "G5", "Y3", "stop", "place G5 discard row 2")
    assert rows_text(s, 0)[1] == "G5"
    assert s.discard[s.spec.code("B2")] == 1 and s.discard[s.spec.code("G2")] == 1


@pytest.mark.parametrize(
    "row, points",
    [
        ("R1 R2 R3 R4 R5", 3),
        ("R1 B2 R3 G4 Y5", 1),
        ("R1 B1 G1 Y1 P1", 2),
        ("R1 R1 R2 R5 R5", 2),
        ("R1 JK R3 JK R5", 3),
        ("R2 B2 JK G2 JK", 2),
        ("R1 B2 JK G4 JK", 1),
    ],
)
def test_full_row_scores_best_combination(row, points):
    spec = new().spec
    assert spec.points(spec.codes(row)) == points


def test_fifth_card_scores_at_once_and_row_leaves():
    s = with_rows(new(), {0: ["R1 B2 G3 Y4"]})
    play(s, "P5", "R4", "stop", "place P5 row 1")
    assert s.scores[0] == 1 and rows_text(s, 0)[0] == ""
    assert s.discard[s.spec.code("R1")] == 1


def test_win_at_target_points_at_once():
    s = with_rows(new(), {0: ["R1 R2 R3 R4", "B1 B2"]})
    play(s, "R5", "B3", "stop", "place R5 row 1")
    assert s.is_terminal() and s.winners() == [0] and s.returns() == [3, 0]
    assert s.legal_actions() == []
    with pytest.raises(IllegalAction, match="game is over"):
        s.apply("place B3 row 2")


def _only_in_deck(s, cards):
    """Move every card to the discard pile except ``cards``."""
    keep = s.spec.codes(cards)
    s.discard = list(s.deck)
    s.deck = [0] * s.spec.kinds
    for c in keep:
        s.discard[c] -= 1
        s.deck[c] += 1
    s.deck_total = len(keep)


def test_reshuffle_when_deck_runs_out():
    s = new()
    _only_in_deck(s, ["R1", "B2"])
    play(s, "R1", "B2")
    assert s.deck_total == 0 and s.reshuffles == 0
    play(s, "draw")
    assert s.reshuffles == 1 and s.deck_total == 85 and sum(s.discard) == 0
    assert dict(s.chance_outcomes())[Deal("R1")] == Fraction(2, 85)
    play(s, "G3")
    assert s.card_count() == 87


def test_reshuffle_in_the_middle_of_draw3():
    s = new()
    _only_in_deck(s, ["D3", "R1"])
    play(s, "D3", "R1")
    # the second Draw 3 card is needed: the discard pile became the deck at once,
    # without the D3 still taking effect
    assert s.reshuffles == 1 and s.deck_total == 85 and s.current_player() == CHANCE
    assert s.deck[s.spec.D3] == 2 and s.effect == s.spec.D3
    play(s, "B2", "G3")
    assert s.discard[s.spec.D3] == 1 and s.card_count() == 87


# --- text forms and errors ----------------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "draw",
        "stop",
        "R3",
        "JK",
        "give 2",
        "steal 1 row 3",
        "place G4 row 2",
        "place JK discard row 1",
    ],
)
def test_text_round_trip(text):
    a = parse_action(text)
    assert str(a) == text and parse_action(str(a)) == a
    assert (
        eval(
            repr(a),
            {"Place": Place, "Steal": Steal, "Give": Give, "Deal": Deal, "Decide": type(DRAW)},
        )
        == a
    )


def test_parse_errors_quote_input_and_list_forms():
    with pytest.raises(ParseError, match="'fly': not a Stack 5 action; write “draw”"):
        parse_action("fly")
    s = new()
    with pytest.raises(IllegalAction, match="'X9'.*not possible"):
        s.apply("X9")


def test_impossible_chance_outcome_is_refused_and_state_unchanged():
    s = new()
    play(s, "R1", "R1", "give 1")
    before = (list(s.deck), s.history[:])
    with pytest.raises(IllegalAction):
        s.apply("draw")
    assert (s.deck, s.history) == before
    t = new()
    t.deck[t.spec.code("R1")] = 0
    t.deck_total -= 3
    with pytest.raises(IllegalAction, match="'R1'"):
        t.apply("R1")


def test_clone_is_independent():
    s = play(new(), "R1", "B2")
    c = s.clone()
    play(c, "draw", "G3", "stop")
    assert s.legal_actions() == [DRAW, STOP] and len(s.history) == 2
    assert c.history[:2] == s.history


def test_bust_receiver_can_complete_a_row_and_win_at_once():
    s = with_rows(new(3), {1: ["G1 G2 G3 G4"]})
    s.scores[1] = 1
    play(s, "R5", "B5", "give 1", "place B5 row 2", "place R5 row 2")
    assert not s.is_terminal()
    t = with_rows(new(3), {1: ["G1 G2 G3 G4"]})
    t.scores[1] = 1
    play(t, "G5", "B5", "give 1", "place G5 row 1")
    assert t.is_terminal() and t.winners() == [1] and t.scores[1] == 4


def test_observation_is_public_and_the_same_for_every_seat():
    s = with_rows(new(3), {1: ["R1 R2"]})
    play(s, "JK", "B4")
    obs = s.observation(0)
    assert obs == s.observation(1) == s.observation(2) == s.observation(None)
    assert obs["hand"] == ["JK", "B4"] and obs["rows"][1][0] == ["R1", "R2"]
    assert sum(obs["unseen"].values()) == obs["deck_size"] == 87 - 4
