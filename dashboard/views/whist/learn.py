"""Learn Whist and Bid Whist: each rule next to a live example computed by the engine."""

import random

import polars as pl
import streamlit as st

from dashboard.guide.cards import door
from dashboard.i18n import N_, _, ngettext, pgettext
from dashboard.sections import open_section
from dashboard.ui import (
    assumption,
    engine_errors,
    ruleset_frame,
    ruleset_html,
    set_url,
    url_value,
)
from dashboard.variants import flag
from dashboard.whist.draw import cards_html, row, seat_word, straw_html, trick_html
from dashboard.whist.explorer import render_state
from dashboard.whist.words import (
    bid_words,
    contract_words,
    join,
    kind_word,
    rule_default,
    rule_meaning,
    suit_name,
    variant_title,
)
from engine import get_game
from engine.core.ruleset import describe
from engine.whist import (
    bid_whist_points,
    card_order,
    honours_points,
    playable_cards,
    trick_winner,
    two_player_whist_points,
    whist_points,
)
from engine.whist.actions import ALL_BIDS, bids_over
from engine.whist.cards import CARD_TEXT
from engine.whist.rules import VARIANTS, WhistRules

GAME = get_game("whist")


def high_low_title(game: str) -> str:
    return _("High") if game == "high" else _("Low")


ALL_CARDS = [CARD_TEXT[c] for c in (53, 52)] + [CARD_TEXT[c] for c in range(51, -1, -1)]
DEFAULT_TRICK = ["10H", "KH", "BJ", "2S"]
SEED_MAX = 10**6
CONTRACTS = {
    "uptown": N_("uptown"),
    "downtown": N_("downtown"),
    "no trump high": N_("no trump high"),
    "no trump low": N_("no trump low"),
}

st.title(_("Learn Whist and Bid Whist"))
door("whist")  # the guided first game: each rule explained as it comes up
st.markdown(
    _(
        "A trick-taking game for four players in two partnerships (North–South, Players 1 and "
        "3, against East–West, Players 2 and 4) "
        "or for two players. A trick is won by the highest trump played, else by the highest card "
        "of the suit led; you must follow the suit led when you can."
    )
)
# --- link values: anything unexpected falls back to the default (never reaches a widget) ---


def _trick(items: list[str]) -> list[str]:
    """The trick's cards, upper case; ``ValueError`` unless at most 4 distinct cards."""
    cards = [c.strip().upper() for c in items]
    if len(cards) > 4 or len(set(cards)) != len(cards) or set(cards) - set(ALL_CARDS):
        raise ValueError(cards)
    return cards


refused: dict[str, str] = {}
v = url_value("v", "bid4", choices=VARIANTS, refused=refused)
url_seed = url_value("seed", 1, min=0, max=SEED_MAX, refused=refused)
url_trick = _trick(url_value("trick", DEFAULT_TRICK, check=_trick, refused=refused))
notices = []
if "v" in refused:
    notices.append(_("variant ‘{value}’").format(value=refused["v"][:20]))
if "seed" in refused:
    notices.append(_("shuffle number ‘{value}’").format(value=refused["seed"][:20]))
if "trick" in refused:
    notices.append(_("trick ‘{value}’").format(value=refused["trick"].upper()[:30]))
if notices:
    st.caption(
        _("The link had a value this page cannot use, so the default is shown: {values}.").format(
            values=join(notices)
        )
    )

variant = (
    st.segmented_control(
        _("Variant"),
        VARIANTS,
        default=v,
        required=True,
        format_func=variant_title,
        key="wl_variant",
    )
    or "bid4"
)
set_url(v=variant)
n = 2 if variant.endswith("2") else 4
bidding = variant.startswith("bid")

tabs = st.tabs(
    [
        _("Deal"),
        _("Bidding"),
        _("Card order"),
        _("Kitty"),
        _("Jokers"),
        _("Scoring"),
        _("Two players"),
    ]
)

