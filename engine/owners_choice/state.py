# Over 600 lines: one state machine, whose transitions share its compact fields, kept whole.
"""Owner's Choice: the game state and its transitions (RULES.md §3).

The actions are in :mod:`engine.owners_choice.actions`.

A trade phase holds at most ``max_trades_per_turn`` buy/sell actions, so every game ends
whatever the players do.

A *trade* is the run of ``buy``/``sell`` actions of one trade phase; it is complete when
the phase ends: ``'move N'`` after trading before the move, ``'done'`` after trading
after it. President dice are reassigned once then (RULES.md §3 「完成買賣股票行動後」),
comparing each company's holdings before and after the whole trade: a net purchase that
ties for most leaves the die where it was, a net sale that ties for most gives it to the
tied player nearest clockwise after the active player. Selling a share and buying it back
in one trade changes nothing. The ruleset choice ``president_timing = "each_share"`` keeps
the older reading (reassign after every single share).

>>> from engine import get_game
>>> s = get_game("owners_choice").new_initial_state(4)
>>> for a in ["buy R", "buy R", "done", "buy R", "done", "done", "done"]:
...     s.apply(a)
>>> s.cash[:2], s.presidents()
([490, 590], [0, None, None, None])
>>> s.apply("move 1"); s.space_name(s.pos), s.current_player()
('R', 0)
>>> s.legal_actions()
[Action(kind='pay', arg=''), Action(kind='fund', arg='')]
>>> s.apply("pay"); s.chance_outcomes()[0]
(Action(kind='die', arg='R +1'), Fraction(1, 3))
>>> s.apply("die R +3"); s.price(0), s.fund
(130, 50)
>>> s.apply("move 2")
Traceback (most recent call last):
...
engine.core.errors.IllegalAction: 'move 2' is not allowed: the pawn has already moved this turn
"""

from __future__ import annotations

from engine.core.errors import IllegalAction, Phrase, Seat
from engine.core.protocol import CHANCE, TERMINAL, Game, State
from engine.owners_choice.actions import (
    BANKRUPT,
    BUY,
    DONE,
    EVENT_DIE,
    FUND,
    FUND_DIE,
    MOVE,
    NAME_ACTIONS,
    PAY,
    SELL,
    STAY,
    Action,
    dice_actions,
    parse_action,
)
from engine.owners_choice.phases import (
    CHOOSE,
    LEAVE,
    NAME,
    OVER,
    PHASE_NAMES,
    POST,
    PRE,
    ROLL,
    SETUP,
)
from engine.owners_choice.reasons import why_illegal
from engine.owners_choice.rules import (
    ALL,
    COMPANIES,
    COMPANY_WORDS,
    DIVIDEND,
    EVENT,
    GOAL,
    PRESIDENT,
    SPACE_KINDS,
    OwnersChoiceRules,
    tables,
)


