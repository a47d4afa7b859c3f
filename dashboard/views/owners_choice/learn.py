"""Learn Owner's Choice: the rules of RULES.md §3, each next to a live example computed
by the engine."""

import streamlit as st

from dashboard import ui
from dashboard.guide.cards import door
from dashboard.i18n import N_, _, money, ngettext, pgettext
from dashboard.owners_choice.draw import (
    board_svg,
    fund_words,
    holdings_html,
    legend,
    roll_svg,
    show,
    space_word,
    track_svg,
)
from dashboard.owners_choice.words import action_words, face_words, seat_words, turn_words
from dashboard.sections import open_section
from dashboard.variants import flag
from engine import get_game
from engine.owners_choice import (
    COMPANIES,
    OwnersChoiceRules,
    dividend_payout,
    from_position,
    option_values,
    president_payout,
)

RULES = OwnersChoiceRules()


def _cash_change(before: list[int], after: list[int]) -> str:
    """Each player's money before and after, as players write it: ``Player 1 $690 → $810``
    (not a Python list)."""
    return ", ".join(
        f"{seat_words(p)} {money(b)} → {money(a)}" for p, (b, a) in enumerate(zip(before, after))
    ).replace("$", "\\$")


GAME = get_game("owners_choice")

# The president's two options (the action texts "pay" and "fund") in words.
OPTION_WORDS = {"pay": N_("pay the fee, roll the president die"), "fund": N_("roll the Fund die")}
TURN_ORDERS = {
    "trade, then move": N_("trade, then move"),
    "move, then trade": N_("move, then trade"),
}
TRADE_EXAMPLES = [
    (
        N_("Player 2 holds 3 R (president); Player 1 buys 1 R: a tie at 3"),
        [[2, 0, 0, 0], [3, 0, 0, 0], [0, 0, 0, 0]],
        ["buy R"],
        None,
    ),
    (
        N_("the same, Player 1 buys 2 R in one trade"),
        [[2, 0, 0, 0], [3, 0, 0, 0], [0, 0, 0, 0]],
        ["buy R", "buy R"],
        None,
    ),
    (
        N_("Player 1 (3 R, president) sells 1: Players 1 and 3 tie at 2"),
        [[3, 0, 0, 0], [0, 0, 0, 0], [2, 0, 0, 0]],
        ["sell R"],
        None,
    ),
    (
        N_("Player 1 holds the R die in a 3–3 tie, sells 1 R and buys it back"),
        [[3, 0, 0, 0], [3, 0, 0, 0], [0, 0, 0, 0]],
        ["sell R", "buy R"],
        [0, "auto", "auto", "auto"],
    ),
]


def typed(actions) -> str:
    """Actions as players say them (in English, the notation they type, quoted)."""
    return pgettext("list separator", ", ").join(action_words(str(a)) for a in actions)


def legal_text(state) -> str:
    return typed(state.legal_actions())


def trade_words(action: str) -> str:
    """``buy R`` / ``sell R`` in words for the trade examples' table."""
    kind, _sep, company = action.partition(" ")
    if kind == "sell":
        return _("sell 1 {company}").format(company=company)
    return _("buy 1 {company}").format(company=company)


def first_space(kind: str) -> int:
    return RULES.board.index(kind)


def option_word(action) -> str:
    text = str(action)
    return _(OPTION_WORDS[text]) if text in OPTION_WORDS else text


st.title(_("Learn Owner's Choice"))
door("owners_choice")  # the guided first game: each rule explained as it comes up
st.markdown(
    _(
        "Four companies — **red R, yellow Y, blue B, green G** — and one shared pawn on a "
        "{spaces}-space track. On your turn you may trade shares, and you must move "
        "the pawn; the space decides what happens, usually a company's **president** "
        "choosing between rolling the company's president die and raiding the **Fund**. The "
        "game ends when the pawn lands exactly on GOAL; the richest player wins."
    ).format(spaces=len(RULES.board))
)

