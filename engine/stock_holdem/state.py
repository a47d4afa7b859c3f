"""Stock Hold'em as a state machine: deal (chance) → trading turns → clean-up → price
phase → preparation → deal → … → final settlement.

A trading turn is a sequence of actions by one seat: ``place 7A C`` (from the second
turn of the round on), then ``sell C`` or ``no sell``, then ``buy C`` or ``no buy``, then
``end``; free actions (``cash``, ``peek C3``, ``free sell C``, ``free buy C``,
``stock-up C``, and ``peek hand 2.3`` when the ruleset allows it) may come anywhere in
between while the seat has the chips. A seat with no chips left after buying ends its
turn at once.

>>> from engine import get_game
>>> s = get_game("stock_holdem").new_initial_state(4)
>>> s.current_player() == CHANCE
True
>>> import random
>>> s.apply(s.sample_chance(random.Random(1)))
>>> s.describe_turn()
"round 1, seat 0's turn 1 of 5: sell step"
>>> s.apply("sell A")
Traceback (most recent call last):
...
engine.core.errors.IllegalAction: 'sell A': seat 0 owns no share of company A
>>> s.apply("no sell"); s.chips[0]
3
>>> s.apply("buy C"); s.money[0], s.prices[2], s.shares[0][2]
(110, 11, 1)
"""

from __future__ import annotations

import random
from itertools import compress

from engine.core.errors import (
    EngineError,
    IllegalAction,
    Phrase,
    Seat,
    Word,
)
from engine.core.protocol import CHANCE, TERMINAL, Game, State
from engine.stock_holdem.actions import (
    _CO,
    _NO_TRADE,
    BUY_MOVES,
    CASH,
    END_TURN,
    FREE_BUY_MOVES,
    FREE_SELL_MOVES,
    FULL_OPEN,
    NO_BUY,
    NO_SELL,
    OP_BUY,
    OP_CASH,
    OP_END,
    OP_FREE_BUY,
    OP_FREE_SELL,
    OP_NO_SELL,
    OP_PEEK,
    OP_PEEK_HAND,
    OP_PLACE,
    OP_SELL,
    PEEK_HAND_MOVES,
    PEEK_HIGH,
    PEEK_LOW,
    PLACE_BY_OPEN,
    SELL_MOVES,
    SLOT_BITS,
    STOCK_UP_MOVES,
    Deal,
    Move,
    parse_move,
)
from engine.stock_holdem.cards import (
    ALL_CARDS,
    BEAR,
    COMPANIES,
    backs,
    card_text,
    quote,
)
from engine.stock_holdem.phases import (
    _TURN_STEPS,
    BUY,
    CLEANUP,
    DEAL,
    END,
    OVER,
    PHASE_NAMES,
    PLACE,
    SELL,
    STEP_NAMES,
    TRADE,
)
from engine.stock_holdem.pricing import (  # noqa: I001
    _NUM_BONUS,
    _SYM_BONUS,
    MAX_PRICE,
    MIN_PRICE,
    STOCK_UP_BONUS,
    price_parts,
    variant_of,
)
from engine.stock_holdem.reasons import why_illegal
from engine.stock_holdem.rules import FACE_UP, HAND_SIZE, ROUNDS, SLOTS, TURNS, StockHoldemRules


