"""The Whist ruleset: the variant and the values RULES.md §4 leaves open."""

from __future__ import annotations

from dataclasses import dataclass

from engine.core.errors import RulesetError, word
from engine.core.ruleset import option

VARIANTS = ("bid4", "whist4", "bid2", "whist2")
#: each variant's title (a word the app translates)
VARIANT_TITLES = {
    "bid4": word("Bid Whist, 4 players"),
    "whist4": word("Whist, 4 players"),
    "bid2": word("Bid Whist, 2 players"),
    "whist2": word("Whist, 2 players"),
}


@dataclass(frozen=True)
class WhistRules:
    variant: str = option(
        "bid4",
        "bid4 = Bid Whist 4 players, whist4 = Whist 4 players, bid2 / whist2 = "
        "the two-player games with straw piles; fixes the number of players",
        choices=VARIANTS,
    )
    bid_target: int = option(
        7,
        "Bid Whist ends when a side reaches +target (it wins) or -target (it loses)",
        min=1,
        max=50,
    )
    whist_target: int = option(
        5,
        "Whist (four and two players): the first side to reach this many points "
        "wins; RULES.md gives no separate target for two players",
        assumption=True,
        choices=(5, 7, 10),
        min=5,
        max=10,
    )
    first_dealer: int = option(
        -1,
        "-1: the first dealer is drawn at random (a chance action “dealer N”); "
        "0..3: that seat deals first. The deal then passes left each hand",
        min=-1,
        max=3,
    )
    honours_after_tricks: bool = option(
        False,
        "Whist honours are not scored by a side that “already” has 4 points or "
        "more. False (default, traditional short Whist): “already” is the side's score "
        "before this deal. True: this deal's trick points are added first, so tricks "
        "that lift the side to 4 also cancel its honours",
        assumption=True,
    )
    tricks_before_honours: bool = option(
        True,
        "Whist: the order of a deal's tricks and honours. True (default, traditional short "
        "Whist): tricks are scored first; a side that reaches the target on tricks wins at "
        "once and no honours of that deal count, its own included. False: the deal's "
        "honours are added to its tricks all the same, then the side at the target with "
        "more points wins (the side that took the tricks, if the points are equal). The "
        "article says only that honours are not scored at 4 points or more",
        assumption=True,
    )
    jokers_follow_trump: bool = option(
        False,
        "Bid Whist jokers when following suit. False (default, the article's "
        "rule): jokers have no suit; play one only when leading or when holding no card "
        "of the suit led, trump led included; after a led joker the next card sets the "
        "suit. True (the common club rule): in a trump contract the jokers are cards of "
        "the trump suit for following: on a trump lead a player holding a trump or a "
        "joker must play one of them, a joker may not be played on a side-suit lead "
        "while holding that suit, and a led joker is a trump lead. No trump contracts "
        "are unaffected",
        assumption=True,
    )
    high_game_trump: str = option(
        "dealer_last",
        "two-player Whist High game trump: “dealer_last” = the suit of the last "
        "card dealt to the dealer (shown to both); “none” = no trump",
        assumption=True,
        choices=("dealer_last", "none"),
    )
    two_player_honours: bool = option(
        False,
        "two-player Whist: score honours (A K Q J of trumps in a player's 12-card "
        "hand) in High games; RULES.md says they are not scored",
        assumption=True,
    )

    def validate(self) -> None:
        if self.first_dealer >= self.num_players:
            raise RulesetError.coded(
                "whist.first_dealer_seat",
                "first_dealer {dealer} is not a seat of {variant!r} (seats 0-{last}, or -1 for "
                "random)",
                dealer=self.first_dealer,
                variant=self.variant,
                last=self.num_players - 1,
            )

    @property
    def num_players(self) -> int:
        return 2 if self.variant.endswith("2") else 4

    @property
    def bidding(self) -> bool:
        return self.variant.startswith("bid")

    @property
    def title(self) -> str:
        return VARIANT_TITLES[self.variant]


def players_for(rules: WhistRules) -> int:
    return rules.num_players
