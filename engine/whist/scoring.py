"""Trick winners and every scoring formula of Whist and Bid Whist (RULES.md §4).

These pure functions are the one place the rules of winning and scoring live: the game
state, the score sheet and the dashboard all call them.

>>> trick_winner(["10H", "KH", "BJ", "2S"], trump="S")
2
>>> trick_winner(["10H", "KH", "BJ", "2S"])
1
>>> trick_winner(["3H", "AH", "2H", "KH"], low=True)
1
>>> bid_whist_points(4, "notrump", 11), bid_whist_points(4, "uptown", 9)
(10, -4)
>>> whist_points(9), honours_points(4, 1), honours_points(3, 4)
(3, 4, 0)
>>> two_player_whist_points("high", (5, 8), declarer=0)
(0, 4)
"""

from __future__ import annotations

from collections.abc import Sequence
from operator import itemgetter

from engine.core.errors import EngineError, ParseError, word
from engine.doubledummy.cards import strength_table
from engine.whist.cards import (
    CARD_TEXT,
    JOKER_MASK,
    LOW_VALUE,
    RANKS,
    SUIT_MASK,
    mask_of,
    parse_card,
    parse_suit,
    sort_cards,
)

KINDS = ("uptown", "downtown", "notrump")
GAMES = ("high", "low")


def contract_is_low(kind: str, direction_low: bool = False) -> bool:
    """Whether a contract ranks cards low (A > 2 > 3 > … > K): the one rule, used by the
    game state for every trick.

    Bid Whist downtown is low; no trump follows the declarer's direction; uptown, Whist and
    two-player Whist High and Low games (A high, RULES.md §4.3 [A]) rank high.

    >>> contract_is_low("downtown"), contract_is_low("uptown"), contract_is_low("notrump", True)
    (True, False, True)
    >>> contract_is_low("low")  # two-player Whist Low game: cards rank as usual
    False
    """
    if kind == "downtown":
        return True
    if kind == "notrump":
        return bool(direction_low)
    if kind in ("uptown", "high", "low", "whist", ""):
        return False
    raise EngineError.coded(
        "whist.contract_kind",
        "contract kind {kind!r} is not one of “uptown”, “downtown”, “notrump”, “high”, “low”",
        kind=kind,
    )


def winning_index(cards: Sequence[int], trump: int, low: bool) -> int:
    """Index of the winning card among card ints (``trump`` -1 = no trump); -1 if none.

    The suit to follow is the suit of the first non-joker card. Jokers are the highest
    trumps (big over little) when a trump suit is named and never win in no trump.
    """
    led = -1
    for c in cards:
        if c < 52:
            led = c // 13
            break
    return strongest(strength_table(trump, low, led), cards)


def strongest(table: tuple[int, ...], cards: Sequence[int]) -> int:
    """Index of the first strongest card by a strength table of :func:`strength_table`; -1
    when no card can win (four cards, a whole trick, compared without a loop)."""
    if len(cards) == 4:
        a, b, c, d = cards
        best = table[a]
        i = 0
        v = table[b]
        if v > best:
            best, i = v, 1
        v = table[c]
        if v > best:
            best, i = v, 2
        v = table[d]
        if v > best:
            best, i = v, 3
        return i if best >= 0 else -1
    if len(cards) < 2:
        return 0 if cards and table[cards[0]] >= 0 else -1
    values = itemgetter(*cards)(table)
    best = max(values)
    return values.index(best) if best >= 0 else -1


def trick_winner(cards: Sequence[str], *, trump: str | None = None, low: bool = False) -> int:
    """Index (in play order) of the card that wins a trick.

    ``trump`` is a suit letter ``S H D C`` or None for no trump; ``low=True`` ranks cards
    downtown (A > 2 > 3 > … > K).

    >>> trick_winner(["BJ", "5D", "AD", "LJ"], trump="H")
    0
    >>> trick_winner(["LJ", "5D", "AD", "9C"])  # a led joker: 5D sets the suit
    2
    >>> trick_winner(["AS", "AS"])
    Traceback (most recent call last):
    ...
    engine.core.errors.EngineError: card 'AS' is played twice in the trick ['AS', 'AS']
    """
    if isinstance(cards, str):
        raise ParseError.coded(
            "whist.trick_not_list",
            "{cards!r}: give the trick as a list of cards, like “10H”, “KH”",
            cards=cards,
        )
    codes = [parse_card(c) for c in cards]
    if not codes:
        raise EngineError.coded("whist.trick_empty", "a trick needs at least one card")
    if len(codes) > 4:
        raise EngineError.coded(
            "whist.trick_too_long",
            "a trick has at most 4 cards, got {n}: {cards!r}",
            n=len(codes),
            cards=list(cards),
        )
    seen = set()
    for c in codes:
        if c in seen:
            raise EngineError.coded(
                "whist.trick_card_twice",
                "card {card!r} is played twice in the trick {cards!r}",
                card=CARD_TEXT[c],
                cards=list(cards),
            )
        seen.add(c)
    t = -1 if trump is None else parse_suit(trump)
    i = winning_index(codes, t, bool(low))
    if i < 0:
        raise EngineError.coded(
            "whist.trick_no_winner",
            "no card of {cards!r} can win: jokers never win a no trump trick",
            cards=list(cards),
        )
    return i


