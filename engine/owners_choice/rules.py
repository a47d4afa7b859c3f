"""The Owner's Choice ruleset: the rules' numbers plus the edition data ([A]).

The stock track, the 36-space board and the three dice are not given by the sources, so
they are data: ``default_ruleset.toml`` (shipped with the package) holds the values of
RULES.md §3, and :func:`load_ruleset` reads a user's own edition file.

>>> r = OwnersChoiceRules()
>>> r.track_prices[0], r.track_prices[-1], r.start_price
(40, 300, 100)
>>> r.board[0], r.board[1], r.board[35]
('START', 'R', 'GOAL')
>>> load_ruleset('[track]\\nprices = [40, 50]')
Traceback (most recent call last):
...
engine.core.errors.RulesetError: ruleset file: missing field 'track.dividends'
"""

import functools
import re
import tomllib
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path

from engine.core.errors import RulesetError, quote_choices
from engine.core.ruleset import make_ruleset

# No ``from __future__ import annotations`` here: the core calls typing.get_type_hints on
# the ruleset class for every new game, and real annotations make that ~10x cheaper.

COMPANIES = ("R", "Y", "B", "G")
COMPANY_NAMES = ("red", "yellow", "blue", "green")
SPACE_KINDS = ("R", "Y", "B", "G", "ALL", "EVENT", "DIVIDEND", "PRESIDENT", "START", "GOAL")
# Space codes used on hot paths: 0-3 = company, then the other kinds in SPACE_KINDS order.
ALL, EVENT, DIVIDEND, PRESIDENT, START, GOAL = 4, 5, 6, 7, 8, 9

