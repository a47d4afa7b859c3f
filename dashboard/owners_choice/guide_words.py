"""Owner's Choice's words for the guided first game (:mod:`dashboard.guide`): each rule's name
(the rules the engine's tutorial adds; the others are worded as the drills word them) and
its rule card's sentences, in the session's language."""

from __future__ import annotations

from dashboard.i18n import pgettext


def names() -> dict[str, str]:
    """The names of the rules only the guided game teaches, by code."""
    return {
        "owners_choice.tutorial.opening": pgettext(
            "owners_choice.tutorial.opening", "Opening purchases"
        ),
        "owners_choice.tutorial.first_presidents": pgettext(
            "owners_choice.tutorial.first_presidents",
            "The most shares of a company: its president die",
        ),
        "owners_choice.tutorial.choose": pgettext(
            "owners_choice.tutorial.choose",
            "A company's space: its president pays for its die or raids the Fund",
        ),
        "owners_choice.tutorial.president_die": pgettext(
            "owners_choice.tutorial.president_die", "The president die"
        ),
        "owners_choice.tutorial.fund_die": pgettext(
            "owners_choice.tutorial.fund_die", "The Fund die"
        ),
        "owners_choice.tutorial.all_space": pgettext(
            "owners_choice.tutorial.all_space", "The ALL space: name a company"
        ),
        "owners_choice.tutorial.event_die": pgettext(
            "owners_choice.tutorial.event_die", "The event die"
        ),
        "owners_choice.tutorial.bonus": pgettext(
            "owners_choice.tutorial.bonus", "The PRESIDENT space: a bonus"
        ),
        "owners_choice.tutorial.price_moves": pgettext(
            "owners_choice.tutorial.price_moves", "A price moves along the track"
        ),
        "owners_choice.tutorial.bankrupt": pgettext(
            "owners_choice.tutorial.bankrupt", "A company goes bankrupt"
        ),
        "owners_choice.tutorial.leave": pgettext(
            "owners_choice.tutorial.leave", "Personal bankruptcy: leave or stay"
        ),
        "owners_choice.tutorial.goal": pgettext(
            "owners_choice.tutorial.goal", "The pawn reaches GOAL: the game ends"
        ),
    }


def cards() -> dict[str, str]:
    """Each rule card's one to three sentences, by code."""
    return {
        "owners_choice.tutorial.opening": pgettext(
            "guide card",
            "Before the first turn each player, clockwise from the start player, buys "
            "once any number of shares at the starting price, or none.",
        ),
        "owners_choice.tutorial.first_presidents": pgettext(
            "guide card",
            "A player holding strictly the most shares of a company becomes its "
            "president and takes its president die; a tie leaves the die in the pool.",
        ),
        "owners_choice.rule.trade": pgettext(
            "guide card",
            "On your turn you may trade shares with the bank at the current prices, one "
            "share at a time, either before or after moving the pawn. Trading does not "
            "move prices.",
        ),
        "owners_choice.rule.move": pgettext(
            "guide card",
            "Every turn the pawn must move 1 to 3 spaces (1 to 4 with 2 or 3 players), "
            "never past GOAL. The space it lands on decides what happens.",
        ),
        "owners_choice.rule.presidents": pgettext(
            "guide card",
            "When a trade is complete, the player holding the most shares of a company "
            "takes its president die. A tie created by buying leaves the die where it "
            "was.",
        ),
        "owners_choice.tutorial.choose": pgettext(
            "guide card",
            "The pawn landed on a company's space: its president chooses between paying "
            "a fee into the Fund to roll the president die, or rolling the Fund die.",
        ),
        "owners_choice.tutorial.president_die": pgettext(
            "guide card",
            "The president paid the fee and rolled the president die: its face moves the "
            "company's price up or down, or pays a dividend.",
        ),
        "owners_choice.tutorial.fund_die": pgettext(
            "guide card",
            "The president rolled the Fund die: the president takes money from the Fund "
            "(never more than it holds) and the company's price falls.",
        ),
        "owners_choice.tutorial.all_space": pgettext(
            "guide card",
            "On the ALL space the mover names a company, and that company's president "
            "chooses as on the company's own space.",
        ),
        "owners_choice.tutorial.event_die": pgettext(
            "guide card",
            "The pawn landed on the EVENT space: the Event die is rolled, and its face "
            "moves prices or makes every company pay dividends.",
        ),
        "owners_choice.tutorial.bonus": pgettext(
            "guide card",
            "The pawn landed on the PRESIDENT space: the mover is paid a bonus for each "
            "president die they hold.",
        ),
        "owners_choice.tutorial.price_moves": pgettext(
            "guide card",
            "A company's price moved along the stock track, one step at a time. Its "
            "dividend follows its price: about 30% of it.",
        ),
        "owners_choice.rule.dividends": pgettext(
            "guide card",
            "A dividend was paid: each holder receives the company's dividend for each "
            "share, from the bank.",
        ),
        "owners_choice.tutorial.bankrupt": pgettext(
            "guide card",
            "A company at the bottom of the stock track had to fall: it goes bankrupt. "
            "Its shares return to the supply unpaid, it restarts at the starting price "
            "and its president die returns to the pool.",
        ),
        "owners_choice.tutorial.leave": pgettext(
            "guide card",
            "A player who held the bankrupt company may declare personal bankruptcy: "
            "return all shares and money and leave the game, or stay.",
        ),
        "owners_choice.tutorial.goal": pgettext(
            "guide card",
            "The pawn landed exactly on GOAL: the mover takes money from the Fund and "
            "the game ends. Every share is sold at its current price; the most money "
            "wins.",
        ),
    }