class OwnersChoiceState(State):
    """A position of Owner's Choice. All information is public.

    Compact data: ``cash[p]``; ``hold[p * 4 + c]`` shares of company ``c`` held by ``p``;
    ``supply[c]``; ``step[c]`` the index of the price on the track; ``pres[c]`` the
    president's seat or -1; ``fund``; ``pos`` the pawn; ``issued`` the money the bank has
    paid out net (so ``sum(cash) + fund == issued`` always).
    """

    __slots__ = (
        "game",
        "num_players",
        "ruleset",
        "history",
        "t",
        "ch",
        "cash",
        "hold",
        "supply",
        "step",
        "pres",
        "out",
        "fund",
        "issued",
        "pos",
        "active",
        "phase",
        "trades",
        "traded_before",
        "company",
        "die",
        "chooser",
        "queue",
        "affected",
        "turn",
        "bankruptcies",
        "trade_from",
    )

    def __init__(self, game: Game, num_players: int, ruleset: OwnersChoiceRules):
        self.game = game
        n = num_players
        self.num_players = n
        self.ruleset = ruleset
        self.history = []
        self.t = t = tables(ruleset)
        self.ch = dice_actions(ruleset)
        self.cash = [ruleset.start_cash] * n
        self.hold = [0] * (4 * n)
        self.supply = [ruleset.shares_per_company] * 4
        self.step = [t.start_step] * 4
        self.pres = [-1] * 4
        self.out = [False] * n
        self.fund = ruleset.fund_start
        self.issued = ruleset.start_cash * n + ruleset.fund_start
        self.pos = 0
        self.active = 0
        self.phase = SETUP
        self.trades = 0
        self.traded_before = False
        self.company = -1
        self.die = -1
        self.chooser = -1
        self.queue: tuple[int, ...] = ()
        self.affected: list[int] = []
        self.turn = 0
        self.bankruptcies = [0, 0, 0, 0]
        # The active player's four holdings when the open trade began (RULES.md §3 step 1).
        self.trade_from: tuple[int, ...] = ()

    # --- reading the position -------------------------------------------------------
    def price(self, c: int) -> int:
        return self.t.prices[self.step[c]]

    def dividend(self, c: int) -> int:
        return self.t.dividends[self.step[c]]

    def shares(self, p: int, c: int) -> int:
        return self.hold[p * 4 + c]

    def presidents(self) -> list[int | None]:
        """The president of each company as a seat, ``None`` when the die is in the pool.

        The list is indexed by company: ``presidents()[0]`` is red's president.
        """
        return [p if p >= 0 else None for p in self.pres]

    def space_name(self, i: int) -> str:
        return SPACE_KINDS[self.t.spaces[i]]

    def players_in_game(self) -> int:
        """Seats that have not left by personal bankruptcy."""
        return self.num_players - self.out.count(True)

    def move_max(self) -> int:
        """The longest move: 1-4 with 2-3 players, 1-3 with 4-5, counted over the players
        still in the game ([A]; ``move_range_players = "starting"`` counts every seat)."""
        r = self.ruleset
        n = self.num_players
        if r.move_range_players != "starting":
            n -= self.out.count(True)
        return r.move_max_small if n <= 3 else r.move_max_large

    def trade_open(self) -> bool:
        """A trade has begun this phase and its president dice are not settled yet."""
        return (
            self.trades > 0
            and self.phase in (PRE, POST)
            and self.ruleset.president_timing == "after_trade"
        )

    def settled_presidents(self) -> list[int]:
        """``pres`` as it will be once the open trade is complete (``pres`` if none is)."""
        if not self.trade_open():
            return self.pres[:]
        c = self.clone(history=False)
        c._close_trade()
        return c.pres

    def fee(self, c: int) -> int:
        r = self.ruleset
        return r.fee_high if self.price(c) >= r.fee_threshold else r.fee_low

    def net_worth(self) -> list[int]:
        """Cash plus shares at the current prices; 0 for a player who left."""
        prices = [self.t.prices[s] for s in self.step]
        h = self.hold
        out = []
        for p in range(self.num_players):
            if self.out[p]:
                out.append(0)
                continue
            b = p * 4
            out.append(
                self.cash[p]
                + h[b] * prices[0]
                + h[b + 1] * prices[1]
                + h[b + 2] * prices[2]
                + h[b + 3] * prices[3]
            )
        return out

    # --- protocol ---------------------------------------------------------------------
    def current_player(self) -> int:
        ph = self.phase
        if ph == ROLL:
            return CHANCE
        if ph == OVER:
            return TERMINAL
        if ph == CHOOSE:
            return self.chooser
        if ph == LEAVE:
            return self.queue[0]
        return self.active

    def legal_actions(self) -> list:
        ph = self.phase
        if ph == PRE:
            out = self._trades()
            # 'move 1' … 'move N': at most move_max, and not past GOAL
            far = self.t.goal - self.pos
            r = self.ruleset
            n = self.num_players  # move_max(), inline
            if r.move_range_players != "starting":
                n -= self.out.count(True)
            mm = r.move_max_small if n <= 3 else r.move_max_large
            out += MOVE[1 : (mm if mm < far else far) + 1]
            return out
        if ph == POST:
            out = self._trades()
            out.append(DONE)
            return out
        if ph == SETUP:
            out = self._setup_buys()
            out.append(DONE)
            return out
        if ph == CHOOSE:
            if self.cash[self.chooser] >= self.fee(self.company):
                return [PAY, FUND]
            return [FUND]
        if ph == NAME:
            return list(NAME_ACTIONS)
        if ph == LEAVE:
            r = self.ruleset
            others = sum(1 for p in range(self.num_players) if not self.out[p]) - 1
            if others > 0 or r.last_player_may_leave:
                return [BANKRUPT, STAY]
            return [STAY]
        return []

    def _setup_buys(self) -> list:
        # The hot path of simulation: the four companies written out (R, Y, B, G).
        a = self.active
        b = a * 4
        h = self.hold
        out = []
        if h[b] + h[b + 1] + h[b + 2] + h[b + 3] < self.ruleset.max_shares:
            cash = self.cash[a]
            prices = self.t.prices
            step = self.step
            supply = self.supply
            if supply[0] and cash >= prices[step[0]]:
                out.append(BUY[0])
            if supply[1] and cash >= prices[step[1]]:
                out.append(BUY[1])
            if supply[2] and cash >= prices[step[2]]:
                out.append(BUY[2])
            if supply[3] and cash >= prices[step[3]]:
                out.append(BUY[3])
        return out

    def _trades(self) -> list:
        r = self.ruleset
        if self.trades >= r.max_trades_per_turn:
            return []
        out = self._setup_buys()
        b = self.active * 4
        h = self.hold
        supply = self.supply
        # The only holder may not sell their last share: with one share held, nobody
        # else holds one when the supply has all the others (shares are conserved).
        last = r.shares_per_company - 1
        for c in range(4):
            k = h[b + c]
            if k and (k > 1 or supply[c] != last):
                out.append(SELL[c])
        return out

    def chance_outcomes(self):
        if self.phase != ROLL:
            return super().chance_outcomes()
        return list(self.ch.outcomes[self.die])

    def sample_chance(self, rng):
        if self.phase != ROLL:
            return super().sample_chance(rng)
        raw = self.ch.raw[self.die]
        return raw[int(rng.random() * len(raw))]

    def check_chance(self, action) -> None:
        if self.ch.effect.get(action, (-9,))[0] != self.die:
            super().check_chance(action)

    def parse_action(self, text: str) -> Action:
        return parse_action(text, self)

    def apply(self, action) -> None:
        """Checked apply (see :meth:`State.apply`); a refused trade or move says why.

        >>> from engine.owners_choice import from_position
        >>> s = from_position(2, holdings=[[6, 6, 0, 0], [0, 0, 1, 0]], cash=[900, 0])
        >>> s.apply("buy B")  # doctest: +ELLIPSIS
        Traceback (most recent call last):
        ...
        engine.core.errors.IllegalAction: 'buy B' is not allowed: seat 0 holds 12 shares, ...
        """
        if isinstance(action, str):
            action = self.parse_action(action)
        if self.current_player() >= 0 and action not in self.legal_actions():
            reason = self.why_illegal(action)
            if reason:
                raise IllegalAction.coded(
                    "oc.illegal",
                    "{action!r} is not allowed: {reason}",
                    action=str(action),
                    reason=reason,
                )
        super().apply(action)

    def why_illegal(self, action: Action) -> Phrase | None:
        """Why the seat to act may not play ``action`` now; ``None`` when no rule forbids
        it (see :func:`engine.owners_choice.reasons.why_illegal`)."""
        return why_illegal(self, action)

    # --- transitions ------------------------------------------------------------------
    def apply_trusted(self, action) -> None:
        """As :meth:`State.apply_trusted`; the history text is the action's stored text."""
        self._apply(action)
        self.history.append(action.text)

    def _apply(self, action: Action) -> None:
        k = action.kind
        if k == "buy":
            self._buy(action.number)
        elif k == "move":
            self._move(action.number)
        elif k == "done":
            if self.phase == SETUP:
                self._setup_done()
            else:
                if self.trades and self.ruleset.president_timing == "after_trade":
                    self._close_trade()
                self._next_turn()
        elif k == "die":
            self._roll(action)
        elif k == "sell":
            self._sell(action.number)
        elif k == "pay":
            c = self.company
            fee = self.fee(c)
            self.cash[self.chooser] -= fee
            self.fund += fee
            self.die = c
            self.phase = ROLL
        elif k == "fund":
            self.die = FUND_DIE
            self.phase = ROLL
        elif k == "name":
            self._company_space(action.number)
        elif k == "bankrupt":
            self._leave(self.queue[0])
            self._next_asked()
        else:  # stay
            self._next_asked()

    def _buy(self, c: int) -> None:
        a = self.active
        if self.phase != SETUP and not self.trades:
            self.trade_from = tuple(self.hold[a * 4 : a * 4 + 4])
        price = self.t.prices[self.step[c]]
        self.cash[a] -= price
        self.issued -= price
        self.hold[a * 4 + c] += 1
        self.supply[c] -= 1
        if self.phase != SETUP:
            self.trades += 1
            if self.phase == PRE:
                self.traded_before = True
            if self.ruleset.president_timing == "each_share":
                self._settle(c, a, self.hold[a * 4 + c] - 1)

    def _sell(self, c: int) -> None:
        a = self.active
        if not self.trades:
            self.trade_from = tuple(self.hold[a * 4 : a * 4 + 4])
        price = self.t.prices[self.step[c]]
        self.cash[a] += price
        self.issued += price
        self.hold[a * 4 + c] -= 1
        self.supply[c] += 1
        self.trades += 1
        if self.phase == PRE:
            self.traded_before = True
        if self.ruleset.president_timing == "each_share":
            self._settle(c, a, self.hold[a * 4 + c] + 1)

    def _top(self, c: int) -> tuple[int, list[int]]:
        best, top = 0, []
        h = self.hold
        for p in range(self.num_players):
            k = h[p * 4 + c]
            if k > best:
                best, top = k, [p]
            elif k == best and k:
                top.append(p)
        return best, top

    def _close_trade(self) -> None:
        """The trade is complete: reassign the president dice once (RULES.md §3 step 1)."""
        a = self.active
        before = self.trade_from
        for c in range(4):
            if self.hold[a * 4 + c] != before[c]:
                self._settle(c, a, before[c])

    def _settle(self, c: int, mover: int, was: int) -> None:
        """President of ``c`` after ``mover``'s holding of it went from ``was`` to now,
        every other holding unchanged (a trade, one share of it, or a personal
        bankruptcy, which counts as a sale)."""
        best, top = self._top(c)
        if not top:
            self.pres[c] = -1
        elif len(top) == 1:
            self.pres[c] = top[0]
        else:
            h = self.hold
            others = max((h[p * 4 + c] for p in range(self.num_players) if p != mover), default=0)
            if self.hold[mover * 4 + c] < was and was > others:
                # A sale by the strict top holder made this tie: nearest clockwise after
                # the active player.
                self.pres[c] = self._clockwise_first(top)
            elif self.pres[c] != -1 and self.pres[c] not in top:
                self.pres[c] = self._clockwise_first(top)
            # Otherwise a purchase tie (or an older tie): the die stays where it was.

    def _clockwise_first(self, seats: list[int]) -> int:
        n, a = self.num_players, self.active
        order = range(1, n + 1) if self.ruleset.sale_tie_active_last else range(n)
        for i in order:
            p = (a + i) % n
            if p in seats:
                return p
        return seats[0]

    def _setup_done(self) -> None:
        n = self.num_players
        if self.active < n - 1:
            self.active += 1
            return
        for c in range(4):
            best, top = self._top(c)
            self.pres[c] = top[0] if len(top) == 1 else -1
        self.active = 0
        self.phase = PRE
        self.turn = 1
        self.trades = 0
        self.traded_before = False

    def _move(self, d: int) -> None:
        if self.trade_open():
            self._close_trade()
        self.pos += d
        kind = self.t.spaces[self.pos]
        if kind < 4:
            self._company_space(kind)
        elif kind == ALL:
            self.phase = NAME
        elif kind == EVENT:
            self.die = EVENT_DIE
            self.phase = ROLL
        elif kind == DIVIDEND:
            m = max(self.step)
            for c in range(4):
                if self.step[c] == m:
                    self._pay_dividend(c)
            self._resolved()
        elif kind == PRESIDENT:
            bonus = self.ruleset.president_bonus
            for p in self.pres:
                if p >= 0:
                    self.cash[p] += bonus
                    self.issued += bonus
            self._resolved()
        elif kind == GOAL:
            take = min(self.ruleset.goal_take, self.fund)
            self.fund -= take
            self.cash[self.active] += take
            self.phase = OVER
        else:  # START cannot be landed on; treated as a blank space
            self._resolved()

    def _company_space(self, c: int) -> None:
        p = self.pres[c]
        if p < 0:
            if self.ruleset.no_president != "active_player":
                self._resolved()
                return
            p = self.active
        self.company = c
        self.chooser = p
        self.phase = CHOOSE

    def _pay_dividend(self, c: int) -> None:
        d = self.t.dividends[self.step[c]]
        if not d:
            return
        h = self.hold
        cash = self.cash
        for p in range(self.num_players):
            k = h[p * 4 + c]
            if k:
                cash[p] += d * k
                self.issued += d * k

    def _shift(self, c: int, k: int) -> None:
        s = self.step[c] + k
        if s > self.t.top:
            s = self.t.top
        elif s < 0:
            if self.step[c] == 0 or self.ruleset.bankrupt_on_overshoot:
                self._bankrupt(c)
                return
            s = 0
        self.step[c] = s

    def _bankrupt(self, c: int) -> None:
        h = self.hold
        for p in range(self.num_players):
            if h[p * 4 + c]:
                h[p * 4 + c] = 0
                if p not in self.affected:
                    self.affected.append(p)
        self.supply[c] = self.ruleset.shares_per_company
        self.step[c] = self.t.start_step
        self.pres[c] = -1
        self.bankruptcies[c] += 1

    def _roll(self, action: Action) -> None:
        die, eff = self.ch.effect[action]
        if die < 4:
            if eff[0] == "step":
                self._shift(die, eff[1])
            else:
                self._pay_dividend(die)
        elif die == FUND_DIE:
            take, steps = eff
            amount = self.fund if take < 0 else min(take, self.fund)
            self.fund -= amount
            self.cash[self.chooser] += amount
            self._shift(self.company, -steps)
        else:
            what, k = eff
            if what == "all":
                for c in range(4):
                    self._shift(c, k)
            elif what == "lowest" or what == "highest":
                m = min(self.step) if what == "lowest" else max(self.step)
                for c in [c for c in range(4) if self.step[c] == m]:
                    self._shift(c, k)
            elif what == "pay":
                for p in range(self.num_players):
                    if not self.out[p]:
                        amount = min(k, self.cash[p])
                        self.cash[p] -= amount
                        self.fund += amount
            else:  # dividends
                for c in range(4):
                    self._pay_dividend(c)
        self._resolved()

    def _resolved(self) -> None:
        """The space has acted: ask players hit by a bankruptcy, then go on."""
        if self.affected:
            n, a = self.num_players, self.active
            hit = self.affected
            self.queue = tuple(
                (a + i) % n for i in range(n) if (a + i) % n in hit and not self.out[(a + i) % n]
            )
            self.affected = []
            if self.queue:
                self.phase = LEAVE
                return
        self._after_space()

    def _next_asked(self) -> None:
        self.queue = self.queue[1:]
        if not self.queue:
            self._after_space()

    def _after_space(self) -> None:
        if self.traded_before or self.out[self.active]:
            self._next_turn()
        else:
            self.phase = POST
            self.company = -1

    def _leave(self, p: int) -> None:
        """Personal bankruptcy: shares to the supply, cash to the bank, out of the game."""
        self.issued -= self.cash[p]
        self.cash[p] = 0
        self.out[p] = True
        h = self.hold
        for c in range(4):
            k = h[p * 4 + c]
            if not k and self.pres[c] != p:
                continue
            h[p * 4 + c] = 0
            self.supply[c] += k
            # President dice of the shares returned: as after a sale ([A]).
            self._settle(c, p, k)

    def _next_turn(self) -> None:
        n = self.num_players
        if all(self.out):
            # Only possible with last_player_may_leave: nobody is left to play.
            self.phase = OVER
            return
        a = self.active
        for i in range(1, n + 1):
            if not self.out[(a + i) % n]:
                a = (a + i) % n
                break
        self.active = a
        self.phase = PRE
        self.trades = 0
        self.traded_before = False
        self.company = -1
        self.chooser = -1
        self.turn += 1

    # --- views --------------------------------------------------------------------------
    def describe_turn(self) -> Phrase:
        """Who acts now and what they may do, as a coded phrase (the app words it)."""
        ph, a = self.phase, self.active
        if ph == SETUP:
            return Phrase.coded(
                "oc.turn_setup",
                "{who} buys in the set-up round: “buy R”, “buy Y”, “buy B”, “buy G” or “done”",
                who=Seat(a),
            )
        if ph == PRE:
            return Phrase.coded("oc.turn_pre", "{who} trades or moves", who=Seat(a))
        if ph == POST:
            return Phrase.coded(
                "oc.turn_post", "{who} trades after the move: buy/sell or “done”", who=Seat(a)
            )
        if ph == NAME:
            return Phrase.coded(
                "oc.turn_name", "{who} names a company for the ALL space", who=Seat(a)
            )
        if ph == CHOOSE:
            return Phrase.coded(
                "oc.turn_choose",
                "{who}, president of {company}, chooses “pay” or “fund”",
                who=Seat(self.chooser),
                company=COMPANY_WORDS[self.company],
            )
        if ph == ROLL:
            if self.die == FUND_DIE:
                return Phrase.coded("oc.turn_roll_fund", "the fund die is rolling")
            if self.die == EVENT_DIE:
                return Phrase.coded("oc.turn_roll_event", "the event die is rolling")
            return Phrase.coded(
                "oc.turn_roll", "the {company} die is rolling", company=COMPANY_WORDS[self.die]
            )
        if ph == LEAVE:
            return Phrase.coded(
                "oc.turn_leave", "{who} chooses “bankrupt” or “stay”", who=Seat(self.queue[0])
            )
        return Phrase.coded("oc.turn_over", "game over")

    def returns(self) -> list[float]:
        """Final money of each seat: cash plus every share sold at the current price
        (0 for a player who left by personal bankruptcy)."""
        return list[float](self.net_worth())

    def observation(self, seat: int | None = None) -> dict:
        """Everything is public; the same dict for every seat."""
        n = self.num_players
        return {
            "cash": list(self.cash),
            "holdings": [list(self.hold[p * 4 : p * 4 + 4]) for p in range(n)],
            "supply": list(self.supply),
            "prices": [self.price(c) for c in range(4)],
            "presidents": self.presidents(),
            "out": list(self.out),
            "fund": self.fund,
            "pos": self.pos,
            "active": self.active,
            "phase": PHASE_NAMES[self.phase],
            "turn": self.turn,
        }

    def clone(self, *, history: bool = True) -> OwnersChoiceState:
        """A copy; ``history=False`` leaves the copy's history empty (for search)."""
        c = OwnersChoiceState.__new__(OwnersChoiceState)
        c.game = self.game
        c.num_players = self.num_players
        c.ruleset = self.ruleset
        c.history = self.history[:] if history else []
        c.t = self.t
        c.ch = self.ch
        c.cash = self.cash[:]
        c.hold = self.hold[:]
        c.supply = self.supply[:]
        c.step = self.step[:]
        c.pres = self.pres[:]
        c.out = self.out[:]
        c.fund = self.fund
        c.issued = self.issued
        c.pos = self.pos
        c.active = self.active
        c.phase = self.phase
        c.trades = self.trades
        c.traded_before = self.traded_before
        c.company = self.company
        c.die = self.die
        c.chooser = self.chooser
        c.queue = self.queue
        c.affected = self.affected[:]
        c.turn = self.turn
        c.bankruptcies = self.bankruptcies[:]
        c.trade_from = self.trade_from
        return c


