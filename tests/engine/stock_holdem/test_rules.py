"""Rule tests for Stock Hold'em, one or more per clause of RULES.md §1."""

from __future__ import annotations

import random

import pytest

from engine import IllegalAction, ParseError, RulesetError, get_game, replay, simulate
from engine.core.protocol import CHANCE, TERMINAL
from engine.stock_holdem import (
    BEAR,
    BULL,
    Deal,
    Move,
    card_text,
    next_start_player,
    parse_card,
    parse_move,
    price,
)
from engine.stock_holdem.cards import back_text, shows_number
from engine.stock_holdem.state import CLEANUP, OVER, TRADE

GAME = get_game("stock_holdem")


def dealt(n: int, seed: int = 0, **rules):
    s = GAME.new_initial_state(n, **rules)
    s.apply(s.sample_chance(random.Random(seed)))
    return s


def finish_turn(s):
    """Pass through the rest of the current turn without trading."""
    p = s.current_player()
    while s.current_player() == p and s.phase == TRADE:
        if s.step == 0:
            s.apply(s.legal_actions()[0])
        elif s.step == 1:
            s.apply("no sell")
        elif s.step == 2:
            s.apply("no buy")
        else:
            s.apply("end")


# --- price examples (RULES §1 "The price of a company") --------------------------------------


@pytest.mark.parametrize(
    ("cards", "stock_up", "expected", "parts"),
    [
        ("3A 5A 9A 1A 7A", False, 35, (25, 0, "flush", "none")),
        ("10A 10F 10S 10W BULL", False, 57, (20, 0, "four symbols", "five of a kind")),
        ("2F 3A 4S 5W BEAR", False, 25, (5, 0, "four symbols", "small straight")),
        ("6S 6W 6A 2F 2S", True, 43, (8, 5, "four symbols", "full house")),
    ],
)
def test_rules_price_examples(cards, stock_up, expected, parts):
    b = price(cards, stock_up=stock_up)
    assert b.price == expected
    assert (b.base, b.stock_up_bonus, b.symbol_hand, b.number_hand) == parts


def test_example_two_is_clamped_from_60():
    b = price("10A 10F 10S 10W BULL")
    assert b.total == 60 and b.clamped and b.price == 57


@pytest.mark.parametrize(
    ("cards", "hand", "bonus"),
    [
        ("4A 4F 4S 4W 9A", "four of a kind", 25),
        ("1A 2F 3S 4W 5A", "large straight", 20),
        ("1A 1F 1S 5W 7A", "three of a kind", 10),
        ("1A 1F 5S 5W 7A", "none", 0),  # pairs score nothing
        ("8A 9F 10S BULL 7A", "small straight", 10),  # Bull counts as 10
        ("9A 10F 1S 2W 3A", "none", 0),  # numbers do not wrap: 9 10 1 2 3 is no straight
        ("BULL 10A 10F 3S BEAR", "three of a kind", 10),
    ],
)
def test_number_hands(cards, hand, bonus):
    b = price(cards)
    assert (b.number_hand, b.number_bonus) == (hand, bonus)


def test_bull_and_bear_ignored_by_symbol_hands():
    # Bull + four cards of one symbol is a flush (Bull has no symbol)
    assert price("1A 3A 5A 7A BULL").symbol_hand == "flush"
    assert price("1A 3A 5A BULL BEAR").symbol_hand == "flush"
    assert price("1A 3A 5A BULL BEAR").base == 9 + 10


def test_bear_only_with_low_cards_is_at_least_1():
    assert price("1A 2F BEAR 4S 6W").price >= 1


# --- components ----------------------------------------------------------------------------


def test_cards_and_backs():
    assert len({card_text(c) for c in range(42)}) == 42
    assert parse_card("bull") == BULL and parse_card("Bear") == BEAR
    # [A] n + i even -> number on the back; Bull shows 10, Bear shows x
    assert back_text(parse_card("2A")) == "2?" and back_text(parse_card("2F")) == "?F"
    assert back_text(BULL) == "10?" and back_text(BEAR) == "BEAR"
    assert not shows_number(parse_card("2A"), "odd")
    assert sum(shows_number(c) for c in range(40)) == 20


