"""Moves in player words, per game: ``describe(action, names, actor)`` turns an action
object into a sentence with the players' names ("Aiko places R1 on row 1").

Words only, no rules: every fact comes from the action itself; ``actor`` is the seat that
made the move (``CHANCE`` for a chance event), as the state said before it was applied.
"""

from __future__ import annotations

from collections.abc import Callable

from engine import CHANCE

Describe = Callable[[object, list[str], int], str]


def who(names: list[str], seat: int) -> str:
    """The name of ``seat`` (``Seat 3`` when the record has no name for it)."""
    if 0 <= seat < len(names) and names[seat]:
        return names[seat]
    return f"Seat {seat}"


# --- Stack 5 ------------------------------------------------------------------------------


def stack5_card(card: str) -> str:
    from engine.stack5.cards import COLOUR_NAMES, SPECIAL_NAMES

    if card in SPECIAL_NAMES:
        return SPECIAL_NAMES[card]
    return f"{card} ({COLOUR_NAMES.get(card[:1], card[:1])} {card[1:]})"


def describe_stack5(action, names: list[str], actor: int) -> str:
    from engine.stack5 import Deal, Decide, Give, Place, Steal

    if isinstance(action, Deal):
        return f"{stack5_card(action.card)} comes off the deck"
    me = who(names, actor)
    if isinstance(action, Decide):
        return f"{me} draws again" if action.kind == "draw" else f"{me} stops"
    if isinstance(action, Give):
        return f"{me} gives the cards to {who(names, action.seat)}"
    if isinstance(action, Steal):
        return f"{me} steals the top card of {who(names, action.seat)}'s row {action.row}"
    if isinstance(action, Place):
        if action.discard:
            return f"{me} discards row {action.row} and starts it again with {action.card}"
        return f"{me} places {action.card} on row {action.row}"
    return f"{me}: {action}"


# --- Owner's Choice -----------------------------------------------------------------------


def oc_company(letter: str) -> str:
    from engine.owners_choice.rules import COMPANIES, COMPANY_NAMES

    if letter in COMPANIES:
        return COMPANY_NAMES[COMPANIES.index(letter)]
    return letter


def oc_die_face(arg: str) -> tuple[str, str]:
    """``'R +2'`` → ``('red', '+2')``; ``'fund 100/-2'`` → ``('Fund', '100/-2')``."""
    which, _, face = arg.partition(" ")
    if which == "fund":
        return "Fund", face
    if which == "event":
        return "Event", face
    return oc_company(which), face


def describe_owners_choice(action, names: list[str], actor: int) -> str:
    kind, arg = action.kind, action.arg
    if kind == "die":
        die, face = oc_die_face(arg)
        shown = "a dividend" if face == "dividend" else face
        return f"the {die} die shows {shown}"
    me = who(names, actor)
    if kind == "buy":
        return f"{me} buys a {oc_company(arg)} share"
    if kind == "sell":
        return f"{me} sells a {oc_company(arg)} share"
    if kind == "move":
        return f"{me} moves {arg} space{'s' if arg != '1' else ''}"
    if kind == "done":
        return f"{me} ends trading"
    if kind == "name":
        return f"{me} names {oc_company(arg)}"
    if kind == "pay":
        return f"{me} pays the fee and rolls the company die"
    if kind == "fund":
        return f"{me} rolls the Fund die"
    if kind == "bankrupt":
        return f"{me} declares bankruptcy and leaves"
    if kind == "stay":
        return f"{me} stays in the game"
    return f"{me}: {action}"


# --- Whist and Bid Whist ----------------------------------------------------------------------

_SUIT = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
_KIND = {"uptown": "uptown", "downtown": "downtown", "notrump": "no trump"}


def whist_card(card: str) -> str:
    if card == "LJ":
        return "little joker"
    if card == "BJ":
        return "big joker"
    return card[:-1] + _SUIT.get(card[-1:], card[-1:])


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
        return f"{who(names, action.seat)} deals first"
    if isinstance(action, Deal):
        return "the cards are dealt"
    me = who(names, actor)
    if isinstance(action, Bid):
        return f"{me} bids {action.number} {_KIND.get(action.kind, action.kind)}"
    if isinstance(action, Pass):
        return f"{me} passes"
    if isinstance(action, Trump):
        return f"{me} names {_SUIT.get(action.suit, action.suit)} trumps"
    if isinstance(action, Direction):
        return f"{me} plays no trump {'low' if action.low else 'high'}"
    if isinstance(action, Discard):
        return f"{me} discards {whist_card(action.card)}"
    if isinstance(action, Declare):
        return f"{me} declares a {action.game} game"
    if isinstance(action, Play):
        return f"{me} plays {whist_card(action.card)}"
    return f"{me}: {action}"


# --- Stock Hold'em ---------------------------------------------------------------------------


def describe_stock_holdem(action, names: list[str], actor: int) -> str:
    if getattr(action, "kind", None) is None:  # the shuffle
        return "the cards are shuffled and dealt"
    from engine.stock_holdem.cards import card_text
    from engine.stock_holdem.state import COMPANIES

    me = who(names, actor)
    kind = action.kind
    company = COMPANIES[action.company] if action.company >= 0 else ""
    if kind == "place":
        return f"{me} places {card_text(action.card)} on company {company}"
    if kind == "peek":
        return f"{me} peeks at company {company}'s card {action.slot + 1}"
    if kind == "peek hand":
        return f"{me} peeks at {who(names, action.seat)}'s card {action.slot + 1}"
    if kind in ("sell", "buy", "free sell", "free buy"):
        return f"{me} {kind}s a share of {company}".replace("free buys", "takes a free")
    if kind == "stock-up":
        return f"{me} stocks up on {company}"
    if kind == "no sell":
        return f"{me} sells nothing"
    if kind == "no buy":
        return f"{me} buys nothing"
    if kind == "cash":
        return f"{me} takes cash"
    if kind == "end":
        return f"{me} ends the turn"
    return f"{me}: {action}"


# --- Pig (the demo) ---------------------------------------------------------------------------


def describe_pig(action, names: list[str], actor: int) -> str:
    text = str(action)
    if actor == CHANCE:
        return f"the die shows {text.removeprefix('die ')}"
    return f"{who(names, actor)} {'rolls' if text == 'roll' else 'holds'}"


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
