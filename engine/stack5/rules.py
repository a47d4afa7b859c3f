"""The Stack 5 ruleset: every value RULES.md §2 leaves open is a field here.

>>> from engine.core.ruleset import make_ruleset
>>> r = make_ruleset(Stack5Rules, {"steals": 2})
>>> r.deck_size()
86
>>> make_ruleset(Stack5Rules, {"colours": "RDG"})  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
engine.core.errors.RulesetError: colours 'RDG': letter 'D' is taken by a special card ...
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.core.errors import Phrase, RulesetError
from engine.core.ruleset import option

MIN_DRAW_COUNTS = ("own_and_draw3", "own")
DRAW3_JOKER = ("no_effect", "counts_for_both")
_NUMBER_WORDS = {1: "one", 2: "two", 3: "three", 4: "four", 5: "five"}
STEAL_FROM = ("any_row", "last_placed")


class Count(int):
    """A small count that English spells out in a rule's text (``two``, not ``2``); the app
    writes it in digits in the other languages."""

    def __format__(self, spec: str) -> str:
        return _NUMBER_WORDS.get(int(self), str(int(self)))


@dataclass(frozen=True)
class Stack5Rules:
    colours: str = option(
        "RBGYP",
        "colour letters of the number cards (R red, B blue, G green, Y yellow, P purple)",
        assumption=True,
    )
    numbers: int = option(5, "number cards run 1..numbers", assumption=True, min=5, max=9)
    copies: int = option(
        3, "copies of each number card (colour × number)", assumption=True, min=1, max=6
    )
    draw3: int = option(3, "Draw 3 cards (D3) in the deck", assumption=True, min=0, max=9)
    number_bombs: int = option(
        2, "Number Bomb cards (NB) in the deck", assumption=True, min=0, max=9
    )
    colour_bombs: int = option(
        2, "Colour Bomb cards (CB) in the deck", assumption=True, min=0, max=9
    )
    steals: int = option(3, "Steal cards (ST) in the deck", assumption=True, min=0, max=9)
    jokers: int = option(
        2,
        "Joker cards (JK); a second Joker drawn in one turn discards the turn's cards",
        min=0,
        max=2,
    )
    min_draws: int = option(2, "cards a player must draw before they may stop", min=1, max=5)
    min_draw_counts: str = option(
        "own_and_draw3",
        "which cards count toward the minimum draws: “own_and_draw3” = every card "
        "drawn this turn, the player's own draws (special cards included) and the three "
        "cards of a Draw 3; “own” = only the player's own draws. A card turned by a bomb "
        "never counts",
        assumption=True,
        choices=MIN_DRAW_COUNTS,
    )
    draw3_joker: str = option(
        "no_effect",
        "a Joker among the three cards of a Draw 3 is never kept; “no_effect” = it "
        "is discarded and does not count toward drawing both Jokers; “counts_for_both” = "
        "it is discarded but counts toward both Jokers (with a kept Joker it ends the "
        "turn and discards the turn's cards)",
        assumption=True,
        choices=DRAW3_JOKER,
    )
    steal_from: str = option(
        "any_row",
        "which card a Steal takes: “any_row” = the top card of any row of another "
        "player, the stealer choosing player and row; “last_placed” = the stealer "
        "chooses the player, and takes the card that player placed last (still in a row)",
        assumption=True,
        choices=STEAL_FROM,
    )
    max_rows: int = option(3, "rows a player may have", min=1, max=5)
    target: int = option(3, "points that win at once", min=1, max=12)

    # --- the turn rules that several parts share (state, odds, bots, pages) -------------
    def counts_toward_minimum(self, source: str) -> bool:
        """Does a card count toward ``min_draws``? ``source`` is how it came off the deck:
        ``'own'`` (the player's own draw, special cards included), ``'draw3'`` (one of
        the three cards of a Draw 3) or ``'bomb'`` (turned by a bomb: never counts).

        >>> r = Stack5Rules()
        >>> r.counts_toward_minimum("draw3"), r.counts_toward_minimum("bomb")
        (True, False)
        >>> Stack5Rules(min_draw_counts="own").counts_toward_minimum("draw3")
        False
        """
        if source == "own":
            return True
        if source == "draw3":
            return self.min_draw_counts == "own_and_draw3"
        if source == "bomb":
            return False
        raise ValueError(f"unknown draw source {source!r}")  # pragma: no cover

    def draw3_joker_counts(self) -> bool:
        """Does a Joker drawn by a Draw 3 count toward drawing both Jokers?"""
        return self.draw3_joker == "counts_for_both"

    def minimum_draw_text(self) -> Phrase:
        """The minimum-draw rule in player words, worded from the ruleset values: three
        sentences.

        >>> Stack5Rules().minimum_draw_text()  # doctest: +ELLIPSIS
        'Draw at least two cards. Every card you draw this turn counts toward the two: ...'
        """
        n = Count(self.min_draws)
        if self.min_draws == 1:
            head = Phrase.coded("s5.rules.min_draw_one", "Draw at least {n} card.", n=n)
        else:
            head = Phrase.coded("s5.rules.min_draw", "Draw at least {n} cards.", n=n)
        if self.min_draw_counts == "own_and_draw3":
            what = Phrase.coded(
                "s5.rules.min_draw_counts_draw3",
                "Every card you draw this turn counts toward the {n}: your own draws "
                "(a special card such as a Draw 3, a bomb or a Steal included) and the three "
                "cards a Draw 3 makes you draw.",
                n=n,
            )
        else:
            what = Phrase.coded(
                "s5.rules.min_draw_counts_own",
                "Only your own draws count toward the {n} (a special card such as a Draw "
                "3, a bomb or a Steal included); the three cards a Draw 3 makes you draw do "
                "not.",
                n=n,
            )
        tail = Phrase.coded(
            "s5.rules.bomb_never_counts", "A card turned over by a bomb never counts."
        )
        return Phrase.joined([head, what, tail], sep=" ")

    def draw3_joker_text(self) -> Phrase:
        """The Draw-3 Joker rule in player words, worded from the ruleset value."""
        if self.draw3_joker_counts():
            return Phrase.coded(
                "s5.rules.draw3_joker_counts",
                "A Joker drawn by a Draw 3 is discarded (not kept), but it still counts "
                "toward drawing both Jokers this turn.",
            )
        return Phrase.coded(
            "s5.rules.draw3_joker_no_effect",
            "A Joker drawn by a Draw 3 is discarded (not kept) and does not count toward "
            "drawing both Jokers this turn.",
        )

    def number_cards(self) -> int:
        return len(self.colours) * self.numbers * self.copies

    def special_cards(self) -> int:
        return self.draw3 + self.number_bombs + self.colour_bombs + self.steals + self.jokers

    def deck_size(self) -> int:
        return self.number_cards() + self.special_cards()

    def validate(self) -> None:
        c = self.colours
        if not (1 <= len(c) <= 8) or not c.isalpha() or not c.isupper():
            raise RulesetError.coded(
                "stack5.colours_letters",
                "colours {colours!r}: write 1 to 8 capital letters, e.g. “RBGYP”",
                colours=c,
            )
        if len(set(c)) != len(c):
            raise RulesetError.coded(
                "stack5.colours_repeat", "colours {colours!r}: a letter is repeated", colours=c
            )
        for letter in c:
            if letter in "DNCSJ":
                raise RulesetError.coded(
                    "stack5.colours_special",
                    "colours {colours!r}: letter {letter!r} is taken by a special card "
                    "(D3, NB, CB, ST, JK); use other capital letters",
                    colours=c,
                    letter=letter,
                )
        # Rows hold at most (row length - 1) cards each, a hand at most numbers + 2 cards;
        # the deck plus discard pile must never be empty when a card is needed.
        worst = 4 * self.max_rows * 4 + self.numbers + 3
        if self.deck_size() <= worst:
            raise RulesetError.coded(
                "stack5.deck_small",
                "the deck has {n} cards; at least {least} are needed so that a card can always "
                "be drawn",
                n=self.deck_size(),
                least=worst + 1,
            )
