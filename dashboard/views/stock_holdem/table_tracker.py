"""Stock Hold'em table tracker: the six companies as you see them at a real table → every
exact price distribution and each player's expected net worth."""

import streamlit as st

from dashboard import folds, ui
from dashboard.components.fields import Action, Field, Row, field_rows, number_problem
from dashboard.html_charts import caption_html, details_html, table_html
from dashboard.i18n import N_, _, money
from dashboard.stock_holdem import tracker_view as tv
from dashboard.stock_holdem.draw import cards_html, legend_html
from dashboard.stock_holdem.inputs import (
    ASSUMPTION,
    count_from_text,
    rules_chosen,
    rules_fold,
    stock_up_field,
    stock_up_value,
)
from engine.stock_holdem import COMPANIES
from engine.stock_holdem.pricing import MAX_PRICE, MIN_PRICE
from engine.stock_holdem.tracker import expected_worths, track

st.title(_("Stock Hold'em table tracker"))
INTRO = N_(
    "Enter what you see at the table: each company's cards as they are placed — a "
    "face-up card fully (7A, BULL), a face-down card by its back (7? shows a number, "
    "?A a symbol), a card you placed or peeked at fully — with its current price and "
    "stock-up chip; then your hand. Missing slots count as ? (not placed yet)."
)
# Every part is drawn in its place once the figures are worked out (the rules are read
# first, their form drawn at the foot): a placeholder kept for a later part is one more
# element for a phone to draw on first load.


@st.cache_data(show_spinner=False, max_entries=64)
def _track_cached(companies: tuple, stock_up: tuple, hand: str, seen: str, rules):
    return track(list(companies), list(stock_up), hand, seen, rules=rules)


def _track(companies: tuple, stock_up: tuple, hand: str, seen: str, rules):
    """:func:`_track_cached` with its spinner in the page's language."""
    with st.spinner(_("Counting every way to fill the open slots…")):
        return _track_cached(companies, stock_up, hand, seen, rules)


def _short(text: str) -> None:
    if len(text) > tv.MAX_TEXT:
        raise ValueError("no field needs so long a text")


def _text(key: str, default: str) -> str:
    """A free-text URL value (very long text is dropped: no field needs it)."""
    return ui.url_value(key, default, check=_short)


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
rules = rules_chosen("tt")
per = rules.stock_up_per_company


@ui.callback
def _new_round() -> None:
    """A new round: the companies' cards, your hand, the seen cards and the stock-up chips
    go; prices and players stay (enter the new prices)."""
    for i in range(6):
        st.session_state[f"tt_co{i}"] = ""
        st.session_state.pop(f"tt_up{i}", None)
        st.session_state.pop(f"tt_up{i}_n", None)
    st.session_state["tt_hand"] = ""
    st.session_state["tt_seen"] = ""
    st.session_state["tt_cleared_up"] = True


@ui.callback
def _clear() -> None:
    """Everything back to an empty table at the starting prices and default players."""
    _new_round()
    for i in range(6):
        st.session_state[f"tt_price{i}"] = tv.RULES.start_price
    n = st.session_state.get("tt_n", 4)
    st.session_state["tt_players"] = tv.default_players(n)
    st.session_state["tt_players_v"] = st.session_state.get("tt_players_v", 0) + 1


# the two buttons are drawn with the fields (one element fewer for a phone to draw)
ACTIONS = (
    Action(
        "tt_new_round",
        _("New round"),
        help=_("Clears the cards, your hand and the stock-up chips; keeps prices and players."),
    ),
    Action(
        "tt_clear",
        _("Clear"),
        help=_("Clears everything: cards, prices, stock-up chips and players."),
    ),
)
ACTION_CALLS = {"tt_new_round": _new_round, "tt_clear": _clear}
if st.session_state.pop("tt_cleared_up", False):
    url_up = [0] * 6