# --- deal ---------------------------------------------------------------------------------------
with tabs[0]:
    st.subheader(_("The deal"), anchor="deal")
    if variant == "bid4":
        st.markdown(
            _(
                "54 cards (with the big and little jokers): 12 to each player and 6 face "
                "down as the **kitty**. The first dealer is drawn at random; the deal then "
                "passes left after each hand. The declarer leads the first trick."
            )
        )
    elif variant == "whist4":
        st.markdown(
            _(
                "52 cards, 13 to each player. The dealer's last card is turned face up: "
                "its suit is trump, and the dealer takes it into hand. The player left of "
                "the dealer leads first."
            )
        )
        assumption(_("The player left of the dealer leads the first trick."))
    elif bidding:
        st.markdown(
            _(
                "Each player gets a 12-card hand and a row of **straw piles** "
                "({piles} piles of one face-down card under one face-up card) "
                "and there is a 6-card kitty."
            ).format(piles=6)
        )
    else:
        st.markdown(
            _(
                "Each player gets a 12-card hand and a row of **straw piles** "
                "({piles} piles of one face-down card under one face-up card)."
            ).format(piles=7)
        )
    assumption(
        _(
            "The deal passes to the left (the next seat clockwise) after each hand; the "
            "article says only “change the dealer”."
        )
    )
    seed = st.number_input(_("Shuffle number"), 0, SEED_MAX, url_seed, key="wl_seed")
    set_url(v=variant, seed=int(seed))
    with engine_errors():
        state = GAME.new_initial_state(n, variant=variant, first_dealer=0)
        state.apply(state.sample_chance(random.Random(int(seed))))
        render_state(state, None)
        st.caption(
            _(
                "Shown with every hand face up: at the table each player sees only "
                "their own hand (and, with two players, the face-up straw cards)."
            )
        )

# --- bidding ------------------------------------------------------------------------------------
with tabs[1]:
    st.subheader(_("Bidding (Bid Whist)"), anchor="bidding")
    st.markdown(
        _(
            "One round, starting left of the dealer. A bid is a number 3–7 — the books over "
            "six the bidder's side promises (3 promises 9 of the 13) — and a kind: **uptown** "
            "(the usual order, A K Q … 2), **downtown** (the order reversed below the ace: "
            "A 2 3 … K) or **no trump**. Each bid must "
            "beat the current one: a higher number, or the same number as no trump over "
            "uptown/downtown (which are equal). You may pass; if everyone else passes the "
            "dealer must bid."
        )
    )
    labels = ["(nobody has bid)"] + [str(b) for b in ALL_BIDS]
    cur = st.selectbox(
        _("Current highest bid"),
        labels,
        index=4,
        key="wl_ladder",
        format_func=lambda x: _("(nobody has bid)") if x == labels[0] else bid_words(x),
    )
    current = None if cur == labels[0] else ALL_BIDS[labels.index(cur) - 1]
    beats = bids_over(current)
    chips = []
    for b in ALL_BIDS:
        ok = b in beats
        style = (
            "background:#e8f5e9;border:1px solid #2e7d32"
            if ok
            else (
                "background:#f5f5f5;color:#999;border:1px solid #ccc;text-decoration:line-through"
            )
        )
        chips.append(
            f"<span style='{style};border-radius:12px;padding:2px 8px;margin:2px;"
            f"display:inline-block;font-size:13px'>{b.number} {kind_word(b.kind)}</span>"
        )
    st.html("<div style='display:flex;flex-wrap:wrap'>" + "".join(chips) + "</div>")
    st.caption(
        ngettext(
            "{n} bid beats it (green); passing is always allowed except for "
            "a dealer whom everyone passed.",
            "{n} bids beat it (green); passing is always allowed except for "
            "a dealer whom everyone passed.",
            len(beats),
        ).format(n=len(beats))
    )

