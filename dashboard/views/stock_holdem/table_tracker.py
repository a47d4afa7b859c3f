"""Stock Hold'em table tracker: the six companies as you see them at a real table → every
exact price distribution and each player's expected net worth."""

import polars as pl
import streamlit as st

from dashboard import ui
from dashboard.stock_holdem import tracker_view as tv
from dashboard.stock_holdem.draw import cards_html, legend_html
from dashboard.stock_holdem.inputs import count_from_text, rules_inputs, stock_up_input
from engine.stock_holdem import COMPANIES
from engine.stock_holdem.pricing import MAX_PRICE, MIN_PRICE
from engine.stock_holdem.tracker import expected_worths, track

st.title("Stock Hold'em table tracker")
st.caption(
    "Enter what you see at the table: each company's cards as they are placed — a "
    "face-up card fully (`7A`, `BULL`), a face-down card by its back (`7?` shows a number, "
    "`?A` a symbol), a card you placed or peeked at fully — with its current price and "
    "stock-up chip; then your hand. Missing slots count as `?` (not placed yet)."
)
st.html(f"<div style='font-size:14px'>Symbols: {legend_html()}</div>")


@st.cache_data(show_spinner="Counting every way to fill the open slots…", max_entries=64)
def _track(companies: tuple, stock_up: tuple, hand: str, seen: str, rules):
    return track(list(companies), list(stock_up), hand, seen, rules=rules)


def _text(key: str, default: str) -> str:
    """A free-text URL value (very long text is dropped: no field needs it)."""
    value = str(ui.url_value(key, default))
    return value if len(value) <= tv.MAX_TEXT else default


# --- inputs, mirrored in the URL --------------------------------------------------------------
url_prices = ui.url_value("prices", [str(p) for p in tv.DEFAULT_PRICES])
if len(url_prices) != 6:
    url_prices = tv.DEFAULT_PRICES
url_prices = [
    count_from_text(p, d, MIN_PRICE, MAX_PRICE) for p, d in zip(url_prices, tv.DEFAULT_PRICES)
]
url_up = tv.parse_stock_up(_text("up", tv.DEFAULT_STOCK_UP))
ui.init_state(
    **{f"tt_co{i}": _text(co.lower(), tv.DEFAULT_COMPANIES[i]) for i, co in enumerate(COMPANIES)},
    **{f"tt_price{i}": url_prices[i] for i in range(6)},
    tt_hand=_text("hand", tv.DEFAULT_HAND),
    tt_seen=_text("seen", ""),
)
rules = rules_inputs("tt")
per = rules.stock_up_per_company

h1, h2 = st.columns(2)
hand = h1.text_input("Your hand", key="tt_hand", help="e.g. `9A 4W BULL`", max_chars=tv.MAX_TEXT)
seen = h2.text_input(
    "Other cards you have seen (peeks not entered on a company)",
    key="tt_seen",
    max_chars=tv.MAX_TEXT,
    help="Cards whose face you know that are not in your hand nor typed on a company.",
)

st.subheader("Companies")
boxes, texts, prices, flags = [], [], [], []
for row in range(2):
    cols = st.columns(3)
    for j in range(3):
        i = row * 3 + j
        box = cols[j].container(border=True)
        texts.append(
            box.text_input(
                f"Company {COMPANIES[i]}: up to 5 slots",
                key=f"tt_co{i}",
                placeholder="7A 3F ?A 7? ?",
                max_chars=tv.MAX_TEXT,
            )
        )
        c1, c2 = box.columns([2, 3], vertical_alignment="bottom")
        prices.append(
            c1.number_input(
                "Price now", min_value=MIN_PRICE, max_value=MAX_PRICE, step=1, key=f"tt_price{i}"
            )
        )
        flags.append(stock_up_input(c2, f"tt_up{i}", per, url_up[i]))
        boxes.append(box.container())

ui.set_url(
    **{co.lower(): " ".join(texts[i].split()) for i, co in enumerate(COMPANIES)},
    up="".join(co * f for co, f in zip(COMPANIES, flags)),
    prices=prices,
    hand=" ".join(hand.split()),
    seen=" ".join(seen.split()),
)

# --- the six distributions ----------------------------------------------------------------
view = None
with ui.engine_errors():
    view = _track(tuple(texts), tuple(flags), hand, seen, rules)
if view is not None:
    for i, company in enumerate(view.companies):
        with boxes[i]:
            st.html(tv.company_header_html(company, prices[i]))
            st.markdown(tv.stats_markdown(company, prices[i]))
            st.plotly_chart(
                tv.distribution_chart(company, prices[i]),
                width="stretch",
                config={"displayModeBar": False},
                key=f"tt_chart{i}",
            )
    st.caption(
        f"You have seen {len(view.seen)} of the 42 cards; {view.unseen} are unseen. Each "
        "company's open slots are filled from the unseen cards, every filling that matches "
        "the backs equally likely — exact counts, one company at a time (the backs on the "
        "other companies and in other hands do not narrow the pool)."
    )
    with st.expander("Cards you have seen"):
        st.html(f"<div>{cards_html(view.seen)}</div>")

# --- players --------------------------------------------------------------------------------
st.subheader("Players")
n = st.selectbox("Players", [3, 4, 5, 6], index=1, key="tt_n")
edited = st.data_editor(
    tv.default_players(n),
    key=f"tt_players_{n}",
    hide_index=True,
    num_rows="fixed",
    column_config=tv.players_column_config(),
    width="stretch",
)
if view is not None:
    with ui.engine_errors():
        rows = tv.players_rows(edited)
        worths = expected_worths(
            rows, view.companies, shares_per_company=tv.RULES.shares_per_company
        )
        names = [r[0] for r in rows]
        st.dataframe(
            pl.DataFrame(
                {
                    "player": names,
                    "expected net worth": [f"${float(w):,.2f}" for w in worths],
                    "shares (expected)": [
                        f"${float(w) - r[1] - r[2]:,.2f}" for w, r in zip(worths, rows)
                    ],
                    "cash + chips": [r[1] + r[2] for r in rows],
                    "exact": [str(w) for w in worths],
                }
            ),
            hide_index=True,
            width="stretch",
        )
        st.plotly_chart(
            tv.worth_chart(names, [float(w) for w in worths]),
            width="stretch",
            config={"displayModeBar": False},
            key="tt_worth_chart",
        )
        st.caption(
            "Final settlement in expectation: cash + $1 per challenge chip + each share at "
            "its company's expected price after this round's price phase (as if nobody "
            "trades again)."
        )