# --- set-up --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("n", "money", "hand", "turns"),
    [(3, 150, 6, 6), (4, 120, 5, 5), (5, 100, 4, 4), (6, 100, 4, 4)],
)
def test_setup_by_player_count(n, money, hand, turns):
    s = GAME.new_initial_state(n)
    assert s.current_player() == CHANCE
    assert s.money == [money] * n
    assert s.chips == [2, 3, 3, 4, 4, 5][:n]  # clockwise from the start player (seat 0)
    assert s.prices == [10] * 6  # [A] start price
    s.apply(s.sample_chance(random.Random(n)))
    assert all(len(h) == hand for h in s.hands)
    assert all(len(b) == 2 for b in s.board)
    assert s.turns == turns
    assert s.card_count() == 42 - (42 - 12 - n * hand)  # undealt cards stay aside
    assert s.current_player() == 0 and s.step == 1  # first turn: no placement


def test_start_price_is_a_ruleset_field():
    assert GAME.new_initial_state(4, start_price=20).prices == [20] * 6
    with pytest.raises(RulesetError):
        GAME.new_initial_state(4, start_price=99)


def test_deal_text_round_trip_and_check():
    s = GAME.new_initial_state(3)
    d = s.sample_chance(random.Random(5))
    assert parse_move(str(d)) == d
    bad = Deal(d.board, d.hands[:2])
    with pytest.raises(IllegalAction, match="deals 2 hands to 3 players"):
        s.apply(bad)
    with pytest.raises(ParseError, match="dealt twice"):
        parse_move(str(d).replace(card_text(d.hands[0][0]), card_text(d.board[0]), 1))
    with pytest.raises(IllegalAction):
        s.apply("no sell")  # cards must be dealt first
    assert s.current_player() == CHANCE and s.history == []


# --- trading step --------------------------------------------------------------------------


def test_first_turn_no_placement_then_mandatory():
    s = dealt(4)
    assert not any(m.kind == "place" for m in s.legal_actions())
    for _ in range(4):
        finish_turn(s)
    # second turn of seat 0: must place first
    assert s.current_player() == 0 and s.turn_number == 2
    kinds = {m.kind for m in s.legal_actions()}
    assert "place" in kinds and "no sell" not in kinds and "no buy" not in kinds
    with pytest.raises(IllegalAction, match="must first place"):
        s.apply("no sell")


def test_sell_and_buy_move_price_and_chips():
    s = dealt(4)
    s.apply("no sell")
    assert s.chips[0] == 3
    s.apply("buy B")
    assert s.money[0] == 110 and s.prices[1] == 11 and s.shares[0][1] == 1
    s.apply("end")
    s.apply("no sell")  # seat 1
    s.apply("buy B")
    assert s.money[1] == 120 - 11 and s.prices[1] == 12
    s.apply("end")
    for _ in range(2):
        finish_turn(s)
    # seat 0, turn 2: place on C, so only C may be bought with the normal purchase
    card = s.hands[0][0]
    s.apply(Move("place", company=2, card=card))
    s.apply("sell B")
    assert s.money[0] == 110 + 12 and s.prices[1] == 11 and s.shares[0][1] == 0
    assert {m.company for m in s.legal_actions() if m.kind == "buy"} == {2}
    with pytest.raises(IllegalAction, match="only the company it placed a card on"):
        s.apply("buy A")
    s.apply("no buy")
    assert s.chips[0] == 4


def test_no_sell_without_shares_and_no_buy_without_money():
    s = dealt(4)
    with pytest.raises(IllegalAction, match="owns no share of company A"):
        s.apply("sell A")
    s.money[0] = 5
    s.apply("no sell")
    assert not any(m.kind == "buy" for m in s.legal_actions())
    with pytest.raises(IllegalAction, match=r"has \$5, company A costs \$10"):
        s.apply("buy A")


def test_share_supply_of_11():
    s = dealt(4)
    s.shares[1][3] = 6
    s.shares[2][3] = 5
    assert s.supply(3) == 0
    s.apply("no sell")
    assert Move("buy", 3) not in s.legal_actions()
    with pytest.raises(IllegalAction, match="no share of company D is left"):
        s.apply("buy D")
    s.shares[2][3] = 4
    s.apply("buy D")
    assert s.supply(3) == 0


def test_prices_stay_on_the_track():
    s = dealt(4)
    s.prices[0] = 57
    s.apply("no sell")
    s.apply("buy A")
    assert s.prices[0] == 57
    s.prices[0] = 1
    s.shares[0][0] = 1
    s.chips[0] = 7
    s.apply("free sell A")
    assert s.prices[0] == 1


