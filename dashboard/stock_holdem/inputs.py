"""Inputs shared by the Stock Hold'em calculator and table tracker: URL values that never
raise on junk, the rule assumptions the figures depend on, and the stock-up chip input
(a switch when a company carries at most one chip, else a count).

No rules here: the values go to :mod:`engine.stock_holdem`.

>>> [count_from_text(t, 1, 0, 3) for t in ("2", "²", "٣", "9" * 5000, "", " ")]
[2, 1, 1, 1, 1, 1]
>>> count_from_text("yes", 0, 0, 1), count_from_text("7", 0, 0, 3)
(1, 3)
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable

import streamlit as st

from dashboard import ui
from dashboard.components.fields import Field, number_problem
from dashboard.folds import Fold
from dashboard.i18n import N_, _
from engine.core.errors import EngineError, parse_count
from engine.core.ruleset import make_ruleset
from engine.stock_holdem import StockHoldemRules

DEFAULT_RULES = StockHoldemRules()
_META = {f.name: f.metadata for f in dataclasses.fields(StockHoldemRules)}
PER_MIN = _META["stock_up_per_company"]["min"]
PER_MAX = _META["stock_up_per_company"]["max"]


def count_from_text(text, default: int, low: int, high: int) -> int:
    """A whole number from URL text, clamped to ``low..high``; ``default`` for junk
    (other digits than 0-9, thousands of digits, words). ``yes``/``true``/``on`` = 1."""
    raw = str(text).strip().lower()
    if raw in ("true", "yes", "on"):
        return max(low, min(1, high))
    if raw in ("false", "no", "off"):
        return low
    try:
        value = parse_count(raw, "a count", max_digits=4)
    except EngineError:
        return default
    return max(low, min(value, high))


def url_count(key: str, default: int, low: int, high: int) -> int:
    """:func:`count_from_text` of the URL value ``key`` (``default`` when absent), read by
    :func:`dashboard.ui.url_value`."""
    return count_from_text(ui.url_value(key, str(default)), default, low, high)


def url_choice(key: str, default: str, choices) -> str:
    """The URL value ``key`` when it is one of ``choices``, else ``default``."""
    return ui.url_value(key, default, choices=choices)


#: the rule assumptions the price figures depend on (the rest do not change a price)
PRICE_FIELDS = (
    "card_back_parity",
    "stock_up_per_company",
    "bear_with_four_of_a_number",
    "straights_wrap",
)


def rules_chosen(prefix: str) -> StockHoldemRules:
    """The rule assumptions behind the figures, as the ruleset form of these fields holds
    them (:func:`dashboard.ui.ruleset_form`, read without drawing it: :func:`rules_fold`
    draws it below the figures), mirrored in the URL (``parity``, ``per``, ``bear``,
    ``wrap``); returns the ruleset they make (a field whose value is refused keeps its
    default, its message beside it)."""
    ui.init_state(
        **{
            f"{prefix}_card_back_parity": url_choice(
                "parity", DEFAULT_RULES.card_back_parity, ("even", "odd")
            ),
            f"{prefix}_stock_up_per_company": url_count(
                "per", DEFAULT_RULES.stock_up_per_company, PER_MIN, PER_MAX
            ),
            f"{prefix}_bear_with_four_of_a_number": (
                "five of a kind"
                if url_choice("bear", "", ("four", "five")) == "five"
                else DEFAULT_RULES.bear_with_four_of_a_number
            ),
            f"{prefix}_straights_wrap": url_count("wrap", int(DEFAULT_RULES.straights_wrap), 0, 1)
            == 1,
        }
    )
    chosen = ui.ruleset_form("stock_holdem", prefix, fields=PRICE_FIELDS, draw=False)
    try:
        rules = make_ruleset(StockHoldemRules, dict(chosen))
    except EngineError:  # its message is beside the form
        rules = DEFAULT_RULES
    ui.set_url(
        parity=rules.card_back_parity,
        per=rules.stock_up_per_company,
        bear="five" if rules.bear_with_four_of_a_number == "five of a kind" else "four",
        wrap=rules.straights_wrap,
    )
    return rules


#: the assumptions the price figures rest on, in the page's words (:func:`rules_fold`)
ASSUMPTION = N_(
    "Card backs: a regular card shows its number when n + symbol index is even, else "
    "its symbol; Bull's back shows 10 and Bear's back shows × (so a face-down Bear is "
    "known). At most one stock-up chip per company. Bear plus four cards of one number "
    "is four of a kind, not five. Numbers 1–10 do not wrap in straights."
)


def rules_fold(prefix: str) -> tuple[Fold, Callable[[], object]]:
    """The fold of :func:`rules_chosen`'s fields and what draws them once it is opened
    (for :func:`dashboard.folds.draw`); a value refused in it is said under it while it is
    closed."""
    refused = ui.refused_rules(
        ui.ruleset_form("stock_holdem", prefix, fields=PRICE_FIELDS, draw=False)
    )
    fold = Fold(
        ui.ruleset_title("stock_holdem", PRICE_FIELDS), f"{prefix}_open", "rules", refused=refused
    )
    return fold, lambda: ui.ruleset_form(
        "stock_holdem", prefix, fields=PRICE_FIELDS, into=st.container()
    )


def stock_up_field(key: str, per: int, start: int, label: str | None = None) -> Field:
    """The stock-up chips on one company as a field of a field row
    (:mod:`dashboard.components.fields`): a switch (+5) when a company carries at most one
    chip, else a count 0..``per`` (kept under ``key + "_n"``). ``start`` is the first value
    (e.g. from the URL); ``label`` is already in the page's language."""
    if label is None:
        label = _("Stock-up")
    if per <= 1:
        ui.init_state(**{key: start >= 1})
        return Field(key, _("{label} +5").format(label=label), kind="switch")
    count_key = f"{key}_n"
    ui.init_state(**{count_key: max(0, min(start, per))})
    return Field(
        count_key,
        _("{label} chips (+5 each)").format(label=label),
        kind="number",
        low=0,
        high=per,
    )


def stock_up_value(f: Field) -> tuple[int, str | None]:
    """The chips a :func:`stock_up_field` holds and what is wrong with it (``None``: all
    right; a refused count counts as no chip meanwhile)."""
    value = st.session_state.get(f.key)
    if f.kind == "switch":
        return int(bool(value)), None
    problem = number_problem(f, value)
    return (int(value) if problem is None and value is not None else 0), problem
