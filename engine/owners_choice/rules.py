"""The Owner's Choice ruleset: the rules' numbers plus the edition data ([A]).

The stock track, the 36-space board and the three dice are not given by the sources, so
they are data: ``default_ruleset.toml`` (shipped with the package) holds the values of
RULES.md §3, and :func:`engine.owners_choice.edition.load_ruleset` reads a user's own
edition file.

>>> r = OwnersChoiceRules()
>>> r.track_prices[0], r.track_prices[-1], r.start_price
(40, 300, 100)
>>> r.board[0], r.board[1], r.board[35]
('START', 'R', 'GOAL')
"""

import functools
import re
import tomllib
from dataclasses import dataclass
from importlib import resources

from engine.core.errors import RulesetError, quote_choices, word
from engine.core.ruleset import option, short

# No ``from __future__ import annotations`` here: the core calls typing.get_type_hints on
# the ruleset class for every new game, and real annotations make that ~10x cheaper.

COMPANIES = ("R", "Y", "B", "G")
COMPANY_NAMES = ("red", "yellow", "blue", "green")
#: the companies as a message names them (:func:`engine.core.errors.word`: the app says
#: each in the player's language, as its pages name the companies)
COMPANY_WORDS = (word("red"), word("yellow"), word("blue"), word("green"))
SPACE_KINDS = ("R", "Y", "B", "G", "ALL", "EVENT", "DIVIDEND", "PRESIDENT", "START", "GOAL")
# Space codes used on hot paths: 0-3 = company, then the other kinds in SPACE_KINDS order.
ALL, EVENT, DIVIDEND, PRESIDENT, START, GOAL = 4, 5, 6, 7, 8, 9

# Sane bounds for edition data (a 100,002-space board made every page slow).
MAX_BOARD = 100  # spaces, START and GOAL included
MAX_TRACK = 60  # steps on the stock track
MAX_MONEY = 100_000  # any price, dividend, fee or amount of money in the ruleset
MAX_STEPS = MAX_TRACK  # steps a die face moves a price
MAX_FACE = 20  # characters in a die face or a board space

# Which TOML key fills which ruleset field.
FILE_FIELDS = {
    ("track", "prices"): "track_prices",
    ("track", "dividends"): "track_dividends",
    ("track", "start_price"): "start_price",
    ("board", "spaces"): "board",
    ("dice", "president"): "president_die",
    ("dice", "fund"): "fund_die",
    ("dice", "event"): "event_die",
}


def _read_default() -> dict:
    text = resources.files(__package__).joinpath("default_ruleset.toml").read_text("utf-8")
    data = tomllib.loads(text)
    return {f: _tuple(data[t][k]) for (t, k), f in FILE_FIELDS.items()}


def _tuple(v):
    return tuple(v) if isinstance(v, list) else v


_D = _read_default()


#: rulesets that passed :meth:`OwnersChoiceRules.validate`
_VALID: set = set()


