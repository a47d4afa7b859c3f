"""One test (or a few) per clause of RULES.md §3."""

import random
import re
from fractions import Fraction

import pytest

from engine import IllegalAction, ParseError, get_game
from engine.core.errors import Phrase
from engine.core.protocol import CHANCE, TERMINAL
from engine.owners_choice import OwnersChoiceRules, check_invariants, from_position
from engine.owners_choice.actions import (
    BANKRUPT,
    BUY,
    DONE,
    FUND,
    MOVE,
    NAME_ACTIONS,
    PAY,
    SELL,
    STAY,
)
from engine.owners_choice.state import LEAVE, POST, PRE

GAME = get_game("owners_choice")


def play(state, *actions):
    for a in actions:
        state.apply(a)
        check_invariants(state)
    return state


def legal(state):
    return [str(a) for a in state.legal_actions()]


# --- set-up ------------------------------------------------------------------------------


def test_start_cash_and_opening_purchases_at_100():
    s = GAME.new_initial_state(3)
    assert s.cash == [690, 690, 690]
    play(s, "buy R", "buy R", "buy Y", "done")
    assert s.cash[0] == 390 and s.active == 1
    assert legal(s) == ["buy R", "buy Y", "buy B", "buy G", "done"]


def test_the_set_up_turn_names_the_moves_that_are_legal():
    """Step 0 tells the player the real moves (“buy R” … “done”), never a company C."""
    s = GAME.new_initial_state(4)
    named = re.findall(r"“([^”]+)”", s.describe_turn())
    assert named == legal(s) == ["buy R", "buy Y", "buy B", "buy G", "done"]
    with pytest.raises(IllegalAction) as caught:
        s.apply("move 3")
    assert re.findall(r"'([^']+)'", str(caught.value)) == ["move 3"]  # the move, as written
    assert re.findall(r"“([^”]+)”", str(caught.value)) == named


def test_opening_purchase_limited_by_cash():
    s = GAME.new_initial_state(2)
    play(s, *["buy G"] * 6)
    assert s.cash[0] == 90
    assert legal(s) == ["done"]


def test_setup_presidents_need_strict_majority():
    s = GAME.new_initial_state(3)
    play(s, "buy R", "buy R", "buy Y", "done", "buy R", "buy Y", "done", "buy Y", "done")
    # R: seat 0 has 2, seat 1 has 1 -> seat 0; Y: 1 each -> tie, die stays in the pool.
    assert s.presidents() == [0, None, None, None]
    assert s.phase == PRE and s.active == 0


# --- trading -----------------------------------------------------------------------------


def test_trade_before_move_uses_up_the_trade_phase():
    s = from_position(3, holdings=[[2, 0, 0, 0], [0, 0, 0, 0], [0, 0, 0, 0]], fund=0)
    play(s, "buy Y", "move 3")  # space 3 = EVENT
    play(s, "die event all+1")
    assert s.active == 1 and s.phase == PRE  # no trading after the move


def test_trade_after_move_when_not_before():
    s = from_position(3, holdings=[[2, 0, 0, 0], [0, 0, 0, 0], [0, 0, 0, 0]])
    play(s, "move 3", "die event all+1")
    assert s.phase == POST and s.active == 0
    assert "move 1" not in legal(s)
    play(s, "buy B", "buy B", "sell B", "done")
    assert s.active == 1 and s.phase == PRE


def test_trading_does_not_move_prices_and_uses_current_price():
    s = from_position(2, prices=[150, 100, 100, 100], holdings=[[1, 0, 0, 0], [2, 0, 0, 0]])
    play(s, "buy R")
    assert s.cash[0] == 690 - 150 and s.price(0) == 150
    play(s, "sell R")
    assert s.cash[0] == 690


def test_twelve_share_limit():
    s = from_position(2, holdings=[[6, 6, 0, 0], [0, 0, 1, 0]], cash=[5000, 100])
    assert not any(a.startswith("buy") for a in legal(s))
    with pytest.raises(IllegalAction, match="'buy B' is not allowed: seat 0 holds 12 shares"):
        s.apply("buy B")


