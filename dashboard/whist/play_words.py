"""Whist's and Bid Whist's moves in player words: ``describe(action, names, actor, you)``
("Aiko bids 4 uptown"; the reader's own moves in the second person, see
:mod:`dashboard.play.words`), and the words of the bid and choice buttons."""

from __future__ import annotations

from dashboard.i18n import N_, _
from dashboard.play.words import say, who

_SUIT = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}


def whist_card(card: str) -> str:
    if card == "LJ":
        return _("little joker")
    if card == "BJ":
        return _("big joker")
    return card[:-1] + _SUIT.get(card[-1:], card[-1:])


def whist_bid_words(number: int, kind: str) -> str:
    """A bid as a button says it: ``4 uptown``, ``5 no trump``."""
    if kind == "notrump":
        return _("{n} no trump").format(n=number)
    if kind == "uptown":
        return _("{n} uptown").format(n=number)
    if kind == "downtown":
        return _("{n} downtown").format(n=number)
    return f"{number} {kind}"


def whist_choice_words(action) -> str:
    """A trump, direction or game choice as a button says it (no player named):
    ``Names ♠ trumps``, ``Plays no trump low``, ``Declares a high game``."""
    from engine.whist.actions import Declare, Direction, Trump

    if isinstance(action, Trump):
        return _("Names {suit} trumps").format(suit=_SUIT.get(action.suit, action.suit))
    if isinstance(action, Direction):
        return _("Plays no trump low") if action.low else _("Plays no trump high")
    if isinstance(action, Declare):
        return _declare_words(action.game)
    return str(action)


def _declare_words(game: str) -> str:
    if game == "high":
        return _("Declares a high game")
    if game == "low":
        return _("Declares a low game")
    return _("Declares a {game} game").format(game=game)


def describe(action, names: list[str], actor: int, you: int | None = None) -> str:
    from engine.whist.actions import (
        Bid,
        Deal,
        Declare,
        Direction,
        Discard,
        FirstDealer,
        Pass,
        Play,
        Trump,
    )

    if isinstance(action, FirstDealer):
        if action.seat == you:
            return _("You deal first")
        return _("{who} deals first").format(who=who(names, action.seat))
    if isinstance(action, Deal):
        return _("the cards are dealt")
    me, mine = who(names, actor), actor == you
    if isinstance(action, Bid):
        bid = whist_bid_words(action.number, action.kind)
        return say(mine, N_("You bid {bid}"), N_("{who} bids {bid}"), who=me, bid=bid)
    if isinstance(action, Pass):
        return say(mine, N_("You pass"), N_("{who} passes"), who=me)
    if isinstance(action, (Trump, Direction, Declare)):
        return _whist_choice_sentence(action, me, mine)
    if isinstance(action, Discard):
        card = whist_card(action.card)
        return say(mine, N_("You discard {card}"), N_("{who} discards {card}"), who=me, card=card)
    if isinstance(action, Play):
        card = whist_card(action.card)
        return say(mine, N_("You play {card}"), N_("{who} plays {card}"), who=me, card=card)
    return f"{me}: {action}"


def text_words(text: str, names: list[str], actor: int) -> str | None:
    """The kitty discard as the grading names it, six cards in one text ("discard KS JH
    …"), in words: "Ana discards K♠, J♥, …"; ``None`` for any other text."""
    from dashboard.i18n import pgettext
    from engine.whist.cards import CARD_TEXT

    verb, *cards = text.split()
    if verb != "discard" or len(cards) < 2 or not all(c in CARD_TEXT for c in cards):
        return None
    shown = pgettext("list separator", ", ").join(whist_card(c) for c in cards)
    return say(
        False,
        N_("You discard {card}"),
        N_("{who} discards {card}"),
        who=who(names, actor),
        card=shown,
    )


def _whist_choice_sentence(action, me: str, mine: bool) -> str:
    from engine.whist.actions import Direction, Trump

    if isinstance(action, Trump):
        suit = _SUIT.get(action.suit, action.suit)
        return say(
            mine, N_("You name {suit} trumps"), N_("{who} names {suit} trumps"), who=me, suit=suit
        )
    if isinstance(action, Direction):
        if action.low:
            return say(mine, N_("You play no trump low"), N_("{who} plays no trump low"), who=me)
        return say(mine, N_("You play no trump high"), N_("{who} plays no trump high"), who=me)
    if action.game == "high":
        return say(mine, N_("You declare a high game"), N_("{who} declares a high game"), who=me)
    if action.game == "low":
        return say(mine, N_("You declare a low game"), N_("{who} declares a low game"), who=me)
    return _("{who} declares a {game} game").format(who=me, game=action.game)