@dataclass(frozen=True)
class OwnersChoiceRules:
    """Every value the engine uses; [A] fields are assumptions a box may change."""

    start_cash: int = option(690, "cash each player starts with", min=0, max=MAX_MONEY)
    fund_start: int = option(
        0, "money in the Fund at the start", assumption=True, min=0, max=MAX_MONEY
    )
    shares_per_company: int = option(15, "shares of each company (the supply)", min=1, max=100)
    max_shares: int = option(12, "most shares one player may hold in total", min=1, max=100)
    move_range_players: str = option(
        "in_game",
        "the move range (1-4 with 2-3 players, 1-3 with 4-5) counts the players still in the "
        "game, so it widens when a bankrupt player leaves (“in_game”), or the starting "
        "players (“starting”)",
        assumption=True,
        choices=("in_game", "starting"),
    )
    president_timing: str = option(
        "after_trade",
        "president dice are reassigned once the trading action is complete, comparing "
        "holdings before and after the whole trade (“after_trade”), or after every single "
        "share bought or sold (“each_share”)",
        assumption=True,
        choices=("after_trade", "each_share"),
    )
    move_max_small: int = option(4, "longest move with 2-3 players", min=1, max=12)
    move_max_large: int = option(3, "longest move with 4-5 players", min=1, max=12)
    fee_low: int = option(
        50,
        "fee into the Fund to roll the president die, price below the threshold (a president "
        "who cannot pay must roll the Fund die [A])",
        min=0,
        max=MAX_MONEY,
    )
    fee_high: int = option(
        100, "fee to roll the president die at or above the threshold", min=0, max=MAX_MONEY
    )
    fee_threshold: int = option(190, "price from which the high fee applies", min=0, max=MAX_MONEY)
    president_bonus: int = option(
        100, "paid per president die on a PRESIDENT space", min=0, max=MAX_MONEY
    )
    goal_take: int = option(
        100, "taken from the Fund by the player reaching GOAL", min=0, max=MAX_MONEY
    )
    track_prices: tuple[int, ...] = option(
        _D["track_prices"], "stock track prices, lowest to highest", assumption=True
    )
    track_dividends: tuple[int, ...] = option(
        _D["track_dividends"], "dividend of each track step", assumption=True
    )
    start_price: int = option(
        _D["start_price"],
        "start price (also the opening purchase price and the price after bankruptcy)",
    )
    board: tuple[str, ...] = option(_D["board"], "the spaces START..GOAL in order", assumption=True)
    president_die: tuple[str, ...] = option(
        _D["president_die"], "faces of each company's president die", assumption=True
    )
    fund_die: tuple[str, ...] = option(
        _D["fund_die"], "faces of the Fund die: TAKE/-STEPS", assumption=True
    )
    event_die: tuple[str, ...] = option(_D["event_die"], "faces of the Event die", assumption=True)
    no_president: str = option(
        "nothing",
        "a company space whose company has no president: nothing happens, or the active "
        "player chooses in the president's place",
        assumption=True,
        choices=("nothing", "active_player"),
    )
    sale_tie_active_last: bool = option(
        True,
        "when a sale ties the most shares, the tied player nearest clockwise after the active "
        "player takes the die; the active player counts last (False: first)",
        assumption=True,
    )
    bankrupt_on_overshoot: bool = option(
        True,
        "a fall of several steps that would pass below the lowest price bankrupts the company "
        "(False: it stops at the lowest price unless it was already there)",
        assumption=True,
    )
    last_player_may_leave: bool = option(
        False,
        "the last player still in the game may declare personal bankruptcy (False: the game "
        "always keeps one player; True: if everyone leaves, the game ends with every seat at "
        "$0)",
        assumption=True,
    )
    max_trades_per_turn: int = option(
        30,
        "engine limit on buy/sell actions in one turn, so every game ends (the rules say “any "
        "number”; 24 = sell 12 and buy 12 is already pointless)",
        assumption=True,
        min=1,
        max=100,
    )

    def validate(self) -> None:
        # A ruleset is frozen: one that passed is remembered (a game makes a ruleset for
        # every new state, and the checks below parse every die face).
        try:
            if self in _VALID:
                return
        except TypeError:  # an unhashable value: check it every time
            self._check()
            return
        self._check()
        if len(_VALID) < 256:
            _VALID.add(self)

    def _check(self) -> None:
        p, d = self.track_prices, self.track_dividends
        if not 2 <= len(p) <= MAX_TRACK:
            raise RulesetError.coded(
                "oc.track_prices_len",
                "track prices: {n} steps; the track has 2 to {most} steps",
                n=len(p),
                most=MAX_TRACK,
            )
        if len(d) > MAX_TRACK:
            raise RulesetError.coded(
                "oc.track_dividends_len",
                "track dividends: {n} steps; at most {most}",
                n=len(d),
                most=MAX_TRACK,
            )
        for name, values in (("prices", p), ("dividends", d)):
            for i, x in enumerate(values):
                if isinstance(x, bool) or not isinstance(x, int) or abs(x) > MAX_MONEY:
                    raise RulesetError.coded(
                        "oc.track_step",
                        "track {name}: step {i} is {value}; allowed: whole numbers up to {most}",
                        name=name,
                        i=i,
                        value=short_value(x),
                        most=MAX_MONEY,
                    )
        if any(b <= a for a, b in zip(p, p[1:])):
            raise RulesetError.coded(
                "oc.track_unsorted",
                "track prices {prices} are not sorted: each price must be higher than the one "
                "before",
                prices=list(p),
            )
        if p[0] <= 0:
            raise RulesetError.coded(
                "oc.track_positive",
                "track prices {prices}: prices must be positive",
                prices=list(p),
            )
        if len(d) != len(p):
            raise RulesetError.coded(
                "oc.track_lengths",
                "track has {n} prices but {m} dividends; give one dividend per price",
                n=len(p),
                m=len(d),
            )
        if any(x < 0 for x in d):
            raise RulesetError.coded(
                "oc.dividends_negative",
                "track dividends {dividends}: dividends cannot be negative",
                dividends=list(d),
            )
        if self.start_price not in p:
            raise RulesetError.coded(
                "oc.start_price",
                "start price {price} is not on the track; prices: {prices}",
                price=self.start_price,
                prices=quote_choices(p, limit=30),
            )
        b = self.board
        if len(b) > MAX_BOARD:
            raise RulesetError.coded(
                "oc.board_long",
                "board: {n} spaces; a board has at most {most}",
                n=len(b),
                most=MAX_BOARD,
            )
        if len(b) < 3 or b[0] != "START" or b[-1] != "GOAL":
            raise RulesetError.coded(
                "oc.board_ends",
                "board {start}…: must start with “START”, end with “GOAL” and have spaces between",
                start=[short_value(x, 12) for x in b[:3]],
            )
        for i, s in enumerate(b[1:-1], start=1):
            if s not in SPACE_KINDS[:8]:
                raise RulesetError.coded(
                    "oc.board_space",
                    "board space {i} {space} is not a space type; allowed: {allowed}",
                    i=i,
                    space=short_value(s),
                    allowed=quote_choices(SPACE_KINDS[:8]),
                )
        for name in ("president_die", "fund_die", "event_die"):
            faces = getattr(self, name)
            if len(faces) != 6:
                shown = "[" + ", ".join(short_value(f, 12) for f in faces[:8]) + "]"
                raise RulesetError.coded(
                    "oc.die_faces",
                    "{die} has {n} faces {faces}; a die has six faces",
                    die=_DIE_WORDS[name],
                    n=len(faces),
                    faces=shown,
                )
            for f in faces:
                _FACE_PARSERS[name](f)
        if self.move_max_small < 1 or self.move_max_large < 1:
            raise RulesetError.coded("oc.move_max", "the longest move must be at least 1")