def test_chip_limit_pays_a_dollar_per_excess_chip():
    s = dealt(4)
    s.chips[0] = 7
    s.apply("no sell")
    assert s.chips[0] == 7 and s.money[0] == 121
    s.apply("no buy")
    assert s.chips[0] == 7 and s.money[0] == 122


# --- free actions --------------------------------------------------------------------------


def test_free_action_costs():
    s = dealt(4, seed=3)
    s.chips[0] = 7
    s.apply("cash")
    assert (s.chips[0], s.money[0]) == (6, 121)
    s.apply("free buy E")
    assert (s.chips[0], s.money[0], s.prices[4], s.shares[0][4]) == (3, 111, 11, 1)
    s.apply("free sell E")
    assert (s.chips[0], s.money[0], s.prices[4], s.shares[0][4]) == (1, 122, 10, 0)
    with pytest.raises(IllegalAction, match="stock-up costs 3 chips and seat 0 has 1"):
        s.apply("stock-up A")
    s.chips[0] = 7
    s.apply("stock-up A")
    assert s.chips[0] == 4 and s.stock_up[0] == 1
    with pytest.raises(IllegalAction, match="already has 1 stock-up"):
        s.apply("stock-up A")  # [A] at most one per company


def test_only_three_stock_up_chips():
    s = dealt(4)
    s.chips[0] = 7
    s.stock_up[:3] = [1, 1, 1]
    assert not any(m.kind == "stock-up" for m in s.legal_actions())
    with pytest.raises(IllegalAction, match="all 3 stock-up chips are placed"):
        s.apply("stock-up D")


def test_peek_is_private_and_costs_a_chip():
    s = dealt(4, seed=11)
    for _ in range(4):
        finish_turn(s)
    # seat 0 places a card face down on A
    card = s.hands[0][0]
    s.apply(Move("place", company=0, card=card))
    finish_turn(s)
    # seat 1 sees only the back; the placer sees the face
    assert s.observation(0)["board"][0][2] == card_text(card)
    assert s.observation(1)["board"][0][2] == back_text(card) or card == BEAR
    assert s.current_player() == 1
    chips = s.chips[1]
    assert Move("peek", 0, slot=2) in s.legal_actions() or card == BEAR
    if card != BEAR:
        s.apply("peek A3")
        assert s.chips[1] == chips - 1
        assert s.observation(1)["board"][0][2] == card_text(card)
        assert s.observation(2)["board"][0][2] == back_text(card)
        with pytest.raises(IllegalAction, match="already knows"):
            s.apply("peek A3")
    with pytest.raises(IllegalAction, match="face up"):
        s.apply("peek A1")


def test_free_actions_after_buy_and_end():
    s = dealt(4)
    s.apply("no sell")
    s.apply("no buy")
    assert s.current_player() == 0 and {m.kind for m in s.legal_actions()} >= {"end", "cash"}
    s.apply("cash")
    s.apply("end")
    assert s.current_player() == 1
    # a seat with no chips ends its turn at once after buying
    s.chips[1] = 0
    s.apply("no sell")
    s.chips[1] = 0
    s.apply("buy A")
    assert s.current_player() == 2


def test_free_actions_after_buy_can_be_switched_off():
    s = dealt(4, free_action_after_buy=False)
    s.apply("no sell")
    s.apply("no buy")
    assert s.current_player() == 1


# --- clean-up, price phase, preparation, settlement ----------------------------------------


def play_round_without_trading(s):
    while s.phase == TRADE:
        finish_turn(s)


@pytest.mark.parametrize(("n", "placements"), [(3, 3), (4, 2), (5, 3), (6, 0)])
def test_cleanup_counts(n, placements):
    s = dealt(n, seed=n)
    play_round_without_trading(s)
    if placements == 0:
        assert s.round == 1 and s.phase != CLEANUP  # 6 players: companies already full
        return
    assert s.phase == CLEANUP and s.current_player() == s.start
    assert all(len(h) == 1 for h in s.hands)
    seats = []
    while s.phase == CLEANUP:
        seats.append(s.current_player())
        s.apply(s.legal_actions()[0])
    assert seats == [(s.start + k) % n for k in range(placements)] or s.round == 1
    assert len(seats) == placements


