"""Moves in player words, per game: ``describe(action, names, actor)`` turns an action
object into a sentence with the players' names ("Aiko places R1 on row 1").

Words only, no rules: every fact comes from the action itself; ``actor`` is the seat that
made the move (``CHANCE`` for a chance event), as the state said before it was applied.
``you`` is the seat of the person reading (the Play page's player): their own moves are
said in the second person ("You place R1 on row 1", "Aiko gives the cards to you"), so a
name like "You" never meets a third-person verb.
"""

from __future__ import annotations

from collections.abc import Callable

from dashboard.i18n import N_, _, ngettext
from engine import CHANCE

Describe = Callable[..., str]


def who(names: list[str], seat: int) -> str:
    """The name of ``seat`` (``Seat 3`` when the record has no name for it)."""
    if 0 <= seat < len(names) and names[seat]:
        return names[seat]
    return _("Seat {seat}").format(seat=seat)


def whom(names: list[str], seat: int, you: int | None) -> str:
    """``seat`` as the object of a sentence: ``you`` for the reader, else the name."""
    return _("you") if seat == you else who(names, seat)


def say(mine: bool, second: str, third: str, **params) -> str:
    """The message ``second`` (the reader's own move, "You …") or ``third`` ("{who} …"),
    translated and filled in; both are marked with ``N_`` where they are written."""
    return _(second if mine else third).format(**params)


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


def describe_stack5(action, names: list[str], actor: int, you: int | None = None) -> str:
    from engine.stack5 import Deal, Decide, Give, Place, Steal

    if isinstance(action, Deal):
        return _("{card} comes off the deck").format(card=stack5_card(action.card))
    me, mine = who(names, actor), actor == you
    if isinstance(action, Decide):
        if action.kind == "draw":
            return say(mine, N_("You draw again"), N_("{who} draws again"), who=me)
        return say(mine, N_("You stop"), N_("{who} stops"), who=me)
    if isinstance(action, Give):
        return say(
            mine,
            N_("You give the cards to {other}"),
            N_("{who} gives the cards to {other}"),
            who=me,
            other=whom(names, action.seat, you),
        )
    if isinstance(action, Steal):
        if action.seat == you:
            return _("{who} steals the top card of your row {row}").format(who=me, row=action.row)
        return say(
            mine,
            N_("You steal the top card of {other}'s row {row}"),
            N_("{who} steals the top card of {other}'s row {row}"),
            who=me,
            other=who(names, action.seat),
            row=action.row,
        )
    if isinstance(action, Place):
        if action.discard:
            return say(
                mine,
                N_("You discard row {row} and start it again with {card}"),
                N_("{who} discards row {row} and starts it again with {card}"),
                who=me,
                row=action.row,
                card=action.card,
            )
        return say(
            mine,
            N_("You place {card} on row {row}"),
            N_("{who} places {card} on row {row}"),
            who=me,
            card=action.card,
            row=action.row,
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


#: Owner's Choice moves: (the reader's own, anyone else's)
OC_MOVES = {
    "buy": (N_("You buy a {company} share"), N_("{who} buys a {company} share")),
    "sell": (N_("You sell a {company} share"), N_("{who} sells a {company} share")),
    "done": (N_("You end trading"), N_("{who} ends trading")),
    "name": (N_("You name {company}"), N_("{who} names {company}")),
    "pay": (
        N_("You pay the fee and roll the president die"),
        N_("{who} pays the fee and rolls the president die"),
    ),
    "fund": (N_("You roll the Fund die"), N_("{who} rolls the Fund die")),
    "bankrupt": (
        N_("You declare bankruptcy and leave"),
        N_("{who} declares bankruptcy and leaves"),
    ),
    "stay": (N_("You stay in the game"), N_("{who} stays in the game")),
}


def describe_owners_choice(action, names: list[str], actor: int, you: int | None = None) -> str:
    kind, arg = action.kind, action.arg
    if kind == "die":
        die, face = oc_die_face(arg)
        if face == "dividend":
            return _("the {die} die shows a dividend").format(die=die)
        return _("the {die} die shows {face}").format(die=die, face=face)
    me, mine = who(names, actor), actor == you
    if kind == "move":
        count = int(arg) if arg.isascii() and arg.isdigit() else 2
        if mine:
            return ngettext("You move {n} space", "You move {n} spaces", count).format(n=arg)
        return ngettext("{who} moves {n} space", "{who} moves {n} spaces", count).format(
            who=me, n=arg
        )
    if kind in OC_MOVES:
        return say(mine, *OC_MOVES[kind], who=me, company=oc_company(arg))
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


def describe_whist(action, names: list[str], actor: int, you: int | None = None) -> str:
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


# --- Stock Hold'em ---------------------------------------------------------------------------


def describe_stock_holdem(action, names: list[str], actor: int, you: int | None = None) -> str:
    if getattr(action, "kind", None) is None:  # the shuffle
        return _("the cards are shuffled and dealt")
    from engine.stock_holdem.cards import card_text
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
            card=card_text(action.card),
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
    "free sell": (
        N_("You free sell a share of {company}"),
        N_("{who} free sells a share of {company}"),
    ),
    "free buy": (
        N_("You take a free share of {company}"),
        N_("{who} takes a free share of {company}"),
    ),
    "stock-up": (N_("You stock up on {company}"), N_("{who} stocks up on {company}")),
    "no sell": (N_("You sell nothing"), N_("{who} sells nothing")),
    "no buy": (N_("You buy nothing"), N_("{who} buys nothing")),
    "cash": (N_("You take cash"), N_("{who} takes cash")),
    "end": (N_("You end the turn"), N_("{who} ends the turn")),
}


# --- Pig (the demo) ---------------------------------------------------------------------------


def describe_pig(action, names: list[str], actor: int, you: int | None = None) -> str:
    text = str(action)
    if actor == CHANCE:
        return _("the die shows {face}").format(face=text.removeprefix("die "))
    me, mine = who(names, actor), actor == you
    if text == "roll":
        return say(mine, N_("You roll"), N_("{who} rolls"), who=me)
    return say(mine, N_("You hold"), N_("{who} holds"), who=me)


DESCRIBE: dict[str, Describe] = {
    "stack5": describe_stack5,
    "owners_choice": describe_owners_choice,
    "whist": describe_whist,
    "stock_holdem": describe_stock_holdem,
    "pig": describe_pig,
}


def describe(game: str, action, names: list[str], actor: int, you: int | None = None) -> str:
    """``action`` of ``game`` in words; the first letter is a capital. ``you``: the seat
    of the person reading, whose moves are said in the second person."""
    fn = DESCRIBE.get(game)
    text = fn(action, names, actor, you) if fn else f"{who(names, actor)}: {action}"
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
