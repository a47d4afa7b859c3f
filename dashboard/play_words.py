"""Moves in player words, per game: ``describe(action, names, actor)`` turns an action
object into a sentence with the players' names ("Aiko places R1 on row 1").

Words only, no rules: every fact comes from the action itself; ``actor`` is the seat that
made the move (``CHANCE`` for a chance event), as the state said before it was applied.
"""

from __future__ import annotations

from collections.abc import Callable

from dashboard.i18n import N_, _, ngettext
from engine import CHANCE

Describe = Callable[[object, list[str], int], str]


def who(names: list[str], seat: int) -> str:
    """The name of ``seat`` (``Seat 3`` when the record has no name for it)."""
    if 0 <= seat < len(names) and names[seat]:
        return names[seat]
    return _("Seat {seat}").format(seat=seat)


# --- Stack 5 ------------------------------------------------------------------------------


#: Stack 5's special cards and colours (engine.stack5.cards names them in English)
STACK5_SPECIAL = {
    "D3": N_("Draw 3"),
    "NB": N_("Number Bomb"),
    "CB": N_("Colour Bomb"),
    "ST": N_("Steal"),
    "JK": N_("Joker"),
}
STACK5_COLOURS = {
    "R": N_("red"),
    "B": N_("blue"),
    "G": N_("green"),
    "Y": N_("yellow"),
    "P": N_("purple"),
}


def stack5_card(card: str) -> str:
    if card in STACK5_SPECIAL:
        return _(STACK5_SPECIAL[card])
    colour = _(STACK5_COLOURS[card[:1]]) if card[:1] in STACK5_COLOURS else card[:1]
    return f"{card} ({colour} {card[1:]})"


def describe_stack5(action, names: list[str], actor: int) -> str:
    from engine.stack5 import Deal, Decide, Give, Place, Steal

    if isinstance(action, Deal):
        return _("{card} comes off the deck").format(card=stack5_card(action.card))
    me = who(names, actor)
    if isinstance(action, Decide):
        if action.kind == "draw":
            return _("{who} draws again").format(who=me)
        return _("{who} stops").format(who=me)
    if isinstance(action, Give):
        return _("{who} gives the cards to {other}").format(who=me, other=who(names, action.seat))
    if isinstance(action, Steal):
        return _("{who} steals the top card of {other}'s row {row}").format(
            who=me, other=who(names, action.seat), row=action.row
        )
    if isinstance(action, Place):
        if action.discard:
            return _("{who} discards row {row} and starts it again with {card}").format(
                who=me, row=action.row, card=action.card
            )
        return _("{who} places {card} on row {row}").format(
            who=me, card=action.card, row=action.row
        )
    return f"{me}: {action}"


# --- Owner's Choice -----------------------------------------------------------------------


#: Owner's Choice companies by letter (engine.owners_choice.rules.COMPANY_NAMES)
OC_COMPANIES = {"R": N_("red"), "Y": N_("yellow"), "B": N_("blue"), "G": N_("green")}


def oc_company(letter: str) -> str:
    return _(OC_COMPANIES[letter]) if letter in OC_COMPANIES else letter


def oc_die_face(arg: str) -> tuple[str, str]:
    """``'R +2'`` → ``('red', '+2')``; ``'fund 100/-2'`` → ``('Fund', '100/-2')``."""
    which, _sep, face = arg.partition(" ")
    if which == "fund":
        return _("Fund"), face
    if which == "event":
        return _("Event"), face
    return oc_company(which), face


def describe_owners_choice(action, names: list[str], actor: int) -> str:
    kind, arg = action.kind, action.arg
    if kind == "die":
        die, face = oc_die_face(arg)
        if face == "dividend":
            return _("the {die} die shows a dividend").format(die=die)
        return _("the {die} die shows {face}").format(die=die, face=face)
    me = who(names, actor)
    if kind == "buy":
        return _("{who} buys a {company} share").format(who=me, company=oc_company(arg))
    if kind == "sell":
        return _("{who} sells a {company} share").format(who=me, company=oc_company(arg))
    if kind == "move":
        count = int(arg) if arg.isascii() and arg.isdigit() else 2
        return ngettext("{who} moves {n} space", "{who} moves {n} spaces", count).format(
            who=me, n=arg
        )
    if kind == "done":
        return _("{who} ends trading").format(who=me)
    if kind == "name":
        return _("{who} names {company}").format(who=me, company=oc_company(arg))
    if kind == "pay":
        return _("{who} pays the fee and rolls the president die").format(who=me)
    if kind == "fund":
        return _("{who} rolls the Fund die").format(who=me)
    if kind == "bankrupt":
        return _("{who} declares bankruptcy and leaves").format(who=me)
    if kind == "stay":
        return _("{who} stays in the game").format(who=me)
    return f"{me}: {action}"