# --- card order and tricks ------------------------------------------------------------------------
with tabs[2]:
    st.subheader(_("Trump and card order"), anchor="card-order")
    st.markdown(
        _(
            "The winner of the bidding names the trump suit (uptown or downtown) or, for no "
            "trump, the direction (high or low). In Whist the turned card's suit is trump."
        )
    )
    kinds = list(CONTRACTS)
    kind = st.selectbox(_("Contract"), kinds, key="wl_kind", format_func=lambda k: _(CONTRACTS[k]))
    trumped = kind in ("uptown", "downtown")
    low = kind in ("downtown", "no trump low")
    trump = None
    if trumped:
        trump = st.selectbox(_("Trump suit"), list("SHDC"), format_func=suit_name, key="wl_trump")
    order = " > ".join(card_order(trump=trumped, low=low))
    if trumped:
        st.markdown(_("Card order, highest first: **{order}**").format(order=order))
    else:
        st.markdown(
            _("Card order, highest first: **{order}** (jokers can never win in no trump)").format(
                order=order
            )
        )
    trick = st.multiselect(
        _("Pick a trick (in play order, up to 4 cards)"),
        ALL_CARDS,
        default=url_trick,
        max_selections=4,
        key="wl_trick",
    )
    set_url(v=variant, trick=trick)
    if trick:
        with engine_errors():
            w = trick_winner(trick, trump=trump, low=low)
            st.html(trick_html(list(enumerate(trick)), w))
            st.success(_("Card {n}, **{card}**, wins the trick.").format(n=w + 1, card=trick[w]))
            st.caption(
                _(
                    "Numbers under the cards are the play order. The suit to follow is "
                    "the suit of the first card that is not a joker."
                )
            )

# --- kitty ---------------------------------------------------------------------------------------
with tabs[3]:
    st.subheader(_("The kitty (Bid Whist)"), anchor="kitty")
    st.markdown(
        _(
            "After naming trump the declarer takes the six kitty cards into hand and discards "
            "any six. The discard counts as the declaring side's **first book**; "
            "the declarer then leads the first trick."
        )
    )
    assumption(
        _(
            "The article does not say who sees the kitty or how the discard lies: here only "
            "the declarer ever sees the kitty, and the six discards stay face down."
        )
    )
    kseed = st.number_input(_("Deal number"), 0, 10**6, 3, key="wl_kseed")
    with engine_errors():
        s = GAME.new_initial_state(4, variant="bid4", first_dealer=0)
        rng = random.Random(int(kseed))
        s.apply(s.sample_chance(rng))
        bot = GAME.make_bot("heuristic")
        before = None
        while s.phase_name in ("bid", "trump", "discard"):
            if s.phase_name == "discard" and before is None:
                before = s.observation(s.declarer)
            s.apply(bot.choose(s, s.current_player(), rng))
        obs = s.observation(s.declarer)
        # Bid Whist's declarer always takes the kitty and discards, so the loop saw the discard
        assert before is not None
        st.markdown(
            _("The simple bots bid: {bids}. {player} declares **{contract}**.").format(
                bids=join(f"{seat_word(a)} {bid_words(b)}" for a, b in obs["bids"]),
                player=seat_word(s.declarer),
                contract=contract_words(s.contract_text()),
            )
        )
        st.html(
            row(_("Kitty"), cards_html(obs["kitty"], size=30))
            + row(_("Hand+kitty"), cards_html(before["hand"], size=30))
            + row(_("Discards"), cards_html(obs["discards"], size=30))
            + row(_("Keeps"), cards_html(obs["hand"], size=30))
        )

# --- jokers and following suit ---------------------------------------------------------
with tabs[4]:
    st.subheader(_("Following suit, and the jokers"), anchor="follow")
    st.markdown(
        _(
            "Jokers have no suit: play one only when leading or when you cannot follow the "
            "suit led. If a joker is led, the first non-joker card sets the suit to follow. In "
            "trump contracts the jokers are the highest trumps (big over little); in no trump "
            "they can never win."
        )
    )
    assumption(
        _(
            "After a led joker, before any suit is set, the next player may play any "
            "card, the other joker included."
        )
    )
    flag.assumption(
        "whist",
        _(
            "Jokers follow the article: they have no suit, even when trump is led. The common "
            "club rule — in a trump contract the jokers count as trumps for following suit, "
            "so on a trump lead you must play a trump or a joker if you hold one — is a table "
            "choice, off unless chosen."
        ),
        "jokers_follow_trump",
    )
    club = st.toggle(_("Club rule: jokers count as trumps"), False, key="wl_club")
    jt = st.selectbox(
        _("Trump suit"),
        ["none (no trump)", *"SHDC"],
        index=1,
        key="wl_jtrump",
        format_func=lambda x: _("none (no trump)") if len(x) > 1 else suit_name(x),
    )
    hand = st.multiselect(
        _("Your hand"), ALL_CARDS, default=["BJ", "AH", "2S", "KD"], key="wl_hand"
    )
    sofar = st.multiselect(
        _("Cards already in the trick"),
        ALL_CARDS,
        default=["KS"],
        max_selections=3,
        key="wl_sofar",
    )
    with engine_errors():
        playable = playable_cards(
            hand, sofar, trump=None if len(jt) > 1 else jt, jokers_follow_trump=club
        )
        st.html(
            row(_("Trick"), cards_html(sofar, size=30))
            + row(_("You may play"), cards_html(playable, size=30))
        )

