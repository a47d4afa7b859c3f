"""Stack 5's engine texts in the player's language.

The engine words its results in English (the turn, what happened, a row's outlook, the
draw/stop reason, the ruleset's minimum-draw and Draw 3 Joker texts). In English the
pages show them exactly as the engine writes them; in 日本語 and 繁體中文 the texts are
worded here from the engine's values (or, for the turn and event phrases, from the
engine's phrase read back by a pattern). A phrase no pattern knows stays English rather
than being dropped.

>>> outlook_text(row_outlook("R1 R1"))
'R1 R1: can still make same number, same colour; best 2 points, 3 cards to go'
>>> phrase("seat 0 gives 3 cards to seat 2")
'Player 1 gives 3 cards to Player 3'
>>> with language("ja"):
...     phrase("seat 0 gives 3 cards to seat 2; seat 2 completes a row: +2")
'プレイヤー1がプレイヤー3にカード3枚を渡す。プレイヤー3が列を完成：+2点'
"""

from __future__ import annotations

import re
from collections.abc import Callable

from dashboard.i18n import N_, _, current, language, ngettext  # noqa: F401 (language: doctest)
from engine.stack5.cards import row_outlook  # noqa: F401 (doctest)

SPECIAL = {
    "D3": N_("Draw 3"),
    "NB": N_("Number Bomb"),
    "CB": N_("Colour Bomb"),
    "ST": N_("Steal"),
    "JK": N_("Joker"),
}
COLOUR = {"R": N_("red"), "B": N_("blue"), "G": N_("green"), "Y": N_("yellow"), "P": N_("purple")}
COMBINATION = {
    "colour run": N_("colour run"),
    "same number": N_("same number"),
    "same colour": N_("same colour"),
    "all different": N_("all different"),
}
VERB = {"draw": N_("draw"), "stop": N_("stop")}


def english() -> bool:
    return current() == "en"


def special(card: str) -> str:
    """A special card's name: 'NB' → 'Number Bomb' (ナンバーボム, 數字炸彈)."""
    return _(SPECIAL[card]) if card in SPECIAL else card


def card_label(card: str) -> str:
    """'R3' → 'red 3' (赤の3, 紅3); a special card by its name."""
    if card in SPECIAL:
        return special(card)
    if card[:1] in COLOUR:
        return _("{colour} {number}").format(colour=_(COLOUR[card[0]]), number=card[1:])
    return card


def combination(name: str) -> str:
    return _(COMBINATION[name]) if name in COMBINATION else name


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


def minimum_draw_text(rules) -> str:
    """The ruleset's minimum-draw rule in words (the engine's text in English)."""
    if english():
        return rules.minimum_draw_text()
    n = rules.min_draws
    head = ngettext("Draw at least {n} card.", "Draw at least {n} cards.", n).format(n=n)
    if rules.min_draw_counts == "own_and_draw3":
        what = _(
            "Every card you draw this turn counts toward the {n}: your own draws (a special "
            "card such as a Draw 3, a bomb or a Steal included) and the three cards a Draw 3 "
            "makes you draw."
        )
    else:
        what = _(
            "Only your own draws count toward the {n} (a special card such as a Draw 3, a "
            "bomb or a Steal included); the three cards a Draw 3 makes you draw do not."
        )
    tail = _("A card turned over by a bomb never counts.")
    return sentences(head, what.format(n=n), tail)


def draw3_joker_text(rules) -> str:
    """The ruleset's Draw 3 Joker rule in words (the engine's text in English)."""
    if english():
        return rules.draw3_joker_text()
    if rules.draw3_joker_counts():
        return _(
            "A Joker drawn by a Draw 3 is discarded (not kept), but it still counts toward "
            "drawing both Jokers this turn."
        )
    return _(
        "A Joker drawn by a Draw 3 is discarded (not kept) and does not count toward drawing "
        "both Jokers this turn."
    )


_WHY = re.compile(
    r"drawing adds about (?P<gain>[\d.]+) cards on average but risks losing the "
    r"(?P<held>\d+) held cards?: expected loss (?P<loss>[\d.]+)"
)