# --- dice faces ------------------------------------------------------------------------

# ASCII digits only ('²' and '٣' are not numbers here), at most six of them.
_N = "([0-9]{1,6})"
_STEP = re.compile(rf"^([+-]){_N}$")
_FUND = re.compile(rf"^(all|[0-9]{{1,6}})/-{_N}$")
_EVENT = re.compile(rf"^(all|lowest|highest)([+-]){_N}$")
_PAY = re.compile(rf"^pay{_N}$")


def short_value(value, limit: int = 24) -> str:
    """``value`` cut short for an error message about an edition file's value, in a
    player's words (:func:`engine.core.ruleset.short`)."""
    if isinstance(value, int) and not isinstance(value, bool) and value.bit_length() > 64:
        return word("a number of more than 19 digits")
    return short(value, limit)


_DIE_WORDS = {
    "president_die": word("president die"),
    "fund_die": word("fund die"),
    "event_die": word("event die"),
}


def _face(face) -> str | None:
    """The face as text if it is a short string, else None (no regex on huge input)."""
    return face if isinstance(face, str) and len(face) <= MAX_FACE else None


def _bounded(face, value: int, high: int, what: str) -> int:
    if value > high:
        raise RulesetError.coded(
            "oc.face_above",
            "die face {face}: {what} {value} is above {high}",
            face=short_value(face),
            what=what,
            value=value,
            high=high,
        )
    return value


