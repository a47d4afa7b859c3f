"""Building an Owner's Choice position from what a player sees: prices, holdings, cash,
the Fund, the pawn, whose turn it is and the president dice (the move advisor's input).

>>> s = from_position(prices=[100, 130, 100, 100], holdings=[[3, 0, 0, 0], [0, 2, 0, 0]])
>>> s.price(1), s.presidents(), s.current_player()
(130, [0, 1, None, None], 0)
"""

from __future__ import annotations

from engine.core.errors import EngineError, Phrase, Seat, word
from engine.owners_choice.rules import COMPANY_WORDS, OwnersChoiceRules
from engine.owners_choice.state import PRE, OwnersChoiceState

_LIMIT = 10**9  # no position holds a number this large


def _listed(value):
    """A list the caller gave (maybe a list of lists) for a message, as the page's
    language writes a list (``9, 9, 0, 0; 0, 0, 0, 0``), not as Python does; anything
    else as written.

    >>> _listed([[9, 9], [0, 1]]), _listed(7)
    ('9, 9; 0, 1', '7')
    """
    if isinstance(value, (list, tuple)):
        if not value:
            return Phrase.coded("choices.none", "nothing")
        nested = any(isinstance(x, (list, tuple)) for x in value)
        return Phrase.joined([_listed(x) for x in value], "; " if nested else ", ")
    return word("nobody") if value is None else str(value)  # None: a die in the pool


def _check_sizes(**values) -> None:
    """Refuse what cannot be a position before any message prints it: more than a few
    entries per list, or an integer beyond ``_LIMIT`` (a 5,000-digit integer cannot even
    be formatted)."""
    for name, v in values.items():
        items = v if isinstance(v, (list, tuple)) else [v]
        if len(items) > 8:
            raise EngineError.coded(
                "oc.position_entries",
                "{name}: {n} entries; a position has at most 5 seats",
                name=name,
                n=len(items),
            )
        for x in items:
            inner = x if isinstance(x, (list, tuple)) else [x]
            if len(inner) > 8:
                raise EngineError.coded(
                    "oc.position_entry_long",
                    "{name}: an entry of {n} items is too long",
                    name=name,
                    n=len(inner),
                )
            for y in inner:
                if isinstance(y, int) and not isinstance(y, bool) and abs(y) > _LIMIT:
                    raise EngineError.coded(
                        "oc.position_number",
                        "{name}: a number beyond {limit:,} is not a position",
                        name=name,
                        limit=_LIMIT,
                    )


def from_position(
    num_players: int | None = None,
    *,
    prices=None,
    holdings=None,
    cash=None,
    fund: int | None = None,
    pos: int = 0,
    to_act: int = 0,
    presidents=None,
    ruleset: OwnersChoiceRules | None = None,
) -> OwnersChoiceState:
    """A position ready for ``to_act`` to trade or move (set-up done).

    ``prices``: four prices on the track (R, Y, B, G); ``holdings``: per seat, four share
    counts; ``cash``: per seat; ``fund``: the Fund (default: the ruleset's start, $0);
    ``presidents``: per company a seat, ``None`` (the die in the pool) or ``"auto"`` (the
    strict top holder, none on a tie — also the default for every company). Every value
    is checked.

    >>> from_position(prices=[100, 105, 100, 100])  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    engine.core.errors.EngineError: price 105 of yellow is not on the track; prices: 40, ..., 300
    """
    r = ruleset or OwnersChoiceRules()
    _check_sizes(
        num_players=num_players,
        prices=prices,
        holdings=holdings,
        cash=cash,
        fund=fund,
        pos=pos,
        to_act=to_act,
        presidents=presidents,
    )
    if num_players is None:
        num_players = len(holdings) if holdings else len(cash) if cash else 4
    from engine.owners_choice.game import GAME as game

    if not game.min_players <= num_players <= game.max_players:
        raise EngineError.coded(
            "oc.position_players", "{n} players: Owner's Choice takes 2 to 5", n=num_players
        )
    n = num_players
    s = OwnersChoiceState(game, n, r)
    _set_prices(s, prices)
    _set_holdings(s, holdings)
    _set_money(s, cash, fund)
    _set_turn(s, pos, to_act)
    _set_presidents(s, presidents)
    s.phase = PRE
    s.turn = 1
    return s


def _set_prices(s: OwnersChoiceState, prices) -> None:
    """The four prices (default: the start price), each on the track."""
    r, t = s.ruleset, s.t
    prices = list(prices) if prices is not None else [r.start_price] * 4
    if len(prices) != 4:
        raise EngineError.coded(
            "oc.position_prices",
            "prices ({prices}): give four prices (R, Y, B, G)",
            prices=_listed(prices),
        )
    for c, p in enumerate(prices):
        if p not in t.prices:
            raise EngineError.coded(
                "oc.position_price_off",
                "price {price} of {company} is not on the track; prices: {prices}",
                price=p,
                company=COMPANY_WORDS[c],
                prices=_listed(list(t.prices)),
            )
        s.step[c] = t.prices.index(p)