# --- scoring -------------------------------------------------------------------------------------
with tabs[5]:
    st.subheader(_("Scoring and the end"), anchor="scoring")
    if bidding:
        st.markdown(
            _(
                "If the declaring side takes at least 6 + bid books (kitty book included) it "
                "scores 1 point per book over 6; otherwise it loses the bid. No trump doubles "
                "both. Only the declaring side scores. A side at **+7** wins; at **−7** it "
                "loses."
            )
        )
        c1, c2 = st.columns(2)
        bid_number = c1.selectbox(_("Bid"), [3, 4, 5, 6, 7], index=1, key="wl_sbid")
        k = c2.selectbox(
            _("Kind"), ["uptown", "downtown", "notrump"], key="wl_skind", format_func=kind_word
        )
        table = pl.DataFrame(
            {
                _("books"): list(range(14)),
                _("points"): [bid_whist_points(int(bid_number), k, x) for x in range(14)],
            }
        )
        st.dataframe(table, hide_index=True, height="content")  # one row per book count
    elif variant == "whist4":
        st.markdown(
            _(
                "Each side scores 1 point per trick over 6. **Honours**: a player whose "
                "dealt hand holds A, K, Q and J of trumps scores 4 for the side, three of "
                "them 2 — not if the side already has 4 points or more."
            )
        )
        flag.assumption(
            "whist",
            _(
                "Tricks are scored before honours: a side that reaches the target by tricks "
                "wins at once, and no honours of that deal are counted, its own included "
                "(traditional short Whist; the article says only that honours are not scored "
                "at 4 points or more)."
            ),
            "tricks_before_honours",
        )
        flag.assumption(
            "whist",
            _(
                "‘Already 4 points or more’ is the side's score before this deal (traditional "
                "short Whist); counting this deal's trick points first is a table choice."
            ),
            "honours_after_tricks",
        )
        flag.assumption(
            "whist", _("The game is played to 5 points (7 or 10 selectable)."), "whist_target"
        )
        after_tricks = st.toggle(
            _("Table choice: count this deal's trick points first"),
            WhistRules.honours_after_tricks,
            key="wl_hafter",
        )
        c1, c2, c3 = st.columns(3)
        t = c1.number_input(_("Tricks of a side"), 0, 13, 8, key="wl_tr")
        h = c2.selectbox(_("Honours in one hand"), [0, 1, 2, 3, 4], index=4, key="wl_h")
        before = c3.number_input(_("Side's score before the deal"), 0, 9, 0, key="wl_before")
        with engine_errors():
            tp = whist_points(int(t))
            bar = int(before) + tp if after_tricks else int(before)
            hp = honours_points(int(h), bar)
            st.markdown(
                _(
                    "Points for tricks: **{tricks}**; for honours: **{honours}** "
                    "(the 4-point bar is checked at {bar})."
                ).format(tricks=tp, honours=hp, bar=bar)
            )
    else:
        st.markdown(
            _(
                "After the deal the non-dealer declares a **High** or a **Low** game (if Low, "
                "the dealer may change it to High). **High**: the declarer scores 1 point per "
                "trick over 6 when taking more than 6; otherwise the other player scores 2 "
                "points per trick over 6. **Low**: a player with fewer than 7 tricks scores "
                "7 − tricks. Honours are not scored. The first player to reach the target "
                "(5) wins."
            )
        )
        flag.assumption(
            "whist", _("Honours are not scored in two-player Whist."), "two_player_honours"
        )
        flag.assumption(
            "whist", _("The game is played to 5 points (7 or 10 selectable)."), "whist_target"
        )
        c1, c2, c3 = st.columns(3)
        g = c1.selectbox(
            pgettext("kind of game", "Game"),
            ["high", "low"],
            format_func=high_low_title,
            key="wl_2game",
        )
        d = c2.selectbox(
            _("High declarer"),
            [0, 1],
            format_func=seat_word,
            key="wl_2decl",
            disabled=g == "low",
        )
        t0 = c3.number_input(_("Player 1 tricks"), 0, 13, 8, key="wl_2tricks")
        with engine_errors():
            pts = two_player_whist_points(g, (int(t0), 13 - int(t0)), d if g == "high" else None)
            st.markdown(
                _(
                    "Player 1 takes **{tricks0}** tricks, Player 2 **{tricks1}**: Player 1 "
                    "scores **{points0}**, Player 2 scores **{points1}**."
                ).format(tricks0=int(t0), tricks1=13 - int(t0), points0=pts[0], points1=pts[1])
            )