# the names of the checked numbers, as words of the error messages (made once)
_BID, _BOOKS, _TRICKS, _HONOURS = word("bid"), word("books"), word("tricks"), word("honours")


def _check_int(name: str, value, lo: int, hi: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise EngineError.coded(
            "whist.number_whole",
            "{name} {value!r} must be a whole number from {lo} to {hi}",
            name=name,
            value=value,
            lo=lo,
            hi=hi,
        )
    if not lo <= value <= hi:
        raise EngineError.coded(
            "whist.number_range",
            "{name} {value!r} is outside {lo}-{hi}",
            name=name,
            value=value,
            lo=lo,
            hi=hi,
        )
    return value


def bid_whist_points(bid: int, kind: str, books: int) -> int:
    """Signed points for the declaring side of a Bid Whist deal.

    ``books`` counts the kitty book (0–13). Made: 1 point per book over 6; set: minus
    the bid. No trump doubles both.

    >>> bid_whist_points(3, "uptown", 9), bid_whist_points(3, "downtown", 13)
    (3, 7)
    >>> bid_whist_points(7, "notrump", 12)
    -14
    >>> bid_whist_points(8, "uptown", 13)
    Traceback (most recent call last):
    ...
    engine.core.errors.EngineError: bid 8 is outside 3-7
    """
    if not (type(bid) is int and type(books) is int and 3 <= bid <= 7 and 0 <= books <= 13):
        _check_int(_BID, bid, 3, 7)  # raises, saying what is wrong
        _check_int(_BOOKS, books, 0, 13)
    if kind not in KINDS:
        raise EngineError.coded(
            "whist.bid_kind_unknown",
            "contract kind {kind!r} is not one of “uptown”, “downtown”, “notrump”",
            kind=kind,
        )
    points = books - 6 if books >= books_needed(bid) else -bid
    return 2 * points if kind == "notrump" else points


def books_needed(bid: int) -> int:
    """The books a Bid Whist contract of ``bid`` needs to be made, the kitty book
    included: the six of the "book" plus the bid (RULES.md §4). The one place of this rule
    (the scoring, the score sheet, the grading and the pages call it).

    >>> books_needed(3), books_needed(7)
    (9, 13)
    """
    return 6 + bid


def whist_points(tricks: int) -> int:
    """Whist trick points for a side: 1 per trick over 6.

    >>> whist_points(6), whist_points(13)
    (0, 7)
    """
    _check_int(_TRICKS, tricks, 0, 13)
    return max(0, tricks - 6)


def honours_points(honours: int, score_before: int) -> int:
    """Honours held in ONE dealt hand (how many of A K Q J of trumps, 0–4): 4 → 4 points,
    3 → 2 points, none at all when the side already has 4 points or more.

    >>> [honours_points(h, 0) for h in range(5)]
    [0, 0, 0, 2, 4]
    >>> honours_points(4, 4)
    0
    """
    _check_int(_HONOURS, honours, 0, 4)
    if isinstance(score_before, bool) or not isinstance(score_before, int):
        raise EngineError.coded(
            "whist.score_before_whole",
            "score_before {value!r} must be a whole number",
            value=score_before,
        )
    if score_before >= 4:
        return 0
    return {4: 4, 3: 2}.get(honours, 0)


def whist_deal_points(
    before: Sequence[int],
    trick_points: Sequence[int],
    honours: Sequence[tuple[int, int]],
    *,
    target: int,
    honours_after_tricks: bool = False,
    tricks_before_honours: bool = True,
) -> tuple[int, int]:
    """Points (side 0, side 1) of a Whist deal: its trick points, then its honours.

    ``before`` is each side's score before the deal; ``honours`` lists the dealt hands that
    held trump honours as (side, how many). With ``tricks_before_honours`` (the default,
    traditional short Whist) a side that reaches ``target`` on tricks wins at once and no
    honours of the deal count, its own included; without it the deal's honours are added
    to its tricks all the same. ``honours_after_tricks`` sets the 4-point bar: the score
    before the deal (default) or with this deal's tricks.

    >>> whist_deal_points((3, 0), (2, 0), [(0, 4)], target=5)
    (2, 0)
    >>> whist_deal_points((3, 0), (2, 0), [(0, 4)], target=5, tricks_before_honours=False)
    (6, 0)
    >>> whist_deal_points((1, 0), (3, 0), [(0, 3)], target=5, honours_after_tricks=True)
    (3, 0)
    """
    after = [before[0] + trick_points[0], before[1] + trick_points[1]]
    points = [trick_points[0], trick_points[1]]
    if tricks_before_honours and max(after) >= target:
        return (points[0], points[1])
    for side, count in honours:
        bar = after[side] if honours_after_tricks else before[side]
        points[side] += honours_points(count, bar)
    return (points[0], points[1])


def two_player_whist_points(
    game: str, tricks: Sequence[int], declarer: int | None = None
) -> tuple[int, int]:
    """Points (seat 0, seat 1) of a two-player Whist deal.

    High: the declarer scores 1 per trick over 6 if they take more than 6; otherwise the
    other player scores 2 per trick over 6. Low: a player with fewer than 7 tricks scores
    7 − tricks.

    >>> two_player_whist_points("high", (9, 4), declarer=0)
    (3, 0)
    >>> two_player_whist_points("low", (5, 8))
    (2, 0)
    """
    if game not in GAMES:
        raise EngineError.coded(
            "whist.game_unknown", "game {game!r} is not “high” or “low”", game=game
        )
    if isinstance(tricks, (str, bytes)) or len(tricks) != 2:
        raise EngineError.coded(
            "whist.tricks_pair",
            "tricks {tricks!r} must be two numbers, one per seat",
            tricks=tricks,
        )
    t = [_check_int(_TRICKS, x, 0, 13) for x in tricks]
    if sum(t) != 13:
        raise EngineError.coded(
            "whist.tricks_total", "tricks {tricks!r} must add up to 13", tricks=tuple(tricks)
        )
    if game == "low":
        if declarer is not None:
            raise EngineError.coded(
                "whist.low_no_declarer", "a Low game has no declarer; give declarer=None"
            )
        return (7 - t[0] if t[0] < 7 else 0, 7 - t[1] if t[1] < 7 else 0)
    if declarer not in (0, 1):
        raise EngineError.coded(
            "whist.high_declarer",
            "declarer {declarer!r} of a High game must be seat 0 or 1",
            declarer=declarer,
        )
    out = [0, 0]
    if t[declarer] > 6:
        out[declarer] = t[declarer] - 6
    else:
        other = 1 - declarer
        out[other] = 2 * (t[other] - 6)
    return (out[0], out[1])


def card_order(*, trump: bool, low: bool) -> list[str]:
    """Ranks from highest to lowest for a contract kind ('BJ'/'LJ' for the jokers).

    >>> " ".join(card_order(trump=True, low=True))
    'BJ LJ A 2 3 4 5 6 7 8 9 10 J Q K'
    >>> " ".join(card_order(trump=False, low=False))
    'A K Q J 10 9 8 7 6 5 4 3 2 BJ LJ'
    """
    value = LOW_VALUE if low else tuple(range(13))
    ranks = sorted(range(13), key=lambda r: -value[r])
    out = [RANKS[r] for r in ranks]
    jokers = ["BJ", "LJ"]
    return jokers + out if trump else out + jokers


def playable_cards(
    hand: Sequence[str],
    trick: Sequence[str] = (),
    *,
    trump: str | None = None,
    jokers_follow_trump: bool = False,
) -> list[str]:
    """The cards of ``hand`` that may be played to ``trick`` (cards played so far).

    The article's rule (default): follow the suit of the first non-joker card when you
    can; jokers have no suit, so a joker may be played when leading, when void, or before
    any suit is set — a trump lead included.

    >>> playable_cards(["BJ", "AH", "2S"], ["KS"])
    ['2S']
    >>> playable_cards(["BJ", "AH"], ["KS"])
    ['BJ', 'AH']
    >>> playable_cards(["BJ", "AH", "2S"], ["LJ"])
    ['BJ', '2S', 'AH']

    ``jokers_follow_trump=True`` (the club rule, with a ``trump`` suit named): the jokers
    are trump cards for following, so on a trump lead, or a led joker, a player holding a
    trump or a joker must play one of them.

    >>> playable_cards(["BJ", "AH", "2S"], ["KS"], trump="S")
    ['2S']
    >>> playable_cards(["BJ", "AH", "2S"], ["KS"], trump="S", jokers_follow_trump=True)
    ['BJ', '2S']
    >>> playable_cards(["BJ", "AH"], ["LJ"], trump="S", jokers_follow_trump=True)
    ['BJ']
    """
    codes = [parse_card(c) for c in hand]
    played = [parse_card(c) for c in trick]
    if len(set(codes)) != len(codes) or set(codes) & set(played):
        raise EngineError.coded(
            "whist.card_twice",
            "a card appears twice in hand {hand!r} / trick {trick!r}",
            hand=list(hand),
            trick=list(trick),
        )
    t = -1 if trump is None else parse_suit(trump)
    club = jokers_follow_trump and t >= 0
    playable = mask_of(codes)
    led = next((c // 13 for c in played if c < 52), -1)
    if club and played and played[0] >= 52:
        led = t  # a led joker is a trump lead
    group = -1 if led < 0 else SUIT_MASK[led] | (JOKER_MASK if club and led == t else 0)
    if led >= 0 and playable & group:
        playable &= group
    return sort_cards(c for c in codes if playable >> c & 1)