def _set_holdings(s: OwnersChoiceState, holdings) -> None:
    """Each seat's four share counts, within the limits; the supply holds the rest."""
    r, n = s.ruleset, s.num_players
    holdings = [list(h) for h in holdings] if holdings is not None else [[0] * 4] * n
    if len(holdings) != n or any(len(h) != 4 for h in holdings):
        raise EngineError.coded(
            "oc.position_holdings",
            "holdings ({holdings}): give four share counts for each of {n} seats",
            holdings=_listed(holdings),
            n=n,
        )
    for p, h in enumerate(holdings):
        if any((not isinstance(k, int)) or k < 0 for k in h):
            raise EngineError.coded(
                "oc.position_holding_counts",
                "holdings of {seat} ({holding}): share counts are whole numbers ≥ 0",
                seat=Seat(p),
                holding=Phrase.joined([str(k) for k in h], ", "),  # the language's comma
            )
        if sum(h) > r.max_shares:
            raise EngineError.coded(
                "oc.position_max_shares",
                "{seat} holds {n} shares; the limit is {most} in total",
                seat=Seat(p),
                n=sum(h),
                most=r.max_shares,
            )
        s.hold[p * 4 : p * 4 + 4] = h
    for c in range(4):
        held = sum(h[c] for h in holdings)
        if held > r.shares_per_company:
            raise EngineError.coded(
                "oc.position_supply",
                "{held} shares of {company} are held; the company has only {most}",
                held=held,
                company=COMPANY_WORDS[c],
                most=r.shares_per_company,
            )
        s.supply[c] = r.shares_per_company - held


def _set_money(s: OwnersChoiceState, cash, fund) -> None:
    """Each seat's cash and the Fund (defaults: the ruleset's start)."""
    r, n = s.ruleset, s.num_players
    cash = list(cash) if cash is not None else [r.start_cash] * n
    if len(cash) != n or any((not isinstance(x, int)) or x < 0 for x in cash):
        raise EngineError.coded(
            "oc.position_cash", "cash ({cash}): give {n} whole amounts ≥ 0", cash=_listed(cash), n=n
        )
    s.cash = cash
    if fund is None:
        fund = r.fund_start
    if isinstance(fund, bool) or not isinstance(fund, int) or fund < 0:
        raise EngineError.coded(
            "oc.position_fund", "fund {fund!r}: the Fund is a whole amount ≥ 0", fund=fund
        )
    s.fund = fund
    s.issued = sum(cash) + fund


def _set_turn(s: OwnersChoiceState, pos: int, to_act: int) -> None:
    """The pawn (not on GOAL) and the seat to act."""
    t, n = s.t, s.num_players
    if not isinstance(pos, int) or not 0 <= pos < t.goal:
        raise EngineError.coded(
            "oc.position_pawn",
            "pawn on space {pos!r}: it must be on 0..{last} (not GOAL)",
            pos=pos,
            last=t.goal - 1,
        )
    s.pos = pos
    if not isinstance(to_act, int) or not 0 <= to_act < n:
        raise EngineError.coded(
            "oc.position_to_act",
            "seat to act {seat!r}: seats are 0..{last}",
            seat=to_act,
            last=n - 1,
        )
    s.active = to_act


def _set_presidents(s: OwnersChoiceState, presidents) -> None:
    """Each company's president: the sole top holder, or one of the tied top holders, or none."""
    if presidents is not None and len(presidents) != 4:
        raise EngineError.coded(
            "oc.position_presidents",
            "presidents ({presidents}): give one entry per company (R, Y, B, G)",
            presidents=_listed(list(presidents)),
        )
    for c in range(4):
        best, top = s._top(c)
        if presidents is None:
            s.pres[c] = top[0] if len(top) == 1 else -1
            continue
        p = presidents[c]
        if p == "auto":
            s.pres[c] = top[0] if len(top) == 1 else -1
        elif p is None or p == -1:
            if len(top) == 1:
                raise EngineError.coded(
                    "oc.position_president_sole",
                    "{seat} holds the most {company} shares and so holds its president die",
                    company=COMPANY_WORDS[c],
                    seat=Seat(top[0]),
                )
            s.pres[c] = -1
        elif p not in top:
            if not (isinstance(p, int) and 0 <= p < s.num_players):
                raise EngineError.coded(
                    "oc.position_president_seat",
                    "president of {company} {seat!r}: give a seat 0 to {last}, None (the "
                    "pool) or “auto”",
                    company=COMPANY_WORDS[c],
                    seat=p,
                    last=s.num_players - 1,
                )
            holders = [Phrase.coded("oc.seat", "{seat}", seat=Seat(t)) for t in top]
            raise EngineError.coded(
                "oc.position_president_not_top",
                "{seat} does not hold the most {company} shares, so is not its president "
                "(the most are held by {top})",
                company=COMPANY_WORDS[c],
                seat=Seat(p),
                top=Phrase.joined(holders, ", ") if holders else word("nobody"),
            )
        else:
            s.pres[c] = p