def test_no_purchase_from_empty_supply():
    s = from_position(2, holdings=[[0, 0, 0, 0], [12, 0, 0, 0]])
    s.supply[0] = 0  # 3 more held off-table would break conservation; build it properly:
    s = from_position(3, holdings=[[0, 0, 0, 0], [8, 0, 0, 0], [7, 0, 0, 0]])
    assert s.supply[0] == 0
    assert "buy R" not in legal(s) and "buy Y" in legal(s)


def test_sole_holder_cannot_sell_last_share():
    s = from_position(2, holdings=[[1, 2, 0, 0], [0, 1, 0, 0]])
    assert "sell R" not in legal(s)  # the only holder of R, one share left
    assert "sell Y" in legal(s)
    s2 = from_position(2, holdings=[[1, 0, 0, 0], [1, 0, 0, 0]], presidents=[None] * 4)
    assert "sell R" in legal(s2)  # someone else holds R
    s3 = from_position(2, holdings=[[2, 0, 0, 0], [0, 0, 0, 0]])
    play(s3, "sell R")
    assert "sell R" not in legal(s3)


def test_purchase_tie_keeps_the_die_where_it_was():
    # seat 1 (president, 3) ; active seat 0 buys up to 3: tie -> die stays with seat 1.
    s = from_position(3, holdings=[[2, 0, 0, 0], [3, 0, 0, 0], [0, 0, 0, 0]])
    assert s.pres[0] == 1
    play(s, "buy R", "move 3")
    assert s.pres[0] == 1
    s = from_position(3, holdings=[[2, 0, 0, 0], [3, 0, 0, 0], [0, 0, 0, 0]])
    play(s, "buy R", "buy R", "move 3")
    assert s.pres[0] == 0  # now strictly most


def test_purchase_tie_with_die_in_pool_keeps_it_in_pool():
    s = from_position(3, holdings=[[0, 0, 0, 0], [2, 0, 0, 0], [2, 0, 0, 0]])
    assert s.pres[0] == -1
    play(s, "buy R", "buy R", "move 3")
    assert s.pres[0] == -1  # 2-2-2 tie
    s = from_position(3, holdings=[[0, 0, 0, 0], [2, 0, 0, 0], [2, 0, 0, 0]])
    play(s, "buy R", "buy R", "buy R", "move 3")
    assert s.pres[0] == 0


def test_sale_tie_goes_to_nearest_clockwise_after_active():
    # Active seat 1 (president, 3 R) sells to 2: seats 0, 1, 3 tie at 2.
    # Clockwise after seat 1: seat 2 (1 share, not tied), then seat 3.
    s = from_position(
        4, holdings=[[2, 0, 0, 0], [3, 0, 0, 0], [1, 0, 0, 0], [2, 0, 0, 0]], to_act=1
    )
    play(s, "sell R", "move 2")
    assert s.pres[0] == 3


def test_sale_tie_active_player_counts_last():
    # Active seat 0 (president, 3 R) sells to 2, tying seat 2: seat 2 takes the die.
    hold = [[3, 0, 0, 0], [0, 0, 0, 0], [2, 0, 0, 0]]
    s = from_position(3, holdings=hold)
    play(s, "sell R", "move 3")
    assert s.pres[0] == 2
    # With the assumption flipped the active player counts first and keeps it.
    r = OwnersChoiceRules(sale_tie_active_last=False)
    s = from_position(3, holdings=hold, ruleset=r)
    play(s, "sell R", "move 3")
    assert s.pres[0] == 0


def test_presidents_reassigned_once_when_the_trading_action_is_complete():
    # Before the move: the dice stay put during the trade and move with 'move N'.
    s = from_position(3, holdings=[[2, 0, 0, 0], [3, 0, 0, 0], [0, 0, 0, 0]])
    play(s, "buy R", "buy R")
    assert s.pres[0] == 1 and s.trade_open()
    assert s.settled_presidents()[0] == 0  # what the trade will settle to
    play(s, "move 3")
    assert s.pres[0] == 0 and not s.trade_open()
    # After the move: 'done' completes the trade.
    s = from_position(3, holdings=[[2, 0, 0, 0], [3, 0, 0, 0], [0, 0, 0, 0]])
    play(s, "move 3", "die event all+1", "buy R", "buy R")
    assert s.pres[0] == 1
    play(s, "done")
    assert s.pres[0] == 0 and s.active == 1


