"""A graded decision's unit (``engine.<game>.analysis.UNIT``: ``$``, ``points``,
``tricks``) in the session's language: an amount (``1 trick``, ``0.5 points``, ``$30``)
or the unit alone (a column heading, an axis)."""

from __future__ import annotations

from dashboard.i18n import _, ngettext


def short_number(x: float) -> str:
    """At most two decimals, none when whole: ``0.12``, ``1``, ``250``."""
    return f"{x:.2f}".rstrip("0").rstrip(".") if abs(x) < 100 else f"{x:.0f}"


def amount(x: float, unit: str) -> str:
    """``x`` in the game's unit.

    >>> amount(1, "tricks"), amount(0.5, "points"), amount(-30, "$")
    ('1 trick', '0.5 points', '-$30')
    """
    n = short_number(x)
    if unit == "$":
        return f"-${n[1:]}" if n.startswith("-") else f"${n}"
    count = 1 if x == 1 else 2  # a fraction takes the plural, as 0.5 points
    if unit == "tricks":
        return ngettext("{n} trick", "{n} tricks", count).format(n=n)
    if unit == "points":
        return ngettext("{n} point", "{n} points", count).format(n=n)
    return f"{n} {unit}"


def unit_word(unit: str) -> str:
    """The unit alone, for a heading: ``tricks`` → トリック in Japanese."""
    if unit == "tricks":
        return _("tricks")
    if unit == "points":
        return _("points")
    return unit
