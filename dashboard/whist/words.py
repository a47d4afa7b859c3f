"""The engine's Whist words (variants, suits, bid kinds, bids, contracts, turns, phases,
score-sheet deals and results) in the page's language.

The engine gives its texts as coded phrases (:class:`engine.core.errors.Phrase`) and its
actions as values; these are worded from their codes and parameters, never read back from
the English. In English the words are the engine's own.

>>> from engine.whist.actions import Bid
>>> bid_words(Bid(5, "notrump")), bid_words("pass")
('bid 5 notrump', 'pass')
"""

from __future__ import annotations

from dashboard.i18n import N_, _, ngettext, pgettext
from dashboard.ui import seat_name
from dashboard.words.phrases import Worders, phrase_text
from engine.core.errors import ParseError
from engine.whist.actions import KIND_WORDS, Bid, Pass, parse_action
from engine.whist.cards import SUIT_NAMES, SUIT_SYMBOLS
from engine.whist.rules import VARIANT_TITLES
from engine.whist.score_sheet import default_names


def join(items) -> str:
    """A list in the page's language (``a, b`` in English, ``a、b`` in Japanese)."""
    return pgettext("list separator", ", ").join(items)


def variant_title(variant: str) -> str:
    return _(VARIANT_TITLES[variant]) if variant in VARIANT_TITLES else variant


def suit_name(letter: str) -> str:
    return _(SUIT_NAMES[letter]) if letter in SUIT_NAMES else letter


def suit_mark(letter: str) -> str:
    """A suit in a contract: its symbol in every language (the engine's letters are
    notation, and English initials)."""
    return SUIT_SYMBOLS.get(letter, letter)


def trumps_words(suit: str) -> str:
    """A contract that is only a trump suit (classic Whist's turned trump; ``suit`` its
    letter) in words: ``♥ hearts are trumps``."""
    return _("{mark} are trumps").format(mark=f"{suit_mark(suit)} {suit_name(suit)}")


def kind_word(kind: str) -> str:
    return _(KIND_WORDS[kind]) if kind in KIND_WORDS else kind


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


def bid_words(bid) -> str:
    """A bid (a :class:`~engine.whist.actions.Bid` or ``Pass``, or its record text such as
    ``bid 4 uptown``, read by the engine's parser) in the page's language."""
    if isinstance(bid, str):
        try:
            bid = parse_action(bid)
        except ParseError:
            return bid
    if isinstance(bid, Pass):
        return pgettext("bid", "pass")
    if isinstance(bid, Bid):
        return _("bid {number} {kind}").format(number=bid.number, kind=kind_word(bid.kind))
    return str(bid)


#: the contract phrases a template cannot word: a suit is its symbol (:func:`suit_mark`)
CONTRACT_WORDERS: Worders = {
    "whist.contract_suit": lambda number, kind, suit: (
        f"{number} {kind_word(kind)} {suit_mark(suit)}"
    ),
    "whist.contract_high_suit": lambda suit: f"{high_low('high')} {suit_mark(suit)}",
    "whist.contract_trump": trumps_words,
}


def contract_words(contract) -> str:
    """A contract as ``state.contract_text()`` gives it (a coded phrase), in the page's
    language; any other text is shown as given."""
    return phrase_text(contract, CONTRACT_WORDERS)


#: the engine's turn phrases (``describe_turn``) in player words, by their code
TURN_WORDERS: Worders = {
    "whist.turn_first_dealer": lambda: _("the first dealer is to be drawn"),
    "whist.turn_deal": lambda seat: _("the cards are to be dealt ({player} deals)").format(
        player=seat_name(seat)
    ),
    "whist.turn_over": lambda: _("game over"),
    "whist.turn_direction": lambda seat: _("{player} to call no trump high or low").format(
        player=seat_name(seat)
    ),
    "whist.turn_bid": lambda seat: _("{player} to bid").format(player=seat_name(seat)),
    "whist.turn_trump": lambda seat: _("{player} to name the trump suit").format(
        player=seat_name(seat)
    ),
    "whist.turn_declare": lambda seat: _("{player} to declare high or low").format(
        player=seat_name(seat)
    ),
    "whist.turn_play": lambda seat: _("{player} to play a card").format(player=seat_name(seat)),
    "whist.turn_discard": lambda seat, n: ngettext(
        "{player} to discard ({n} more card)", "{player} to discard ({n} more cards)", n
    ).format(player=seat_name(seat), n=n),
}