def test_price_phase_overwrites_prices_and_preparation():
    s = dealt(4, seed=7)
    s.chips[0] = 7
    s.apply("stock-up B")
    play_round_without_trading(s)
    while s.phase == CLEANUP:
        s.apply(s.legal_actions()[0])
    board, stock_up, prices = s.results[0]
    assert stock_up[1] == 1
    expected = [price(list(b), stock_up=bool(stock_up[i])).price for i, b in enumerate(board)]
    assert list(prices) == expected == s.prices
    # preparation: +2 chips (limit 7), stock-up chips removed, new deal to come
    assert s.round == 1 and s.current_player() == CHANCE
    assert s.stock_up == [0] * 6
    assert all(c <= 7 for c in s.chips)
    assert s.start == next_start_player(s.chips, 0)


def test_start_player_tie_rule():
    assert next_start_player([4, 2, 2, 5], previous=0) == 1
    assert next_start_player([2, 4, 5, 2], previous=2) == 3
    assert next_start_player([2, 2, 5, 4], previous=1) == 0  # previous excluded on a tie
    assert next_start_player([2, 3, 3, 3], previous=0) == 0  # alone with fewest: stays
    assert next_start_player([3, 3, 3, 3, 3], previous=4) == 0


def test_final_settlement():
    rec = simulate("stock_holdem", seed=4, players=["random"] * 4)
    s = GAME.new_initial_state(4)
    for a in rec.actions:
        s.apply(a)
    assert s.current_player() == TERMINAL and s.phase == OVER and len(s.results) == 2
    prices = list(s.results[1][2])
    for p in range(4):
        worth = s.money[p] + sum(h * q for h, q in zip(s.shares[p], prices)) + s.chips[p]
        assert s.returns()[p] == worth
    assert s.winners() == [p for p in range(4) if s.returns()[p] == max(s.returns())]


# --- observation ---------------------------------------------------------------------------


def test_observation_hides_other_hands():
    s = dealt(4, seed=2)
    obs = s.observation(1)
    assert obs["hands"][1] == tuple(card_text(c) for c in s.hands[1])
    for p in (0, 2, 3):
        assert obs["hands"][p] == tuple(back_text(c) for c in s.hands[p])
    assert set(obs["known"]) >= set(obs["hands"][1])
    full = s.observation(None)
    assert full["hands"][0] == tuple(card_text(c) for c in s.hands[0])


# --- text forms and errors -----------------------------------------------------------------


def test_action_text_round_trip():
    s = dealt(5, seed=9)
    for _ in range(200):
        if s.current_player() < 0:
            break
        for m in s.legal_actions():
            assert parse_move(str(m)) == m
            assert eval(repr(m), {"Move": Move}) == m
        s.apply(random.Random(len(s.history)).choice(s.legal_actions()))


@pytest.mark.parametrize(
    ("text", "msg"),
    [
        ("jump", "not a Stock Hold'em action"),
        ("buy G", "no such company"),
        ("place 11A C", "not a card"),
        ("place 7A", "write “place CARD COMPANY”"),
        ("peek C9", "slot 9 does not exist"),
        ("peek C", "write “peek” with a company and slot"),
        ("deal A:1A,2A", "a deal is"),
    ],
)
def test_parse_errors_quote_input(text, msg):
    with pytest.raises(ParseError, match=msg) as exc:
        parse_move(text)
    assert repr(text) in str(exc.value)


def test_state_unchanged_on_error():
    s = dealt(4)
    before = (list(s.history), list(s.money), [list(x) for x in s.shares], list(s.prices))
    for bad in ("sell A", "buy G", "place 7A A", "end", 42):
        with pytest.raises((IllegalAction, ParseError)):
            s.apply(bad)
    assert before == (list(s.history), list(s.money), [list(x) for x in s.shares], list(s.prices))


def test_record_round_trip():
    rec = simulate("stock_holdem", seed=8, players=["heuristic", "random", "random"])
    steps = list(replay(rec))
    assert steps[-1].state.is_terminal()
    assert steps[-1].state.returns() == rec.result["scores"]


# --- bad input for the remaining public functions -------------------------------------------


@pytest.mark.parametrize("text", ["0A", "11W", "7X", "", "BULLS", None, 42, True])
def test_parse_card_bad_input(text):
    with pytest.raises(ParseError, match="not a card"):
        parse_card(text)


