"""Learn Stock Hold'em: the rules step by step, each with a live example from the engine."""

import html
import random

import polars as pl
import streamlit as st

from dashboard import ui
from dashboard.guide.cards import door
from dashboard.i18n import N_, _, money, ngettext, pgettext
from dashboard.sections import open_section
from dashboard.stock_holdem import words
from dashboard.stock_holdem.draw import board_html, cards_html, legend_html
from dashboard.variants import flag
from engine import get_game
from engine.stock_holdem import card_text, next_start_player, price
from engine.stock_holdem.cards import ALL_CARDS, backs
from engine.stock_holdem.rules import HAND_SIZE, TURNS

GAME = get_game("stock_holdem")
RULES = GAME.ruleset_class()


@st.cache_data(show_spinner=False)
def _cleanup_counts() -> dict[int, tuple[int, int]]:
    """Placements in the trading step and in the clean-up step, by player count,
    found by playing a round in the engine without trading."""
    out = {}
    for n in range(3, 7):
        s = GAME.new_initial_state(n)
        s.apply(s.sample_chance(random.Random(n)))
        trading = cleanup = 0
        while s.round == 0:
            moves = s.legal_actions()
            kinds = {m.kind for m in moves}
            if s.phase == 2:
                cleanup += 1
                s.apply(moves[0])
            elif "place" in kinds:
                trading += 1
                s.apply(next(m for m in moves if m.kind == "place"))
            else:
                s.apply(next(m for m in moves if m.kind in ("no sell", "no buy", "end")))
        out[n] = (trading, cleanup)
    return out


st.title(_("Learn Stock Hold'em"))
door("stock_holdem")  # the guided first game: each rule explained as it comes up
st.markdown(
    _(
        "Players are investors in **6 companies**. They trade shares while secretly placing "
        "information cards on the companies; after each of the **2 rounds** the 5 cards on "
        "each company are revealed and scored like a poker hand, and that score becomes the "
        "company's new price. **Most money at the end wins.**"
    )
)

# --- 1 components ---------------------------------------------------------------------------
st.header(_("1. Components"), anchor="components")
st.markdown(
    _(
        "42 information cards: 4 symbols × numbers 1–10, plus **Bull** (counts as 10, adds 10 "
        "to the base, no symbol) and **Bear** (no number, no symbol). 11 share cards per "
        "company, 42 challenge chips, 3 stock-up chips. A price is always between 1 and 57."
    )
)
flag.assumption(
    "stock_holdem",
    _(
        "The Bull counts as the number 10 in number hands (straights, three or more of a "
        "number): the article says only that it adds 10 to the best symbol. A Bull that is a "
        "symbol card only, with no part in number hands, is a ruleset choice (rule “Bull "
        "counts as ten”)."
    ),
    "bull_counts_as_ten",
)
ui.assumption(
    _(
        "The 40 regular cards are 4 symbols × the numbers 1–10, one card each: the sources "
        "say only that there are 42 information cards, two of them Bull and Bear."
    )
)
flag.assumption(
    "stock_holdem",
    _(
        "The companies are named A–F and the symbols anchor (A), fish (F), shell (S) and "
        "wave (W); the sources do not name them."
    ),
    "company_names",
    "symbol_names",
)
st.html(f"<div style='font-size:14px'>{legend_html()}</div>")
faces = [card_text(c) for c in ALL_CARDS]
show_backs = st.toggle(_("Show the backs"), key="learn_sh_backs")
st.html(f"<div>{cards_html(backs(RULES.card_back_parity) if show_backs else faces)}</div>")
st.markdown(
    _(
        "Each card's back shows part of its face — its number or its symbol — so everyone "
        "learns something about every face-down card."
    )
)
flag.assumption(
    "stock_holdem",
    _(
        "Which cards show their number on the back: a card (n, symbol index i, A=0 F=1 S=2 "
        "W=3) shows its number when n + i is even, else its symbol; Bull's back shows 10 and "
        "Bear's back shows ×."
    ),
    "card_back_parity",
)

