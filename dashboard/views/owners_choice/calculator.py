"""Owner's Choice move advisor: set up a position (or take one from a recorded game),
see the exact expected net-worth change of every move, and the payouts."""

from typing import cast

import streamlit as st

from dashboard import folds, ui
from dashboard.explorer.sources import recorded_files
from dashboard.html_charts import alert_html, caption_html, heading_html, table_html
from dashboard.i18n import _, error_text, money, number
from dashboard.owners_choice.draw import (
    board_svg,
    fund_words,
    holdings_html,
    space_word,
    svg_width,
    track_svg,
)
from dashboard.owners_choice.words import plan_words
from engine import EngineError, read_jsonl, states
from engine.owners_choice import (
    COMPANIES,
    OwnersChoiceRules,
    dividend_payout,
    from_position,
    move_outlook,
    president_payout,
    ranked_moves,
)
from engine.owners_choice.state import PRE, OwnersChoiceState

RULES = OwnersChoiceRules()
PRICES = list(RULES.track_prices)
MAX_SEATS = 5

#: an image shrinks to a phone's width, keeping its shape
FIT = "max-width:100%;height:auto"

st.title(_("Owner's Choice: move advisor"))
# the page's words and its assumption as one element (each element is another part for a
# phone to draw on first load)
st.html(
    caption_html(
        _(
            "Set up a position: prices, cash and shares per seat, the Fund, the pawn and who is "
            "to move. The table gives, for each move, the exact expected change of every seat's "
            "net worth (cash + shares at market) once the landing space is resolved, each "
            "president choosing what is best for their own expected net worth."
        )
    )
    + ui.assumption_html(
        _(
            "The board, the stock track and the dice are the project's assumed edition "
            "(see Learn Owner's Choice); a president with no cash for the fee must roll the "
            "Fund die."
        )
    )
)


def signed(value: float, digits: int = 2) -> str:
    """Money with its sign, written as everywhere else: ``+$1.50`` / ``-$0.25``."""
    return ("-" if value < 0 else "+") + money(abs(value), digits)


def _ending(o, seat: int) -> str:
    """How the game ends after move ``o``: the mover's place and final money against the
    best of the others (every seat's net worth once the shares are sold)."""
    final = o.final
    rival = max((p for p in range(len(final)) if p != seat), key=lambda p: final[p])
    return _(
        "{player} finishes in place {place} of {n} with {money} "
        "(the best of the others: {rival} with {rival_money})"
    ).format(
        player=ui.seat_name(seat),
        place=o.place(seat),
        n=len(final),
        money=money(final[seat]),
        rival=ui.seat_name(rival),
        rival_money=money(final[rival]),
    )


MAX_MONEY = 100_000  # the cash and Fund inputs' upper limit


def _ints(key: str, default: list[int], high: int) -> list[int]:
    """A comma-separated list of whole numbers from the URL, each clamped to 0..high;
    the defaults if any item is not plain digits; padded with the defaults."""
    vals = ui.url_value(key, default, min=0, max=high, clamp=True)[: len(default)]
    return vals + default[len(vals) :]


# --- inputs (initialised from the URL once; junk falls back to the defaults) ---------------
OPENING_GAME, OPENING_TURN = 1, 8  # a shipped record's mid-game position to open on
url_prices = _ints("px", [RULES.start_price] * 4, RULES.track_prices[-1])
url_cash = _ints("cash", [RULES.start_cash] * MAX_SEATS, MAX_MONEY)
url_hold = _ints("h", [0] * (4 * MAX_SEATS), RULES.shares_per_company)
ui.init_state(
    oc_n=ui.url_value("n", 4, choices=(2, 3, 4, 5)),
    oc_fund=ui.url_value("fund", 0, min=0, max=MAX_MONEY),
    oc_pos=ui.url_value("pos", 0, min=0, max=len(RULES.board) - 2),
    oc_act=ui.url_value("act", 0, min=0, max=MAX_SEATS - 1),
)
for c, name in enumerate(COMPANIES):
    ui.init_state(**{f"oc_price_{name}": url_prices[c] if url_prices[c] in PRICES else 100})
PRES_CHOICES = ["auto", "pool"] + [str(p) for p in range(MAX_SEATS)]
url_pres = ui.url_value("pres", ["auto"] * 4)[:4]
for c, name in enumerate(COMPANIES):
    v = url_pres[c] if c < len(url_pres) and url_pres[c] in PRES_CHOICES else "auto"
    ui.init_state(**{f"oc_pres_{name}": v})