@pytest.mark.parametrize(
    ("overrides", "msg"),
    [
        ({"start_money": [100, 100]}, "give 4 amounts"),
        ({"start_chips": [1, 2, 3]}, "give 6 counts"),
        ({"symbol_names": ["a", "b"]}, "give 4 names"),
        ({"company_names": ["x"]}, "give 6 names"),
        ({"card_back_parity": "prime"}, "not allowed"),
        ({"cost_peek": 0}, "below 1"),
        ({"start_price": 0}, "below 1"),
        ({"stock_up": 1}, "unknown ruleset field"),
    ],
)
def test_ruleset_bad_values(overrides, msg):
    with pytest.raises(RulesetError, match=msg):
        GAME.new_initial_state(4, **overrides)


@pytest.mark.parametrize("n", [2, 7])
def test_player_count_outside_3_to_6(n):
    from engine import EngineError

    with pytest.raises(EngineError, match="cannot be played by"):
        GAME.new_initial_state(n)


def test_odd_card_backs_variant_plays():
    rec = simulate(
        "stock_holdem", seed=3, players=["heuristic", "random", "random"], card_back_parity="odd"
    )
    assert rec.ruleset == {"card_back_parity": "odd"}
    assert list(replay(rec))[-1].state.is_terminal()


def test_peek_at_hands_is_a_ruleset_option():
    s = dealt(4, seed=4)
    s.chips[0] = 7
    assert not any(m.kind == "peek hand" for m in s.legal_actions())
    with pytest.raises(IllegalAction, match="peek_hands"):
        s.apply("peek hand 2.1")
    s = dealt(4, seed=4, peek_hands=True)
    s.chips[0] = 7
    target = s.hands[2][0]
    if target == BEAR:  # Bear's back already shows it
        target = s.hands[2][1]
        text, idx = "peek hand 2.2", 1
    else:
        text, idx = "peek hand 2.1", 0
    assert back_text(target) == s.observation(0)["hands"][2][idx]
    s.apply(text)
    assert s.chips[0] == 6
    assert s.observation(0)["hands"][2][idx] == card_text(target)
    assert s.observation(1)["hands"][2][idx] == back_text(target)
    assert card_text(target) in s.observation(0)["known"]
    with pytest.raises(IllegalAction, match="already knows"):
        s.apply(text)
    with pytest.raises(IllegalAction, match="own hand"):
        s.apply("peek hand 0.1")
    with pytest.raises(ParseError, match="write “peek hand SEAT.CARD”"):
        parse_move("peek hand two")
    assert parse_move("peek hand 3.4") == Move("peek hand", slot=3, seat=3)


def test_random_games_with_hand_peeks():
    for seed in range(20):
        rec = simulate(
            "stock_holdem", seed=seed, players=["heuristic", "random", "random"], peek_hands=True
        )
        assert list(replay(rec))[-1].state.is_terminal()


# --- legality is written twice: the legal_actions tables and why_illegal --------------------


def _every_move(players: int) -> list[Move]:
    """Every well-formed move of a game of ``players`` (each text the action space knows)."""
    from engine.stock_holdem.openspiel import texts as stock_holdem_texts

    texts = stock_holdem_texts(GAME.ruleset_class(), players)
    return [parse_move(t) for t in texts if not t.startswith("card ")]  # not a deal's card


@pytest.mark.parametrize(
    "players,seed,rules",
    [(3, 0, {}), (4, 1, {"peek_hands": True}), (6, 2, {}), (5, 3, {"peek_hands": True})],
)
def test_every_illegal_move_gets_a_specific_reason_and_no_legal_one_does(players, seed, rules):
    """Over the decisions of random games, each well-formed move that ``legal_actions()``
    leaves out gets its own reason from ``why_illegal`` (none falls to the catch-all "not
    allowed now"), and no legal move is given a reason: the two writings of legality
    agree."""
    moves = _every_move(players)
    rng = random.Random(seed)
    s = GAME.new_initial_state(players, **rules)
    checked = 0
    while not s.is_terminal():
        if s.is_chance():
            s.apply(s.sample_chance(rng))
            continue
        legal = set(s.legal_actions())
        if rng.random() < 0.3:  # a sample of the decisions keeps the test quick
            for m in moves:
                why = s.why_illegal(m)
                if m in legal:
                    assert why is None, (str(m), s.describe_turn(), why)
                else:
                    assert why is not None, (str(m), s.describe_turn())
                    checked += 1
        s.apply(rng.choice(sorted(legal, key=str)))
    assert checked > 1000
