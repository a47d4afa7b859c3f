# Over 600 lines: one state machine, its transitions written out together for speed (apply_trusted).
"""The Stack 5 state machine (RULES.md §2).

A turn is a sequence of actions:

- chance deals one card at a time (``R3``, ``JK``…): until ``min_draws`` cards count
  (:meth:`Stack5Rules.counts_toward_minimum` says which do) the draws happen without a
  choice, then the drawer chooses ``draw`` or ``stop``;
- a Draw 3 is followed by up to three chance deals, a bomb by one chance deal (the turned
  card), a Steal by ``steal S row R`` and the stolen card's ``place …``;
- a bust is followed by ``give S`` (the receiver), then the receiver's ``place …`` actions;
- a stop is followed by the drawer's ``place …`` actions.

Every chance node deals from the deck multiset with probability count/total. When a card
is needed and the deck is empty, the discard pile becomes the new deck at once (counted in
``reshuffles``): a shuffle needs no chance action of its own, because the deal that
follows picks a card of the new deck with the right probability.

Specials go to the discard pile when their effect ends (a Draw 3 after its three cards, a
bomb after its turned card, a Steal after the stolen card is placed), so a reshuffle in
the middle of an effect does not include the special taking effect.

Rows sit in ``max_rows`` fixed slots (text rows 1..3); a new row goes into the first
empty slot.

>>> from engine import get_game
>>> s = get_game("stack5").new_initial_state(2)
>>> s.current_player() == CHANCE, len(s.chance_outcomes())
(True, 30)
>>> s.chance_outcomes()[0]
(Deal(card='R1'), Fraction(1, 29))
>>> for a in ["R3", "B4", "draw", "G4"]: s.apply(a)
>>> s.describe_turn()
'seat 0 busted with R3 B4 G4 and gives the cards to another player'
>>> s.apply("give 1"); s.legal_actions()[:3]
[Place(card='R3', row=1), Place(card='B4', row=1), Place(card='G4', row=1)]
"""

from __future__ import annotations

import random
from bisect import bisect_left
from fractions import Fraction

from engine.core.errors import (
    EngineError,
    IllegalAction,
    Phrase,
    Seat,
    quote_choices,
)
from engine.core.protocol import CHANCE, TERMINAL, Game, State
from engine.stack5.actions import (
    _DEAL_OF,
    DRAW,
    STOP,
    Deal,
    Place,
    Steal,
    _gives,
    _table,
    parse_action,
)
from engine.stack5.cards import ROW_LENGTH, deck_spec
from engine.stack5.phases import (
    P_BOMB,
    P_DECIDE,
    P_DRAW,
    P_EXTRA,
    P_GIVE,
    P_OVER,
    P_PLACE,
    P_STEAL,
    P_STEAL_PLACE,
    PHASE_NAMES,
    Phase,
)
from engine.stack5.rules import Stack5Rules

# --- the state ----------------------------------------------------------------------------


