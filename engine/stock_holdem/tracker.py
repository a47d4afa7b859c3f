"""The table tracker: one player's view of a real game with hidden cards → the exact price
distribution of all six companies and every player's expected net worth.

A company is up to 5 slot texts, as :func:`engine.stock_holdem.pricing.parse_slot` reads
them: a card whose face you see (``'7A'``, ``'BULL'``; also a card you placed or peeked
at), a face-down card by the back you see (``'7?'``, ``'?A'``) or ``'?'`` for a slot not
filled yet; missing slots count as ``'?'``. The cards you have seen are your hand, every
face you entered on any company and any other card you saw (``seen``). Each company's
open slots are filled from the cards you have *not* seen, every filling that matches the
backs equally likely (the price calculator's model, one company at a time: the backs on
the other companies do not narrow the pool).

>>> t = track(
...     ["3A 9F 7? ?", "10S 2W", "6A 6S ?F", "1F 8W", "4S BULL ?A", "2A 5W"],
...     stock_up=[0, 0, 1, 0, 0, 0],
...     hand="9A 4W 8S 1S",
... )
>>> t.companies[0].slots
('3A', '9F', '7?', '?', '?')
>>> len(t.seen), t.unseen
(16, 26)
>>> t.companies[2].expected == price_distribution(
...     ["6A", "6S", "?F", "?", "?"], stock_up=True, seen=t.seen_except(2)
... ).expected
True
>>> expected_worth(100, 3, [1, 0, 0, 0, 0, 0], [20, 10, 10, 10, 10, 10])
Fraction(123, 1)
>>> track(["3A", "3A"], stock_up=[False] * 6, hand="")
Traceback (most recent call last):
...
engine.core.errors.ParseError: 3A is entered twice: company A slot 1 and company B slot 1
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from numbers import Rational

from engine.core.errors import EngineError, ParseError, Phrase, word
from engine.stock_holdem.cards import COMPANIES, NUM_CARDS, card_text, parse_card, quote
from engine.stock_holdem.distribution import PriceDistribution, price_distribution
from engine.stock_holdem.pricing import parse_slot, stock_up_count
from engine.stock_holdem.rules import SLOTS, StockHoldemRules

_RULES = StockHoldemRules()

__all__ = [
    "CompanyView",
    "TableView",
    "expected_worth",
    "expected_worths",
    "parse_company",
    "track",
]


@dataclass(frozen=True)
class CompanyView:
    """One company as the tracking player sees it, with its exact price distribution."""

    name: str
    #: the 5 slots, normalised: a card (``'7A'``), a back (``'7?'``, ``'?A'``) or ``'?'``
    slots: tuple[str, ...]
    #: how many slots were entered (the rest are ``'?'``)
    entered: int
    #: stock-up chips on the company (0..stock_up_per_company)
    stock_up: int
    distribution: PriceDistribution

    @property
    def expected(self) -> Fraction:
        """The expected price after the price phase."""
        return self.distribution.expected

    def probability_at_least(self, value: int) -> Fraction:
        """P(price ≥ ``value``), e.g. the current price."""
        return self.distribution.probability_at_least(value)


@dataclass(frozen=True)
class TableView:
    """The six companies and the cards the tracking player has seen."""

    companies: tuple[CompanyView, ...]
    hand: tuple[str, ...]
    #: every card seen: the hand, every face on a company and the extra seen cards
    seen: tuple[str, ...]

    @property
    def unseen(self) -> int:
        """How many of the 42 cards you have not seen."""
        return NUM_CARDS - len(self.seen)

    @property
    def expected_prices(self) -> tuple[Fraction, ...]:
        return tuple(c.expected for c in self.companies)

    def seen_except(self, company: int) -> tuple[str, ...]:
        """The seen cards that are not on ``company`` (what its distribution excludes)."""
        own = set(self.companies[company].slots)
        return tuple(c for c in self.seen if c not in own)

    def expected_worth(self, cash: int, chips: int, shares: Sequence[int]) -> Fraction:
        """:func:`expected_worth` at this table's expected prices."""
        return expected_worth(cash, chips, shares, self.expected_prices)


def parse_company(text, company: int = 0, *, parity: str = "even") -> tuple[tuple, ...]:
    """The parsed slots (see :func:`parse_slot`) of one company from ``'7A 3F ?A 7? ?'``
    (spaces or commas; a list of slot texts also works), padded with unknowns to 5.

    >>> parse_company("7a, ?w 3?")
    (('card', 6), ('back', '?W'), ('back', '3?'), ('unknown', None), ('unknown', None))
    >>> parse_company("7A 3F 11Q", 1)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    engine.core.errors.ParseError: company B slot 3 '11Q': not a slot; write a card ...
    """
    name = COMPANIES[company]
    items = _items(text)
    if len(items) > SLOTS:
        raise ParseError.coded(
            "stock.company_too_many_slots",
            "company {company} {items}: a company has at most {most} slots, got {n}",
            company=name,
            items=quote(" ".join(map(str, items))),
            most=SLOTS,
            n=len(items),
        )
    out = []
    for k, item in enumerate(items, start=1):
        try:
            out.append(parse_slot(item, parity=parity))
        except ParseError as exc:
            raise ParseError.coded(
                "stock.in_company_slot",
                "company {company} slot {k} {error}",
                company=name,
                k=k,
                error=exc,
            ) from None
    out += [("unknown", None)] * (SLOTS - len(out))
    return tuple(out)


