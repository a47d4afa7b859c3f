"""The engine's Whist words (variants, suits, bid kinds, contracts, phases) in the
page's language. The engine's texts stay English; these only re-word them for display.

>>> contract_words("4 uptown S"), contract_words("3 no trump low"), contract_words("high H")
('4 uptown S', '3 no trump low', 'high H')
>>> bid_words("bid 5 notrump"), bid_words("pass")
('bid 5 notrump', 'pass')
"""

from __future__ import annotations

import re

from dashboard.i18n import N_, _, current, pgettext
from engine.whist.cards import SUIT_SYMBOLS

VARIANT_TITLES = {
    "bid4": N_("Bid Whist, 4 players"),
    "whist4": N_("Whist, 4 players"),
    "bid2": N_("Bid Whist, 2 players"),
    "whist2": N_("Whist, 2 players"),
}
SUIT_NAMES = {"S": N_("spades"), "H": N_("hearts"), "D": N_("diamonds"), "C": N_("clubs")}
KINDS = {"uptown": N_("uptown"), "downtown": N_("downtown"), "notrump": N_("notrump")}


def join(items) -> str:
    """A list in the page's language (``a, b`` in English, ``a、b`` in Japanese)."""
    return pgettext("list separator", ", ").join(items)


def variant_title(variant: str) -> str:
    return _(VARIANT_TITLES[variant]) if variant in VARIANT_TITLES else variant


def suit_name(letter: str) -> str:
    return _(SUIT_NAMES[letter]) if letter in SUIT_NAMES else letter


def suit_mark(letter: str) -> str:
    """A suit in a contract: its letter in English (as the engine writes it), its symbol
    in the other languages (the letters are English initials)."""
    if current() == "en" or letter not in SUIT_SYMBOLS:
        return letter
    return SUIT_SYMBOLS[letter]


def kind_word(kind: str) -> str:
    return _(KINDS[kind]) if kind in KINDS else kind


def high_low(game: str) -> str:
    """A two-player Whist game: ``high`` or ``low``."""
    if game == "high":
        return pgettext("two-player game", "high")
    if game == "low":
        return pgettext("two-player game", "low")
    return game


def phase_word(phase: str) -> str:
    words = {
        "dealer": pgettext("phase", "dealer"),
        "deal": pgettext("phase", "deal"),
        "bid": pgettext("phase", "bid"),
        "trump": pgettext("phase", "trump"),
        "discard": pgettext("phase", "discard"),
        "declare": pgettext("phase", "declare"),
        "play": pgettext("phase", "play"),
        "end": pgettext("phase", "end"),
    }
    return words.get(phase, phase)


_BID = re.compile(r"bid ([1-7]) (uptown|downtown|notrump)")
_NO_TRUMP = re.compile(r"([1-7]) no trump(?: (high|low))?")
_TRUMPED = re.compile(r"([1-7]) (uptown|downtown)(?: ([SHDC]))?")
_HIGH = re.compile(r"high(?: ([SHDC])| (no trump))")
_TRUMP = re.compile(r"trump ([SHDC])")


def bid_words(text: str) -> str:
    """A bid as the engine writes it (``bid 4 uptown``, ``pass``) in the page's language."""
    if text == "pass":
        return pgettext("bid", "pass")
    m = _BID.fullmatch(text)
    if m:
        return _("bid {number} {kind}").format(number=m[1], kind=kind_word(m[2]))
    return text


def contract_words(text: str) -> str:
    """A contract as ``state.contract_text()`` writes it, in the page's language."""
    m = _NO_TRUMP.fullmatch(text)
    if m:
        if m[2] == "high":
            return _("{number} no trump high").format(number=m[1])
        if m[2] == "low":
            return _("{number} no trump low").format(number=m[1])
        return _("{number} no trump").format(number=m[1])
    m = _TRUMPED.fullmatch(text)
    if m:
        words = f"{m[1]} {kind_word(m[2])}"
        return words + (f" {suit_mark(m[3])}" if m[3] else "")
    if text in ("high", "low"):
        return high_low(text)
    m = _HIGH.fullmatch(text)
    if m:
        rest = suit_mark(m[1]) if m[1] else _("no trump")
        return f"{high_low('high')} {rest}"
    m = _TRUMP.fullmatch(text)
    if m:
        return _("trump {mark}").format(mark=suit_mark(m[1]))
    return text


