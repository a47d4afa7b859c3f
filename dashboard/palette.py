"""The one palette of the app: every chart and drawing takes its colours from here.

Each set was chosen so that any two of its colours stay apart for people with a colour
vision deficiency: ``tests/dashboard/test_palette.py`` simulates protanopia, deuteranopia
and tritanopia (Machado, Oliveira and Fernandes 2009, severity 1) and asserts a CIELAB
distance (ΔE 1976) of at least 20 between every pair, and against the white page. The
colours come from Okabe & Ito's and Paul Tol's colour-blind-safe schemes.

Companies keep their names' colours where they have one: Owner's Choice red, yellow, blue,
green; Stack 5 cards red, blue, green, yellow, purple. Stock Hold'em companies A–F and the
seats have no colour in the rules, so they get six colours far apart.

>>> company_colour("owners_choice", "R")
'#CC3311'
>>> seat_colour(7) == SEATS[1]
True
"""

from __future__ import annotations

#: Owner's Choice companies (RULES.md §3: red R, yellow Y, blue B, green G)
OWNERS_CHOICE = {"R": "#CC3311", "Y": "#EEBB22", "B": "#004488", "G": "#44AA99"}

#: Stock Hold'em companies A–F
STOCK_HOLDEM = {
    "A": "#004488",  # dark blue
    "B": "#DDCC77",  # sand
    "C": "#33BBEE",  # cyan
    "D": "#CC3311",  # red
    "E": "#994455",  # wine
    "F": "#000000",  # black
}

#: Stack 5 card colours (RULES.md §2: red, blue, green, yellow, purple)
STACK5 = {"R": "#CC3311", "B": "#004488", "G": "#44AA99", "Y": "#EEBB22", "P": "#9966CC"}

#: seats 0, 1, 2… (lines of money, score, net worth per seat); also the series of a chart
#: that compares several columns (first series blue, second orange…)
SEATS = ("#0072B2", "#E69F00", "#000000", "#88CCEE", "#CC3311", "#994455")
SERIES = SEATS

#: a line or bar with no category (one series), and the "current step" marker
NEUTRAL = "#0072B2"
MARKER = "#CC3311"
MUTED = "#999999"  # bars that mix categories, e.g. a tie 'R/B'
#: the background of a table cell to notice (with dark ink and a MARKER outline), e.g. the
#: par's entry of a Whist double-dummy table
HIGHLIGHT = "#FFE9A8"
#: columns at or above a mark (a price at least the current one) and the others
AT_OR_ABOVE, BELOW = "#1b7a1b", "#8a8a8a"

#: marks of graded decisions: ?? blunder, ? mistake, ?! inaccuracy, no mark, !? good find
MARKS = {"??": "#AA2200", "?": "#EE7733", "?!": "#EECC33", "": "#AAAAAA", "!?": "#0077BB"}

#: every named set, for the colour-blindness test
ALL_SETS = {
    "owners_choice companies": tuple(OWNERS_CHOICE.values()),
    "stock_holdem companies": tuple(STOCK_HOLDEM.values()),
    "stack5 cards": tuple(STACK5.values()),
    "seats": SEATS,
    "decision marks": tuple(MARKS.values()),
    "at or above a mark, below": (AT_OR_ABOVE, BELOW),
}


def seat_colour(seat: int) -> str:
    """The colour of a seat (cycling after six)."""
    return SEATS[seat % len(SEATS)]


def company_colours(game: str) -> dict[str, str]:
    """A game's company colours by letter: the set of this palette its ``GameUI`` names
    (``company_colours``); ``{}`` for a game with none."""
    from dashboard.plugins import REGISTRY, game_ui

    return (game_ui(game).company_colours or {}) if game in REGISTRY else {}


def company_colour(game: str, company: str, default: str = MUTED) -> str:
    """The colour of a company of ``game`` by its letter (``default`` if none)."""
    return company_colours(game).get(str(company).upper(), default)


def bar_colours(game: str, column: str, values: list) -> list[str] | str:
    """Colours for bars whose categories are ``values`` of ``column``: seats and
    companies get their own colours, anything else the neutral one."""
    if column in ("seat", "drawer", "declarer_side"):
        return [seat_colour(int(v)) if isinstance(v, int) else MUTED for v in values]
    if column in ("company", "highest") and company_colours(game):
        return [company_colour(game, v) for v in values]
    return NEUTRAL