def _items(text) -> list:
    """The slot texts entered for a company (spaces or commas; blank entries dropped)."""
    if text is None:
        return []
    if isinstance(text, str):
        return text.replace(",", " ").split()
    return [t for t in text if not (isinstance(t, str) and t.strip() == "")]


def _slot_text(kind: str, value) -> str:
    return card_text(value) if kind == "card" else value if kind == "back" else "?"


def _cards(text, what: str) -> list:
    """Card ids of a hand or seen list (spaces or commas), each error naming its place."""
    if text is None:
        return []
    items = text.replace(",", " ").split() if isinstance(text, str) else list(text)
    out = []
    for k, item in enumerate(items, start=1):
        try:
            out.append(parse_card(item))
        except ParseError as exc:
            raise ParseError.coded(
                "stock.in_card", "{what} card {k} {error}", what=what, k=k, error=exc
            ) from None
    return out


@lru_cache(maxsize=512)
def _distribution(
    slots: tuple[str, ...], stock_up: int, seen: tuple[str, ...], parity: str, rules
) -> PriceDistribution:
    return price_distribution(list(slots), stock_up=stock_up, seen=seen, parity=parity, rules=rules)


def track(
    companies: Sequence,
    stock_up: Sequence[int],
    hand="",
    seen: Iterable | str = (),
    *,
    parity: str | None = None,
    stock_up_chips: int | None = None,
    rules: StockHoldemRules | None = None,
) -> TableView:
    """Every company's exact price distribution from what one player sees.

    ``companies``: up to 6 entries (missing ones are empty), each a slot string such as
    ``'7A 3F ?A 7? ?'`` or a list of slot texts; ``stock_up``: the stock-up chips on
    each company (a count 0..``stock_up_per_company``; ``True``/``False`` count 1/0; at
    most ``stock_up_chips`` in all); ``hand``: your hand (cards, e.g. ``'9A 4W BULL'``);
    ``seen``: any other card whose face you saw and that is not entered on a company.
    ``rules`` (default: the default ruleset) gives the card backs, the stock-up chips and
    the number-hand variants; ``parity`` and ``stock_up_chips``, when given, override it.
    Raises :class:`ParseError` naming the company and slot (or the hand / seen card) for
    bad text, and naming both places when a card is entered twice.

    >>> t = track(["10A 10F 10S 10W ?"], stock_up=[0] * 6, hand="BULL")
    >>> d = t.companies[0].distribution  # the Bull is in your hand: no five of a kind
    >>> 57 in d.probabilities, max(d.probabilities)
    (False, 54)
    """
    if len(companies) > len(COMPANIES):
        raise ParseError.coded(
            "stock.too_many_companies",
            "{n} companies entered; the game has 6 (A-F)",
            n=len(companies),
        )
    rules = rules or _RULES
    parity = rules.card_back_parity if parity is None else parity
    stock_up_chips = rules.stock_up_chips if stock_up_chips is None else stock_up_chips
    companies = list(companies) + [""] * (len(COMPANIES) - len(companies))
    stock_up = list(stock_up)
    if len(stock_up) != len(COMPANIES):
        raise ParseError.coded(
            "stock.stock_up_counts",
            "stock_up: give 6 counts (companies A-F), got {n}",
            n=len(stock_up),
        )
    flags = []
    for co, value in enumerate(stock_up):
        try:
            flags.append(stock_up_count(value, rules))
        except ParseError as exc:
            raise ParseError.within(_company(co), exc) from None
    if sum(flags) > stock_up_chips:
        marked = ", ".join(
            COMPANIES[i] + (f" ({f} chips)" if f > 1 else "") for i, f in enumerate(flags) if f
        )
        raise EngineError.coded(
            "stock.stock_up_total",
            "stock-up chips on {marked}: the game has only {chips} stock-up chips",
            marked=marked,
            chips=stock_up_chips,
        )
    parsed = [parse_company(text, co, parity=parity) for co, text in enumerate(companies)]
    entered = [len(_items(text)) for text in companies]
    places: dict[int, str] = {}

    def note(card: int, place: str) -> None:
        if card in places:
            raise ParseError.coded(
                "stock.entered_twice",
                "{card} is entered twice: {first} and {second}",
                card=card_text(card),
                first=places[card],
                second=place,
            )
        places[card] = place

    for co, slots in enumerate(parsed):
        for k, (kind, value) in enumerate(slots, start=1):
            if kind == "card":
                note(
                    value,
                    Phrase.coded(
                        "stock.place_slot", "company {company} slot {k}", company=COMPANIES[co], k=k
                    ),
                )
    hand_ids = _cards(hand, word("hand"))
    for k, c in enumerate(hand_ids, start=1):
        note(c, Phrase.coded("stock.place_hand", "your hand (card {k})", k=k))
    for k, c in enumerate(_cards(seen, word("seen")), start=1):
        note(c, Phrase.coded("stock.place_seen", "the seen cards (card {k})", k=k))
    seen_ids = sorted(places)
    views = []
    for co, slots in enumerate(parsed):
        texts = tuple(_slot_text(kind, value) for kind, value in slots)
        own = {value for kind, value in slots if kind == "card"}
        elsewhere = tuple(card_text(c) for c in seen_ids if c not in own)
        try:
            dist = _distribution(texts, flags[co], elsewhere, parity, rules)
        except EngineError as exc:
            raise type(exc).within(_company(co), exc) from None
        views.append(CompanyView(COMPANIES[co], texts, entered[co], flags[co], dist))
    return TableView(
        companies=tuple(views),
        hand=tuple(card_text(c) for c in hand_ids),
        seen=tuple(card_text(c) for c in seen_ids),
    )