# What the player came for first: the summary, then the fields and the odds. The fields
# are one element (a phone draws it about four times faster than the widgets).
hand_field = Field(
    "tt_hand",
    _("Your hand"),
    placeholder="9A 4W BULL",
    max_chars=tv.MAX_TEXT,
    help=_("e.g. {cards}").format(cards="9A 4W BULL"),
)
seen_field = Field(
    "tt_seen",
    _("Other cards you have seen (peeks not entered on a company)"),
    max_chars=tv.MAX_TEXT,
    help=_("Cards whose face you know that are not in your hand nor typed on a company."),
)
company_fields = []
for i in range(len(COMPANIES)):
    company_fields.append(
        (
            Field(
                f"tt_co{i}",
                _("Cards: up to 5 slots"),
                placeholder="7A 3F ?A 7? ?",
                max_chars=tv.MAX_TEXT,
            ),
            Field(f"tt_price{i}", _("Price now"), kind="number", low=MIN_PRICE, high=MAX_PRICE),
            stock_up_field(f"tt_up{i}", per, url_up[i]),
        )
    )
hand = st.session_state["tt_hand"] or ""
seen = st.session_state["tt_seen"] or ""
texts, prices, flags, bad_prices, problems = [], [], [], set(), {}
for i, (cards, price_field, up_field) in enumerate(company_fields):
    texts.append(st.session_state[cards.key] or "")
    price = st.session_state[price_field.key]
    flag, up_problem = stock_up_value(up_field)
    flags.append(flag)
    said = [p for p in (number_problem(price_field, price), up_problem) if p]
    if said[:1] and said[0] != up_problem:  # the price: its figures wait for one
        bad_prices.add(i)
        price = max(MIN_PRICE, min(int(price or 0), MAX_PRICE))
    if said:
        problems[i] = " ".join(said)
    prices.append(int(price))

ui.set_url(
    **{co.lower(): " ".join(texts[i].split()) for i, co in enumerate(COMPANIES)},
    up="".join(co * f for co, f in zip(COMPANIES, flags)),
    prices=prices,
    hand=" ".join(hand.split()),
    seen=" ".join(seen.split()),
)

# --- the six distributions ----------------------------------------------------------------
result = tv.track_each(_track, texts, flags, hand, seen, rules)
view = result.view
unsettled = {**{i: "price" for i in bad_prices}, **result.company_errors}
counted = ""
if view is not None:
    counted = caption_html(
        _(
            "You have seen {seen} of the 42 cards; {unseen} are unseen. Each "
            "company's open slots are filled from the unseen cards, every filling that matches "
            "the backs equally likely — exact counts, one company at a time (the backs on the "
            "other companies and in other hands do not narrow the pool)."
        ).format(seen=len(view.seen), unseen=view.unseen)
    )
# the words, the six companies at a glance and the symbols: one element
st.html(
    caption_html(_(INTRO))
    + tv.summary_html(view, prices, unsettled)
    + "<div style='font-size:14px;margin:0.25rem 0 0.5rem'>"
    + _("Symbols:")
    + " "
    + legend_html()
    + "</div>"
    + counted
    # the cards counted as seen, folded under the line that counts them
    + (details_html(_("Cards you have seen"), cards_html(view.seen)) if view is not None else "")
)
field_rows(
    "tt",
    [
        Row((hand_field,), error=result.hand_error or ""),
        Row((seen_field,), error=result.seen_error or ""),
    ]
    + [
        Row(
            fields,
            title=_("Company {company}").format(company=COMPANIES[i]),
            error=" ".join(m for m in (problems.get(i), result.company_errors.get(i)) if m),
        )
        for i, fields in enumerate(company_fields)
    ],
    actions=ACTIONS,
    on_action=lambda key: ACTION_CALLS[key](),
    actions_first=True,
)
if result.error:
    st.error(result.error)


def charts() -> None:
    """Each company's figures and price distribution, in rows of three (a phone stacks
    them in reading order)."""
    assert view is not None  # the fold is drawn only with figures
    shown = [i for i in range(len(view.companies)) if i not in unsettled]
    for n, i in enumerate(shown):
        if n % 3 == 0:
            cols = st.columns(3)
        company = view.companies[i]
        with cols[n % 3].container(border=True):
            st.html(tv.company_header_html(company, prices[i]))
            st.markdown(tv.stats_markdown(company, prices[i]))
            st.html(tv.distribution_chart(company, prices[i]))


# --- players (kept in the session and the URL, like the company cards) ---------------------


@ui.fragment
def players_part(view, prices: list[int], result, bad_prices: set[int]) -> None:
    """The players and their expected net worths: an edit of the players reruns and redraws
    only this part (the six companies' charts are not drawn again); the companies' figures
    come from the last run of the whole page, which any change of theirs makes."""
    _players(view, prices, result, bad_prices)