class StockHoldemState(State):
    """A Stock Hold'em position. Public numbers are plain lists; hidden cards are ids."""

    __slots__ = (
        "game", "num_players", "ruleset", "history", "round", "phase", "start",
        "turn_index", "step", "placed", "cleanup_seat", "board", "placer", "hands",
        "money", "chips", "shares", "prices", "stock_up", "known", "results",
        "turns", "hand_size", "peekable", "open_mask",
    )  # fmt: skip

    def __init__(self, game: Game, num_players: int, ruleset: StockHoldemRules):
        self.game = game
        self.num_players = n = num_players
        self.ruleset = r = ruleset
        self.history = []
        self.round = 0
        self.phase = DEAL
        self.start = 0
        self.turn_index = 0
        self.step = SELL
        self.placed = -1
        self.cleanup_seat = -1
        self.board: list[list[int]] = [[] for _ in range(6)]
        self.placer: list[list[int]] = [[] for _ in range(6)]
        self.hands: list[list[int]] = [[] for _ in range(n)]
        self.money = [r.start_money[n - 3]] * n
        self.chips = [min(r.start_chips[i], r.chip_limit) for i in range(n)]
        self.shares = [[0] * 6 for _ in range(n)]
        self.prices = [r.start_price] * 6
        self.stock_up = [0] * 6
        self.known = [0] * n  # bit mask of the cards each seat peeked at
        # Kept by the transitions for legal_actions: per seat, the face-down slots it may
        # peek at (bits of _slot_bit); the companies with room for a card (bit co).
        self.peekable = [0] * n
        self.open_mask = 0
        # per finished round: (cards per company, stock-up per company)
        self.results: list[tuple] = []
        self.turns = TURNS[n]
        self.hand_size = HAND_SIZE[n]

    # --- who acts ---------------------------------------------------------------------
    def current_player(self) -> int:
        phase = self.phase
        if phase == TRADE:
            return (self.start + self.turn_index) % self.num_players
        if phase == CLEANUP:
            return self.cleanup_seat
        if phase == DEAL:
            return CHANCE
        return TERMINAL

    @property
    def turn_number(self) -> int:
        """1-based number of the current trading turn of the seat to act."""
        return self.turn_index // self.num_players + 1

    def supply(self, company: int) -> int:
        """Share cards of ``company`` left to buy."""
        return self.ruleset.shares_per_company - sum(s[company] for s in self.shares)

    def describe_turn(self) -> Phrase:
        """The round, who is to act and the step, e.g. ``round 1, seat 0's turn 1 of 3:
        place step``."""
        rnd = self.round + 1
        if self.phase == DEAL:
            return Phrase.coded(
                "stock.turn_deal", "round {round}: the cards are to be dealt", round=rnd
            )
        if self.phase == OVER:
            return Phrase.coded("stock.turn_over", "game over")
        p = Seat(self.current_player())
        if self.phase == CLEANUP:
            return Phrase.coded(
                "stock.turn_cleanup",
                "round {round}, clean-up: {player} places its last card",
                round=rnd,
                player=p,
            )
        return Phrase.coded(
            "stock.turn",
            "round {round}, {player}'s turn {turn} of {turns}: {step} step",
            round=rnd,
            player=p,
            turn=self.turn_number,
            turns=self.turns,
            step=_TURN_STEPS[self.step],
        )

    # --- moves ------------------------------------------------------------------------
    def legal_actions(self) -> list:
        # The hot path of simulation: table lookups on the masks the transitions keep
        # (``open_mask``, ``peekable``) and C-level filters; the order is step actions,
        # then cash, peeks, hand peeks, free sells, free buys, stock-ups.
        phase = self.phase
        if phase != TRADE:
            if phase == CLEANUP:
                return list(PLACE_BY_OPEN[self.hands[self.cleanup_seat][0]][self.open_mask])
            return []
        p = (self.start + self.turn_index) % self.num_players
        step = self.step
        if step == SELL:
            out = list(compress(SELL_MOVES, self.shares[p]))
            out.append(NO_SELL)
        elif step == BUY:
            placed = self.placed
            if placed < 0:
                out = self._buyable(self.money[p], BUY_MOVES)
            elif self.money[p] >= self.prices[placed] and self._has_supply(placed):
                out = [BUY_MOVES[placed]]
            else:
                out = []
            out.append(NO_BUY)
        elif step == PLACE:
            out = []
            om = self.open_mask
            for c in self.hands[p]:
                out += PLACE_BY_OPEN[c][om]
        else:
            out = [END_TURN]
        chips = self.chips[p]
        if chips:
            r = self.ruleset
            if chips >= r.cost_cash:
                out.append(CASH)
            if chips >= r.cost_peek:
                m = self.peekable[p]
                if m:
                    out += PEEK_LOW[m & 511]
                    out += PEEK_HIGH[m >> 9]
                if r.peek_hands:
                    self._hand_peeks(p, out)
            if chips >= r.cost_free_sell:
                out += compress(FREE_SELL_MOVES, self.shares[p])
            if chips >= r.cost_free_buy:
                out += self._buyable(self.money[p], FREE_BUY_MOVES)
            if chips >= r.cost_stock_up and sum(self.stock_up) < r.stock_up_chips:
                # the companies with fewer than stock_up_per_company chips
                out += compress(STOCK_UP_MOVES, map(r.stock_up_per_company.__gt__, self.stock_up))
        return out

    def _buyable(self, money: int, moves: tuple) -> list:
        """``moves[co]`` for each company ``co`` that ``money`` pays for and has a share
        left, in company order."""
        prices = self.prices
        limit = self.ruleset.shares_per_company
        out = []
        if sum(map(sum, self.shares)) < limit:
            # fewer shares are held in all than one company has: none is sold out
            if money >= max(prices):
                return list(moves)
            for co in _CO:
                if money >= prices[co]:
                    out.append(moves[co])
            return out
        held = list(map(sum, zip(*self.shares)))
        for co in _CO:
            if money >= prices[co] and held[co] < limit:
                out.append(moves[co])
        return out

    def _has_supply(self, co: int) -> bool:
        """Whether a share of company ``co`` is left to buy."""
        return sum([s[co] for s in self.shares]) < self.ruleset.shares_per_company

    def _hand_peeks(self, p: int, out: list) -> None:
        """The peeks at other seats' hands (``peek_hands``): seat order, then card order."""
        known = self.known[p]
        for q in range(self.num_players):
            if q != p:
                for i, c in enumerate(self.hands[q]):
                    if c != BEAR and not (known >> c) & 1:
                        out.append(PEEK_HAND_MOVES[q][i])

    def parse_action(self, text: str):
        return parse_move(text)

    def apply(self, action) -> None:
        """Checked apply with a reason when a move is not allowed (see :class:`State`)."""
        if isinstance(action, str):
            action = self.parse_action(action)
        legal_check = isinstance(action, Move) and self.phase in (TRADE, CLEANUP)
        if legal_check and action not in self.legal_actions():
            raise IllegalAction.coded(
                "stock.illegal",
                "{action}: {why}",
                action=quote(str(action)),
                why=self.why_illegal(action)
                or Phrase.coded(
                    "stock.why_not_now", "not allowed now ({turn})", turn=self.describe_turn()
                ),
            )
        super().apply(action)

    def why_illegal(self, m: Move) -> Phrase | Word | None:
        """The rule that forbids ``m`` now, in plain words (for error messages); ``None``
        when no rule does (see :func:`engine.stock_holdem.reasons.why_illegal`)."""
        return why_illegal(self, m)

    # --- chance -----------------------------------------------------------------------
    def chance_outcomes(self):
        raise EngineError(
            "a Stock Hold'em deal is one chance action listing every card; "
            "use sample_chance(rng) or enter the deal"
        )

    def sample_chance(self, rng: random.Random) -> Deal:
        if self.phase != DEAL:
            raise EngineError("this state is not a chance node")
        deck = list(ALL_CARDS)
        rng.shuffle(deck)
        h = self.hand_size
        hands = tuple(tuple(deck[12 + i * h : 12 + (i + 1) * h]) for i in range(self.num_players))
        return Deal(tuple(deck[:12]), hands)

    def check_chance(self, action) -> None:
        if self.phase != DEAL:
            raise IllegalAction.coded(
                "stock.not_dealing",
                "{action}: nothing is being dealt now",
                action=quote(str(action)),
            )
        if not isinstance(action, Deal):
            raise IllegalAction.coded(
                "stock.deal_first",
                "{action}: the cards must be dealt first",
                action=quote(str(action)),
            )
        if len(action.hands) != self.num_players:
            raise IllegalAction.coded(
                "stock.deal_hands",
                "{action}: deals {hands} hands to {players} players",
                action=quote(str(action)),
                hands=len(action.hands),
                players=self.num_players,
            )
        for i, hand in enumerate(action.hands):
            if len(hand) != self.hand_size:
                raise IllegalAction.coded(
                    "stock.deal_hand_size",
                    "{action}: hand {i} has {n} cards; each player gets {size}",
                    action=quote(str(action)),
                    i=i + 1,
                    n=len(hand),
                    size=self.hand_size,
                )

    # --- transitions ------------------------------------------------------------------
    def _apply(self, action) -> None:
        """The transition alone (the protocol's hook): :meth:`apply_trusted` without the
        history entry."""
        self.apply_trusted(action)
        self.history.pop()

    def apply_trusted(self, action) -> None:
        """As :meth:`State.apply_trusted` (history: the action's stored text), with the
        transition in the same call: the hot path of simulation."""
        self.history.append(action.text)
        phase = self.phase
        if phase == DEAL:
            self._deal(action)
            return
        op = action.op
        p = (
            self.cleanup_seat
            if phase == CLEANUP
            else (self.start + self.turn_index) % self.num_players
        )
        if op in _NO_TRADE:
            # one chip, as _gain_chips(p, 1): chips above the limit pay $1 each
            c = self.chips[p] + 1
            limit = self.ruleset.chip_limit
            if c > limit:
                self.money[p] += c - limit
                c = limit
            self.chips[p] = c
            if op == OP_NO_SELL:
                self.step = BUY
            else:
                self._after_buy(p)
        elif op == OP_PLACE:
            self._place(p, action.card, action.company)
            if phase == CLEANUP:
                self._next_cleanup()
            else:
                self.placed = action.company
                self.step = SELL
        elif op == OP_BUY:
            self._buy(p, action.company)
            self._after_buy(p)
        elif op == OP_SELL:
            self._sell(p, action.company)
            self.step = BUY
        elif op == OP_END:
            self._end_turn()
        else:
            r = self.ruleset
            co = action.company
            if op == OP_PEEK:
                self.chips[p] -= r.cost_peek
                self.known[p] |= 1 << self.board[co][action.slot]
                self.peekable[p] &= ~SLOT_BITS[co][action.slot]
            elif op == OP_CASH:
                self.chips[p] -= r.cost_cash
                self.money[p] += 1
            elif op == OP_PEEK_HAND:
                self.chips[p] -= r.cost_peek
                self.known[p] |= 1 << self.hands[action.seat][action.slot]
            elif op == OP_FREE_SELL:
                self.chips[p] -= r.cost_free_sell
                self._sell(p, co)
            elif op == OP_FREE_BUY:
                self.chips[p] -= r.cost_free_buy
                self._buy(p, co)
            else:  # stock-up
                self.chips[p] -= r.cost_stock_up
                self.stock_up[co] += 1
            if self.step == END and not self.chips[p]:
                self._end_turn()

    def _place(self, p: int, card: int, co: int) -> None:
        """Seat ``p`` places ``card`` face down on company ``co``; every other seat that
        does not know the card may now peek at it (not at Bear: its back is unique)."""
        self.hands[p].remove(card)
        cards = self.board[co]
        k = len(cards)
        cards.append(card)
        self.placer[co].append(p)
        if k + 1 >= SLOTS:
            self.open_mask &= ~(1 << co)
        if card != BEAR:
            bit = SLOT_BITS[co][k]
            peekable = self.peekable
            if self.ruleset.peek_hands:
                for q, known in enumerate(self.known):
                    if q != p and not (known >> card) & 1:
                        peekable[q] |= bit
            else:
                # a card from a hand is known to nobody else without hand peeks
                for q in range(self.num_players):
                    peekable[q] |= bit
                peekable[p] &= ~bit

    def _deal(self, deal: Deal) -> None:
        b = deal.board
        self.board = [[b[2 * i], b[2 * i + 1]] for i in range(6)]
        self.placer = [[-1, -1] for _ in range(6)]
        self.hands = [list(h) for h in deal.hands]
        self.known = [0] * self.num_players
        self.peekable = [0] * self.num_players
        self.open_mask = FULL_OPEN
        self.phase = TRADE
        self.turn_index = 0
        self.step = SELL
        self.placed = -1

    def _sell(self, p: int, co: int) -> None:
        self.shares[p][co] -= 1
        self.money[p] += self.prices[co]
        if self.prices[co] > MIN_PRICE:
            self.prices[co] -= 1

    def _buy(self, p: int, co: int) -> None:
        self.shares[p][co] += 1
        self.money[p] -= self.prices[co]
        if self.prices[co] < MAX_PRICE:
            self.prices[co] += 1

    def _gain_chips(self, p: int, k: int) -> None:
        c = self.chips[p] + k
        limit = self.ruleset.chip_limit
        if c > limit:
            self.money[p] += c - limit
            c = limit
        self.chips[p] = c

    def _after_buy(self, p: int) -> None:
        if self.ruleset.free_action_after_buy and self.chips[p]:
            self.step = END
        else:
            self._end_turn()

    def _end_turn(self) -> None:
        self.turn_index += 1
        self.placed = -1
        if self.turn_index >= self.num_players * self.turns:
            self._begin_cleanup()
        else:
            self.step = PLACE if self.turn_index >= self.num_players else SELL

    def _full(self) -> bool:
        return all(len(b) >= SLOTS for b in self.board)

    def _begin_cleanup(self) -> None:
        if self._full():
            self._price_phase()
            return
        self.phase = CLEANUP
        self.cleanup_seat = self.start
        if not self.hands[self.start]:
            self._next_cleanup()

    def _next_cleanup(self) -> None:
        if self._full():
            self.cleanup_seat = -1
            self._price_phase()
            return
        n = self.num_players
        for k in range(1, n + 1):
            seat = (self.cleanup_seat + k) % n
            if self.hands[seat]:
                self.cleanup_seat = seat
                return
        raise EngineError("clean-up: no player holds a card but a company has room")

    def company_price(self, co: int) -> int:
        """The price phase formula for company ``co`` from its cards and stock-up chips."""
        base, sh, nh = price_parts(self.board[co], variant_of(self.ruleset))
        total = base + STOCK_UP_BONUS * self.stock_up[co] + _SYM_BONUS[sh] + _NUM_BONUS[nh]
        return MIN_PRICE if total < MIN_PRICE else MAX_PRICE if total > MAX_PRICE else total

    def _price_phase(self) -> None:
        self.prices = [self.company_price(co) for co in _CO]
        self.results.append(
            (tuple(tuple(b) for b in self.board), tuple(self.stock_up), tuple(self.prices))
        )
        if self.round + 1 >= ROUNDS:
            self.phase = OVER
            return
        # preparation phase
        n = self.num_players
        for p in range(n):
            self._gain_chips(p, self.ruleset.preparation_chips)
        self.stock_up = [0] * 6
        self.start = next_start_player(self.chips, self.start)
        self.round += 1
        self.phase = DEAL
        self.board = [[] for _ in range(6)]
        self.placer = [[] for _ in range(6)]
        self.hands = [[] for _ in range(n)]
        self.known = [0] * n
        self.peekable = [0] * n
        self.open_mask = 0

    # --- results and views ------------------------------------------------------------
    def net_worth(self) -> list[int]:
        """Money + shares at current prices + $1 per chip (the final settlement)."""
        prices = self.prices
        return [
            self.money[p] + sum(h * q for h, q in zip(self.shares[p], prices)) + self.chips[p]
            for p in range(self.num_players)
        ]

    def returns(self) -> list[float]:
        """Dollars per seat after final settlement (net worth while the game runs)."""
        return list[float](self.net_worth())

    def knows(self, seat: int | None, co: int, k: int) -> bool:
        """Whether ``seat`` sees the face of slot ``k`` of company ``co``."""
        if seat is None or k < FACE_UP or self.phase == OVER:
            return True
        card = self.board[co][k]
        return card == BEAR or self.placer[co][k] == seat or bool((self.known[seat] >> card) & 1)

    def observation(self, seat: int | None = None) -> dict:
        """What ``seat`` sees (``None``: everything). Slots and hands are texts: a card
        (``'7A'``) when its face is visible, else its back (``'7?'``, ``'?A'``; Bear's
        back is unique so it shows as ``'BEAR'``). ``known`` lists every card whose face
        the seat knows. ``placers`` gives, for each slot of each company, the seat that
        placed its card (``-1``: dealt face up) — public, as at the table."""
        parity = self.ruleset.card_back_parity
        back = backs(parity)
        n = self.num_players
        board = []
        known_ids = []
        for co in _CO:
            row = []
            for k, c in enumerate(self.board[co]):
                if self.knows(seat, co, k):
                    row.append(card_text(c))
                    known_ids.append(c)
                else:
                    row.append(back[c])
            board.append(tuple(row))
        hands = []
        for p in range(n):
            if seat is None or p == seat:
                hands.append(tuple(card_text(c) for c in self.hands[p]))
                known_ids.extend(self.hands[p])
            else:
                mask = self.known[seat]
                row = []
                for c in self.hands[p]:
                    if c == BEAR or (mask >> c) & 1:
                        row.append(card_text(c))
                        known_ids.append(c)
                    else:
                        row.append(back[c])
                hands.append(tuple(row))
        return {
            "seat": seat,
            "num_players": n,
            "round": self.round + 1,
            "phase": PHASE_NAMES[self.phase],
            "to_act": self.current_player(),
            "start_player": self.start,
            "turn": self.turn_number if self.phase == TRADE else 0,
            "turns": self.turns,
            "step": STEP_NAMES[self.step] if self.phase == TRADE else "",
            "placed_company": COMPANIES[self.placed] if self.placed >= 0 else "",
            "prices": tuple(self.prices),
            "stock_up": tuple(self.stock_up),
            "money": tuple(self.money),
            "chips": tuple(self.chips),
            "shares": tuple(tuple(s) for s in self.shares),
            "supply": tuple(self.supply(co) for co in _CO),
            "board": tuple(board),
            "placers": tuple(tuple(row) for row in self.placer),
            "hands": tuple(hands),
            "known": tuple(card_text(c) for c in sorted(set(known_ids))),
            "results": tuple(
                (tuple(tuple(card_text(c) for c in cards) for cards in b), su, pr)
                for b, su, pr in self.results
            ),
        }

    def clone(self) -> StockHoldemState:
        c = StockHoldemState.__new__(StockHoldemState)
        c.game, c.num_players, c.ruleset = self.game, self.num_players, self.ruleset
        c.history = list(self.history)
        c.round, c.phase, c.start = self.round, self.phase, self.start
        c.turn_index, c.step, c.placed = self.turn_index, self.step, self.placed
        c.cleanup_seat = self.cleanup_seat
        c.board = [list(b) for b in self.board]
        c.placer = [list(b) for b in self.placer]
        c.hands = [list(h) for h in self.hands]
        c.money = list(self.money)
        c.chips = list(self.chips)
        c.shares = [list(s) for s in self.shares]
        c.prices = list(self.prices)
        c.stock_up = list(self.stock_up)
        c.known = list(self.known)
        c.peekable = list(self.peekable)
        c.open_mask = self.open_mask
        c.results = list(self.results)
        c.turns, c.hand_size = self.turns, self.hand_size
        return c

    def card_count(self) -> int:
        """Cards on companies and in hands: the 12 face-up cards plus the hands dealt,
        30 (3 players), 32 (4 or 5) or 36 (6) from the deal to the end of the round (and
        at game over); 0 before a deal. The other cards of the 42 stay aside unseen."""
        return sum(len(b) for b in self.board) + sum(len(h) for h in self.hands)


def next_start_player(chips, previous: int) -> int:
    """The preparation-phase start player: fewest chips; on a tie the tied seat nearest
    clockwise after the previous start player, who is excluded from the tie.

    >>> next_start_player([3, 1, 4, 1], previous=0)
    1
    >>> next_start_player([1, 5, 4, 1], previous=0)
    3
    >>> next_start_player([1, 5, 4, 2], previous=0)
    0
    """
    low = min(chips)
    tied = [p for p, c in enumerate(chips) if c == low]
    if len(tied) == 1:
        return tied[0]
    n = len(chips)
    for k in range(1, n):
        seat = (previous + k) % n
        if seat in tied:
            return seat
    return tied[0]
