"""Stock Hold'em's moves in player words: ``describe(action, names, actor, you)`` ("Aiko
buys a share of A"; the reader's own moves in the second person, see
:mod:`dashboard.play.words`)."""

from __future__ import annotations

from dashboard.i18n import N_, _, pgettext
from dashboard.play.words import say, who


def card_words(card: int) -> str:
    """A card as players name it: its number and symbol ("4 anchor"), the Bull or the Bear;
    not its notation (4A, which reads like company A)."""
    from dashboard.stock_holdem.draw import SYMBOL_NAMES
    from engine.stock_holdem.cards import BEAR, BULL, NUMBER, SYMBOL, SYMBOLS

    if card == BULL:
        return pgettext("card", "the Bull")
    if card == BEAR:
        return pgettext("card", "the Bear")
    symbol = _(SYMBOL_NAMES[SYMBOLS[SYMBOL[card]]])
    return pgettext("a card: its number and symbol", "{number} {symbol}").format(
        number=NUMBER[card], symbol=symbol
    )


def describe(action, names: list[str], actor: int, you: int | None = None) -> str:
    if getattr(action, "kind", None) is None:  # the shuffle
        return _("the cards are shuffled and dealt")
    from engine.stock_holdem.state import COMPANIES

    me, mine = who(names, actor), actor == you
    kind = action.kind
    company = COMPANIES[action.company] if action.company >= 0 else ""
    if kind == "place":
        return say(
            mine,
            N_("You place {card} on company {company}"),
            N_("{who} places {card} on company {company}"),
            who=me,
            card=card_words(action.card),
            company=company,
        )
    if kind == "peek":
        return say(
            mine,
            N_("You peek at company {company}'s card {n}"),
            N_("{who} peeks at company {company}'s card {n}"),
            who=me,
            company=company,
            n=action.slot + 1,
        )
    if kind == "peek hand":
        if action.seat == you:
            return _("{who} peeks at your card {n}").format(who=me, n=action.slot + 1)
        return say(
            mine,
            N_("You peek at {other}'s card {n}"),
            N_("{who} peeks at {other}'s card {n}"),
            who=me,
            other=who(names, action.seat),
            n=action.slot + 1,
        )
    if kind in STOCK_MOVES:
        return say(mine, *STOCK_MOVES[kind], who=me, company=company)
    return f"{me}: {action}"


#: Stock Hold'em trades and turn moves: (the reader's own, anyone else's)
STOCK_MOVES = {
    "sell": (N_("You sell a share of {company}"), N_("{who} sells a share of {company}")),
    "buy": (N_("You buy a share of {company}"), N_("{who} buys a share of {company}")),
    # a free action costs chips, the share its price: "one more share", not a free one
    "free sell": (
        N_("You sell one more share of {company} (free action)"),
        N_("{who} sells one more share of {company} (free action)"),
    ),
    "free buy": (
        N_("You buy one more share of {company} (free action)"),
        N_("{who} buys one more share of {company} (free action)"),
    ),
    "stock-up": (N_("You stock up on {company}"), N_("{who} stocks up on {company}")),
    "no sell": (N_("You sell nothing"), N_("{who} sells nothing")),
    "no buy": (N_("You buy nothing"), N_("{who} buys nothing")),
    "cash": (N_("You take cash"), N_("{who} takes cash")),
    "end": (N_("You end the turn"), N_("{who} ends the turn")),
}


def choice_words(text: str) -> str | None:
    """The grading's choices that are no action (``engine.stock_holdem.analysis``): going on
    without a free action, or without a peek."""
    words = {"(no free action)": _("No free action"), "(no peek)": _("No peek")}
    return words.get(text)