def why_text(why: str) -> str:
    """The engine's draw/stop reason in words."""
    m = _WHY.fullmatch(why)
    if english() or m is None:
        return why
    return ngettext(
        "drawing adds about {gain} cards on average but risks losing the {held} held card: "
        "expected loss {loss}",
        "drawing adds about {gain} cards on average but risks losing the {held} held cards: "
        "expected loss {loss}",
        int(m["held"]),
    ).format(gain=m["gain"], held=m["held"], loss=m["loss"])


# The engine's turn and event phrases (engine/stack5/state.py describe_turn and
# engine/stack5/history.py _event): a pattern each, and the words that say it. {p}, {q}
# are seats; {card}/{cards} card codes; the other fields numbers.
_SEAT = r"seat (?P<{}>\d+)"
_PHRASES: list[tuple[re.Pattern, str]] = [
    (r"game over: {p} won", N_("game over: {p} won")),
    (
        r"{p} draws a card for Draw 3 \((?P<n>\d+) to go\)",
        N_("{p} draws a card for Draw 3 ({n} to go)"),
    ),
    (r"{p} draws a card", N_("{p} draws a card")),
    (r"{p}'s Number Bomb turns the top card", N_("{p}'s Number Bomb turns the top card")),
    (r"{p}'s Colour Bomb turns the top card", N_("{p}'s Colour Bomb turns the top card")),
    (r"{p} chooses to draw or stop", N_("{p} chooses to draw or stop")),
    (r"{p} chooses a card to steal", N_("{p} chooses a card to steal")),
    (r"{p} places the stolen (?P<card>\S+)", N_("{p} places the stolen {card}")),
    (
        r"{p} busted with (?P<cards>[^;]+?) and gives the cards to another player",
        N_("{p} busted with {cards} and gives the cards to another player"),
    ),
    (r"{p} places (?P<cards>[^;]+)", N_("{p} places {cards}")),
    (r"Number Bomb turns (?P<card>\S+)", N_("Number Bomb turns {card}")),
    (r"Colour Bomb turns (?P<card>\S+)", N_("Colour Bomb turns {card}")),
    (r"Draw 3", N_("Draw 3")),
    (r"Number Bomb", N_("Number Bomb")),
    (r"Colour Bomb", N_("Colour Bomb")),
    (r"Steal", N_("Steal")),
    (r"(?P<card>\S+) drawn by Draw 3: discarded", N_("{card} drawn by Draw 3: discarded")),
    (r"bust on (?P<card>\S+)", N_("bust on {card}")),
    (
        r"both Jokers: the turn's cards are discarded",
        N_("both Jokers: the turn's cards are discarded"),
    ),
    (r"nobody to steal from", N_("nobody to steal from")),
    (r"{p} gives (?P<n>\d+) cards to {q}", N_("{p} gives {n} cards to {q}")),
    (r"steals from {q} row (?P<row>\d+)", N_("steals from {q} row {row}")),
    (r"{p} completes a row: \+(?P<n>\d+)", N_("{p} completes a row: +{n}")),
    (r"discard pile reshuffled into the deck", N_("discard pile reshuffled into the deck")),
    (r"{p} wins", N_("{p} wins")),
]
_PATTERNS = [
    (re.compile(p.replace("{p}", _SEAT.format("p")).replace("{q}", _SEAT.format("q"))), w)
    for p, w in _PHRASES
]


def phrase(text: str, name: Callable[[int], str] = seat_word) -> str:
    """An engine turn or event phrase (parts joined by '; ') in the player's language;
    ``name`` words a seat number (in English too: players are numbered from 1)."""
    if not text:
        return text
    return _("; ").join(_part(part, name) for part in text.split("; "))


def _part(text: str, name) -> str:
    for pattern, words in _PATTERNS:
        m = pattern.fullmatch(text)
        if m is None:
            continue
        fields = m.groupdict()
        for key in ("p", "q"):
            if key in fields:
                fields[key] = name(int(fields[key]))
        return _(words).format(**fields)
    return text


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
