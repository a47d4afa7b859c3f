"""The Whist / Bid Whist game state: whole games of many deals (RULES.md §4).

Phases of one deal: ``deal`` (chance) → Bid Whist: ``bid`` → ``trump`` (trump suit or
no trump direction) → the kitty goes to the declarer → six ``discard`` actions (the first
book) → ``play``; Whist: ``play`` directly (4 players) or after ``declare`` (High/Low, two
players). A random first dealer is a chance action ``dealer N`` before the first deal
(unless the ruleset fixes ``first_dealer``). The deal then passes left.

Seats 0+2 and 1+3 are partners (side = seat % 2); with two players each seat is a side.
``returns()`` are the final points of each seat's side.

>>> from engine import get_game
>>> s = get_game("whist").new_initial_state(first_dealer=3)
>>> s.phase_name
'deal'
>>> import random
>>> s.apply(s.sample_chance(random.Random(1)))
>>> s.current_player(), s.legal_actions()[:2]
(0, (Pass(), Bid(number=3, kind='uptown')))
"""

from __future__ import annotations

import random
from fractions import Fraction
from operator import attrgetter

from engine.core.errors import EngineError, IllegalAction, Phrase
from engine.core.protocol import CHANCE, TERMINAL, Game, State
from engine.whist import actions as A
from engine.whist.cards import (
    CARD_CODE,
    JOKER_MASK,
    SUIT_MASK,
    SUITS,
)
from engine.whist.dealing import deal_reasons, draw_deal, drawn_deal_ok, joined
from engine.whist.phases import (
    BID,
    DEAL,
    DEALER,
    DECLARE,
    DISCARD,
    END,
    HONOUR_RANKS,
    PHASES,
    PLAY,
    TRICK_CARDS,
    TRUMP,
)
from engine.whist.rules import WhistRules
from engine.whist.scoring import (
    bid_whist_points,
    contract_is_low,
    strongest,
    two_player_whist_points,
    whist_deal_points,
    whist_points,
)
from engine.whist.state_tables import (
    BIDS,
    BIT,
    CARD_BIT,
    NEXT_SEAT,
    PLAYS,
    TRICK_SEATS,
    discard_actions,
    follow_by_led,
    play_tables,
    strong_tables,
)
from engine.whist.views import contract_text, describe_turn, observation


