"""Information cards: 40 regular cards (4 symbols x numbers 1-10), Bull and Bear.

A card is a small int: regular cards are ``symbol * 10 + number - 1`` (0..39), Bull is
40 and Bear is 41. Text notation: ``7A``, ``10W``, ``BULL``, ``BEAR``.

>>> card_text(parse_card("7a")), card_text(BULL)
('7A', 'BULL')
>>> NUMBER[parse_card("10W")], SYMBOL[parse_card("10W")]
(10, 3)
>>> back_text(parse_card("1F")), back_text(parse_card("2F")), back_text(BULL), back_text(BEAR)
('1?', '?F', '10?', 'BEAR')
>>> parse_card("11A")  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
engine.core.errors.ParseError: '11A': not a card; write a number 1-10 and a symbol A, F, S, W ...
"""

from __future__ import annotations

from functools import lru_cache

from engine.core.errors import ParseError, Quoted, word

SYMBOLS = ("A", "F", "S", "W")
COMPANIES = ("A", "B", "C", "D", "E", "F")
NUM_CARDS = 42
BULL = 40
BEAR = 41
ALL_CARDS = tuple(range(NUM_CARDS))

#: number of each card (Bull counts 10, Bear 0) and symbol index (-1 for Bull and Bear)
NUMBER = tuple([c % 10 + 1 for c in range(40)] + [10, 0])
SYMBOL = tuple([c // 10 for c in range(40)] + [-1, -1])

#: the notation of each card id (``CARD_TEXTS[c] == card_text(c)``)
CARD_TEXTS = _TEXT = tuple(
    [f"{c % 10 + 1}{SYMBOLS[c // 10]}" for c in range(40)] + ["BULL", "BEAR"]
)
_BY_TEXT = {t: c for c, t in enumerate(_TEXT)}

CARD_HELP = word("write a number 1-10 and a symbol A, F, S, W (e.g. “7A”), or “BULL” or “BEAR”")


def quote(value, limit: int = 200) -> Quoted:
    """``value`` (what the player wrote) quoted for an error message, cut to about
    ``limit`` characters (user text may be thousands of characters long). The engine's
    English shows ``repr(value)``; the app quotes ``.text`` as the page's language does
    (:class:`engine.core.errors.Quoted`), several cards as written, one after another.

    >>> quote("7A"), quote("9" * 500, limit=10)
    ("'7A'", "'9999999…(502 characters)")
    >>> quote(["7A", "BULL"]).text
    '7A BULL'
    """
    text = repr(value)
    if isinstance(value, (list, tuple)):
        written = " ".join(str(v) for v in value)
    else:
        written = str(value)
    cut = len(text) > limit
    out = Quoted(f"{text[: limit - 2]}…({len(text)} characters)" if cut else text)
    out.text, out.cut = (written[: limit - 2] if cut else written), cut
    return out


def card_text(card: int) -> str:
    """The notation of a card id."""
    return _TEXT[card]


def parse_card(text) -> int:
    """A card id from its notation (case-insensitive), or :class:`ParseError`."""
    if isinstance(text, int) and not isinstance(text, bool) and 0 <= text < NUM_CARDS:
        return text
    if isinstance(text, str):
        card = _BY_TEXT.get(text.strip().upper())
        if card is not None:
            return card
    raise ParseError.coded(
        "stock.card_unknown", "{text}: not a card; {help}", text=quote(text), help=CARD_HELP
    )


def shows_number(card: int, parity: str = "even") -> bool:
    """Whether the back of a regular card shows its number (else its symbol).

    [A] A card (n, symbol index i) shows its number when n + i is even (``parity``
    ``"even"``), or odd (``"odd"``). Bull's back shows 10, Bear's back shows ``×``.
    """
    if card >= 40:
        return card == BULL
    even = (NUMBER[card] + SYMBOL[card]) % 2 == 0
    return even if parity == "even" else not even


@lru_cache(maxsize=8)
def backs(parity: str = "even") -> tuple[str, ...]:
    """The back text of every card: ``'7?'`` (number shown), ``'?A'`` (symbol shown),
    ``'10?'`` for Bull and ``'BEAR'`` for Bear (its back is unique, so it is known)."""
    out = []
    for c in ALL_CARDS:
        if c == BEAR:
            out.append("BEAR")
        elif shows_number(c, parity):
            out.append(f"{NUMBER[c]}?")
        else:
            out.append(f"?{SYMBOLS[SYMBOL[c]]}")
    return tuple(out)


def back_text(card: int, parity: str = "even") -> str:
    """The back of a card as every player sees it."""
    return backs(parity)[card]


def company_index(text) -> int:
    """A company index 0-5 from its letter A-F (case-insensitive)."""
    if isinstance(text, str):
        t = text.strip().upper()
        if t in COMPANIES:
            return COMPANIES.index(t)
    raise ParseError.coded(
        "stock.company_unknown",
        "{text}: no such company; companies are A, B, C, D, E, F",
        text=quote(text),
    )
