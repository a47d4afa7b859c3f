"""Why an Owner's Choice action is refused, in the rules' words.

:meth:`OwnersChoiceState.legal_actions` lists what may be played (tables written for
speed); :func:`why_illegal` says, for any action, which rule forbids it now. The two are
the same rules written twice, so ``tests/engine/owners_choice/test_rules.py`` holds them together
over whole random games: every illegal action gets a reason and every legal one none.
:func:`tries` picks from them the refused trades a guided game offers a learner to try.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from engine.core.errors import Phrase, Seat
from engine.owners_choice.actions import BUY, SELL, Action
from engine.owners_choice.phases import CHOOSE, LEAVE, NAME, POST, PRE, ROLL, SETUP
from engine.owners_choice.rules import COMPANY_WORDS

if TYPE_CHECKING:
    from engine.owners_choice.state import OwnersChoiceState


def why_illegal(s: OwnersChoiceState, action: Action) -> Phrase | None:
    """Why the seat to act may not play ``action`` now, in the rules' words; ``None``
    when no rule forbids it. This is the legality of :meth:`legal_actions` written a
    second time, as reasons; a test holds the two together.

    >>> from engine.owners_choice import from_position
    >>> from engine.owners_choice.actions import BUY, DONE, MOVE
    >>> s = from_position(2, cash=[40, 690])
    >>> print(why_illegal(s, BUY[0])); print(why_illegal(s, DONE)); why_illegal(s, MOVE[2])
    seat 0 has $40; a red share costs $100
    before the move a turn ends with the pawn's move (“move N”), not “done”
    """
    k, ph = action.kind, s.phase
    if k in ("buy", "sell"):
        if ph in (PRE, POST, SETUP):
            return _why_no_trade(s, action)
        return Phrase.coded(
            "oc.why_no_trading",
            "trading is not possible now ({turn})",
            turn=s.describe_turn(),
        )
    if k == "move":
        return _why_no_move(s, int(action.arg))
    if k == "done":
        if ph in (SETUP, POST):
            return None
        if ph == PRE:
            return Phrase.coded(
                "oc.why_done_pre",
                "before the move a turn ends with the pawn's move (“move N”), not “done”",
            )
        return Phrase.coded(
            "oc.why_done_now",
            "“done” ends trading; nobody trades now ({turn})",
            turn=s.describe_turn(),
        )
    if k == "name":
        if ph == NAME:
            return None
        return Phrase.coded(
            "oc.why_name_now",
            "a company is named only on an ALL space (now: {turn})",
            turn=s.describe_turn(),
        )
    if k in ("pay", "fund"):
        if ph != CHOOSE:
            return Phrase.coded(
                "oc.why_choice_now",
                "“pay” and “fund” are a president's choice on their company's space (now: {turn})",
                turn=s.describe_turn(),
            )
        fee, cash = s.fee(s.company), s.cash[s.chooser]
        if k == "pay" and cash < fee:
            return Phrase.coded(
                "oc.why_fee",
                "the fee is ${fee} and the president has ${cash}: only the Fund die (“fund”)",
                fee=fee,
                cash=cash,
            )
        return None
    if k in ("bankrupt", "stay"):
        if ph != LEAVE:
            return Phrase.coded(
                "oc.why_leave_now",
                "“bankrupt” and “stay” answer a company's bankruptcy (now: {turn})",
                turn=s.describe_turn(),
            )
        alone = s.players_in_game() == 1
        if k == "bankrupt" and alone and not s.ruleset.last_player_may_leave:
            return Phrase.coded(
                "oc.why_last_player", "the last player in the game may not leave (ruleset)"
            )
        return None
    if ph == ROLL:
        return None  # a die face of another die: the chance check speaks
    return Phrase.coded("oc.why_die_now", "no die is rolling (now: {turn})", turn=s.describe_turn())


def _why_no_trade(s: OwnersChoiceState, action: Action) -> Phrase | None:
    """Why the active player may not buy or sell this share in a trade phase."""
    k, a, r = action.kind, s.active, s.ruleset
    c = action.number
    if k == "sell" and s.phase == SETUP:
        return Phrase.coded("oc.why_setup_buys", "the set-up round only buys")
    if s.phase != SETUP and s.trades >= r.max_trades_per_turn:
        return Phrase.coded(
            "oc.why_trade_limit",
            "{n} trades this turn is the limit (ruleset)",
            n=r.max_trades_per_turn,
        )
    if k == "buy":
        held = sum(s.hold[a * 4 : a * 4 + 4])
        if held >= r.max_shares:
            return Phrase.coded(
                "oc.why_max_shares",
                "{seat} holds {held} shares, the most a player may hold",
                seat=Seat(a),
                held=held,
            )
        if not s.supply[c]:
            return Phrase.coded(
                "oc.why_supply",
                "no {company} shares are left in the supply",
                company=COMPANY_WORDS[c],
            )
        if s.cash[a] < s.price(c):
            return Phrase.coded(
                "oc.why_cash",
                "{seat} has ${cash}; a {company} share costs ${price}",
                seat=Seat(a),
                cash=s.cash[a],
                company=COMPANY_WORDS[c],
                price=s.price(c),
            )
        return None
    if not s.shares(a, c):
        return Phrase.coded(
            "oc.why_no_shares",
            "{seat} holds no {company} shares",
            seat=Seat(a),
            company=COMPANY_WORDS[c],
        )
    others = sum(s.hold[p * 4 + c] for p in range(s.num_players)) - s.shares(a, c)
    if s.shares(a, c) == 1 and not others:
        return Phrase.coded(
            "oc.why_last_share",
            "{seat} is the only holder of {company} shares and may not sell the last one",
            seat=Seat(a),
            company=COMPANY_WORDS[c],
        )
    return None


def _why_no_move(s: OwnersChoiceState, d: int) -> Phrase | None:
    """Why the active player may not move the pawn ``d`` spaces now."""
    if s.phase == POST:
        return Phrase.coded("oc.why_moved", "the pawn has already moved this turn")
    if s.phase == SETUP:
        return Phrase.coded(
            "oc.why_setup_first",
            "the set-up round comes first: “buy R”, “buy Y”, “buy B”, “buy G” or “done”",
        )
    if s.phase != PRE:
        return Phrase.coded(
            "oc.why_move_now",
            "the pawn moves only at the start of a turn (now: {turn})",
            turn=s.describe_turn(),
        )
    if not 1 <= d <= s.move_max():
        k = s.players_in_game()
        if s.ruleset.move_range_players == "starting" or k == s.num_players:
            return Phrase.coded(
                "oc.why_move_range",
                "with {k} players a move is 1 to {most} spaces",
                k=s.num_players,
                most=s.move_max(),
            )
        return Phrase.coded(
            "oc.why_move_range_still",
            "with {k} players still in the game a move is 1 to {most} spaces",
            k=k,
            most=s.move_max(),
        )
    if s.pos + d > s.t.goal:
        return Phrase.coded(
            "oc.why_past_goal",
            "the pawn on {pos} would pass GOAL ({goal}); at most {most}",
            pos=s.pos,
            goal=s.t.goal,
            most=s.t.goal - s.pos,
        )
    return None


#: the refusals a learner's try is offered with: a trade's own limits, said in plain words
TRY_REASONS = frozenset(
    {
        "oc.why_setup_buys",
        "oc.why_trade_limit",
        "oc.why_max_shares",
        "oc.why_supply",
        "oc.why_cash",
        "oc.why_no_shares",
        "oc.why_last_share",
    }
)
#: the most tries of one kind (buy, sell) offered at once
MOST = 2


def tries(s: OwnersChoiceState) -> Iterator[tuple[Action, Phrase]]:
    """The refused trades a learner may try in a trade phase, each with its reason: at
    most :data:`MOST` buys and :data:`MOST` sells the rules refuse now (a share they
    cannot afford, one they do not hold, a sale in the set-up round…)."""
    if s.phase not in (PRE, POST, SETUP):
        return
    legal = {str(a) for a in s.legal_actions()}
    for kind in (BUY, SELL):
        found = 0
        for action in kind:
            why = None if str(action) in legal else why_illegal(s, action)
            if why is not None and why.code in TRY_REASONS and found < MOST:
                found += 1
                yield action, why