for p in range(MAX_SEATS):
    ui.init_state(**{f"oc_cash_{p}": max(0, url_cash[p])})
    for c in range(4):
        ui.init_state(**{f"oc_h_{p}_{c}": max(0, url_hold[p * 4 + c])})


@ui.callback
def _load_from_record(path: str, game: int, turn: int) -> None:
    """Copy the position at the start of ``turn`` of a recorded game into the inputs."""
    try:
        records = read_jsonl(path)
        if not 1 <= game <= len(records):
            raise EngineError.coded(  # coded: the page words it (a capital to start)
                "oc.advisor.no_game",
                "there is no game {number}: the recorded games are numbered 1 to {last}",
                number=game,
                last=len(records),
            )
        record = records[game - 1]
        found: OwnersChoiceState | None = None
        turns: list[int] = []  # the turns that start with a move, to name them when not one
        for step in states(record):
            s = cast(OwnersChoiceState, step)  # a record of this game: its states
            if s.phase == PRE and (not turns or turns[-1] != s.turn):
                turns.append(s.turn)
                if s.turn == turn:
                    found = s
                    break
        if found is None:
            raise EngineError.coded(
                "oc.advisor.no_turn",
                "game {number} has no turn {turn}; its turns are {first} to {last}",
                number=game,
                turn=turn,
                first=min(turns, default=1),
                last=max(turns, default=1),
            )
    except EngineError as exc:
        st.session_state["oc_load_error"] = error_text(exc)
        return
    st.session_state["oc_load_error"] = ""
    st.session_state.oc_n = found.num_players
    st.session_state.oc_fund = min(found.fund, MAX_MONEY)
    st.session_state.oc_pos = found.pos
    st.session_state.oc_act = found.active
    for c, name in enumerate(COMPANIES):
        st.session_state[f"oc_price_{name}"] = found.price(c)
        st.session_state[f"oc_pres_{name}"] = str(found.pres[c]) if found.pres[c] >= 0 else "pool"
    for p in range(found.num_players):
        st.session_state[f"oc_cash_{p}"] = min(found.cash[p], MAX_MONEY)
        for c in range(4):
            st.session_state[f"oc_h_{p}_{c}"] = found.shares(p, c)


# The answer comes first (on a phone the inputs would push it ~2,000 px down): this
# container is filled once the inputs below it have been read.
answer = st.container()
files = recorded_files("owners_choice")
POSITION_KEYS = ("n", "px", "cash", "h", "fund", "pos", "act", "pres")
in_link = any(k in st.query_params for k in POSITION_KEYS)
if files and not in_link and not st.session_state.get("oc_opened"):
    # No position in the link: open on a real mid-game position, not an empty board.
    st.session_state["oc_opened"] = True
    _load_from_record(str(files[0]), OPENING_GAME, OPENING_TURN)
    st.session_state["oc_rec_turn"] = OPENING_TURN
unfinished: list[str] = []  # fields whose value is out of range: their message is beside them


def _number(where, label: str, high: int, key: str, step: int = 1, say=None) -> int:
    """A whole number 0..high; out of range: a message beside it, the results wait."""
    value = ui.number_field(where, label, min=0, max=high, step=step, key=key, message_where=say)
    if value is None:
        unfinished.append(label)
        return max(0, min(int(st.session_state.get(key) or 0), high))
    return int(value)


class _Folded:
    """Stands in for the position editor's widgets while it is folded: each gives the value
    kept in the session (set from the link, a recorded game or the last edit) and draws
    nothing. Folded, the editor costs a phone's first load nothing; unfolded, its forty
    widgets took seconds of it (``python -m dashboard.tools.bench --browser --only load``)."""

    def __enter__(self):
        return self

    def __exit__(self, *exc) -> None:
        return None

    def columns(self, spec, **_kw) -> list:
        return [self] * (spec if isinstance(spec, int) else len(spec))

    def tabs(self, labels) -> list:
        return [self] * len(labels)

    def selectbox(self, _label, options, key: str, **_kw):
        value = st.session_state.get(key)
        return value if value in options else options[0]

    def number_input(self, _label, key: str, **_kw):
        return st.session_state.get(key)

    def error(self, *_args, **_kw) -> None:  # the advice waits; the field says why when shown
        return None

    def caption(self, *_args, **_kw) -> None:
        return None

    def markdown(self, *_args, **_kw) -> None:
        return None


