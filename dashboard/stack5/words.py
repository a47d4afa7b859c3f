"""Stack 5's engine texts in the player's language.

The engine gives what a player reads as coded phrases (:class:`engine.core.errors.Phrase`:
the turn, what happened, the draw/stop reason, the ruleset's minimum-draw and Draw 3 Joker
texts) and a row's outlook as a value (:class:`engine.stack5.cards.RowOutlook`). Here they
are worded from their codes and values, in English too (seats are named as players); the
engine's names of cards, colours and combinations are its own (``engine.stack5.cards``),
translated here. No engine English is read back.

>>> from engine.stack5 import setup_position
>>> outlook_text(row_outlook("R1 R1"))
'R1 R1: can still make same number, same colour; best 2 points, 3 cards to go'
>>> phrase(setup_position().describe_turn())
'Player 1 draws a card'
>>> with language("ja"):
...     phrase(setup_position().describe_turn())
'プレイヤー1がカードを引く'
"""

from __future__ import annotations

from collections.abc import Callable

from dashboard.i18n import N_, _, current, language, ngettext  # noqa: F401 (language: doctest)
from dashboard.words.phrases import phrase_text
from engine.core.errors import Phrase
from engine.stack5.cards import COLOUR_NAMES, SPECIAL_NAMES, row_outlook  # noqa: F401 (doctest)
from engine.stack5.rules import Count

#: the special cards, by code (the engine's table: a card is special if it is in here)
SPECIAL = SPECIAL_NAMES
#: the draw/stop suggestion of ``engine.stack5.draw_or_stop``
VERB = {"draw": N_("draw"), "stop": N_("stop")}


def english() -> bool:
    return current() == "en"


def special(card: str) -> str:
    """A special card's name: 'NB' → 'Number Bomb' (ナンバーボム, 數字炸彈)."""
    return _(SPECIAL_NAMES[card]) if card in SPECIAL_NAMES else card


def card_label(card: str) -> str:
    """'R3' → 'red 3' (赤の3, 紅3); a special card by its name."""
    if card in SPECIAL_NAMES:
        return special(card)
    if card[:1] in COLOUR_NAMES:
        return _("{colour} {number}").format(colour=_(COLOUR_NAMES[card[0]]), number=card[1:])
    return card


def combination(name: str) -> str:
    """A combination's name (the engine's ``COMBINATIONS``) in the player's language."""
    return _(name)


def verb(word: str) -> str:
    """The suggestion 'draw' / 'stop' in the player's language."""
    return _(VERB[word]) if word in VERB else word


def seat_word(seat: int) -> str:
    """A seat as every page names a player ('Player 1' for the engine's seat 0), in the
    player's language."""
    from dashboard.ui import seat_name

    return seat_name(seat)


def outlook_text(outlook) -> str:
    """A row's outlook (the engine's ``RowOutlook``) in words."""
    if english():
        return str(outlook)
    cards = " ".join(outlook.cards)
    if not outlook.viable:
        return _("{cards}: cannot make any combination").format(cards=cards)
    head = _("{cards}: can still make {combinations}").format(
        cards=cards or _("(empty)"), combinations=combinations_text(outlook.combinations)
    )
    best = ngettext("best {n} point", "best {n} points", outlook.best_points).format(
        n=outlook.best_points
    )
    if outlook.cards_to_go:
        to_go = ngettext("{n} card to go", "{n} cards to go", outlook.cards_to_go).format(
            n=outlook.cards_to_go
        )
        return _("{head}; {best}, {to_go}").format(head=head, best=best, to_go=to_go)
    return _("{head}; {best}").format(head=head, best=best)


def sentences(*parts: str) -> str:
    """Sentences one after another: a space between them in English, none in Japanese
    and Chinese (their full stop ends a sentence)."""
    return ("" if current() in ("ja", "zh-TW") else " ").join(p for p in parts if p)


def combinations_text(names) -> str:
    return _(", ").join(combination(c) for c in names)


def _value(v):
    """A count English spells out ('two') is written in digits in the other languages."""
    if isinstance(v, Count) and not english():
        return str(int(v))
    return None


class _Names:
    """A seat-namer (``seat → name``) as the list of names :func:`phrase_text` takes."""

    def __init__(self, name: Callable[[int], str]):
        self.name = name

    def __len__(self) -> int:
        return 1 << 16  # every seat has a name

    def __getitem__(self, seat: int) -> str:
        return self.name(seat)


def phrase(text, name: Callable[[int], str] = seat_word) -> str:
    """An engine turn or event phrase (parts joined by '; '), a draw/stop reason or a rule's
    text in the player's language; ``name`` words a seat number (in English too: players
    are numbered from 1). Sentences of a rule's text follow each other as the language
    writes them."""
    if not text:
        return text
    names = None if name is seat_word else _Names(name)
    if isinstance(text, Phrase) and text.code == "join" and text.params["sep"] == " ":
        return sentences(*(phrase_text(p, names=names, value=_value) for p in text.params["parts"]))
    return phrase_text(text, names=names, value=_value)


def minimum_draw_text(rules) -> str:
    """The ruleset's minimum-draw rule in words."""
    return phrase(rules.minimum_draw_text())


def draw3_joker_text(rules) -> str:
    """The ruleset's Draw 3 Joker rule in words."""
    return phrase(rules.draw3_joker_text())


def why_text(why) -> str:
    """The engine's draw/stop reason in words."""
    return phrase(why)


def action_words(text: str) -> str:
    """An action as players say it, for the learn page: in English the notation a player
    types, quoted (“place B2 row 1”); in another language a phrase, so no engine notation
    shows there (a card drawn is named by its label). Not recognised: shown as written."""
    if english():
        return f"“{text}”"
    w = text.split()
    if text in VERB:
        return verb(text)
    if len(w) == 4 and w[0] == "place" and w[2] == "row":
        return _("place {card} in row {row}").format(card=card_label(w[1]), row=w[3])
    if len(w) == 5 and w[0] == "place" and w[2] == "discard":
        return _("discard row {row} and place {card} there").format(card=card_label(w[1]), row=w[4])
    if len(w) == 2 and w[0] == "give":
        return _("give the cards to {player}").format(player=seat_word(int(w[1])))
    if len(w) == 4 and w[0] == "steal":
        return _("steal from {player}'s row {row}").format(player=seat_word(int(w[1])), row=w[3])
    if len(w) == 1:
        return card_label(text)
    return text


def option_words(text: str) -> str:
    """A move offered in a select box: the notation in English, a phrase elsewhere."""
    return text if english() else action_words(text)