# --- two players --------------------------------------------------------------------------------
with tabs[6]:
    st.subheader(_("Two players: straw piles"), anchor="two-players")
    st.markdown(
        _(
            "Each player has a 12-card hand and a row of straw piles. Face-up straw cards are "
            "public and may be played like hand cards; when one is played the card beneath is "
            "turned face up. A trick is four cards: leader, other, leader, other; the highest "
            "card of the four wins it for its player, and following suit applies to every "
            "card."
        )
    )
    with engine_errors():
        s2 = GAME.new_initial_state(2, variant="whist2" if not bidding else "bid2", first_dealer=0)
        s2.apply(s2.sample_chance(random.Random(7)))
        o = s2.observation(0)
        st.html(
            row(_("Player 1 hand"), cards_html(o["hand"], size=28))
            + row(_("Player 1 straw"), straw_html(o["straw"][0]))
            + row(_("Player 2 straw"), straw_html(o["straw"][1]))
        )
        st.caption(_("What Player 1 sees: their hand and both rows of face-up straw cards."))
    st.markdown(
        _(
            "**Two-player Whist**: the non-dealer declares a High or a Low game; if Low, the "
            "dealer may change it to High (it is Low only if both want Low). In High the "
            "player who did not make the deciding declaration leads; in Low the non-dealer "
            "leads. High: the declarer scores 1 per trick over 6 when taking more than 6, "
            "otherwise the other player scores 2 per trick over 6. Low: a player with fewer "
            "than 7 tricks scores 7 − tricks. **Two-player Bid Whist** bids as usual "
            "(non-dealer first) with 12 tricks plus the kitty book."
        )
    )
    flag.assumption(
        "whist",
        _(
            "Trump in a High game is the suit of the last card dealt to the dealer "
            "(shown to both); a Low game has no trump."
        ),
        "high_game_trump",
    )
    assumption(_("In a Low game the cards rank as usual, the ace highest."))
    assumption(_("Honours are not scored in two-player Whist."))
    rows = []
    for t0 in range(14):
        hi = two_player_whist_points("high", (t0, 13 - t0), 0)
        lo = two_player_whist_points("low", (t0, 13 - t0))
        rows.append(
            {
                _("Player 1 tricks"): t0,
                _("High, Player 1 declared"): f"{hi[0]} / {hi[1]}",
                _("Low"): f"{lo[0]} / {lo[1]}",
            }
        )
    st.dataframe(rows, hide_index=True, width="stretch")

st.divider()
st.markdown(_("**The ruleset** (values the rules leave open are flagged)"))
# the shared table, each rule's meaning and default in a player's words (no codes)
rules_frame = ruleset_frame("whist")
fields = [r.name for r in describe(WhistRules)]
rules_frame = rules_frame.with_columns(
    pl.Series("meaning", [rule_meaning(f) or m for f, m in zip(fields, rules_frame["meaning"])]),
    pl.Series("default", [rule_default(f) or d for f, d in zip(fields, rules_frame["default"])]),
)
ruleset_html(rules_frame)

open_section()  # a link to one of the rules (a drill's answer) lands on it