# --- the board ----------------------------------------------------------------------------
st.header(_("1. The board"), anchor="board")
show(board_svg(RULES.board, 0, centre=fund_words(RULES.fund_start)))
st.table([{_("space"): k, _("what happens"): v} for k, v in legend()])
flag.assumption(
    "owners_choice",
    _(
        "The sources do not list the board's spaces; the project assumes this order "
        "(the rule “Board”, see Rule assumptions)."
    ),
    "board",
)

# --- the track ----------------------------------------------------------------------------
st.header(_("2. The stock track and dividends"), anchor="track")
show(track_svg(RULES, [RULES.start_price] * 4))
st.markdown(
    _(
        "Every company starts at **${start}** (dividend ${dividend}). A price never "
        "rises above **${top}**; a company at **${bottom}** that must fall goes "
        "**bankrupt** (section 8)."
    ).format(
        start=RULES.start_price,
        dividend=RULES.track_dividends[RULES.track_prices.index(RULES.start_price)],
        top=RULES.track_prices[-1],
        bottom=RULES.track_prices[0],
    )
)
flag.assumption(
    "owners_choice",
    _(
        "Track steps $40–$200 by $10, then $220…$300; dividend = 30% of the price rounded down "
        "to $10 (rules “Track prices”, “Track dividends”)."
    ),
    "track_prices",
    "track_dividends",
)

# --- set-up -------------------------------------------------------------------------------
st.header(_("3. Set-up: opening purchases and presidents"), anchor="setup")
st.markdown(
    _(
        "Each player gets **${cash}**; the Fund starts empty (**${fund}**). "
        "Clockwise from the start player, each buys once any shares at ${price} each (or "
        "none). A player holding **strictly** the most shares of a company takes its "
        "president die; a tie leaves it in the pool. Type each player's purchase (letters, "
        "e.g. “R R Y”):"
    ).format(cash=RULES.start_cash, fund=RULES.fund_start, price=RULES.start_price)
)
cols = st.columns(3)
buys = [
    cols[p].text_input(
        _("{player} buys").format(player=ui.seat_name(p)), default, key=f"ocl_setup_{p}"
    )
    for p, default in enumerate(["R R Y", "R B", "Y Y B"])
]
with ui.engine_errors():
    s = GAME.new_initial_state(3)
    for text in buys:
        for letter in text.split():
            s.apply(f"buy {letter}")
        s.apply("done")
    st.html(holdings_html(s))

    def _president(i: int, c: str, p: int) -> str:
        if p >= 0:
            return _("{company}: {player}").format(company=c, player=seat_words(p))
        if not any(s.shares(q, i) for q in range(s.num_players)):
            return _("{company}: pool (nobody holds a share)").format(company=c)
        return _("{company}: pool (tie)").format(company=c)

    names = [_president(i, c, p) for i, (c, p) in enumerate(zip(COMPANIES, s.pres))]
    st.markdown(_("Presidents (★): {presidents}").format(presidents=" · ".join(names)))
flag.assumption(
    "owners_choice",
    _(
        "The Fund starts at ${fund}: the sources give the players' money but not "
        "the Fund's (rule “Fund start”)."
    ).format(fund=RULES.fund_start),
    "fund_start",
)