def test_presidents_compare_holdings_before_and_after_the_whole_trade():
    # Seat 0 (4 R, president) sells two and buys one back: a net sale that ties seat 1
    # at 3 -> nearest clockwise after the active player: seat 1.
    s = from_position(3, holdings=[[4, 0, 0, 0], [3, 0, 0, 0], [0, 0, 0, 0]])
    play(s, "sell R", "sell R", "buy R", "move 3")
    assert s.pres[0] == 1
    # Seat 0 (2 R) buys two and sells one against seat 1's 3: a net purchase that ties
    # for most -> the die stays with seat 1.
    s = from_position(3, holdings=[[2, 0, 0, 0], [3, 0, 0, 0], [0, 0, 0, 0]])
    play(s, "buy R", "buy R", "sell R", "move 3")
    assert s.pres[0] == 1


def test_sell_then_buy_back_in_one_trade_does_not_move_a_die():
    # Seat 0 holds the R die in a 3-3 tie (kept after a purchase tie). Selling one R
    # and buying it back in the same trade leaves every holding as it was: no die moves.
    hold = [[3, 0, 0, 0], [3, 0, 0, 0], [0, 0, 0, 0]]
    s = from_position(3, holdings=hold, presidents=[0, "auto", "auto", "auto"])
    play(s, "sell R", "buy R", "move 3")
    assert s.pres[0] == 0
    s = from_position(3, holdings=hold, presidents=[0, "auto", "auto", "auto"])
    play(s, "move 3", "die event all+1", "sell R", "buy R", "done")
    assert s.pres[0] == 0


def test_each_share_reading_is_a_ruleset_choice():
    # The older reading reassigns after every share: the sale hands the die to seat 1
    # (strictly most), and buying back only ties, so the die stays with seat 1.
    r = OwnersChoiceRules(president_timing="each_share")
    hold = [[3, 0, 0, 0], [3, 0, 0, 0], [0, 0, 0, 0]]
    s = from_position(3, holdings=hold, presidents=[0, "auto", "auto", "auto"], ruleset=r)
    play(s, "sell R")
    assert s.pres[0] == 1 and not s.trade_open()
    play(s, "buy R", "move 3")
    assert s.pres[0] == 1


def test_nobody_holds_no_president():
    s = from_position(2, holdings=[[0, 0, 0, 0], [0, 0, 0, 0]])
    assert s.pres == [-1, -1, -1, -1]
    play(s, "move 1")  # R space, no president: nothing happens
    assert s.phase == POST and s.fund == 0


# --- moving ------------------------------------------------------------------------------


@pytest.mark.parametrize(("n", "most"), [(2, 4), (3, 4), (4, 3), (5, 3)])
def test_move_range_by_player_count(n, most):
    s = from_position(n)
    moves = [a for a in legal(s) if a.startswith("move")]
    assert moves == [f"move {d}" for d in range(1, most + 1)]


def test_never_past_goal():
    s = from_position(2, pos=33)
    assert [a for a in legal(s) if a.startswith("move")] == ["move 1", "move 2"]
    with pytest.raises(
        IllegalAction, match=r"'move 3' is not allowed: the pawn on 33 would pass GOAL \(35\)"
    ):
        s.apply("move 3")
    assert s.pos == 33


def test_goal_exact_takes_100_and_ends():
    s = from_position(2, holdings=[[2, 0, 0, 0], [0, 1, 0, 0]], fund=250, pos=33)
    play(s, "move 2")
    assert s.current_player() == TERMINAL
    assert s.cash[0] == 790 and s.fund == 150
    assert s.returns() == [790 + 200, 690 + 100]
    assert s.winners() == [0]