# --- 2 set-up -------------------------------------------------------------------------------
st.header(_("2. Set-up by player count"), anchor="setup")
counts = _cleanup_counts()
st.dataframe(
    pl.DataFrame(
        {
            _("players"): [3, 4, 5, 6],
            _("money"): list(RULES.start_money),
            _("hand"): [HAND_SIZE[n] for n in range(3, 7)],
            _("turns each"): [TURNS[n] for n in range(3, 7)],
        }
    ),
    hide_index=True,
)
st.markdown(
    _(
        "Challenge chips, clockwise from the start player: {chips}. Two random cards go face "
        "up on each company (the first 2 of its 5 slots)."
    ).format(chips=", ".join(map(str, RULES.start_chips)))
)
flag.assumption(
    "stock_holdem",
    _("Every company starts at price {price}.").format(price=RULES.start_price),
    "start_price",
)
c1, c2 = st.columns(2)
n = c1.selectbox(_("Players"), [3, 4, 5, 6], index=1, key="learn_sh_n")
seed = c2.number_input(_("Shuffle"), 0, 10_000, 1, key="learn_sh_seed")
state = GAME.new_initial_state(n)
state.apply(state.sample_chance(random.Random(int(seed))))
obs = state.observation(0)
st.html(board_html(obs))
st.html(
    "<div>"
    + html.escape(_("Player 1 sees their own hand:"))
    + " "
    + cards_html(obs["hands"][0])
    + "</div><div>"
    + html.escape(_("…and only the backs of Player 2's hand:"))
    + " "
    + cards_html(obs["hands"][1])
    + "</div>"
)

# --- 3 trading turn -------------------------------------------------------------------------
st.header(_("3. A trading turn"), anchor="trading")
st.markdown(
    _(
        "Each player takes the table's number of turns, clockwise from the start player. A "
        "turn has three steps:\n"
        "1. **Place a card** (not in your first turn of the round): one card from your hand "
        "face down on a company with fewer than 5 cards. Mandatory.\n"
        "2. **Sell** at most 1 share: receive the current price, then the price drops by 1 — "
        "or take 1 challenge chip instead.\n"
        "3. **Buy** at most 1 share if one is left (11 per company): pay the price, then it "
        "rises by 1. In your first turn any company; later only the company you placed a "
        "card on this turn. If you do not buy, take 1 chip."
    )
)
example = GAME.new_initial_state(4)
example.apply(example.sample_chance(random.Random(3)))
TURN_EXAMPLES = (N_("Player 1's first turn"), N_("Player 1's second turn"))
turn = st.radio(_("Example"), TURN_EXAMPLES, format_func=_, key="learn_sh_turn")
if turn == TURN_EXAMPLES[1]:
    while example.current_player() != 0 or example.turn_number < 2:
        kinds = [m for m in example.legal_actions() if m.kind in ("no sell", "no buy", "end")]
        example.apply(kinds[0])
    st.markdown(_("Player 1 must place first; their choices now:"))
    example_moves = example.legal_actions()
    st.code(" · ".join(str(m) for m in example_moves if m.kind == "place")[:600])
    place = next(m for m in example_moves if m.kind == "place")
    example.apply(place)
    example.apply("no sell")
    st.markdown(
        _(
            "After “{place}” and “no sell”, the only normal purchase allowed is on company "
            "{company}: {moves}"
        ).format(
            place=words.action_words(str(place)).strip("“”"),
            company=place.text.split()[-1],
            moves=pgettext("list separator", ", ").join(
                words.action_words(str(m))
                for m in example.legal_actions()
                if m.kind in ("buy", "no buy")
            ),
        )
    )
else:
    st.markdown(
        _(
            "No placement in the first turn; the sell step offers: {moves} (Player 1 owns "
            "no share yet). After “no sell” any company may be bought:"
        ).format(
            moves=pgettext("list separator", ", ").join(
                words.action_words(str(m))
                for m in example.legal_actions()
                if m.kind in ("sell", "no sell")
            )
        )
    )
    example.apply("no sell")
    st.markdown(
        pgettext("list separator", ", ").join(
            words.action_words(str(m))
            for m in example.legal_actions()
            if m.kind in ("buy", "no buy")
        )
    )