# --- a turn -------------------------------------------------------------------------------
st.header(_("4. A turn: trade, move"), anchor="turn")
st.markdown(
    _(
        "**Trade** (optional) either before *or* after moving, not both: buy and sell shares "
        "at the current prices with the bank, one share per action. At most "
        "{max_shares} shares each; no purchase from an empty supply "
        "({per_company} per company); the only holder of a company may not sell "
        "its last share. Trading does not move prices. Then **move** 1–4 spaces (2–3 players) "
        "or 1–3 (4–5 players), never past GOAL."
    ).format(max_shares=RULES.max_shares, per_company=RULES.shares_per_company)
)
flag.assumption(
    "owners_choice",
    _(
        "The players are counted among those still in the game: when a player leaves after a "
        "personal bankruptcy, four players left move 1–3, three left move 1–4 (field "
        "“Move range players”; “starting” counts every player who began)."
    ),
    "move_range_players",
)
flag.assumption(
    "owners_choice",
    _(
        "Trading allows any number of buys and sells, as the article says; the engine stops a "
        "turn's trading at {limit} so that every game ends (rule “Max trades per turn”)."
    ).format(limit=RULES.max_trades_per_turn),
    "max_trades_per_turn",
)
order = st.radio(
    _("Player 1 chooses to…"),
    list(TURN_ORDERS),
    format_func=lambda v: _(TURN_ORDERS[v]),
    key="ocl_turn",
    horizontal=True,
)
with ui.engine_errors():
    s = from_position(3, holdings=[[2, 0, 0, 0], [0, 1, 0, 0], [0, 0, 0, 0]])
    st.markdown(_("Player 1 may now: {actions}").format(actions=legal_text(s)))
    steps = (
        ["buy Y", "buy Y", "move 3", "die event all+1"]
        if order.startswith("trade")
        else ["move 3", "die event all+1"]
    )
    for a in steps:
        s.apply(a)
    st.markdown(
        _("After {steps}: {turn} — legal: {actions}").format(
            steps=typed(steps),
            turn=turn_words(s.describe_turn()),
            actions=legal_text(s),
        )
    )
st.markdown(
    _(
        "**President dice after trading.** When the trading action is complete — once, not "
        "after each share — the player holding the most shares of a company takes its die. "
        "Compare each company's holdings before and after the whole trade: if *buying* created "
        "a tie for most, the die stays where it was; if *selling* created one, the tied player "
        "nearest clockwise after the active player takes it. Selling a share and buying it "
        "back in the same trade moves no die."
    )
)
with ui.engine_errors():
    ex = []
    for text, holdings, trade, pres in TRADE_EXAMPLES:
        s = from_position(3, holdings=holdings, presidents=pres)
        before = s.pres[0]
        for a in trade:
            s.apply(a)
        s.apply("move 3")  # the trade is complete when the pawn moves
        ex.append(
            {
                _("example"): _(text),
                _("trade"): ", ".join(trade_words(a) for a in trade),
                _("R president before"): seat_words(before),
                _("after the trade"): seat_words(s.pres[0]) if s.pres[0] >= 0 else _("pool"),
            }
        )
    st.table(ex)
flag.assumption(
    "owners_choice",
    _(
        "The dice move once the trade is complete — when the pawn moves after trading first, "
        "or with “done” after trading after the move (rule “President timing”; “each_share” "
        "is the older reading that reassigns them after every share)."
    ),
    "president_timing",
)
flag.assumption(
    "owners_choice",
    _(
        "In a sale tie the active player counts last (rule “Sale tie active last”); a company "
        "nobody holds has no president."
    ),
    "sale_tie_active_last",
)

# --- spaces -------------------------------------------------------------------------------
st.header(_("5. The spaces, live"), anchor="spaces")
kind = st.selectbox(
    _("Land on"),
    ["R", "ALL", "EVENT", "DIVIDEND", "PRESIDENT"],
    format_func=space_word,
    key="ocl_space",
)
with ui.engine_errors():
    holdings = [[3, 1, 0, 2], [0, 2, 2, 0], [1, 0, 3, 0]]
    s = from_position(3, prices=[150, 100, 60, 190], holdings=holdings, fund=120)
    s.pos = first_space(kind) - 1
    show(board_svg(RULES.board, s.pos + 1, centre=fund_words(120)))
    show(track_svg(RULES, [s.price(c) for c in range(4)]))
    cash_before, pres_pay = list(s.cash), president_payout(s)
    s.apply("move 1")
    if kind == "ALL":
        st.markdown(
            _("The mover names a company: {actions}. Say “name B”:").format(actions=legal_text(s))
        )
        s.apply("name B")
    if kind in ("R", "ALL"):
        c = s.company
        vals = option_values(s)
        st.markdown(
            _(
                "{player}, president of {company}, chooses: pay ${fee} and roll the president "
                "die, or roll the Fund die. Expected net worth of each player:"
            ).format(player=ui.seat_name(s.chooser), company=COMPANIES[c], fee=s.fee(c))
        )
        st.table(
            [
                {_("option"): option_word(a)}
                | {seat_words(p): money(float(v[p]), 2) for p in range(3)}
                for a, v in vals.items()
            ]
        )
    elif kind == "EVENT":
        rows = []
        for a, prob in s.chance_outcomes():
            t = s.clone()
            t.apply(a)
            rows.append(
                {
                    _("Event die"): face_words(str(a).removeprefix("die event ")),
                    _("probability"): str(prob),
                }
                | {c: t.price(i) for i, c in enumerate(COMPANIES)}
                | {_("Fund"): t.fund}
                | {seat_words(p): t.cash[p] for p in range(3)}
            )
        st.caption(_("R, Y, B, G: prices after the roll; Fund and players: money."))
        st.dataframe(rows, hide_index=True)
    else:
        st.markdown(_("Cash: {changes}").format(changes=_cash_change(cash_before, s.cash)))
        if kind == "PRESIDENT":
            st.caption(_("$100 per president die held: {payouts}").format(payouts=pres_pay))