def _company(co: int) -> Phrase:
    return Phrase.coded("stock.company", "company {company}", company=COMPANIES[co])


def _whole(value, what: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        if isinstance(value, float) and value.is_integer() and value >= 0:
            return int(value)
        raise EngineError.coded(
            "stock.not_whole",
            "{what} {value}: give a whole number ≥ 0",
            what=what,
            value=quote(value),
        )
    if value < 0:
        raise EngineError.coded(
            "stock.not_whole",
            "{what} {value}: give a whole number ≥ 0",
            what=what,
            value=quote(value),
        )
    return value


def expected_worth(
    cash: int, chips: int, shares: Sequence[int], prices: Sequence, *, who: str = word("player")
) -> Fraction:
    """The final settlement, in expectation: cash + $1 per challenge chip + Σ shares ×
    expected price. ``prices`` holds, per company A-F, a :class:`PriceDistribution`, a
    :class:`CompanyView` or a known price (int or Fraction). Exact (a Fraction). The same
    rule as :meth:`engine.stock_holdem.state.StockHoldemState.net_worth`.

    >>> d = price_distribution(["3A", "5A", "9A", "1A", "?"])
    >>> expected_worth(10, 2, [0, 2, 0, 0, 0, 0], [5, d, 5, 5, 5, 5])
    Fraction(1039, 19)
    >>> expected_worth(10, -1, [0] * 6, [5] * 6)
    Traceback (most recent call last):
    ...
    engine.core.errors.EngineError: player chips -1: give a whole number ≥ 0
    """
    cash = _whole(cash, Phrase.coded("stock.who_cash", "{who} cash", who=who))
    chips = _whole(chips, Phrase.coded("stock.who_chips", "{who} chips", who=who))
    shares = list(shares)
    if len(shares) != len(COMPANIES) or len(prices) != len(COMPANIES):
        raise EngineError.coded(
            "stock.worth_lengths",
            "{who}: give shares and prices for the 6 companies A-F (got {shares} and {prices})",
            who=who,
            shares=len(shares),
            prices=len(prices),
        )
    total = Fraction(cash + chips)
    for co, (held, p) in enumerate(zip(shares, prices)):
        held = _whole(
            held,
            Phrase.coded(
                "stock.who_shares", "{who} shares of {company}", who=who, company=COMPANIES[co]
            ),
        )
        if isinstance(p, (PriceDistribution, CompanyView)):
            p = p.expected
        elif not isinstance(p, Rational) or isinstance(p, bool):
            raise EngineError.coded(
                "stock.bad_price",
                "price of {company} {price}: give a price or a distribution",
                company=COMPANIES[co],
                price=quote(p),
            )
        total += held * Fraction(p)
    return total


def expected_worths(
    players: Sequence[tuple], prices: Sequence, *, shares_per_company: int = 11
) -> list[Fraction]:
    """:func:`expected_worth` of every player, given as ``(name, cash, chips, shares)``;
    checks that no company has more than ``shares_per_company`` shares held in all.

    >>> players = [("Ann", 100, 3, [1, 0, 0, 0, 0, 0]), ("Bo", 90, 1, [0, 2, 0, 0, 0, 0])]
    >>> expected_worths(players, [10, 12, 10, 10, 10, 10])
    [Fraction(113, 1), Fraction(115, 1)]
    """
    out = []
    held = [0] * len(COMPANIES)
    for k, (name, cash, chips, shares) in enumerate(players, start=1):
        who = (
            Phrase.coded("stock.player_named", "player {k} {name}", k=k, name=quote(name))
            if name
            else Phrase.coded("stock.player_k", "player {k}", k=k)
        )
        out.append(expected_worth(cash, chips, shares, prices, who=who))
        for co, h in enumerate(shares):
            held[co] += int(h)
    for co, h in enumerate(held):
        if h > shares_per_company:
            raise EngineError.coded(
                "stock.shares_over",
                "company {company}: the players hold {h} shares in all; it has only {most}",
                company=COMPANIES[co],
                h=h,
                most=shares_per_company,
            )
    return out