def test_goal_takes_all_of_a_small_fund():
    s = from_position(2, fund=40, pos=34)
    play(s, "move 1")
    assert s.cash[0] == 730 and s.fund == 0 and s.is_terminal()


def test_tied_final_money_shares_the_win():
    s = from_position(2, pos=34, to_act=1)
    play(s, "move 1")
    assert s.winners() == [0, 1]


# --- company spaces and the president's choice ------------------------------------------


def test_president_not_active_chooses():
    s = from_position(2, holdings=[[0, 0, 0, 0], [2, 0, 0, 0]])
    play(s, "move 1")  # R space; seat 1 is president
    assert s.active == 0 and s.current_player() == 1
    assert legal(s) == ["pay", "fund"]


@pytest.mark.parametrize(("price", "fee"), [(180, 50), (190, 100), (300, 100), (40, 50)])
def test_fee_threshold_190(price, fee):
    s = from_position(2, prices=[price, 100, 100, 100], holdings=[[1, 0, 0, 0], [0] * 4])
    play(s, "move 1", "pay")
    assert s.fund == fee and s.cash[0] == 690 - fee
    assert s.current_player() == CHANCE
    outcomes = dict((str(a), p) for a, p in s.chance_outcomes())
    assert outcomes == {
        "die R +1": Fraction(1, 3),
        "die R +2": Fraction(1, 6),
        "die R +3": Fraction(1, 6),
        "die R -1": Fraction(1, 6),
        "die R dividend": Fraction(1, 6),
    }


def test_president_who_cannot_pay_must_roll_fund_die():
    s = from_position(
        2, prices=[190, 100, 100, 100], holdings=[[1, 0, 0, 0], [0] * 4], cash=[99, 690]
    )
    play(s, "move 1")
    assert legal(s) == ["fund"]


def test_president_die_dividend_pays_all_holders():
    s = from_position(3, holdings=[[3, 0, 0, 0], [2, 0, 0, 0], [0, 0, 0, 0]])
    play(s, "move 1", "pay", "die R dividend")
    assert s.cash == [690 - 50 + 90, 690 + 60, 690]
    assert s.price(0) == 100


def test_price_never_above_300():
    s = from_position(2, prices=[280, 100, 100, 100], holdings=[[1, 0, 0, 0], [0] * 4])
    play(s, "move 1", "pay", "die R +3")
    assert s.price(0) == 300


def test_fund_die_takes_at_most_the_fund():
    s = from_position(2, prices=[150, 100, 100, 100], holdings=[[1, 0, 0, 0], [0] * 4], fund=70)
    play(s, "move 1", "fund", "die fund 100/-2")
    assert s.fund == 0 and s.cash[0] == 760 and s.price(0) == 130
    s = from_position(2, holdings=[[1, 0, 0, 0], [0] * 4], fund=370)
    play(s, "move 1", "fund", "die fund all/-3")
    assert s.fund == 0 and s.cash[0] == 1060 and s.price(0) == 70


def test_fund_money_goes_to_the_president_not_the_mover():
    s = from_position(2, holdings=[[0, 0, 0, 0], [1, 0, 0, 0]], fund=100)
    play(s, "move 1", "fund", "die fund 50/-1")
    assert s.cash == [690, 740] and s.fund == 50


def test_all_space_active_names_company():
    s = from_position(2, holdings=[[0, 0, 1, 0], [0, 0, 0, 2]], pos=5)
    play(s, "move 1")  # space 6 = ALL
    assert s.current_player() == 0 and legal(s) == ["name R", "name Y", "name B", "name G"]
    play(s, "name G")
    assert s.current_player() == 1 and legal(s) == ["pay", "fund"]


def test_no_president_variant_active_player_chooses():
    r = OwnersChoiceRules(no_president="active_player")
    s = from_position(2, ruleset=r)
    play(s, "move 1")
    assert s.current_player() == 0 and legal(s) == ["pay", "fund"]


# --- event, dividend, president spaces ---------------------------------------------------


def event(prices=(100, 100, 100, 100), holdings=None, cash=None, fund=0, face="all+1"):
    s = from_position(2, prices=list(prices), holdings=holdings, cash=cash, fund=fund, pos=2)
    play(s, "move 1")  # space 3 = EVENT
    assert s.current_player() == CHANCE
    play(s, f"die event {face}")
    return s