with st.container():
    # Folds that draw their widgets only when open (closed, links joined to the heading:
    # no element of Streamlit's own); folded, a :class:`_Folded` stand-in reads their kept
    # values.
    rec_box, ed_box = folds.boxes(
        [
            folds.Fold(_("Take a position from a recorded game"), "oc_rec_open", "rec"),
            folds.Fold(_("Change the position"), "oc_edit_open", "edit"),
        ],
        heading_html(_("The position")),
    )
    rec = rec_box or _Folded()
    with rec:
        if isinstance(rec, _Folded):
            pass
        elif not files:
            st.info(_("No recorded games in data/owners_choice yet."))
        else:
            c1, c2 = st.columns(2)
            game_no = c1.number_input(_("Game number"), 1, 10_000, 1, key="oc_rec_game")
            # its value lives in the session only (the opening position sets it too)
            st.session_state.setdefault("oc_rec_turn", 5)
            turn = c2.number_input(_("Start of turn"), 1, 200, key="oc_rec_turn")
            st.button(
                _("Load this position"),
                key="oc_rec_load",
                on_click=ui.callback(_load_from_record),
                args=(str(files[0]), int(game_no), int(turn)),
            )
            if st.session_state.get("oc_load_error"):
                st.error(st.session_state["oc_load_error"])

    ed = ed_box or _Folded()
    n = ed.selectbox(_("Players"), [2, 3, 4, 5], key="oc_n")
    cols = ed.columns(4)
    prices = [
        cols[c].selectbox(_("{company} price").format(company=name), PRICES, key=f"oc_price_{name}")
        for c, name in enumerate(COMPANIES)
    ]
    c1, c2, c3 = ed.columns(3)
    fund = _number(c1, _("Fund $"), MAX_MONEY, "oc_fund", step=10)
    pos = _number(c2, _("Pawn on space"), len(RULES.board) - 2, "oc_pos")
    if st.session_state.oc_act >= n:
        st.session_state.oc_act = 0
    to_act = c3.selectbox(_("To move"), list(range(n)), format_func=ui.seat_name, key="oc_act")

    cash, holdings = [], []
    for p, tab in enumerate(ed.tabs([ui.seat_name(p) for p in range(n)])):
        with tab:
            cash.append(_number(tab, _("Cash $"), MAX_MONEY, f"oc_cash_{p}", step=10))
            hc = tab.columns(4)
            holdings.append(
                [
                    _number(hc[c], name, RULES.shares_per_company, f"oc_h_{p}_{c}", say=tab)
                    for c, name in enumerate(COMPANIES)
                ]
            )

    pbox = ed if isinstance(ed, _Folded) else ed.container(border=True)
    with pbox:
        pbox.markdown("**" + _("Presidents (only needed after a tie)") + "**")
        pbox.caption(
            _(
                "auto = the strict top holder, the pool on a tie. After a purchase tie the die "
                "stays with its holder, so give that seat here."
            )
        )
        words = {"auto": _("auto"), "pool": _("pool")}
        options = ["auto", "pool"] + [str(p) for p in range(n)]
        pc = pbox.columns(4)
        pres = []
        for c, name in enumerate(COMPANIES):
            if st.session_state.get(f"oc_pres_{name}") not in options:
                st.session_state[f"oc_pres_{name}"] = "auto"  # a seat beyond the player count
            pres.append(
                pc[c].selectbox(
                    name,
                    options,
                    format_func=lambda v: words[v] if v in words else ui.seat_name(int(v)),
                    key=f"oc_pres_{name}",
                )
            )

ui.set_url(
    n=n,
    pres=pres,
    px=prices,
    cash=cash,
    h=[k for row in holdings for k in row],
    fund=int(fund),
    pos=int(pos),
    act=to_act,
)

# --- results ----------------------------------------------------------------------------------
if unfinished:
    answer.info(_("The advice waits for the fields marked below."))
    st.stop()