def check_invariants(s: OwnersChoiceState) -> None:
    """Raise ``AssertionError`` naming the broken invariant (used by tests and playouts)."""
    r = s.ruleset
    n = s.num_players
    pres = s.settled_presidents()  # during an open trade: as the trade would end now
    for c in range(4):
        held = sum(s.hold[p * 4 + c] for p in range(n))
        if held + s.supply[c] != r.shares_per_company or s.supply[c] < 0:
            raise AssertionError(f"shares of {COMPANIES[c]} not conserved")
        if not 0 <= s.step[c] <= s.t.top:
            raise AssertionError(f"price of {COMPANIES[c]} off the track")
        p = pres[c]
        best, top = s._top(c)
        if p >= 0 and p not in top:
            raise AssertionError(f"president of {COMPANIES[c]} does not hold the most")
        if best and len(top) == 1 and s.phase != SETUP and p != top[0]:
            raise AssertionError(f"sole top holder of {COMPANIES[c]} is not president")
    if sum(s.cash) + s.fund != s.issued:
        raise AssertionError("money not conserved")
    if s.fund < 0 or min(s.cash) < 0:
        raise AssertionError("negative money")
    for p in range(n):
        if sum(s.hold[p * 4 : p * 4 + 4]) > r.max_shares:
            raise AssertionError(f"seat {p} holds more than {r.max_shares} shares")
        if s.out[p] and (s.cash[p] or any(s.hold[p * 4 : p * 4 + 4])):
            raise AssertionError(f"seat {p} left but still has money or shares")
    if not 0 <= s.pos <= s.t.goal:
        raise AssertionError("pawn off the board")