class Stack5State(State):
    """A Stack 5 position. ``returns()`` are points per seat.

    Card multisets (deck, discard pile) are lists of counts per card code; rows are tuples
    of codes in ``max_rows`` slots per seat.
    """

    __slots__ = (
        "game",
        "num_players",
        "ruleset",
        "history",
        "spec",
        "_deck",
        "_flat",
        "deck_total",
        "discard",
        "_rows",
        "scores",
        "player",
        "phase",
        "hand",
        "mask",
        "jokers",
        "own_draws",
        "extra",
        "effect",
        "placer",
        "to_place",
        "stolen",
        "winner",
        "reshuffles",
        "origin",
        "stamps",
        "clock",
        "sigs",
        "keys",
    )

    def __init__(self, game: Game, num_players: int, ruleset: Stack5Rules):
        self.game = game
        self.num_players = num_players
        self.ruleset = ruleset
        self.history = []
        spec = self.spec = deck_spec(ruleset)
        self._deck = list(spec.counts)
        self._flat: list[int] | None = None  # the deck as a sorted list of codes, built when needed
        self.deck_total = spec.size
        self.discard = [0] * spec.kinds
        self._rows: list[list[tuple[int, ...]]] = [
            [()] * ruleset.max_rows for _ in range(num_players)
        ]
        # placement time of every card in the rows, parallel to ``rows`` (for Steal's
        # "last placed" variant)
        self.stamps: list[list[tuple[int, ...]]] = [
            [()] * ruleset.max_rows for _ in range(num_players)
        ]
        self.clock = 0
        # row summaries per seat and slot, and each seat's packed int (DeckSpec.row_sig);
        # keys None: both out of date (the rows were set from outside), sigs not read
        self.sigs: list[list[int]] = [[0] * ruleset.max_rows for _ in range(num_players)]
        self.keys: list[int] | None = [0] * num_players
        self.scores = [0] * num_players
        self.reshuffles = 0
        self.winner = -1
        self.placer = -1
        self.to_place: list[int] = []
        self.stolen = -1
        self.origin = None  # (rows, scores) when made by setup_position
        self._start_turn(0)

    @property
    def deck(self) -> list[int]:
        """The deck as counts per card code. The list may be changed in place (tests and
        set-ups do): the sorted list of codes that sampling uses is rebuilt from it."""
        self._flat = None
        return self._deck

    @deck.setter
    def deck(self, counts: list[int]) -> None:
        self._deck = counts
        self._flat = None

    def _flat_deck(self) -> list[int]:
        flat = self._flat = [c for c, n in enumerate(self._deck) for _ in range(n)]
        return flat

    @property
    def rows(self) -> list[list[tuple]]:
        """Rows per seat, in ``max_rows`` slots of card-code tuples. The lists may be
        changed in place (tests and set-ups do): the row summaries are then recomputed
        when next needed."""
        self.keys = None
        return self._rows

    def _seat_keys(self) -> list[int]:
        keys = self.keys
        return self._summarise() if keys is None else keys

    def _set_row(self, seat: int, slot: int, row: tuple, sig: int | None = None) -> None:
        """Put ``row`` in ``slot`` and update its summary and the seat's packed int."""
        self._rows[seat][slot] = row
        if self.keys is None:
            return  # summaries are recomputed from the rows when next needed
        if sig is None:
            sig = self.spec.row_sig(row)
        sigs = self.sigs[seat]
        old = sigs[slot]
        if sig != old:
            sigs[slot] = sig
            weights = self.spec.slot_weights[slot]
            self.keys[seat] += weights[sig] - weights[old]

    def _summarise(self) -> list[int]:
        """Recompute every row summary (after rows were set from outside); the seats' keys."""
        spec = self.spec
        self.sigs = [[spec.row_sig(r) for r in rows] for rows in self._rows]
        keys = self.keys = [spec.seat_key(sigs) for sigs in self.sigs]
        return keys

    # --- turn flow ----------------------------------------------------------------------
    def _start_turn(self, seat: int) -> None:
        self.player = seat
        self.hand: list[int] = []
        self.mask = 0  # bit n set: number n drawn this turn
        self.jokers = 0  # Jokers counted toward "both Jokers" this turn
        self.own_draws = 0  # cards counted toward min_draws (see Stack5Rules)
        self.extra = 0  # Draw 3 cards still to come
        self.effect = -1  # the special card taking effect
        if self.ruleset.min_draws > 0:  # _continue_draw written out
            if self.deck_total == 0:
                self._reshuffle()
            self.phase = P_DRAW
        else:
            self.phase = P_DECIDE

    def _continue_draw(self) -> None:
        if self.own_draws < self.ruleset.min_draws:
            if self.deck_total == 0:
                self._reshuffle()
            self.phase = P_DRAW
        else:
            self.phase = P_DECIDE

    def _need_card(self, phase: Phase) -> None:
        """Enter a chance phase; an empty deck is replaced by the discard pile first."""
        if self.deck_total == 0:
            self._reshuffle()
        self.phase = phase

    def _reshuffle(self) -> None:
        """The discard pile becomes the deck (the deck is empty)."""
        total = sum(self.discard)
        if total == 0:
            raise EngineError.coded(
                "stack5.deck_empty", "Stack 5: the deck and the discard pile are both empty"
            )
        self._deck, self.discard = self.discard, [0] * self.spec.kinds
        self._flat = None
        self.deck_total = total
        self.reshuffles += 1

    def _end_turn(self) -> None:
        self.placer = -1
        self._start_turn((self.player + 1) % self.num_players)

    def _discard_hand(self) -> None:
        d = self.discard
        for c in self.hand:
            d[c] += 1
        self.hand = []

    def _end_effect(self) -> None:
        if self.effect >= 0:
            self.discard[self.effect] += 1
            self.effect = -1

    # --- protocol -------------------------------------------------------------------------
    def current_player(self) -> int:
        phase = self.phase
        if phase <= P_BOMB:
            return CHANCE
        if phase == P_PLACE:
            return self.placer
        if phase == P_OVER:
            return TERMINAL
        return self.player

    def legal_actions(self) -> list:
        phase = self.phase
        if phase == P_PLACE:
            to_place = self.to_place
            key = (self.keys or self._seat_keys())[self.placer]
            table = self.spec.place_table or _table(self.spec)
            lists = table.lists
            bits = table.bits
            fmask = table.mask
            if len(to_place) == 1:
                c = to_place[0]
                one = lists.get((key >> bits * c & fmask) << 8 | c)
                return list(one if one is not None else table.get(key, c))
            out: list[Place] = []
            seen = 0
            for c in to_place:
                bit = 1 << c
                if not seen & bit:
                    seen |= bit
                    got = lists.get((key >> bits * c & fmask) << 8 | c)
                    out += got if got is not None else table.get(key, c)
            return out
        if phase == P_DECIDE:
            return [DRAW, STOP]
        if phase == P_STEAL_PLACE:
            return self._placements(self.player, self.stolen)
        if phase == P_GIVE:
            return list(_gives(self.num_players, self.player))
        if phase == P_STEAL:
            return self._steal_targets()
        return []

    def _placements(self, seat: int, card: int) -> list[Place]:
        return list(_table(self.spec).get(self._seat_keys()[seat], card))

    def _steal_targets(self) -> list[Steal]:
        if self.ruleset.steal_from == "last_placed":
            out = []
            for s in range(self.num_players):
                if s != self.player and any(self._rows[s]):
                    tops = [(st[-1], i) for i, st in enumerate(self.stamps[s]) if st]
                    out.append(Steal(s, max(tops)[1] + 1))
            return out
        return [
            Steal(s, i + 1)
            for s in range(self.num_players)
            if s != self.player
            for i, row in enumerate(self._rows[s])
            if row
        ]

    def chance_outcomes(self) -> list[tuple[Deal, Fraction]]:
        if self.phase > P_BOMB:
            return super().chance_outcomes()
        total = self.deck_total
        names = self.spec.names
        return [(Deal(names[c]), Fraction(n, total)) for c, n in enumerate(self._deck) if n]

    def sample_chance(self, rng: random.Random) -> Deal:
        if self.phase > P_BOMB:
            raise EngineError("this state is not a chance node")
        # the r-th card in code order, as a walk over the counts would find it
        n = self.deck_total
        if type(rng) is random.Random and n > 0:
            # rng.randrange(n) without its argument checks: the same draws, exactly
            # (CPython's Random._randbelow_with_getrandbits)
            getrandbits = rng.getrandbits
            k = n.bit_length()
            r = getrandbits(k)
            while r >= n:
                r = getrandbits(k)
        else:
            r = rng.randrange(n)
        flat = self._flat
        if flat is None:
            flat = self._flat_deck()
        try:
            return (self.spec.deals or _DEAL_OF[self.spec])[flat[r]]
        except IndexError:  # pragma: no cover - deck_total set apart from the counts
            raise EngineError("Stack 5: deck counts are inconsistent") from None

    def check_chance(self, action) -> None:
        code = self.spec.index.get(action.card) if isinstance(action, Deal) else None
        if code is None or not self._deck[code]:
            possible = [self.spec.names[c] for c, n in enumerate(self._deck) if n]
            raise IllegalAction.coded(
                "stack5.deal_impossible",
                "chance outcome {action!r} is not possible now: the deck holds {possible}",
                action=str(action),
                possible=quote_choices(possible, limit=30),
            )

    def parse_action(self, text: str):
        return parse_action(text)

    def why_illegal(self, action) -> Phrase | None:
        """Why the seat to act may not make this placement or gift now; ``None`` when no
        placement rule forbids it (:func:`engine.stack5.reasons.why_illegal`)."""
        from engine.stack5.reasons import why_illegal

        return why_illegal(self, action)

    def _apply(self, action) -> None:
        """The transition of :meth:`apply_trusted` without its history entry."""
        history = self.history
        n = len(history)
        self.apply_trusted(action)
        del history[n:]

    def apply_trusted(self, action) -> None:
        """Apply a legal action and record its text (the transitions are written here, in
        one call: the hot path of simulation). Texts come made with the action objects
        (``Deal.card``, ``Decide.kind``, ``.text`` of the others)."""
        phase = self.phase
        if phase <= P_BOMB:
            card = action.card
            self._deal(self.spec.index[card])
            self.history.append(card)
            return
        if phase == P_PLACE:
            code = self.spec.index[action.card]
            to_place = self.to_place
            to_place.remove(code)
            self._place(self.placer, code, action.row - 1, action.discard)
            if not to_place and self.phase != P_OVER:
                self.placer = -1  # _end_turn written out
                self._start_turn((self.player + 1) % self.num_players)
            self.history.append(action.text)
            return
        if phase == P_DECIDE:
            kind = action.kind
            if kind == "draw":
                if self.deck_total == 0:
                    self._reshuffle()
                self.phase = P_DRAW
            elif self.hand:
                self.placer = self.player
                self.to_place, self.hand = self.hand, []
                self.phase = P_PLACE
            else:
                self._end_turn()
            self.history.append(kind)
            return
        if phase == P_GIVE:
            self.placer = action.seat
            self.to_place, self.hand = self.hand, []
            self.phase = P_PLACE
        elif phase == P_STEAL:
            row = self._rows[action.seat][action.row - 1]
            self.stolen = row[-1]
            self._set_row(action.seat, action.row - 1, row[:-1])
            stamps = self.stamps[action.seat]
            stamps[action.row - 1] = stamps[action.row - 1][:-1]
            self.phase = P_STEAL_PLACE
        elif phase == P_STEAL_PLACE:
            code, self.stolen = self.stolen, -1
            self._end_effect()
            self.phase = P_DECIDE  # any non-final phase; _place may end the game
            self._place(self.player, code, action.row - 1, action.discard)
            if self.phase != P_OVER:
                self._continue_draw()
        self.history.append(action.text)

    def _deal(self, c: int) -> None:
        spec = self.spec
        self._deck[c] -= 1
        flat = self._flat
        if flat is not None:
            del flat[bisect_left(flat, c)]
        total = self.deck_total = self.deck_total - 1
        phase = self.phase
        if phase == P_DRAW and c < spec.n_numbers:  # the common case, written out
            if spec.own_counts:
                self.own_draws += 1
            bit = 1 << spec.number[c]
            self.hand.append(c)
            if self.mask & bit:
                self.extra = 0
                self._end_effect()
                self.phase = P_GIVE
            else:
                self.mask |= bit
                if self.own_draws < self.ruleset.min_draws:
                    if total == 0:
                        self._reshuffle()
                else:
                    self.phase = P_DECIDE
            return
        if phase == P_BOMB:
            if c < spec.n_numbers:
                self._bomb(c)
            self.discard[c] += 1
            self._end_effect()
            self._continue_draw()
            return
        if spec.own_counts if phase == P_DRAW else spec.draw3_counts:
            self.own_draws += 1
        if c < spec.n_numbers:
            bit = 1 << spec.number[c]
            self.hand.append(c)
            if self.mask & bit:
                self.extra = 0
                self._end_effect()
                self.phase = P_GIVE
                return
            self.mask |= bit
        elif phase == P_EXTRA:
            self.discard[c] += 1  # a special drawn by Draw 3: no effect
            if c == spec.JK and spec.draw3_joker_counts:
                self.jokers += 1  # not kept, but counts toward both Jokers
                if self.jokers >= 2:
                    self.extra = 0
                    self._end_effect()
                    self._discard_hand()
                    self._end_turn()
                    return
        elif c == spec.JK:
            self.jokers += 1
            self.hand.append(c)
            if self.jokers >= 2:
                self._discard_hand()
                self._end_turn()
                return
        elif c == spec.D3:
            self.effect = c
            self.extra = 3
            self._need_card(P_EXTRA)
            return
        elif c == spec.NB or c == spec.CB:
            self.effect = c
            self._need_card(P_BOMB)
            return
        else:  # Steal
            self.effect = c
            if self._steal_targets():
                self.phase = P_STEAL
                return
            self._end_effect()
        if phase == P_EXTRA:
            self.extra -= 1
            if self.extra:
                self._need_card(P_EXTRA)
                return
            self._end_effect()
        self._continue_draw()

    def _bomb(self, turned: int) -> None:
        spec = self.spec
        if self.effect == spec.NB:
            key, value = spec.number, spec.number[turned]
        else:
            key, value = spec.colour, spec.colour[turned]
        hits = spec.bomb_hits.get((key is spec.number, value))
        if hits is None:  # the codes the bomb takes
            hits = frozenset(c for c, v in enumerate(key) if v == value)
            spec.bomb_hits[key is spec.number, value] = hits
        d = self.discard
        for seat, (rows, stamps) in enumerate(zip(self._rows, self.stamps)):
            for i, row in enumerate(rows):
                if row and not hits.isdisjoint(row):
                    kept, kept_stamps = [], []
                    for c, t in zip(row, stamps[i]):
                        if key[c] == value:
                            d[c] += 1
                        else:
                            kept.append(c)
                            kept_stamps.append(t)
                    self._set_row(seat, i, tuple(kept))
                    stamps[i] = tuple(kept_stamps)

    def _place(self, seat: int, code: int, slot: int, discard: bool) -> None:
        rows = self._rows[seat]
        stamps = self.stamps[seat]
        clock = self.clock = self.clock + 1
        keys = self.keys
        if discard:
            d = self.discard
            for c in rows[slot]:
                d[c] += 1
            row: tuple[int, ...] = (code,)
            stamps[slot] = (clock,)
            sig = 0
        else:
            row = rows[slot] + (code,)
            if len(row) == ROW_LENGTH:
                self._score_row(seat, slot, row)
                return
            stamps[slot] += (clock,)
            sig = self.sigs[seat][slot] if keys is not None else 0
        # _set_row written out
        spec = self.spec
        new = spec.next_sigs[sig * spec.kinds + code]
        rows[slot] = row
        if keys is not None:
            sigs = self.sigs[seat]
            old = sigs[slot]
            if new != old:
                sigs[slot] = new
                weights = spec.slot_weights[slot]
                keys[seat] += weights[new] - weights[old]

    def _score_row(self, seat: int, slot: int, row: tuple) -> None:
        """A row of ROW_LENGTH cards scores and goes to the discard pile."""
        d = self.discard
        for c in row:
            d[c] += 1
        self._set_row(seat, slot, (), 0)
        self.stamps[seat][slot] = ()
        self.scores[seat] += self.spec.points(row)
        if self.scores[seat] >= self.ruleset.target:
            self.winner = seat
            self.phase = P_OVER

    # --- views ----------------------------------------------------------------------------
    def describe_turn(self) -> Phrase:
        """Who is to act and what they do, e.g. ``seat 0 chooses to draw or stop``."""
        names = self.spec.names
        phase = self.phase
        p = Seat(self.player)
        if phase == P_OVER:
            return Phrase.coded("s5.turn.over", "game over: {p} won", p=Seat(self.winner))
        if phase == P_DRAW:
            return Phrase.coded("s5.turn.draw", "{p} draws a card", p=p)
        if phase == P_EXTRA:
            return Phrase.coded(
                "s5.turn.extra", "{p} draws a card for Draw 3 ({n} to go)", p=p, n=self.extra
            )
        if phase == P_BOMB:
            if self.effect == self.spec.NB:
                return Phrase.coded(
                    "s5.turn.number_bomb", "{p}'s Number Bomb turns the top card", p=p
                )
            return Phrase.coded("s5.turn.colour_bomb", "{p}'s Colour Bomb turns the top card", p=p)
        if phase == P_DECIDE:
            return Phrase.coded("s5.turn.decide", "{p} chooses to draw or stop", p=p)
        if phase == P_STEAL:
            return Phrase.coded("s5.turn.steal", "{p} chooses a card to steal", p=p)
        if phase == P_STEAL_PLACE:
            return Phrase.coded(
                "s5.turn.place_stolen", "{p} places the stolen {card}", p=p, card=names[self.stolen]
            )
        if phase == P_GIVE:
            return Phrase.coded(
                "s5.turn.give",
                "{p} busted with {cards} and gives the cards to another player",
                p=p,
                cards=" ".join(names[c] for c in self.hand),
            )
        cards = " ".join(names[c] for c in self.to_place)
        return Phrase.coded("s5.turn.place", "{p} places {cards}", p=Seat(self.placer), cards=cards)

    def returns(self) -> list[float]:
        return list(self.scores)

    def winners(self) -> list[int]:
        return [self.winner] if self.winner >= 0 else []

    def observation(self, seat: int | None = None) -> dict:
        """Everything is public in Stack 5 except the order of the deck; the deck's
        contents follow from the visible cards and are given as ``unseen``."""
        names = self.spec.names
        return {
            "player": self.player,
            "phase": PHASE_NAMES[self.phase],
            "to_act": self.current_player(),
            "scores": list(self.scores),
            "rows": [[[names[c] for c in row] for row in rows] for rows in self._rows],
            "hand": [names[c] for c in self.hand],
            "to_place": [names[c] for c in self.to_place],
            "placer": self.placer,
            "stolen": names[self.stolen] if self.stolen >= 0 else None,
            "effect": names[self.effect] if self.effect >= 0 else None,
            "own_draws": self.own_draws,
            "jokers_this_turn": self.jokers,
            "extra_draws": self.extra,
            "unseen": {names[c]: n for c, n in enumerate(self._deck) if n},
            "deck_size": self.deck_total,
            "discard": {names[c]: n for c, n in enumerate(self.discard) if n},
            "reshuffles": self.reshuffles,
            "winner": self.winner,
        }

    def card_count(self) -> int:
        """Cards in every place: deck, discard pile, rows, hand, in play. Always the
        deck size (87 with the default ruleset)."""
        n = self.deck_total + sum(self.discard) + len(self.hand) + len(self.to_place)
        n += sum(len(r) for rows in self._rows for r in rows)
        return n + (self.effect >= 0) + (self.stolen >= 0)

    def clone(self) -> Stack5State:
        c = Stack5State.__new__(Stack5State)
        c.game, c.num_players, c.ruleset, c.spec = (
            self.game,
            self.num_players,
            self.ruleset,
            self.spec,
        )
        c.history = list(self.history)
        c._deck = list(self._deck)
        c._flat = None if self._flat is None else list(self._flat)
        c.deck_total = self.deck_total
        c.discard = list(self.discard)
        c._rows = [list(r) for r in self._rows]
        c.stamps = [list(r) for r in self.stamps]
        if self.keys is None:
            c.sigs, c.keys = [], None  # both recomputed from the rows when next needed
        else:
            c.sigs = [list(r) for r in self.sigs]
            c.keys = list(self.keys)
        c.clock = self.clock
        c.scores = list(self.scores)
        c.player, c.phase, c.mask, c.jokers = self.player, self.phase, self.mask, self.jokers
        c.hand = list(self.hand)
        c.own_draws, c.extra, c.effect = self.own_draws, self.extra, self.effect
        c.placer, c.to_place, c.stolen = self.placer, list(self.to_place), self.stolen
        c.winner, c.reshuffles, c.origin = self.winner, self.reshuffles, self.origin
        return c
