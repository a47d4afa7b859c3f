"""Stock Hold'em table tracker: the six companies as you see them at a real table → every
exact price distribution and each player's expected net worth."""

import polars as pl
import streamlit as st

from dashboard import ui
from dashboard.stock_holdem import tracker_view as tv
from dashboard.stock_holdem.draw import cards_html, legend_html
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
def _track(companies: tuple, stock_up: tuple, hand: str, seen: str, parity: str):
    return track(list(companies), list(stock_up), hand, seen, parity=parity)


# --- inputs, mirrored in the URL --------------------------------------------------------------
url_prices = ui.url_value("prices", [str(p) for p in tv.DEFAULT_PRICES])
if len(url_prices) != 6 or not all(
    p.isdigit() and MIN_PRICE <= int(p) <= MAX_PRICE for p in url_prices
):
    url_prices = tv.DEFAULT_PRICES
url_up = tv.parse_stock_up(ui.url_value("up", tv.DEFAULT_STOCK_UP))
ui.init_state(
    **{
        f"tt_co{i}": ui.url_value(co.lower(), tv.DEFAULT_COMPANIES[i])
        for i, co in enumerate(COMPANIES)
    },
    **{f"tt_price{i}": int(url_prices[i]) for i in range(6)},
    **{f"tt_up{i}": url_up[i] for i in range(6)},
    tt_hand=ui.url_value("hand", tv.DEFAULT_HAND),
    tt_seen=ui.url_value("seen", ""),
    tt_parity=ui.url_value("parity", tv.RULES.card_back_parity),
)
if st.session_state.tt_parity not in ("even", "odd"):
    st.session_state.tt_parity = tv.RULES.card_back_parity

h1, h2 = st.columns(2)
hand = h1.text_input("Your hand", key="tt_hand", help="e.g. `9A 4W BULL`")
seen = h2.text_input(
    "Other cards you have seen (peeks not entered on a company)",
    key="tt_seen",
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
            )
        )
        c1, c2 = box.columns([2, 3], vertical_alignment="bottom")
        prices.append(
            c1.number_input(
                "Price now", min_value=MIN_PRICE, max_value=MAX_PRICE, step=1, key=f"tt_price{i}"
            )
        )
        flags.append(c2.toggle("Stock-up +5", key=f"tt_up{i}"))
        boxes.append(box.container())

with st.expander("Card backs (rule assumption)"):
    parity = st.radio(
        "A card (number n, symbol index i: A=0 F=1 S=2 W=3) shows its number on the back "
        "when n + i is",
        ["even", "odd"],
        key="tt_parity",
        horizontal=True,
    )
ui.assumption(
    "Card backs: a regular card shows its number when n + symbol index is even, else its "
    "symbol; Bull's back shows 10 and Bear's back shows × (so a face-down Bear is known)."
)
ui.set_url(
    **{co.lower(): " ".join(texts[i].split()) for i, co in enumerate(COMPANIES)},
    up="".join(co for co, f in zip(COMPANIES, flags) if f),
    prices=prices,
    hand=" ".join(hand.split()),
    seen=" ".join(seen.split()),
    parity=parity,
)

# --- the six distributions ----------------------------------------------------------------
view = None
with ui.engine_errors():
    view = _track(tuple(texts), tuple(flags), hand, seen, parity)
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
