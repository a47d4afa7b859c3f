"""Stock Hold'em's words for the guided first game (:mod:`dashboard.guide`): each rule's name
(the rules the engine's tutorial adds; the others are worded as the drills word them) and
its rule card's sentences, in the session's language."""

from __future__ import annotations

from dashboard.i18n import pgettext


def names() -> dict[str, str]:
    """The names of the rules only the guided game teaches, by code."""
    return {
        "stock_holdem.tutorial.buy": pgettext(
            "stock_holdem.tutorial.buy", "Buying a share raises its price by $1"
        ),
        "stock_holdem.tutorial.sell": pgettext(
            "stock_holdem.tutorial.sell", "Selling a share lowers its price by $1"
        ),
        "stock_holdem.tutorial.no_trade": pgettext(
            "stock_holdem.tutorial.no_trade", "No sale or no purchase earns a chip"
        ),
        "stock_holdem.tutorial.place": pgettext(
            "stock_holdem.tutorial.place", "Placing a card face down on a company"
        ),
        "stock_holdem.tutorial.peek": pgettext(
            "stock_holdem.tutorial.peek", "Peeking at a face-down card"
        ),
        "stock_holdem.tutorial.free_trade": pgettext(
            "stock_holdem.tutorial.free_trade", "A free sale or purchase"
        ),
        "stock_holdem.tutorial.stock_up": pgettext(
            "stock_holdem.tutorial.stock_up", "Stock-up: a chip that raises a price"
        ),
        "stock_holdem.tutorial.cash": pgettext(
            "stock_holdem.tutorial.cash", "Cashing a chip for $1"
        ),
        "stock_holdem.tutorial.chip_limit": pgettext(
            "stock_holdem.tutorial.chip_limit", "Chips over the limit pay $1 each"
        ),
        "stock_holdem.tutorial.cleanup": pgettext(
            "stock_holdem.tutorial.cleanup", "Clean-up: the cards left are placed"
        ),
    }


def cards() -> dict[str, str]:
    """Each rule card's one to three sentences, by code."""
    return {
        "stock_holdem.tutorial.buy": pgettext(
            "guide card",
            "Buying a share costs its current price; then the company's price rises by $1.",
        ),
        "stock_holdem.tutorial.sell": pgettext(
            "guide card",
            "Selling a share pays its current price; then the company's price drops by $1.",
        ),
        "stock_holdem.tutorial.no_trade": pgettext(
            "guide card",
            "A player who does not sell, or does not buy, takes 1 challenge chip "
            "instead. Chips pay for free actions and are worth $1 each at the end.",
        ),
        "stock_holdem.tutorial.place": pgettext(
            "guide card",
            "From the second turn of a round, each turn starts by placing one card from "
            "your hand face down on a company with fewer than 5 cards. The cards on a "
            "company decide its price at the end of the round.",
        ),
        "stock_holdem.tutorial.peek": pgettext(
            "guide card",
            "Paying a chip, a player may look at one face-down card on a company: a free "
            "action during their own turn.",
        ),
        "stock_holdem.tutorial.free_trade": pgettext(
            "guide card",
            "Paying a chip, a player may sell or buy one more share during their turn. "
            "It moves the price by $1 like a normal sale or purchase.",
        ),
        "stock_holdem.tutorial.stock_up": pgettext(
            "guide card",
            "A player placed a stock-up chip on a company: it adds 5 to that company's "
            "price at the end of the round.",
        ),
        "stock_holdem.tutorial.cash": pgettext(
            "guide card", "A player turned a chip into $1: a free action."
        ),
        "stock_holdem.tutorial.chip_limit": pgettext(
            "guide card",
            "A player holds only so many chips: each chip over the limit is turned into "
            "$1 at once.",
        ),
        "stock_holdem.tutorial.cleanup": pgettext(
            "guide card",
            "After the last trading turn, each player in turn places their last card "
            "face down on a company with fewer than 5 cards, until every company has 5.",
        ),
        "stock_holdem.rule.price": pgettext(
            "guide card",
            "At the end of the round the cards on each company are turned face up and "
            "make its price: the base (the largest sum of one symbol) plus the bonuses "
            "of its symbol hand and number hand.",
        ),
        "stock_holdem.rule.start_player": pgettext(
            "guide card",
            "Before the next round the player with the fewest chips becomes the new "
            "start player; cards are dealt again and every player gains chips.",
        ),
        "stock_holdem.rule.settlement": pgettext(
            "guide card",
            "At the final settlement every share is paid at its company's final price "
            "and every chip left is worth $1: the most money wins.",
        ),
    }