# --- Whist and Bid Whist ----------------------------------------------------------------------

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


def describe_whist(action, names: list[str], actor: int) -> str:
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
        return _("{who} deals first").format(who=who(names, action.seat))
    if isinstance(action, Deal):
        return _("the cards are dealt")
    me = who(names, actor)
    if isinstance(action, Bid):
        return _("{who} bids {bid}").format(who=me, bid=whist_bid_words(action.number, action.kind))
    if isinstance(action, Pass):
        return _("{who} passes").format(who=me)
    if isinstance(action, (Trump, Direction, Declare)):
        return _whist_choice_sentence(action, me)
    if isinstance(action, Discard):
        return _("{who} discards {card}").format(who=me, card=whist_card(action.card))
    if isinstance(action, Play):
        return _("{who} plays {card}").format(who=me, card=whist_card(action.card))
    return f"{me}: {action}"


def _whist_choice_sentence(action, me: str) -> str:
    from engine.whist.actions import Direction, Trump

    if isinstance(action, Trump):
        return _("{who} names {suit} trumps").format(
            who=me, suit=_SUIT.get(action.suit, action.suit)
        )
    if isinstance(action, Direction):
        if action.low:
            return _("{who} plays no trump low").format(who=me)
        return _("{who} plays no trump high").format(who=me)
    if action.game == "high":
        return _("{who} declares a high game").format(who=me)
    if action.game == "low":
        return _("{who} declares a low game").format(who=me)
    return _("{who} declares a {game} game").format(who=me, game=action.game)


# --- Stock Hold'em ---------------------------------------------------------------------------


def describe_stock_holdem(action, names: list[str], actor: int) -> str:
    if getattr(action, "kind", None) is None:  # the shuffle
        return _("the cards are shuffled and dealt")
    from engine.stock_holdem.cards import card_text
    from engine.stock_holdem.state import COMPANIES

    me = who(names, actor)
    kind = action.kind
    company = COMPANIES[action.company] if action.company >= 0 else ""
    if kind == "place":
        return _("{who} places {card} on company {company}").format(
            who=me, card=card_text(action.card), company=company
        )
    if kind == "peek":
        return _("{who} peeks at company {company}'s card {n}").format(
            who=me, company=company, n=action.slot + 1
        )
    if kind == "peek hand":
        return _("{who} peeks at {other}'s card {n}").format(
            who=me, other=who(names, action.seat), n=action.slot + 1
        )
    shares = {
        "sell": N_("{who} sells a share of {company}"),
        "buy": N_("{who} buys a share of {company}"),
        "free sell": N_("{who} free sells a share of {company}"),
        "free buy": N_("{who} takes a free share of {company}"),
        "stock-up": N_("{who} stocks up on {company}"),
        "no sell": N_("{who} sells nothing"),
        "no buy": N_("{who} buys nothing"),
        "cash": N_("{who} takes cash"),
        "end": N_("{who} ends the turn"),
    }
    if kind in shares:
        return _(shares[kind]).format(who=me, company=company)
    return f"{me}: {action}"


# --- Pig (the demo) ---------------------------------------------------------------------------


def describe_pig(action, names: list[str], actor: int) -> str:
    text = str(action)
    if actor == CHANCE:
        return _("the die shows {face}").format(face=text.removeprefix("die "))
    if text == "roll":
        return _("{who} rolls").format(who=who(names, actor))
    return _("{who} holds").format(who=who(names, actor))


DESCRIBE: dict[str, Describe] = {
    "stack5": describe_stack5,
    "owners_choice": describe_owners_choice,
    "whist": describe_whist,
    "stock_holdem": describe_stock_holdem,
    "pig": describe_pig,
}


def describe(game: str, action, names: list[str], actor: int) -> str:
    """``action`` of ``game`` in words; the first letter is a capital."""
    fn = DESCRIBE.get(game)
    text = fn(action, names, actor) if fn else f"{who(names, actor)}: {action}"
    return text[:1].upper() + text[1:]


def describe_record(game: str, state0, actions: list[str], names: list[str]) -> list[str]:
    """Each action text of a record in words, replayed from ``state0`` (not changed)."""
    state = state0.clone()
    out = []
    for text in actions:
        action = state.parse_action(text)
        out.append(describe(game, action, names, state.current_player()))
        state.apply_trusted(action)
    return out