def test_event_all_up_and_down():
    s = event(prices=(100, 300, 40, 150), face="all+1")
    assert [s.price(c) for c in range(4)] == [110, 300, 50, 160]
    s = event(prices=(100, 300, 50, 150), face="all-1")
    assert [s.price(c) for c in range(4)] == [90, 280, 40, 140]


def test_event_lowest_and_highest_with_ties():
    s = event(prices=(60, 60, 100, 300), face="lowest+2")
    assert [s.price(c) for c in range(4)] == [80, 80, 100, 300]
    s = event(prices=(200, 200, 100, 40), face="highest-2")
    assert [s.price(c) for c in range(4)] == [180, 180, 100, 40]


def test_event_everyone_pays_50_or_all_their_cash():
    s = event(cash=[30, 500], fund=10, face="pay50")
    assert s.cash == [0, 450] and s.fund == 90


def test_event_every_company_pays_dividend():
    s = event(prices=(40, 100, 190, 300), holdings=[[1, 1, 1, 1], [0, 0, 2, 0]], face="dividends")
    assert s.cash == [690 + 10 + 30 + 50 + 90, 690 + 100]


def test_dividend_space_highest_price_and_ties():
    s = from_position(2, prices=[150, 150, 100, 40], holdings=[[1, 2, 3, 0], [0, 1, 0, 4]], pos=6)
    play(s, "move 1")  # space 7 = DIVIDEND
    assert s.cash == [690 + 40 + 80, 690 + 40]


def test_president_space_pays_100_per_die():
    s = from_position(3, holdings=[[2, 2, 0, 0], [0, 0, 1, 0], [0, 0, 0, 0]], pos=8)
    play(s, "move 1")  # space 9 = PRESIDENT
    assert s.cash == [890, 790, 690]


# --- bankruptcy ------------------------------------------------------------------------


def test_bankruptcy_returns_shares_unpaid_and_resets():
    s = from_position(
        3, prices=[40, 100, 100, 100], holdings=[[3, 1, 0, 0], [2, 0, 0, 0], [0, 0, 0, 0]], fund=100
    )
    play(s, "move 1", "fund", "die fund 50/-1")
    assert s.price(0) == 100 and s.dividend(0) == 30
    assert [s.shares(p, 0) for p in range(3)] == [0, 0, 0] and s.supply[0] == 15
    assert s.pres[0] == -1
    assert s.cash == [740, 690, 690]  # the Fund money, no pay-out for the shares
    # Holders choose personal bankruptcy, clockwise from the active player.
    assert s.phase == LEAVE and s.current_player() == 0
    assert legal(s) == ["bankrupt", "stay"]
    play(s, "stay")
    assert s.current_player() == 1
    play(s, "bankrupt")
    assert s.out[1] and s.cash[1] == 0
    assert s.phase == POST and s.active == 0
    play(s, "done")
    assert s.active == 2  # seat 1 left the game and is skipped


def test_personal_bankruptcy_returns_all_shares_and_money():
    s = from_position(
        3, prices=[40, 100, 100, 100], holdings=[[1, 0, 0, 0], [2, 3, 0, 0], [0, 1, 0, 0]], fund=0
    )
    play(s, "move 1")  # seat 1 is president of R
    play(s, "fund", "die fund 50/-1")
    assert s.current_player() == 0
    play(s, "stay", "bankrupt")
    assert s.supply[1] == 14 and s.pres[1] == 2 and s.returns()[1] == 0


def test_bankruptcy_step_by_step_overshoot_rule():
    hold = [[1, 0, 0, 0], [0, 0, 0, 0]]
    s = from_position(2, prices=[50, 100, 100, 100], holdings=hold)
    play(s, "move 1", "fund", "die fund 100/-2")
    assert s.price(0) == 100 and s.shares(0, 0) == 0  # 50 -> below 40: bankrupt
    r = OwnersChoiceRules(bankrupt_on_overshoot=False)
    s = from_position(2, prices=[50, 100, 100, 100], holdings=hold, ruleset=r)
    play(s, "move 1", "fund", "die fund 100/-2")
    assert s.price(0) == 40 and s.shares(0, 0) == 1