def _players(view, prices: list[int], result, bad_prices: set[int]) -> None:
    """The players' table (kept in the session and the URL) and their expected worths."""
    ui.init_state(tt_n=ui.url_value("n", 4, choices=(3, 4, 5, 6)), tt_players_v=0)
    n = st.selectbox(_("Players"), [3, 4, 5, 6], key="tt_n")
    if "tt_players" not in st.session_state:
        from_url = tv.players_from_url(ui.url_value("pl", ""), n)
        st.session_state["tt_players"] = tv.default_players(n) if from_url is None else from_url
    if st.session_state["tt_players"].height != n:
        st.session_state["tt_players"] = tv.resize_players(st.session_state["tt_players"], n)
        st.session_state["tt_players_v"] += 1

    @ui.callback
    def _keep_edits(editor_key: str) -> None:
        """Fold the editor's changes into the kept table (a fresh editor shows it)."""
        st.session_state["tt_players"] = tv.apply_edits(
            st.session_state["tt_players"], st.session_state.get(editor_key) or {}
        )
        st.session_state["tt_players_v"] += 1

    editor_key = f"tt_players_{st.session_state['tt_players_v']}"
    st.data_editor(
        st.session_state["tt_players"],
        key=editor_key,
        hide_index=True,
        num_rows="fixed",
        column_config=tv.players_column_config(),
        width="stretch",
        on_change=_keep_edits,
        args=(editor_key,),
    )
    players = st.session_state["tt_players"]
    ui.set_url(n=n, pl=tv.players_to_url(players))
    blind = sorted(set(result.company_errors) & bad_prices)
    if view is not None and blind:
        # such a company counts at its current price, and there is none to count at
        st.info(
            _("The expected net worths wait for a price of company {company}.").format(
                company=", ".join(COMPANIES[i] for i in blind)
            )
        )
    elif view is not None:
        with ui.engine_errors():
            rows = tv.players_rows(players)
            # a company whose cards do not read counts at its current price meanwhile
            at_price = [
                prices[i] if i in result.company_errors else c for i, c in enumerate(view.companies)
            ]
            worths = expected_worths(rows, at_price, shares_per_company=tv.RULES.shares_per_company)
            names = [r[0] for r in rows]
            # plain HTML: a name wraps instead of being cut on a phone
            st.html(
                table_html(
                    [
                        _("player"),
                        _("expected net worth"),
                        _("shares (expected)"),
                        _("cash + chips"),
                    ],
                    [
                        [name, money(float(w), 2), money(float(w) - r[1] - r[2], 2), r[1] + r[2]]
                        for name, w, r in zip(names, worths, rows)
                    ],
                    right={1, 2, 3},
                    first_bold=True,
                    label=_("Each player's expected net worth"),
                )
            )
            if result.company_errors:
                late = ", ".join(COMPANIES[i] for i in sorted(result.company_errors))
                st.caption(
                    _(
                        "Company {company} counts at its current price until its cards are fixed."
                    ).format(company=late)
                )
            st.html(tv.worth_chart(names, [float(w) for w in worths]))
            st.caption(
                _(
                    "Final settlement in expectation: cash + $1 per challenge chip + each share at "
                    "its company's expected price after this round's price phase (as if nobody "
                    "trades again)."
                )
            )


# The summary above holds each company's figures: their six charts, the players' table (an
# editable grid whose scripts cost a phone about half an empty page's first load) and the
# rules come on request, or when a link asks (?dist=1, a link naming players, ?rules=1).
# A link naming players (?pl=) opens their part once: folding it keeps them in the link,
# so a reload still has them.
if "pl" in st.query_params and not st.session_state.get("tt_pl_linked"):
    st.session_state["tt_pl_linked"] = True
    st.query_params["players"] = "1"
page_folds = [
    (
        folds.Fold(_("Each player's expected net worth"), "tt_players_open", "players"),
        lambda: players_part(view, prices, result, bad_prices),
    ),
    rules_fold("tt"),
]
if view is not None:
    page_folds.insert(
        0, (folds.Fold(_("Each company's price distribution"), "tt_dist_open", "dist"), charts)
    )
folds.draw(page_folds, ui.assumption_html(_(ASSUMPTION)))
