"""Whist's words for the guided first game (:mod:`dashboard.guide`): each rule's name
(the rules the engine's tutorial adds; the others are worded as the drills word them) and
its rule card's sentences, in the session's language."""

from __future__ import annotations

from dashboard.i18n import pgettext


def names() -> dict[str, str]:
    """The names of the rules only the guided game teaches, by code."""
    return {
        "whist.tutorial.deal": pgettext("whist.tutorial.deal", "The deal"),
        "whist.tutorial.bid": pgettext("whist.tutorial.bid", "Bidding for the contract"),
        "whist.tutorial.trump": pgettext("whist.tutorial.trump", "The declarer names trump"),
        "whist.tutorial.kitty": pgettext("whist.tutorial.kitty", "The declarer takes the kitty"),
        "whist.tutorial.discard": pgettext(
            "whist.tutorial.discard", "Six discards: the first book"
        ),
        "whist.tutorial.ruff": pgettext(
            "whist.tutorial.ruff", "A trump wins a trick of another suit"
        ),
        "whist.tutorial.void": pgettext(
            "whist.tutorial.void", "Cannot follow suit: any card may be played"
        ),
        "whist.tutorial.joker": pgettext("whist.tutorial.joker", "A joker is played"),
        "whist.tutorial.made": pgettext("whist.tutorial.made", "The contract is made"),
        "whist.tutorial.set": pgettext("whist.tutorial.set", "The contract is set"),
        "whist.tutorial.deal_points": pgettext(
            "whist.tutorial.deal_points", "Points for the books over six"
        ),
        "whist.tutorial.game_over": pgettext(
            "whist.tutorial.game_over", "A side reaches the target"
        ),
    }


def cards() -> dict[str, str]:
    """Each rule card's one to three sentences, by code."""
    return {
        "whist.tutorial.deal": pgettext(
            "guide card",
            "Each player gets 12 cards, and 6 more lie face down as the kitty. The deal "
            "passes to the left after each hand.",
        ),
        "whist.tutorial.bid": pgettext(
            "guide card",
            "Starting left of the dealer, each player bids once or passes. A bid is a "
            "number from 3 to 7 (the books over six the side promises) and uptown, "
            "downtown or no trump; each bid must beat the one before.",
        ),
        "whist.tutorial.trump": pgettext(
            "guide card",
            "The winner of the bidding, the declarer, names the trump suit, or high or "
            "low for no trump. A trump beats every card of the other suits.",
        ),
        "whist.tutorial.kitty": pgettext(
            "guide card", "The declarer takes the six kitty cards into hand."
        ),
        "whist.tutorial.discard": pgettext(
            "guide card",
            "The declarer then discards any six cards face down: they count as the "
            "declaring side's first book.",
        ),
        "whist.rule.trick": pgettext(
            "guide card",
            "Each player plays one card, following the suit led if they can. The highest "
            "card of the suit led wins the trick, unless a trump was played: then the "
            "highest trump wins.",
        ),
        "whist.tutorial.ruff": pgettext(
            "guide card",
            "A player who could not follow suit played a trump and won the trick: a "
            "trump beats every card of the other suits.",
        ),
        "whist.tutorial.void": pgettext(
            "guide card",
            "A player had no card of the suit led, so any card could be played: a trump "
            "to win the trick, or another card to throw away.",
        ),
        "whist.tutorial.joker": pgettext(
            "guide card",
            "Jokers have no suit: play one only when leading or when you cannot follow "
            "suit. In a trump contract they are the highest trumps (big over little); in "
            "no trump they never win.",
        ),
        "whist.tutorial.made": pgettext(
            "guide card",
            "The declaring side took at least 6 books plus its bid (the kitty book "
            "included): it scores 1 point for each book over 6, doubled in no trump.",
        ),
        "whist.tutorial.set": pgettext(
            "guide card",
            "The declaring side took fewer books than it bid: it loses the points of its "
            "bid (doubled in no trump). Only the declaring side scores.",
        ),
        "whist.tutorial.deal_points": pgettext(
            "guide card", "Each side scores 1 point for each book over 6."
        ),
        "whist.tutorial.game_over": pgettext(
            "guide card", "A side reached the target score: the game is over."
        ),
    }