def test_last_player_cannot_leave_by_default():
    s = from_position(
        2,
        prices=[40, 100, 100, 100],
        holdings=[[1, 0, 0, 0], [1, 0, 0, 0]],
        presidents=[None] * 4,
        pos=2,
    )
    play(s, "move 1", "die event all-1")
    play(s, "bankrupt")
    assert legal(s) == ["stay"]


# --- text forms --------------------------------------------------------------------------


def test_parse_errors_quote_input_and_list_allowed():
    s = from_position(2)
    with pytest.raises(ParseError, match=r"'jump': not an Owner's Choice action; write “buy R”"):
        s.apply("jump")
    with pytest.raises(ParseError, match=r"'buy Q': no company 'Q'; companies: “R”"):
        s.apply("buy Q")
    with pytest.raises(ParseError, match="'move 13'"):
        s.parse_action("move 13")
    assert str(s.parse_action("  BUY   red ")) == "buy R"


def test_wrong_die_face_is_rejected():
    s = from_position(2, holdings=[[1, 0, 0, 0], [0] * 4])
    play(s, "move 1", "pay")
    with pytest.raises(IllegalAction, match="'die fund 50/-1' is not possible now"):
        s.apply("die fund 50/-1")
    with pytest.raises(ParseError, match="no die face '\\+7'"):
        s.apply("die R +7")


def test_illegal_action_leaves_state_unchanged():
    s = from_position(2, holdings=[[1, 0, 0, 0], [0] * 4])
    before = s.observation(None)
    with pytest.raises(IllegalAction):
        s.apply("done")
    assert s.observation(None) == before and s.history == []


@pytest.mark.parametrize(
    ("kwargs", "action", "reason"),
    [
        (
            {"holdings": [[0, 0, 0, 0], [8, 0, 0, 0], [7, 0, 0, 0]]},
            "buy R",
            "no red shares are left in the supply",
        ),
        ({"cash": [90, 690, 690]}, "buy Y", "seat 0 has $90; a yellow share costs $100"),
        ({}, "sell G", "seat 0 holds no green shares"),
        (
            {"holdings": [[1, 0, 0, 0], [0] * 4, [0] * 4]},
            "sell R",
            "seat 0 is the only holder of red shares and may not sell the last one",
        ),
        ({}, "move 5", "with 3 players a move is 1 to 4 spaces"),
    ],
)
def test_refused_trades_and_moves_name_the_rule(kwargs, action, reason):
    s = from_position(3, **kwargs)
    with pytest.raises(IllegalAction, match=re.escape(f"{action!r} is not allowed: {reason}")):
        s.apply(action)


# --- the assumptions of RULES.md §3 -------------------------------------------------------


def _one_player_leaves(ruleset=None):
    """4 players; R goes bankrupt, seat 1 (R's president) leaves; seat 2 is to move."""
    s = from_position(
        4,
        prices=[40, 100, 100, 100],
        holdings=[[1, 0, 0, 0], [2, 0, 0, 0], [0] * 4, [0] * 4],
        ruleset=ruleset,
    )
    play(s, "move 1", "fund", "die fund 50/-1", "stay", "bankrupt", "done")
    assert s.out == [False, True, False, False] and s.active == 2
    return s


def test_move_range_counts_the_players_still_in_the_game():
    s = _one_player_leaves()
    assert s.players_in_game() == 3
    assert [a for a in legal(s) if a.startswith("move")] == [f"move {d}" for d in range(1, 5)]
    play(s, "move 4")
    # The older reading counts the starting players: still 1-3.
    s = _one_player_leaves(OwnersChoiceRules(move_range_players="starting"))
    assert [a for a in legal(s) if a.startswith("move")] == ["move 1", "move 2", "move 3"]
    with pytest.raises(IllegalAction, match="with 4 players a move is 1 to 3 spaces"):
        s.apply("move 4")