def parse_president_face(face: str) -> tuple[str, int]:
    """``'+2'`` → ``('step', 2)``; ``'dividend'`` → ``('dividend', 0)``.

    >>> parse_president_face("-1")
    ('step', -1)
    >>> parse_president_face("+x")
    Traceback (most recent call last):
    ...
    engine.core.errors.RulesetError: president die face '+x': write “+N”, “-N” or “dividend”
    """
    if face == "dividend":
        return ("dividend", 0)
    m = _STEP.match(_face(face) or "")
    if not m:
        raise RulesetError.coded(
            "oc.president_face",
            "president die face {face}: write “+N”, “-N” or “dividend”",
            face=short_value(face),
        )
    k = _bounded(face, int(m.group(2)), MAX_STEPS, word("a move of"))
    return ("step", k if m.group(1) == "+" else -k)


def parse_fund_face(face: str) -> tuple[int, int]:
    """``'100/-2'`` → ``(100, 2)`` (take, steps down); ``'all/-3'`` → ``(-1, 3)``.

    >>> parse_fund_face("all/-3")
    (-1, 3)
    """
    m = _FUND.match(_face(face) or "")
    if not m:
        raise RulesetError.coded(
            "oc.fund_face",
            "fund die face {face}: write “TAKE/-STEPS” with TAKE a number or “all”, e.g. “100/-2”",
            face=short_value(face),
        )
    take = -1 if m.group(1) == "all" else _bounded(face, int(m.group(1)), MAX_MONEY, "$")
    return (take, _bounded(face, int(m.group(2)), MAX_STEPS, word("a fall of")))


def parse_event_face(face: str) -> tuple[str, int]:
    """``'lowest+2'`` → ``('lowest', 2)``; ``'pay50'`` → ``('pay', 50)``;
    ``'dividends'`` → ``('dividends', 0)``.

    >>> parse_event_face("highest-2")
    ('highest', -2)
    """
    if face == "dividends":
        return ("dividends", 0)
    m = _PAY.match(_face(face) or "")
    if m:
        return ("pay", _bounded(face, int(m.group(1)), MAX_MONEY, "$"))
    m = _EVENT.match(_face(face) or "")
    if not m:
        raise RulesetError.coded(
            "oc.event_face",
            "event die face {face}: write “all+N”, “all-N”, “lowest+N”, “highest-N”, “payN” or "
            "“dividends”",
            face=short_value(face),
        )
    k = _bounded(face, int(m.group(3)), MAX_STEPS, word("a move of"))
    return (m.group(1), k if m.group(2) == "+" else -k)


_FACE_PARSERS = {
    "president_die": parse_president_face,
    "fund_die": parse_fund_face,
    "event_die": parse_event_face,
}


def face_effect(face: str) -> tuple[str, tuple] | None:
    """Which die a face belongs to and what it does: ``('president', ('step', 2))``,
    ``('fund', (take, steps down))``, ``('event', ('pay', 50))`` …; ``None`` for text that
    is no die's face. (The faces of the three dice are written differently.)

    >>> face_effect("+2"), face_effect("all/-3"), face_effect("lowest+1"), face_effect("x")
    (('president', ('step', 2)), ('fund', (-1, 3)), ('event', ('lowest', 1)), None)
    """
    for die, parse in (
        ("president", parse_president_face),
        ("fund", parse_fund_face),
        ("event", parse_event_face),
    ):
        try:
            return die, parse(face)
        except RulesetError:
            continue
    return None


# --- precomputed tables (one per ruleset, shared by every state) --------------------------


class Tables:
    """Parsed ruleset data for the hot paths; built once per ruleset."""

    __slots__ = (
        "prices",
        "dividends",
        "start_step",
        "top",
        "spaces",
        "goal",
        "pres_faces",
        "fund_faces",
        "event_faces",
    )

    def __init__(self, r: OwnersChoiceRules):
        self.prices = r.track_prices
        self.dividends = r.track_dividends
        self.start_step = r.track_prices.index(r.start_price)
        self.top = len(r.track_prices) - 1
        self.spaces = tuple(SPACE_KINDS.index(s) for s in r.board)
        self.goal = len(r.board) - 1
        self.pres_faces = tuple(parse_president_face(f) for f in r.president_die)
        self.fund_faces = tuple(parse_fund_face(f) for f in r.fund_die)
        self.event_faces = tuple(parse_event_face(f) for f in r.event_die)


@functools.lru_cache(maxsize=64)
def tables(ruleset: OwnersChoiceRules) -> Tables:
    return Tables(ruleset)