# --- 4 free actions -------------------------------------------------------------------------
st.header(_("4. Free actions and the chip limit"), anchor="free-actions")
st.markdown(
    _(
        "During your own trading turn, any number of times, paid with challenge chips. Free "
        "sales and purchases move the price by ∓1 like normal ones."
    )
)
st.dataframe(  # the cost first: on a phone the long descriptions run off to the right
    pl.DataFrame(
        {
            _("chips"): [
                RULES.cost_cash,
                RULES.cost_peek,
                RULES.cost_free_sell,
                RULES.cost_free_buy,
                RULES.cost_stock_up,
            ],
            _("free action"): [
                _("take $1 (“cash”)"),
                _("look at one face-down card privately (“peek C3”)"),
                _("sell 1 share of a company you own (“free sell C”)"),
                _("buy 1 share of any company (“free buy C”)"),
                _("put a stock-up chip on a company, +5 at the price phase (“stock-up C”)"),
            ],
        }
    ),
    hide_index=True,
)
st.markdown(
    _(
        "A player holds at most **{limit} chips**; each chip over the limit is turned into $1 "
        "at once."
    ).format(limit=RULES.chip_limit)
)
flag.assumption(
    "stock_holdem",
    _("At most {n} stock-up chip per company (3 exist; once placed it cannot move).").format(
        n=RULES.stock_up_per_company
    ),
    "stock_up_per_company",
)
flag.assumption(
    "stock_holdem",
    _(
        "The peek looks at a face-down card on a company; looking at a card in another "
        "player's hand (“peek hand 2.3”) is off unless the ruleset turns on “Peek hands”."
    ),
    "peek_hands",
)
flag.assumption(
    "stock_holdem",
    _(
        "Free actions may also be taken after the buy step; the turn then ends with “end” "
        "(a player with no chips left ends at once)."
    ),
    "free_action_after_buy",
)

# --- 5 clean-up -----------------------------------------------------------------------------
st.header(_("5. Clean-up"), anchor="cleanup")
st.markdown(
    _(
        "After the last trading turn every player holds exactly 1 card. Clockwise from the "
        "start player, each places it face down on a company with fewer than 5 cards until "
        "every company has 5; players whose card is not needed keep it. Counted by the engine:"
    )
)
st.dataframe(
    pl.DataFrame(
        {
            _("players"): list(counts),
            _("cards placed while trading"): [t for t, _c in counts.values()],
            _("cards placed in clean-up"): [c for _t, c in counts.values()],
            _("cards kept"): [p - c for p, (_t, c) in counts.items()],
        }
    ),
    hide_index=True,
)

# --- 6 price phase --------------------------------------------------------------------------
st.header(_("6. The price phase"), anchor="price")
st.markdown(
    _("All cards are revealed. Each company's new price (replacing the current one) is")
    + "\n\n"
    + _(
        "**base** (largest sum of numbers of one symbol; Bull adds 10) + **stock-up chip** "
        "(+5) + **one symbol hand** (flush +10: all regular cards one symbol; four symbols "
        "+10) + **one number hand**, the best that applies (five of a kind +30, four of a "
        "kind +25, full house +20, large straight +20, small straight +10, three of a kind "
        "+10; pairs nothing), clamped to 1–57."
    )
)
flag.assumption(
    "stock_holdem",
    _(
        "Numbers run 1–10 and do not wrap: 9 10 1 2 is no straight. Wrap-around straights "
        "are a ruleset choice."
    ),
    "straights_wrap",
)
flag.assumption(
    "stock_holdem",
    _(
        "Bear plus four cards of one number is four of a kind (+25), not five of a kind: the "
        "source's five of a kind needs five equal numbers, and it is silent on Bear. Counting "
        "it as five of a kind (+30) is a ruleset choice."
    ),
    "bear_with_four_of_a_number",
)
picked = st.multiselect(
    _("Pick the five cards of a company"),
    faces,
    default=["3A", "5A", "9A", "1A", "7A"],
    max_selections=5,
    key="learn_sh_pick",
)
up = st.toggle(_("Stock-up chip"), key="learn_sh_up")
st.html(f"<div>{cards_html(picked, slots=5)}</div>")
if len(picked) == 5:
    with ui.engine_errors():
        b = price(picked, stock_up=up, rules=RULES)
        st.markdown(
            _("Price **{price}**: {breakdown}").format(
                price=money(b.price), breakdown=words.explain(b)
            )
        )