def test_president_dice_after_personal_bankruptcy_as_after_a_sale():
    # Seat 1 (3 Y, president) leaves: seats 0 and 2 tie at 2 Y; as after a sale the die
    # goes to the tied player nearest clockwise after the active seat 0, which counts last.
    hold = [[1, 2, 0, 0], [2, 3, 0, 0], [0, 2, 0, 0]]
    for active_last, expected in ((True, 2), (False, 0)):
        r = OwnersChoiceRules(sale_tie_active_last=active_last)
        s = from_position(3, prices=[40, 100, 100, 100], holdings=hold, ruleset=r)
        play(s, "move 1", "fund", "die fund 50/-1", "stay", "bankrupt")
        assert s.pres[1] == expected and s.supply[1] == 15 - 4
    # An older tie the leaver was not part of keeps its die where it was.
    hold = [[1, 2, 0, 0], [2, 1, 0, 0], [0, 2, 0, 0]]
    s = from_position(3, prices=[40, 100, 100, 100], holdings=hold, presidents=[1, 2, None, None])
    play(s, "move 1", "fund", "die fund 50/-1", "stay", "bankrupt")
    assert s.pres[1] == 2


def test_fund_starts_at_zero_and_is_a_ruleset_field():
    assert GAME.new_initial_state(3).fund == 0
    s = GAME.new_initial_state(3, ruleset=OwnersChoiceRules(fund_start=200))
    assert s.fund == 200
    check_invariants(s)
    assert from_position(2, ruleset=OwnersChoiceRules(fund_start=70)).fund == 70


# --- legality said twice: legal_actions() and why_illegal() --------------------------------

ACTIONS = [*BUY, *SELL, *NAME_ACTIONS, *MOVE[1:], DONE, PAY, FUND, BANKRUPT, STAY]
VARIANTS = [
    {},
    {"max_trades_per_turn": 2, "move_range_players": "starting"},
    {"last_player_may_leave": True, "no_president": "active_player"},
    {"president_timing": "each_share", "start_cash": 200, "fund_start": 300},
]


def _walk(overrides, games, rng):
    """Every decision state of ``games`` random games of each player count."""
    for n in (2, 3, 4, 5):
        for _g in range(games):
            s = GAME.new_initial_state(n, **overrides)
            while not s.is_terminal():
                if s.is_chance():
                    s.apply(s.sample_chance(rng))
                    continue
                yield s
                s.apply(rng.choice(s.legal_actions()))


def test_why_illegal_names_a_rule_for_every_illegal_action_and_none_for_a_legal_one():
    """Legality is written twice (the tables of legal_actions() and the reasons of
    why_illegal()); over whole random games of every variant they agree on every action
    a player can write, and a refused move says which rule it breaks."""
    rng = random.Random(28)
    codes = set()
    for overrides in VARIANTS:
        for s in _walk(overrides, 1, rng):
            dice = [outcomes[0][0] for outcomes in s.ch.outcomes]
            legal_now = set(s.legal_actions())
            for a in ACTIONS + dice:
                reason = s.why_illegal(a)
                if a in legal_now:
                    assert reason is None, (s.describe_turn(), str(a), reason)
                    continue
                assert isinstance(reason, Phrase) and reason.code.startswith("oc.why_"), (
                    s.describe_turn(),
                    str(a),
                )
                codes.add(reason.code)
                with pytest.raises(IllegalAction) as refused:
                    s.apply(a)
                said = refused.value.params["reason"]
                assert refused.value.code == "oc.illegal" and said.code == reason.code
    every_phase = {"oc.why_no_trading", "oc.why_done_pre", "oc.why_name_now"}
    every_phase |= {"oc.why_choice_now", "oc.why_leave_now", "oc.why_die_now", "oc.why_move_now"}
    trades = {"oc.why_setup_buys", "oc.why_trade_limit", "oc.why_cash", "oc.why_no_shares"}
    moves = {"oc.why_moved", "oc.why_setup_first", "oc.why_move_range"}
    assert every_phase | trades | moves <= codes, sorted(every_phase | trades | moves - codes)
