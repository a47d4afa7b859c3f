"""Stock Hold'em price calculator: five slots → price breakdown or exact distribution."""

import html

import streamlit as st

from dashboard import folds, ui
from dashboard.components.fields import Field, Row, field_rows
from dashboard.html_charts import (
    caption_html,
    details_html,
    figures_html,
    side_by_side_html,
    table_html,
)
from dashboard.i18n import N_, _, money, number, percent
from dashboard.stock_holdem import words as hand_words
from dashboard.stock_holdem.draw import cards_html, distribution_html, legend_html
from dashboard.stock_holdem.inputs import (
    ASSUMPTION,
    rules_chosen,
    rules_fold,
    stock_up_field,
    stock_up_value,
    url_count,
)
from engine import EngineError
from engine.stock_holdem import StockHoldemRules, price, price_distribution
from engine.stock_holdem.distribution import PriceDistribution
from engine.stock_holdem.pricing import parse_slot

DEFAULT = ["3A", "5A", "9A", "?A", "?"]


@st.cache_data(show_spinner=False, max_entries=256)
def _distribution(slots: tuple, stock_up: int, seen: str, rules):
    return price_distribution(list(slots), stock_up=stock_up, seen=seen, rules=rules)


def _distribution_shown(slots: tuple, stock_up: int, seen: str, rules):
    """:func:`_distribution` with its spinner in the page's language."""
    with st.spinner(_("Counting every way to fill the open slots…")):
        return _distribution(slots, stock_up, seen, rules)


#: the parts of a price, in the breakdown table's order
PARTS = (N_("base"), N_("stock-up chip"), N_("symbol hand"), N_("number hand"))

st.title(_("Stock Hold'em price calculator"))
# the page's words in one element: each Streamlit element is another part for a phone to draw
st.html(
    caption_html(
        _(
            "Enter the five cards of a company. A slot is a card you can see (“7A”, “10W”, "
            "“BULL”, “BEAR”), a face-down card by its back (“7?” shows a number, “?A” shows a "
            "symbol), or “?” for a card not placed yet."
        )
    )
    + "<div style='font-size:14px'>"
    + _("Symbols:")
    + " "
    + legend_html()
    + "</div>"
)


@ui.fragment
def calculator() -> None:
    """The slots and their price: an edit reruns and redraws only this part of the page.
    Each part is drawn in its place as it comes (the rules are read first, their form
    drawn under the figures): a placeholder kept for a later part is one more element
    for a phone to draw."""
    from_url = ui.url_value("slots", DEFAULT)
    if len(from_url) != 5 or any(len(s) > 6 for s in from_url):
        from_url = DEFAULT
    seen_url = str(ui.url_value("seen", ""))
    ui.init_state(
        **{f"sh_slot{i}": from_url[i] for i in range(5)},
        sh_seen=seen_url if len(seen_url) <= 400 else "",
    )
    rules = rules_chosen("sh")
    slot_fields = tuple(
        Field(f"sh_slot{i}", _("Slot {n}").format(n=i + 1), max_chars=6, size=4) for i in range(5)
    )
    up_field = stock_up_field(
        "sh_stock_up",
        rules.stock_up_per_company,
        url_count("up", 0, 0, rules.stock_up_per_company),
        label=_("Stock-up chip on this company"),
    )
    seen_field = Field(
        "sh_seen",
        _("Cards seen elsewhere (your hand, other companies, peeks), e.g. “2F 7W BULL”"),
        max_chars=400,
    )
    slots = [st.session_state[f.key] or "" for f in slot_fields]
    stock_up, up_problem = stock_up_value(up_field)
    seen_text = st.session_state["sh_seen"] or ""
    # one component for every field (a second one is more for a phone to draw): the
    # price comes under the cards seen elsewhere
    field_rows(
        "sh",
        [Row(slot_fields), Row((up_field,), error=up_problem or ""), Row((seen_field,))],
    )
    ui.set_url(slots=[s.strip() for s in slots], up=stock_up, seen=seen_text.strip())

    # the price (or expected price) first, then the rules' fold, then why: one element while
    # the rules are folded
    top, rest = "", ""
    with ui.engine_errors():
        kinds = []
        for i, s in enumerate(slots):
            try:
                kinds.append(parse_slot(s, parity=rules.card_back_parity)[0])
            except EngineError as exc:
                raise EngineError.coded(
                    "stock.in_slot", "slot {i} {error}", i=i + 1, error=exc
                ) from None
        cards = f"<div>{cards_html([s.strip().upper() or '?' for s in slots])}</div>"
        if all(k == "card" for k in kinds):
            if seen_text.strip():  # checks the seen cards
                _distribution_shown(tuple(s.strip() for s in slots), stock_up, seen_text, rules)
            top, rest = _price_parts(cards, slots, stock_up, rules)
        else:
            d = _distribution_shown(tuple(s.strip() for s in slots), stock_up, seen_text, rules)
            top, rest = _distribution_parts(cards, d)
    folds.draw([rules_fold("sh")], ui.assumption_html(_(ASSUMPTION)) + rest, before_html=top)


def _price_parts(
    cards: str, slots: list[str], stock_up: int, rules: StockHoldemRules
) -> tuple[str, str]:
    """The price of five known cards and why, then its breakdown (for under the rules)."""
    b = price(slots, stock_up=stock_up, rules=rules)
    top = (
        cards
        + figures_html([(_("Price"), money(b.price))])
        + f"<p><b>{html.escape(hand_words.explain(b))}</b></p>"
    )
    # small tables as plain HTML: no grid library to start on a phone
    breakdown = table_html(
        [_("part"), _("what"), "$"],
        list(
            zip(
                [_(w) for w in PARTS],
                [
                    _("largest symbol sum (+10 Bull)"),
                    "",
                    hand_words.hand(b.symbol_hand),
                    hand_words.hand(b.number_hand),
                ],
                [b.base, b.stock_up_bonus, b.symbol_bonus, b.number_bonus],
            )
        ),
        right={2},
        first_bold=True,
    )
    if b.clamped:
        breakdown += caption_html(
            _("The total {total} is clamped to the track, 1–57.").format(total=b.total)
        )
    return top, breakdown


def _distribution_parts(cards: str, d: PriceDistribution) -> tuple[str, str]:
    """The expected price of slots still open, then its exact distribution (for under the
    rules)."""
    top = cards + figures_html(
        [
            (_("Expected price"), money(float(d.expected), 2)),
            (_("Equally likely fillings"), number(d.outcomes)),
        ]
    )
    hands = [
        table_html(
            [kind, _("probability")],
            [[hand_words.hand(h), percent(float(q), 2)] for h, q in hands.items()],
            right={1},
        )
        for kind, hands in (
            (_("symbol hand"), d.symbol_hands),
            (_("number hand"), d.number_hands),
        )
    ]
    return top, (
        distribution_html(
            d.probabilities,
            title=_("Exact price distribution"),
            x_title=_("price ($)"),
        )
        + side_by_side_html(*hands)
        + caption_html(
            _(
                "Every way of filling the open slots with distinct unseen cards that "
                "match their backs is equally likely; the figures are exact counts, not "
                "samples."
            )
        )
        + details_html(
            _("Exact probabilities (fractions)"),
            table_html(
                [_("price"), _("probability")],
                [[p, str(q)] for p, q in d.probabilities.items()],
                right={0, 1},
            ),
        )
    )


calculator()