# Which TOML key fills which ruleset field.
_FILE_FIELDS = {
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
    return {f: _tuple(data[t][k]) for (t, k), f in _FILE_FIELDS.items()}


def _tuple(v):
    return tuple(v) if isinstance(v, list) else v


_D = _read_default()


@dataclass(frozen=True)
class OwnersChoiceRules:
    """Every value the engine uses; [A] fields are assumptions a box may change."""

    start_cash: int = field(default=690, metadata={"doc": "cash each player starts with", "min": 0})
    shares_per_company: int = field(
        default=15, metadata={"doc": "shares of each company (the supply)", "min": 1}
    )
    max_shares: int = field(
        default=12, metadata={"doc": "most shares one player may hold in total", "min": 1}
    )
    move_max_small: int = field(
        default=4, metadata={"doc": "longest move with 2-3 players", "min": 1, "max": 12}
    )
    move_max_large: int = field(
        default=3, metadata={"doc": "longest move with 4-5 players", "min": 1, "max": 12}
    )
    fee_low: int = field(
        default=50,
        metadata={
            "doc": "fee into the Fund to roll the company die, price below the threshold "
            "(a president who cannot pay must roll the Fund die [A])",
            "min": 0,
        },
    )
    fee_high: int = field(
        default=100,
        metadata={"doc": "fee to roll the company die at or above the threshold", "min": 0},
    )
    fee_threshold: int = field(
        default=190, metadata={"doc": "price from which the high fee applies", "min": 0}
    )
    president_bonus: int = field(
        default=100,
        metadata={"doc": "paid per president die on a PRESIDENT space", "min": 0},
    )
    goal_take: int = field(
        default=100,
        metadata={"doc": "taken from the Fund by the player reaching GOAL", "min": 0},
    )
    track_prices: tuple[int, ...] = field(
        default=_D["track_prices"],
        metadata={"doc": "stock track prices, lowest to highest", "assumption": True},
    )
    track_dividends: tuple[int, ...] = field(
        default=_D["track_dividends"],
        metadata={"doc": "dividend of each track step", "assumption": True},
    )
    start_price: int = field(
        default=_D["start_price"],
        metadata={
            "doc": "start price (also the opening purchase price and the price after bankruptcy)",
            "assumption": False,
        },
    )
    board: tuple[str, ...] = field(
        default=_D["board"],
        metadata={"doc": "the spaces START..GOAL in order", "assumption": True},
    )
    president_die: tuple[str, ...] = field(
        default=_D["president_die"],
        metadata={"doc": "faces of each company's president die", "assumption": True},
    )
    fund_die: tuple[str, ...] = field(
        default=_D["fund_die"],
        metadata={"doc": "faces of the Fund die: TAKE/-STEPS", "assumption": True},
    )
    event_die: tuple[str, ...] = field(
        default=_D["event_die"],
        metadata={"doc": "faces of the Event die", "assumption": True},
    )
    no_president: str = field(
        default="nothing",
        metadata={
            "doc": "a company space whose company has no president: nothing happens, or "
            "the active player chooses in the president's place",
            "assumption": True,
            "choices": ("nothing", "active_player"),
        },
    )
    sale_tie_active_last: bool = field(
        default=True,
        metadata={
            "doc": "when a sale ties the most shares, the tied player nearest clockwise "
            "after the active player takes the die; the active player counts last "
            "(False: first)",
            "assumption": True,
        },
    )
    bankrupt_on_overshoot: bool = field(
        default=True,
        metadata={
            "doc": "a fall of several steps that would pass below the lowest price "
            "bankrupts the company (False: it stops at the lowest price unless it was "
            "already there)",
            "assumption": True,
        },
    )
    last_player_may_leave: bool = field(
        default=False,
        metadata={
            "doc": "the last player still in the game may declare personal bankruptcy "
            "(False: the game always keeps one player; True: if everyone leaves, the game "
            "ends with every seat at $0)",
            "assumption": True,
        },
    )
    max_trades_per_turn: int = field(
        default=30,
        metadata={
            "doc": "engine limit on buy/sell actions in one turn, so every game ends "
            "(the rules say 'any number'; 24 = sell 12 and buy 12 is already pointless)",
            "assumption": True,
            "min": 1,
        },
    )

    def validate(self) -> None:
        p, d = self.track_prices, self.track_dividends
        if len(p) < 2:
            raise RulesetError(f"track prices {list(p)}: need at least two steps")
        if any(b <= a for a, b in zip(p, p[1:])):
            raise RulesetError(
                f"track prices {list(p)} are not sorted: each price must be higher than "
                "the one before"
            )
        if p[0] <= 0:
            raise RulesetError(f"track prices {list(p)}: prices must be positive")
        if len(d) != len(p):
            raise RulesetError(
                f"track has {len(p)} prices but {len(d)} dividends; give one dividend per price"
            )
        if any(x < 0 for x in d):
            raise RulesetError(f"track dividends {list(d)}: dividends cannot be negative")
        if self.start_price not in p:
            raise RulesetError(
                f"start price {self.start_price} is not on the track; prices: "
                f"{quote_choices(p, limit=30)}"
            )
        b = self.board
        if len(b) < 3 or b[0] != "START" or b[-1] != "GOAL":
            raise RulesetError(
                f"board {list(b)[:3]}…: must start with 'START', end with 'GOAL' and have "
                "spaces between"
            )
        for i, s in enumerate(b[1:-1], start=1):
            if s not in SPACE_KINDS[:8]:
                raise RulesetError(
                    f"board space {i} {s!r} is not a space type; allowed: "
                    f"{quote_choices(SPACE_KINDS[:8])}"
                )
        for name in ("president_die", "fund_die", "event_die"):
            faces = getattr(self, name)
            if len(faces) != 6:
                raise RulesetError(
                    f"{name.replace('_', ' ')} has {len(faces)} faces {list(faces)}; a die "
                    "has six faces"
                )
            for f in faces:
                _FACE_PARSERS[name](f)
        if self.move_max_small < 1 or self.move_max_large < 1:
            raise RulesetError("the longest move must be at least 1")


# --- dice faces ------------------------------------------------------------------------

_STEP = re.compile(r"^([+-])(\d+)$")
_FUND = re.compile(r"^(all|\d+)/-(\d+)$")
_EVENT = re.compile(r"^(all|lowest|highest)([+-])(\d+)$")
_PAY = re.compile(r"^pay(\d+)$")


def parse_president_face(face: str) -> tuple[str, int]:
    """``'+2'`` → ``('step', 2)``; ``'dividend'`` → ``('dividend', 0)``.

    >>> parse_president_face("-1")
    ('step', -1)
    >>> parse_president_face("+x")
    Traceback (most recent call last):
    ...
    engine.core.errors.RulesetError: president die face '+x': write '+N', '-N' or 'dividend'
    """
    if face == "dividend":
        return ("dividend", 0)
    m = _STEP.match(str(face))
    if not m:
        raise RulesetError(f"president die face {face!r}: write '+N', '-N' or 'dividend'")
    k = int(m.group(2))
    return ("step", k if m.group(1) == "+" else -k)


def parse_fund_face(face: str) -> tuple[int, int]:
    """``'100/-2'`` → ``(100, 2)`` (take, steps down); ``'all/-3'`` → ``(-1, 3)``.

    >>> parse_fund_face("all/-3")
    (-1, 3)
    """
    m = _FUND.match(str(face))
    if not m:
        raise RulesetError(
            f"fund die face {face!r}: write 'TAKE/-STEPS' with TAKE a number or 'all', "
            "e.g. '100/-2'"
        )
    take = -1 if m.group(1) == "all" else int(m.group(1))
    return (take, int(m.group(2)))


def parse_event_face(face: str) -> tuple[str, int]:
    """``'lowest+2'`` → ``('lowest', 2)``; ``'pay50'`` → ``('pay', 50)``;
    ``'dividends'`` → ``('dividends', 0)``.

    >>> parse_event_face("highest-2")
    ('highest', -2)
    """
    if face == "dividends":
        return ("dividends", 0)
    m = _PAY.match(str(face))
    if m:
        return ("pay", int(m.group(1)))
    m = _EVENT.match(str(face))
    if not m:
        raise RulesetError(
            f"event die face {face!r}: write 'all+N', 'all-N', 'lowest+N', 'highest-N', "
            "'payN' or 'dividends'"
        )
    k = int(m.group(3))
    return (m.group(1), k if m.group(2) == "+" else -k)


_FACE_PARSERS = {
    "president_die": parse_president_face,
    "fund_die": parse_fund_face,
    "event_die": parse_event_face,
}


# --- files -------------------------------------------------------------------------------


def load_ruleset(source: str | Path, **overrides) -> OwnersChoiceRules:
    """Read an edition file (TOML text or a path): ``[track]``, ``[board]``, ``[dice]``
    with every key of ``default_ruleset.toml``, plus an optional flat ``[rules]`` table of
    other ruleset fields. ``overrides`` win over the file.

    >>> text = default_ruleset_text().replace('"+3", "-1"', '"+3", "-2"')
    >>> load_ruleset(text).president_die
    ('+1', '+1', '+2', '+3', '-2', 'dividend')
    >>> load_ruleset(text.replace('"+3", "-2", ', ''))  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    engine.core.errors.RulesetError: president die has 4 faces [...]; a die has six faces
    """
    where = "ruleset file"
    if isinstance(source, Path) or (
        isinstance(source, str) and "\n" not in source and source.endswith(".toml")
    ):
        where = str(source)
        try:
            source = Path(source).read_text("utf-8")
        except OSError as exc:
            raise RulesetError(f"cannot read ruleset file {where!r}: {exc.strerror}") from None
    try:
        data = tomllib.loads(source)
    except tomllib.TOMLDecodeError as exc:
        raise RulesetError(f"{where}: not valid TOML: {exc}") from None
    values = {}
    for (table, key), name in _FILE_FIELDS.items():
        t = data.get(table)
        if not isinstance(t, dict) or key not in t:
            raise RulesetError(f"{where}: missing field '{table}.{key}'")
        values[name] = t[key]
    unknown = sorted(set(data) - {"track", "board", "dice", "rules"})
    if unknown:
        raise RulesetError(
            f"{where}: unknown table {unknown[0]!r}; tables: 'track', 'board', 'dice', 'rules'"
        )
    rules = data.get("rules", {})
    if not isinstance(rules, dict):
        raise RulesetError(f"{where}: [rules] must be a table of field = value")
    values.update(rules)
    values.update(overrides)
    return make_ruleset(OwnersChoiceRules, values)


def default_ruleset_text() -> str:
    """The shipped edition file, to copy and edit."""
    return resources.files(__package__).joinpath("default_ruleset.toml").read_text("utf-8")


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