state = None
with answer, ui.engine_errors(_("This position is not possible: ")):
    state = from_position(
        n,
        prices=prices,
        holdings=holdings,
        cash=[int(x) for x in cash],
        fund=int(fund),
        pos=int(pos),
        to_act=to_act,
        presidents=["auto" if v == "auto" else None if v == "pool" else int(v) for v in pres],
    )
    outlook = move_outlook(state)
    mover = ui.seat_name(to_act)
    # the heading, the advice, its warnings and the table as one element: each element is
    # another part for a phone to draw on first load
    advice = heading_html(_("Moves for {player}").format(player=mover))
    ranked = ranked_moves(outlook, to_act)
    best = ranked[0]
    others = float(sum(best.delta[p] for p in range(n) if p != to_act))
    if best.ends_game:
        advice += alert_html(
            _("Best for {player}: **move {distance}**, it ends the game: {ending}.").format(
                player=mover, distance=best.distance, ending=_ending(best, to_act)
            ),
            "success",
        )
    else:
        advice += alert_html(
            _(
                "Best for {player} in expectation: **move {distance}** "
                "({space}, {gain}; the opponents {others} together)."
            ).format(
                player=mover,
                distance=best.distance,
                space=space_word(best.space_type),
                gain=signed(float(best.delta[to_act])),
                others=signed(others),
            ),
            "success",
        )
    for o in ranked[1:]:
        if o.ends_game and o.place(to_act) != 1:
            advice += alert_html(
                _("**Move {distance}** would end the game: {ending}.").format(
                    distance=o.distance, ending=_ending(o, to_act)
                ),
                "warning",
            )
    others_seats = [p for p in range(n) if p != to_act]
    # on a phone the first four columns fit: the move, where it lands, what the mover
    # gains and what happens there; the opponents' figures scroll in from the right
    header = [
        _("move"),
        _("space"),
        _("{player} gains $").format(player=mover),
        _("what happens"),
        _("opponents gain $"),
    ] + [f"{ui.seat_name(p)} $" for p in others_seats]
    rows = [
        [
            o.distance,
            f"{o.space} {space_word(o.space_type)}",
            number(float(o.delta[to_act]), 2),
            _ending(o, to_act) if o.ends_game else plan_words(o.plan) or "-",
            number(float(sum(o.delta[p] for p in others_seats)), 2),
        ]
        + [number(float(o.delta[p]), 2) for p in others_seats]
        for o in outlook
    ]
    # plain HTML (no grid library on a phone); its long text wraps, the figures do not
    st.html(
        advice
        + table_html(
            header,
            rows,
            right={0, 2} | set(range(4, len(header))),
            label=_("Every move"),
            wide={3},
            stack=True,  # eight columns: on a phone, a block a move
        )
        + caption_html(
            _(
                "Gains are expected changes of net worth (cash + shares at market) once the "
                "landing space is resolved; the opponents' column adds up every other player's."
            )
        )
    )
if state is None:
    st.stop()
# the heading, the board, the price track and the holdings in one element (an image
# element would load its own script on a phone's first load)
st.html(
    heading_html(_("Position"))
    + "".join(
        f"<div>{ui.svg_img(svg, svg_width(svg), alt=alt, style=FIT)}</div>"
        for svg, alt in (
            (
                board_svg(
                    RULES.board,
                    state.pos,
                    highlight={o.space: f"+{o.distance}" for o in outlook},
                    centre=fund_words(state.fund),
                ),
                _("The board"),
            ),
            (track_svg(RULES, prices), _("stock track")),
        )
    )
    + holdings_html(state)
    + caption_html(_("★ = president (the strict top holder; a tie leaves the die in the pool)."))
)
# The chart repeats the table's figures: drawn when its fold is opened (plotly's scripts
# cost a phone seconds of the first load); ``?chart=1`` in a link opens it at once.
(chart_box,) = folds.boxes(
    [folds.Fold(_("Chart: expected net-worth change per move"), "oc_chart_open", "chart")]
)
chart_on = chart_box is not None
if chart_on:
    import plotly.graph_objects as go

    fig = go.Figure()
    labels = [f"{o.distance}: {space_word(o.space_type)}" for o in outlook]
    for p in range(n):
        fig.add_trace(
            go.Bar(x=labels, y=[float(o.delta[p]) for o in outlook], name=ui.seat_name(p))
        )
    fig.update_layout(
        barmode="group",
        title=_("Expected net-worth change per move"),
        yaxis_title="$",
        height=320,
        margin={"l": 10, "r": 10, "t": 40, "b": 10},
        legend={"orientation": "h", "y": -0.25},
    )
    chart_box.plotly_chart(fig, width="stretch", config={"displayModeBar": False})

# the heading and a small table as plain HTML: no grid library to start on a phone
st.html(
    heading_html(_("Payouts now"))
    + table_html(
        [_("company"), _("price"), _("dividend"), _("fee to roll")]
        + [ui.seat_name(p) for p in range(n)],
        [
            [name, state.price(c), state.dividend(c), state.fee(c)]
            + list(dividend_payout(state, name))
            for c, name in enumerate(COMPANIES)
        ],
        right=set(range(1, 4 + n)),
        first_bold=True,
        label=_("Payouts now"),
    )
    + caption_html(
        _(
            "What each player receives when that company pays its dividend (dividend × "
            "shares). On a PRESIDENT space (\\$100 per president die): {payouts}."
        )
        .replace("\\$", "$")  # the catalogs escape $ for Markdown; this is HTML
        .format(
            payouts=", ".join(
                f"{ui.seat_name(p)} ${v}" for p, v in enumerate(president_payout(state))
            )
        )
    )
)