flag.assumption(
    "owners_choice",
    _("A company space whose company has no president does nothing (rule “No president”)."),
    "no_president",
)
flag.assumption(
    "owners_choice",
    _(
        "The Event die's faces are assumed: the article names the die but gives no faces "
        "for any die (rule “Event die”). Faces: {faces}."
    ).format(faces=" · ".join(face_words(f) for f in RULES.event_die)),
    "event_die",
)

# --- president's choice -----------------------------------------------------------------
st.header(_("6. The president's choice as an expected value"), anchor="choice")
st.markdown(
    _(
        "Pay ${low} into the Fund (${high} at ${threshold} or more) and roll the president die, "
        "or roll the Fund die: take money from the Fund (never more than it holds) and watch "
        "the price fall. Try it:"
    ).format(low=RULES.fee_low, high=RULES.fee_high, threshold=RULES.fee_threshold)
)
c1, c2, c3 = st.columns(3)
price = c1.selectbox(_("Price"), list(RULES.track_prices), index=6, key="ocl_price")
shares = c2.number_input(_("President's shares"), 1, 12, 3, key="ocl_shares")
fund = c3.number_input(_("Fund $"), 0, 5000, 100, step=10, key="ocl_fund")
with ui.engine_errors():
    s = from_position(
        2, prices=[price, 100, 100, 100], holdings=[[shares, 0, 0, 0], [0, 0, 0, 0]], fund=fund
    )
    worth = s.net_worth()[0]
    s.apply("move 1")
    vals = option_values(s)
    for col, a in zip(st.columns(2), vals):
        t = s.clone()
        t.apply(a)
        rows = []
        for face, prob in t.chance_outcomes():
            u = t.clone()
            u.apply(face)
            shown = str(face).split(" ", 2)[2]
            rows.append(
                {
                    _("face"): face_words(shown),
                    _("probability"): str(prob),
                    _("Δ net worth"): u.net_worth()[0] - worth,
                }
            )
        gain = float(vals[a][0] - worth)
        col.markdown(
            _("**{option}** — expected Δ {gain}").format(
                option=option_word(a),
                gain=(("-" if gain < 0 else "+") + money(abs(gain), 2)).replace("$", "\\$"),
            )
        )
        with col:
            show(roll_svg(str(t.chance_outcomes()[0][0])))
        col.dataframe(rows, hide_index=True)
flag.assumption(
    "owners_choice",
    _(
        "Dice faces (the article gives none): president die {president}; Fund die {fund}; a "
        "president who cannot pay the fee must roll the Fund die (rules “President die”, "
        "“Fund die”)."
    ).format(
        president=" · ".join(face_words(f) for f in RULES.president_die),
        fund=" · ".join(face_words(f) for f in RULES.fund_die),
    ),
    "president_die",
    "fund_die",
)