class WhistState(State):
    __slots__ = (
        "game", "num_players", "ruleset", "_texts", "_pending", "_legal", "_lmask", "club",
        "_fresh",
        "two", "bidw", "n_tricks", "trick_size", "_next",
        "scores", "dealer", "phase", "to_act", "deal_no",
        "hands", "tops", "piles", "kitty", "turn_card", "honours",
        "bids", "high_bid", "high_bidder",
        "declarer", "bid_number", "kind", "trump", "low", "kitty_taken", "discards",
        "hl_first", "hl_game", "hl_declarer",
        "trick_cards", "led", "leader", "tricks", "books", "_strong", "_follow",
        "deal_log", "loser",
    )  # fmt: skip
    # the types of the slots a type checker cannot infer from their first values
    _texts: list[str]
    _pending: list[object]
    _legal: tuple | None
    piles: list[list[list[int]]] | None
    kitty: tuple[int, ...]
    bids: list[tuple[int, A.Bid | A.Pass]]
    high_bid: A.Bid | None
    discards: list[int]
    trick_cards: list[int]
    tricks: list[tuple[int, tuple[int, ...], tuple[int, ...], int, int]]
    _strong: tuple
    deal_log: list[dict]

    def __init__(self, game: Game, num_players: int, ruleset: WhistRules):
        self.game = game
        self.num_players = num_players
        self.ruleset = ruleset
        self._texts = []  # action texts made so far (see ``history``)
        self._pending = []  # actions applied whose text is not made yet
        self._legal = None  # legal_actions() of this position, once asked
        self._lmask = 0  # in the play, the cards of ``_legal`` as a bit mask
        self.club = ruleset.jokers_follow_trump
        self.two = num_players == 2
        self.bidw = ruleset.bidding
        self.n_tricks = 12 if self.bidw else 13
        self.trick_size = TRICK_CARDS
        self._next = NEXT_SEAT[self.two]  # the seat after each seat in a trick
        self.scores = [0, 0]
        self.deal_no = 0
        self.deal_log = []
        self.loser = -1
        self._reset_deal()
        self._fresh = True  # the deal fields are as _reset_deal left them
        if ruleset.first_dealer >= 0:
            self.dealer = ruleset.first_dealer
            self.phase = DEAL
        else:
            self.dealer = -1
            self.phase = DEALER
        self.to_act = -1

    def _reset_deal(self) -> None:
        n = self.num_players
        self.hands = [0] * n
        self.tops = [0] * n
        self.piles = None
        self.kitty = ()
        self.turn_card = -1
        self.honours = [0] * n
        self.bids = []
        self.high_bid = None
        self.high_bidder = -1
        self.declarer = -1
        self.bid_number = 0
        self.kind = ""
        self.trump = -1
        self.low = False
        self.kitty_taken = False
        self.discards = []
        self.hl_first = ""
        self.hl_game = ""
        self.hl_declarer = -1
        self.trick_cards = []
        self.led = -1
        self.leader = -1
        self.tricks = []
        self.books = [0, 0]
        self._strong = ()  # the strength tables of the contract, once in the play
        self._follow: tuple = ()  # the follow tables by suit led, once in the play

    # --- who acts ---------------------------------------------------------------------
    def current_player(self) -> int:
        p = self.phase
        if p >= BID and p <= PLAY:
            return self.to_act
        if p == END:
            return TERMINAL
        return CHANCE

    @property
    def phase_name(self) -> str:
        return PHASES[self.phase]

    def describe_turn(self) -> Phrase:
        """Who acts now, in words (a :class:`Phrase`, so the app words it too; see
        :func:`engine.whist.views.describe_turn`).

        >>> from engine import get_game
        >>> get_game("whist").new_initial_state(first_dealer=3).describe_turn()
        'chance deals (seat 3 deals)'
        """
        return describe_turn(self)

    # --- moves ------------------------------------------------------------------------
    def legal_actions(self) -> tuple:  # a Sequence, as the protocol says
        """The legal actions as a tuple, made once per position (do not mutate)."""
        legal = self._legal
        if legal is not None:
            return legal
        if self.phase == PLAY:  # the card-play rule (``apply`` checks with ``_lmask``)
            seat = self.to_act
            playable = self.hands[seat] | self.tops[seat]
            led = self.led
            t = PLAYS or play_tables()
            if led >= 0:  # must follow the suit led when able (jokers have no suit)
                if led != self.trump or not self.club:
                    sub = playable >> 13 * led & 0x1FFF
                    if sub:
                        self._lmask = sub << 13 * led
                        legal = self._legal = t[led][sub]
                        return legal
                else:  # club rule: the jokers are trumps for following suit
                    playable = playable & (SUIT_MASK[led] | JOKER_MASK) or playable
            self._lmask = playable
            legal = (
                t[0][playable & 0x1FFF]
                + t[1][playable >> 13 & 0x1FFF]
                + t[2][playable >> 26 & 0x1FFF]
                + t[3][playable >> 39 & 0x1FFF]
                + t[4][playable >> 52]
            )
        else:
            p = self.phase
            if p == BID:
                high = self.high_bid
                legal = BIDS[
                    -1 if high is None else high.rank,
                    not (self.to_act == self.dealer and high is None),
                ]
            elif p == DISCARD:
                legal = discard_actions(self.hands[self.to_act])
            elif p == TRUMP:
                legal = A.DIRECTIONS if self.kind == "notrump" else A.TRUMPS
            elif p == DECLARE:
                legal = A.DECLARES
            else:
                legal = ()
        self._legal = legal
        return legal

    def _play_mask(self) -> int:
        """In the play, the cards the seat to act may play now, as a bit mask (the mask
        of ``legal_actions()``, made with it)."""
        if self._legal is None:
            self.legal_actions()
        return self._lmask

    def apply(self, action) -> None:
        """Checked like :meth:`State.apply`; a card play or discard is checked with one
        bit test against the cards allowed now (anything else takes the general check)."""
        p = self.phase
        if p == PLAY:
            if type(action) is _PLAY_CLASS:
                if self._legal is None:
                    self.legal_actions()  # sets ``_lmask``, the cards allowed now
                c = action.code
                bit = CARD_BIT[c]
                if self._lmask & bit:  # (no card: code -1, bit 0)
                    self._pending.append(action)
                    if self.piles is not None:  # two players with straw piles
                        self._legal = None
                        self._play(c)
                        return
                    # ``_play(c)`` of four players written out (the hot path), which also
                    # makes the legal cards of the next seat at once (``apply`` checks them)
                    seat = self.to_act
                    hands = self.hands
                    hands[seat] ^= bit
                    cards = self.trick_cards
                    cards.append(c)
                    led = self.led
                    if led < 0:
                        if c < 52:
                            led = self.led = c // 13
                        elif self.trump >= 0 and self.club:
                            led = self.led = self.trump  # club rule: a joker leads trump
                    seat = self._next[seat]
                    if seat != self.leader:  # the trick goes on
                        self.to_act = seat
                        follow = self._follow[led]
                        if follow is None:
                            self._legal = None  # a joker led, or the club rule: see legal_actions
                            return
                        suit, shift, plays = follow
                        sub = hands[seat] & suit
                        if sub:  # follow suit
                            self._lmask = sub
                            self._legal = plays[sub >> shift]
                            return
                        # void in the suit led: any card (below)
                    else:
                        # ``_end_trick(cards)`` and ``scoring.strongest`` written out (a
                        # call per trick is 4 % of a deal); test_state_checked_apply plays
                        # whole games both ways and compares them
                        table = self._strong[led]
                        a, b, c, d = cards
                        best = table[a]
                        i = 0
                        v = table[b]
                        if v > best:
                            best, i = v, 1
                        v = table[c]
                        if v > best:
                            best, i = v, 2
                        v = table[d]
                        if v > best:
                            best, i = v, 3
                        if best < 0:  # pragma: no cover - four cards hold a card of the suit led
                            i = -1
                        leader = seat
                        seats = TRICK_SEATS[0][leader]
                        w = seats[i]
                        self.books[w & 1] += 1
                        tricks = self.tricks
                        tricks.append((leader, seats, (a, b, c, d), w, i))
                        self.trick_cards = []
                        self.led = -1
                        self.leader = self.to_act = w
                        if len(tricks) == self.n_tricks:
                            self._legal = None
                            self._score_deal()
                            return
                        seat = w  # the winner leads: any card
                    sub = self._lmask = hands[seat]
                    t = PLAYS or play_tables()
                    self._legal = (
                        t[0][sub & 0x1FFF]
                        + t[1][sub >> 13 & 0x1FFF]
                        + t[2][sub >> 26 & 0x1FFF]
                        + t[3][sub >> 39 & 0x1FFF]
                        + t[4][sub >> 52]
                    )
                    return
        elif p == DISCARD:
            if type(action) is _DISCARD_CLASS and self._apply_discard(action):
                return
        elif BID <= p <= DECLARE:  # bid, trump or declare (the discard is above)
            if self._apply_call(action, p):
                return
        elif (
            p == DEAL
            and type(action) is A.Deal
            and action.codes is not None
            and drawn_deal_ok(self, action)
        ):
            self._pending.append(action)  # a drawn deal, checked on its masks
            self._legal = None
            self._deal(action)
            return
        if type(action) is str:
            self.apply(A.parse_action(action))  # an action, never a text: checked as one
            return
        super().apply(action)  # the general check: raises with the allowed moves

    def _apply_discard(self, action) -> bool:
        """:meth:`apply` of a discard: ``True`` when it was allowed and is applied; the
        hand's one-bit check and ``_discard(c)`` written out."""
        c = action.code
        seat = self.to_act
        hand = self.hands[seat]
        if hand & CARD_BIT[c]:  # ``_discard(c)`` written out
            self._pending.append(action)
            self.hands[seat] = hand ^ BIT[c]
            discards = self.discards
            discards.append(c)
            if len(discards) < 6:
                legal = self._legal
                if legal is not None:
                    # the same discards less this one (lowest card first: its
                    # place is the count of lower cards in the hand)
                    i = (hand & BIT[c] - 1).bit_count()
                    self._legal = legal[:i] + legal[i + 1 :]
                return True
            self._legal = None
            self.books[self.declarer % 2] += 1  # the discard is the first book
            self._start_play(self.declarer)
            return True
        return False

    def _apply_call(self, action, p: int) -> bool:
        """:meth:`apply` of a bid, a trump or direction call or a declaration: ``True``
        when it was allowed and is applied."""
        # the legal actions are shared singletons: the one given is usually one of
        # them (found by identity; anything else takes the general check)
        for a in self._legal or self.legal_actions():
            if a is action:
                self._pending.append(action)
                self._legal = None
                if p == BID:
                    self._bid(action)
                else:
                    self._apply(action)
                return True
        return False

    def apply_trusted(self, action) -> None:
        """Apply an action known to be legal; its text is made when ``history`` is read."""
        p = self.phase
        if p == PLAY and self._legal is not None and self.piles is None:
            # legal cards known (a driver asked): ``apply``'s one-bit check and its inline
            # play, which also makes the next seat's legal cards, cost less than ``_play``
            self.apply(action)
            return
        self._pending.append(action)
        self._legal = None
        if p == PLAY:
            self._play(action.code)
        elif p == DISCARD:
            self._discard(action.code)
        elif p == BID:
            self._bid(action)
        else:
            self._apply(action)

    @property
    def history(self) -> list[str]:
        """The action texts so far (a record's ``actions``), made when first read."""
        pending = self._pending
        if pending:
            self._texts += map(_TEXT, pending)  # every Whist action carries its text
            pending.clear()
        return self._texts

    @history.setter
    def history(self, texts: list[str]) -> None:
        self._texts = texts
        self._pending = []

    def chance_outcomes(self):
        if self.phase == DEALER:
            n = self.num_players
            return [(A.FirstDealer(i), Fraction(1, n)) for i in range(n)]
        if self.phase == DEAL:
            raise EngineError(
                "a deal is one chance action naming every card; there are too many to "
                "list: draw one with sample_chance(rng) or enter it as 'deal …'"
            )
        raise EngineError("this state is not a chance node")

    def sample_chance(self, rng: random.Random):
        if self.phase != DEAL:
            return super().sample_chance(rng)
        return draw_deal(self, rng)

    def check_chance(self, action) -> None:
        if self.phase == DEALER:
            if not isinstance(action, A.FirstDealer) or not 0 <= action.seat < self.num_players:
                raise IllegalAction.coded(
                    "whist.first_dealer_now",
                    "{action!r}: the first dealer is drawn now; write “dealer N” with N 0-{last}",
                    action=str(action),
                    last=self.num_players - 1,
                )
            return
        if self.phase != DEAL or not isinstance(action, A.Deal):
            raise IllegalAction.coded(
                "whist.chance_not_now",
                "{action!r} is not allowed now ({turn})",
                action=str(action),
                turn=self.describe_turn(),
            )
        if action.codes is not None and drawn_deal_ok(self, action):
            return
        why = deal_reasons(self, action)
        if why:
            raise IllegalAction.coded(
                "whist.deal_invalid",
                "{deal!r}…: not a valid deal: {why}",
                deal=str(action)[:60],
                why=joined(why),
            )

    def parse_action(self, text: str):
        return A.parse_action(text)

    # --- transitions ------------------------------------------------------------------
    def _apply(self, action) -> None:
        p = self.phase
        if p == PLAY:
            self._play(action.code)
        elif p == BID:
            self._bid(action)
        elif p == DISCARD:
            self._discard(action.code)
        elif p == TRUMP:
            if isinstance(action, A.Direction):
                self.low = contract_is_low(self.kind, action.low)
            else:
                self.trump = SUITS.index(action.suit)
                self.low = contract_is_low(self.kind)  # downtown: A > 2 > 3 > … > K
            m = 0
            for c in self.kitty:
                m |= 1 << c
            self.hands[self.declarer] |= m
            self.kitty_taken = True
            self.phase = DISCARD
        elif p == DECLARE:
            self._declare(action.game)
        elif p == DEAL:
            self._deal(action)
        elif p == DEALER:
            self.dealer = action.seat
            self.phase = DEAL

    def _discard(self, c: int) -> None:
        self.hands[self.to_act] ^= 1 << c
        self.discards.append(c)
        if len(self.discards) == 6:
            self.books[self.declarer % 2] += 1  # the discard is the first book
            self._start_play(self.declarer)

    def _deal(self, deal) -> None:
        if self._fresh:  # a new state: its deal fields were just reset
            self._fresh = False
        else:
            self._reset_deal()
        code = CARD_CODE
        n = self.num_players
        if deal.codes is not None:  # drawn by sample_chance: the masks come with it
            masks, self.kitty = deal.codes
            self.hands = list(masks)
        else:
            for i in range(n):
                m = 0
                for t in deal.hands[i]:
                    m |= 1 << code[t]
                self.hands[i] = m
            self.kitty = tuple(code[t] for t in deal.kitty)
        if deal.straw:
            self.piles = [[[code[d], code[u]] for d, u in piles] for piles in deal.straw]
            self.tops = [sum(1 << pile[1] for pile in piles) for piles in self.piles]
        first = (self.dealer + 1) % n
        if deal.turn:
            self.turn_card = code[deal.turn]
            if not self.two or self.ruleset.high_game_trump == "dealer_last":
                t = self.turn_card // 13
                hon = SUIT_MASK[t] & sum(1 << (13 * t + r) for r in HONOUR_RANKS)
                self.honours = [(self.hands[i] & hon).bit_count() for i in range(n)]
        if self.bidw:
            self.phase = BID
            self.to_act = first
        elif self.two:
            self.phase = DECLARE
            self.to_act = first
        else:
            self.trump = self.turn_card // 13
            self._start_play(first)

    def _bid(self, action) -> None:
        seat = self.to_act
        if isinstance(action, A.Bid):
            self.high_bid = action
            self.high_bidder = seat
        self.bids.append((seat, action))
        if seat == self.dealer:
            self.declarer = self.high_bidder
            high = self.high_bid
            assert high is not None  # the dealer bids last and must bid when all have passed
            self.bid_number = high.number
            self.kind = high.kind
            self.phase = TRUMP
            self.to_act = self.declarer
        else:
            self.to_act = (seat + 1) % self.num_players

    def _declare(self, game: str) -> None:
        seat = self.to_act
        nondealer = 1 - self.dealer
        if seat == nondealer:
            self.hl_first = game
            if game == "low":
                self.to_act = self.dealer  # the dealer may change Low to High
                return
            self.hl_game, self.hl_declarer = "high", nondealer
        elif game == "high":
            self.hl_game, self.hl_declarer = "high", self.dealer
        else:
            self.hl_game = "low"
        self.low = contract_is_low(self.hl_game)  # Low game: A high too (RULES.md §4.3 [A])
        if self.hl_game == "high":
            if self.ruleset.high_game_trump == "dealer_last":
                self.trump = self.turn_card // 13
            self._start_play(1 - self.hl_declarer)  # the other player leads
        else:
            self._start_play(nondealer)

    def _start_play(self, leader: int) -> None:
        self.phase = PLAY
        self.leader = self.to_act = leader
        self._strong = strong_tables(self.trump, self.low)
        self._follow = follow_by_led(self.trump, self.club)

    def _play(self, c: int) -> None:
        seat = self.to_act
        hands = self.hands
        h = hands[seat]
        if h & BIT[c]:
            hands[seat] = h ^ BIT[c]
        else:
            self._take_straw(seat, c)
        cards = self.trick_cards
        cards.append(c)
        if self.led < 0:
            if c < 52:
                self.led = c // 13
            elif self.trump >= 0 and self.club:
                self.led = self.trump  # club rule: a led joker is a trump lead
        if len(cards) < TRICK_CARDS:
            self.to_act = self._next[seat]
            return
        self._end_trick(cards)

    def _end_trick(self, cards: list) -> None:
        """The trick of ``cards`` is complete: its winner takes it and leads next.

        Its suit led is the first non-joker card's (as in ``winning_index``); ``led``
        differs only when a joker led a trump contract under the club rule (then trump),
        where a joker wins either way. The winner is the first of the strongest
        (``scoring.strongest``)."""
        i = strongest(self._strong[self.led], cards)
        a, b, c, d = cards
        leader = self.leader
        seats = TRICK_SEATS[self.two][leader]
        w = seats[i]
        self.books[w & 1] += 1
        tricks = self.tricks
        tricks.append((leader, seats, (a, b, c, d), w, i))
        self.trick_cards = []
        self.led = -1
        self.leader = self.to_act = w
        if len(tricks) == self.n_tricks:
            self._score_deal()

    @property
    def trick_seats(self) -> list[int]:
        """The seats that played to the trick in progress, in order."""
        return list(TRICK_SEATS[self.two][self.leader][: len(self.trick_cards)])

    def _take_straw(self, seat: int, c: int) -> None:
        self.tops[seat] ^= 1 << c
        assert self.piles is not None  # a two-player deal: its straw piles are dealt
        for pile in self.piles[seat]:
            if pile and pile[-1] == c:
                pile.pop()
                if pile:
                    self.tops[seat] |= 1 << pile[-1]  # the card beneath is turned up
                return

    def _score_deal(self) -> None:
        r = self.ruleset
        scores = self.scores
        if self.bidw:  # the declaring side scores
            side = self.declarer & 1
            made = bid_whist_points(self.bid_number, self.kind, self.books[side])
            scores[side] += made
            if scores[side] >= r.bid_target:
                self.loser = 1 - side
            elif scores[side] <= -r.bid_target:
                self.loser = side
            points = (0, made) if side else (made, 0)
            hon = (0, 0)
            declarer: int | None = self.declarer
        else:
            before = tuple(scores)
            if self.two:
                declarer = self.hl_declarer if self.hl_game == "high" else None
                tricks = list(two_player_whist_points(self.hl_game, self.books, declarer))
            else:
                tricks = [whist_points(self.books[0]), whist_points(self.books[1])]
            honours_on = not self.two or (r.two_player_honours and self.hl_game == "high")
            held = [(seat & 1, h) for seat, h in enumerate(self.honours)] if honours_on else []
            pts = whist_deal_points(
                before,
                tricks,
                held,
                target=r.whist_target,
                honours_after_tricks=r.honours_after_tricks,
                tricks_before_honours=r.tricks_before_honours,
            )
            scores[0] += pts[0]
            scores[1] += pts[1]
            # equal totals at the target: the side that scored the deal's tricks wins
            self._check_target(first=0 if tricks[0] >= tricks[1] else 1)
            points = pts
            hon = (pts[0] - tricks[0], pts[1] - tricks[1])
            declarer = self.hl_declarer
        books = tuple(self.books)
        self.deal_log.append(
            {
                "deal": self.deal_no,
                "dealer": self.dealer,
                "contract": self.contract_text(),
                # the contract as values: Bid Whist's bid and kind; Whist's 0 and "trump",
                # two-player Whist's 0 and the game ("high" or "low")
                "bid": self.bid_number if self.bidw else 0,
                "kind": self.kind if self.bidw else (self.hl_game if self.two else "trump"),
                "declarer": declarer,
                "books": books,
                "tricks": books,
                "points": points,
                "honours": hon,
                "scores": tuple(scores),
            }
        )
        self.deal_no += 1
        if self.loser >= 0:
            self.phase = END
        else:
            self.dealer = (self.dealer + 1) % self.num_players
            self.phase = DEAL
        self.to_act = -1

    def _check_target(self, first: int = 0) -> None:
        """The side at the target with more points wins; ``first`` wins equal totals."""
        t = self.ruleset.whist_target
        s0, s1 = self.scores[0], self.scores[1]
        if max(s0, s1) < t:
            return
        winner = 0 if s0 > s1 else 1 if s1 > s0 else first
        self.loser = 1 - winner

    # --- views ------------------------------------------------------------------------
    def contract_text(self) -> Phrase | str:
        """The contract of the current deal in words, '' before it is known (see
        :func:`engine.whist.views.contract_text`)."""
        return contract_text(self)

    def returns(self) -> list[float]:
        return [self.scores[i & 1] for i in range(self.num_players)]

    def winners(self) -> list[int]:
        if self.phase != END:
            return []
        return [i for i in range(self.num_players) if (i & 1) != self.loser]

    def observation(self, seat: int | None = None) -> dict:
        """What ``seat`` sees (``None`` = omniscient); see
        :func:`engine.whist.views.observation`."""
        return observation(self, seat)

    def clone(self) -> WhistState:
        c = WhistState.__new__(WhistState)
        c.game, c.num_players, c.ruleset, c.two = (
            self.game,
            self.num_players,
            self.ruleset,
            self.two,
        )
        c.bidw, c.n_tricks, c.trick_size, c.dealer = (
            self.bidw,
            self.n_tricks,
            self.trick_size,
            self.dealer,
        )
        c.phase, c.to_act, c.deal_no, c.kitty = self.phase, self.to_act, self.deal_no, self.kitty
        c.turn_card, c.high_bid, c.high_bidder = self.turn_card, self.high_bid, self.high_bidder
        c.declarer, c.bid_number, c.kind, c.trump = (
            self.declarer,
            self.bid_number,
            self.kind,
            self.trump,
        )
        c.low, c.kitty_taken, c.hl_first, c.hl_game = (
            self.low,
            self.kitty_taken,
            self.hl_first,
            self.hl_game,
        )
        c.hl_declarer, c.led, c.leader, c.loser = (
            self.hl_declarer,
            self.led,
            self.leader,
            self.loser,
        )
        c._next = self._next
        c._strong = self._strong
        c._follow = self._follow
        c.club, c._legal, c._lmask, c._fresh = self.club, self._legal, self._lmask, self._fresh
        c._texts = list(self._texts)
        c._pending = list(self._pending)
        c.scores = list(self.scores)
        c.hands = list(self.hands)
        c.tops = list(self.tops)
        c.piles = None if self.piles is None else [[list(p) for p in ps] for ps in self.piles]
        c.honours = list(self.honours)
        c.bids = list(self.bids)
        c.discards = list(self.discards)
        c.trick_cards = list(self.trick_cards)
        c.tricks = list(self.tricks)
        c.books = list(self.books)
        c.deal_log = list(self.deal_log)
        return c


_TEXT = attrgetter("text")
_PLAY_CLASS = A.Play
_DISCARD_CLASS = A.Discard