def turn_words(state) -> str:
    """Who is to act, in the session's language (the engine's ``describe_turn`` by its
    phrase code, the seat named as a player)."""
    return phrase_text(state.describe_turn(), TURN_WORDERS)


# --- the score sheet's words ---------------------------------------------------------------
def _default_names() -> set[str]:
    return {*default_names("bid4"), *default_names("whist2")}


def shown_name(name: str) -> str:
    """A side's name as shown: the sheet's default names (``North–South``, ``Player 1``)
    in the page's language, a name the players gave as they gave it."""
    return _(name) if name in _default_names() else name


def stored_name(text: str) -> str:
    """The inverse of :func:`shown_name`: a default name typed back as shown (in any of
    the languages) is stored as the default English name."""
    from dashboard.i18n import LANGUAGES, language

    for lang in LANGUAGES:
        with language(lang):
            for name in _default_names():
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


def result_words(result) -> str:
    """The score sheet's end of game (``ScoreSheet.result()``, a coded phrase whose default
    side names are words) in the page's language."""
    return phrase_text(result)


#: what each Whist ruleset field means, in a player's words (the engine's docs name its
#: values and codes, which a table of rules on a page does not show); a field with no
#: entry shows its doc as translated
RULE_MEANINGS = {
    "variant": N_(
        "Which game: Bid Whist or Whist for four players, or either one for two players "
        "with straw piles; it sets the number of players"
    ),
    "bid_target": N_(
        "Bid Whist ends when a side reaches this many points (it wins) or this many below "
        "zero (it loses)"
    ),
    "whist_target": N_(
        "Whist, four or two players: the first side to reach this many points wins; the "
        "article gives no other number for two players"
    ),
    "first_dealer": N_(
        "Who deals first: drawn at random, or a seat the table chooses; the deal then "
        "passes to the left"
    ),
    "honours_after_tricks": N_(
        "Whist honours are not scored by a side that already has 4 points or more. No "
        "(traditional short Whist): ‘already’ is the side's score before the deal. Yes: the "
        "deal's trick points are added first, so tricks that bring the side to 4 also cancel "
        "its honours"
    ),
    "tricks_before_honours": N_(
        "Whist: the order of a deal's tricks and honours. Yes (traditional short Whist): "
        "tricks are scored first; a side that reaches the target by tricks wins at once and "
        "no honours of that deal count, its own included. No: the deal's honours are added "
        "to its tricks all the same, then the side at the target with more points wins (on "
        "equal points, the side that took the tricks). The article says only that honours "
        "are not scored at 4 points or more"
    ),
    "jokers_follow_trump": N_(
        "Bid Whist jokers when following suit. No (the article's rule): a joker has no suit; "
        "play one only when leading or when you hold no card of the suit led (a trump lead "
        "included); after a joker is led, the next card sets the suit. Yes (a common house "
        "rule): in a trump contract the jokers count as trumps for following suit: on a "
        "trump lead a player holding a trump or a joker must play one of them, a joker may "
        "not be played on another suit while you hold that suit, and a led joker is a trump "
        "lead. No trump contracts are not affected"
    ),
    "high_game_trump": N_(
        "Two-player Whist, High game: trump is the suit of the last card dealt to the "
        "dealer (shown to both), or the game is played with no trump"
    ),
    "two_player_honours": N_(
        "Two-player Whist: score honours (A, K, Q and J of trumps in a player's 12-card "
        "hand) in High games; the article does not score them"
    ),
}

#: a field's default as a player reads it, where the shared words are too short
RULE_DEFAULTS = {"high_game_trump": N_("the dealer's last card")}


def rule_meaning(name: str) -> str | None:
    """A Whist ruleset field's meaning in the page's language (``None``: no entry)."""
    return _(RULE_MEANINGS[name]) if name in RULE_MEANINGS else None


def rule_default(name: str) -> str | None:
    """A Whist ruleset field's default in words, where :data:`RULE_DEFAULTS` has it."""
    return _(RULE_DEFAULTS[name]) if name in RULE_DEFAULTS else None