# --- dividends --------------------------------------------------------------------------
st.header(_("7. Dividends"), anchor="dividends")
st.markdown(
    _(
        "A DIVIDEND space pays the dividend of the highest-priced company — every company tied "
        "for highest — to each holder, dividend × shares, from the bank. The DIVIDEND face of a "
        "president die pays that company's, and the Event die can make every company pay."
    )
)
flag.assumption(
    "owners_choice",
    _(
        "The president die's DIVIDEND face and the Event die's “every company pays” face are "
        "assumed faces (rules “President die”, “Event die”)."
    ),
    "president_die",
    "event_die",
)
with ui.engine_errors():
    s = from_position(2, prices=[150, 150, 100, 40], holdings=[[1, 2, 3, 0], [0, 1, 0, 4]])
    st.table(
        [
            {_("company"): c} | {seat_words(p): v for p, v in enumerate(dividend_payout(s, c))}
            for c in COMPANIES
        ]
    )
    s.pos = first_space("DIVIDEND") - 1
    cash_before = list(s.cash)
    s.apply("move 1")
    st.caption(
        _("R and Y tie at $150: both pay. Cash: {changes}.").format(
            changes=_cash_change(cash_before, s.cash)
        )
    )

# --- bankruptcy ----------------------------------------------------------------------------
st.header(_("8. Bankruptcy"), anchor="bankruptcy")
st.markdown(
    _(
        "A company at ${bottom} that must fall goes bankrupt: all its shares return to the "
        "supply unpaid, it restarts at ${start}, its president die returns to the pool. Each "
        "player who held it may then declare personal bankruptcy (return all shares and money "
        "and leave the game)."
    ).format(bottom=RULES.track_prices[0], start=RULES.start_price)
)
with ui.engine_errors():
    s = from_position(
        3, prices=[40, 100, 100, 100], holdings=[[3, 1, 0, 0], [2, 0, 0, 0], [0, 0, 0, 0]], fund=100
    )
    st.html(holdings_html(s))
    for a in ["move 1", "fund", "die fund 50/-1"]:
        s.apply(a)
    st.markdown(
        _("After {steps}: R is back at ${price}.").format(
            steps=typed(["move 1", "fund", "die fund 50/-1"]), price=s.price(0)
        )
    )
    st.html(holdings_html(s))
    st.markdown(
        _("Now: {turn} — {actions}.").format(
            turn=turn_words(s.describe_turn()), actions=legal_text(s)
        )
    )
ui.assumption(
    _(
        "A player who leaves returns their shares; the president dice of those shares are then "
        "reassigned as after a sale by that player: the new strict top holder takes the die, a "
        "tie goes to the tied player nearest clockwise after the active player."
    )
)
flag.assumption(
    "owners_choice",
    _(
        "A fall of several steps that passes below $40 bankrupts the company (field "
        "“Bankrupt on overshoot”); the last player in the game cannot leave "
        "(“Last player may leave”)."
    ),
    "bankrupt_on_overshoot",
    "last_player_may_leave",
)

# --- the end --------------------------------------------------------------------------------
st.header(_("9. The end"), anchor="end")
st.markdown(
    _(
        "Landing exactly on GOAL, the player takes ${take} from the Fund (all of it if less) "
        "and the game ends; every player sells all shares at the current prices; most money "
        "wins, ties share the win."
    ).format(take=RULES.goal_take)
)
with ui.engine_errors():
    s = from_position(2, holdings=[[2, 0, 0, 0], [0, 1, 0, 0]], fund=60, pos=33)
    st.markdown(_("Pawn on 33: {actions} (never past GOAL).").format(actions=legal_text(s)))
    s.apply("move 2")
    final = ", ".join(f"{ui.seat_name(p)} \\${m}" for p, m in enumerate(s.returns()))
    winners = s.winners()
    st.markdown(
        ngettext(
            "After “move 2”: final money {money}; {winners} wins.",
            "After “move 2”: final money {money}; {winners} win.",
            len(winners),
        ).format(
            money=final,
            winners=_(" and ").join(ui.seat_name(w) for w in winners),
        )
    )

st.header(_("Ruleset values"))
st.caption(
    _(
        "Every value the engine uses; [A] marks assumptions. A box whose board, track or dice "
        "differ is described by an edition file: a copy of the project's default edition, "
        "edited."
    )
)
ui.ruleset_table("owners_choice")

open_section()  # a link to one of the rules (a drill's answer) lands on it