else:
    st.info(
        ngettext("Pick {n} more card.", "Pick {n} more cards.", 5 - len(picked)).format(
            n=5 - len(picked)
        )
    )
examples = [
    ("3A 5A 9A 1A 7A", False),
    ("10A 10F 10S 10W BULL", False),
    ("2F 3A 4S 5W BEAR", False),
    ("6S 6W 6A 2F 2S", True),
]
st.markdown(_("The rule book's examples, computed by the engine:"))
st.dataframe(
    pl.DataFrame(
        {
            _("cards"): [c + (_(" + stock-up") if u else "") for c, u in examples],
            _("breakdown"): [words.explain(price(c, stock_up=u)) for c, u in examples],
            _("price"): [price(c, stock_up=u).price for c, u in examples],
        }
    ),
    hide_index=True,
)
st.page_link(
    "views/stock_holdem/calculator.py",
    label=_("Some cards still face down? The calculator gives the exact odds."),
    icon=":material/calculate:",
)

# --- 7 preparation --------------------------------------------------------------------------
st.header(_("7. Preparation (after round 1)"), anchor="preparation")
st.markdown(
    _(
        "Gather all cards and shuffle; deal 2 face up on each company and a new hand of the "
        "same size; every player gains {chips} chips (chip limit applies); remove the "
        "stock-up chips. The new start player has the **fewest chips** — on a tie, the tied "
        "player nearest clockwise after the previous start player, who is excluded. Shares, "
        "money and chips carry over."
    ).format(chips=RULES.preparation_chips)
)
cols = st.columns(4)
chips = [
    cols[p].number_input(
        _("{player}'s chips").format(player=ui.seat_name(p)),
        0,
        7,
        [3, 2, 5, 2][p],
        key=f"learn_sh_c{p}",
    )
    for p in range(4)
]
prev = st.radio(
    _("Previous start player"),
    [0, 1, 2, 3],
    format_func=ui.seat_name,
    horizontal=True,
    key="learn_sh_prev",
)
st.markdown(
    _("New start player: **{player}**").format(
        player=ui.seat_name(next_start_player([int(c) for c in chips], prev))
    )
)

# --- 8 settlement ---------------------------------------------------------------------------
st.header(_("8. Final settlement"), anchor="settlement")
st.markdown(
    _(
        "After round 2's price phase every share is paid at its company's final price "
        "(selling does not move the price now) and every chip left is worth $1. Most money "
        "wins."
    )
)
ui.assumption(
    _(
        "Ties share the win: every player with the most money is a winner (the sources do "
        "not say how a tie is broken)."
    )
)
with ui.engine_errors():
    from engine import simulate

    rec = simulate("stock_holdem", seed=int(seed), players=["heuristic"] + ["random"] * 3)
    assert rec.result is not None  # a simulated game is played to its end
    st.markdown(
        _(
            "A simulated game (a simple bot as Player 1 against three random bots) ended with "
            "{scores} — winner: {winners}."
        ).format(
            scores=", ".join(
                _("{player}: {money}").format(player=ui.seat_name(p), money=money(v))
                for p, v in enumerate(rec.result["scores"])
            ),
            winners=", ".join(ui.seat_name(w) for w in rec.result["winners"]),
        )
    )
st.page_link(
    "views/stock_holdem/games.py",
    label=_("Step through games move by move"),
    icon=":material/replay:",
)
st.subheader(_("Every ruleset value"))
ui.ruleset_table("stock_holdem")

open_section()  # a link to one of the rules (a drill's answer) lands on it