# --- the score sheet's words ---------------------------------------------------------------
DEFAULT_SIDES = {"North–South": N_("North–South"), "East–West": N_("East–West")}


def shown_name(name: str) -> str:
    """A side's name as shown: the sheet's default names (``North–South``, ``Player 1``)
    in the page's language, a name the players gave as they gave it."""
    if name in DEFAULT_SIDES:
        return _(DEFAULT_SIDES[name])
    if name == "Player 1":
        return _("Player 1")
    if name == "Player 2":
        return _("Player 2")
    return name


def stored_name(text: str) -> str:
    """The inverse of :func:`shown_name`: a default name typed back as shown (in any of
    the languages) is stored as the default English name."""
    from dashboard.i18n import LANGUAGES, language

    for lang in LANGUAGES:
        with language(lang):
            for name in (*DEFAULT_SIDES, "Player 1", "Player 2"):
                if text == shown_name(name):
                    return name
    return text


def entry_words(entry: dict, names) -> str | None:
    """A score-sheet deal in the page's language (``None`` if the entry is not one of the
    three kinds the sheet writes).

    >>> entry_words({"variant": "bid4", "declarer": 1, "bid": 3, "kind": "uptown",
    ...              "books": 9}, ("A", "B"))
    'B: 3 uptown, 9 books'
    """
    sides = [shown_name(n) for n in names]
    try:
        variant = entry["variant"]
        if variant.startswith("bid"):
            return _("{side}: {number} {kind}, {books} books").format(
                side=sides[entry["declarer"]],
                number=entry["bid"],
                kind=kind_word(entry["kind"]),
                books=entry["books"],
            )
        t0 = int(entry["tricks_0"])
        if variant == "whist4":
            words = _("{side1} {tricks1} tricks, {side2} {tricks2}").format(
                side1=sides[0], tricks1=t0, side2=sides[1], tricks2=13 - t0
            )
            if entry.get("honours_side") is not None and int(entry.get("honours") or 0) >= 3:
                words += _("; {n} honours {side}").format(
                    n=entry["honours"], side=sides[entry["honours_side"]]
                )
            return words
        if variant == "whist2":
            if entry.get("declarer") is not None:
                return _("{game} (declarer {side}): {tricks0}-{tricks1} tricks").format(
                    game=high_low(entry["game"]),
                    side=sides[entry["declarer"]],
                    tricks0=t0,
                    tricks1=13 - t0,
                )
            return _("{game}: {tricks0}-{tricks1} tricks").format(
                game=high_low(entry["game"]), tricks0=t0, tricks1=13 - t0
            )
    except (KeyError, TypeError, ValueError, IndexError):
        return None
    return None


_WINS_BID = re.compile(r"(.+) wins with (-?\d+) \(reached \+(\d+)\)", re.S)
_LOSES_BID = re.compile(r"(.+) loses with (-?\d+) \(reached -(\d+)\); (.+) wins", re.S)
_WINS_TARGET = re.compile(r"(.+) wins with (-?\d+) \(target (\d+)\)", re.S)


def result_words(text: str, names) -> str:
    """The score sheet's end of game (``ScoreSheet.result()``) in the page's language."""
    by_name = {n: shown_name(n) for n in names}
    m = _LOSES_BID.fullmatch(text)
    if m and m[1] in by_name and m[4] in by_name:
        return _("{side} loses with {score} (reached -{target}); {other} wins").format(
            side=by_name[m[1]], score=m[2], target=m[3], other=by_name[m[4]]
        )
    m = _WINS_BID.fullmatch(text)
    if m and m[1] in by_name:
        return _("{side} wins with {score} (reached +{target})").format(
            side=by_name[m[1]], score=m[2], target=m[3]
        )
    m = _WINS_TARGET.fullmatch(text)
    if m and m[1] in by_name:
        return _("{side} wins with {score} (target {target})").format(
            side=by_name[m[1]], score=m[2], target=m[3]
        )
    return text
