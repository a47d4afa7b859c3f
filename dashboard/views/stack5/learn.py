"""Learn Stack 5: the rules step by step, each next to a live example."""

import random
from html import escape

import streamlit as st

from dashboard import ui
from dashboard.guide.cards import door
from dashboard.i18n import N_, _, ngettext, percent, pgettext
from dashboard.sections import open_section
from dashboard.stack5 import words
from dashboard.stack5.draw import card_html, cards_html, player_html, row_html
from dashboard.variants import flag
from engine.stack5 import draw_odds, legal_placements, row_outlook, setup_position
from engine.stack5.cards import SPECIAL_NAMES, deck_spec
from engine.stack5.history import last_event

st.title(_("Learn Stack 5"))
door("stack5")  # the guided first game: each rule explained as it comes up
spec = deck_spec()
rules = spec.rules
st.markdown(
    _(
        "Draw cards one at a time, push your luck, and build up to **3 rows** of cards in "
        "front of you. A row that reaches exactly **5 cards** and forms a combination scores "
        "1–3 points. The first player to **3 points** wins at once. 2–4 players."
    )
)

# --- 1. the deck ------------------------------------------------------------------------------
st.header(_("1. The deck"), anchor="deck")
st.markdown(
    _(
        "**{numbers} number cards** — five colours, numbers 1–5, three copies of each — and "
        "**{specials} special cards**: {total} cards in all. One face-up discard pile is "
        "shared by everybody; when the deck runs out, the discard pile is shuffled into a "
        "new deck."
    ).format(numbers=rules.number_cards(), specials=rules.special_cards(), total=spec.size)
)
html = ""
for colour in rules.colours:
    html += cards_html([f"{colour}{n}" for n in range(1, rules.numbers + 1)], "md")
html += (
    '<div style="margin-top:6px">'
    + "".join(
        card_html(s, "md") + f'<span style="font-size:12px;margin:0 8px 0 2px">'
        f"{words.special(s)} ×{spec.counts[spec.index[s]]}</span>"
        for s in SPECIAL_NAMES
    )
    + "</div>"
)
st.html(html)
flag.assumption(
    "stack5",
    _(
        "The article gives only totals (75 number cards, 12 specials). The colours × numbers "
        "× copies split and the counts D3 ×3, NB ×2, CB ×2, ST ×3 are assumptions (ruleset "
        "fields)."
    ),
    "colours",
    "numbers",
    "copies",
    "draw3",
    "number_bombs",
    "colour_bombs",
    "steals",
)

# --- 2. a turn --------------------------------------------------------------------------------
st.header(_("2. A turn: draw, then place"), anchor="turn")
st.markdown(
    _(
        "Draw at least **two** cards, one at a time. After the second, before each further "
        "card, choose: **draw again** or **stop** and place every drawn card in your rows. "
        "The next turn belongs to the player on your left."
    )
)
flag.assumption(
    "stack5",
    words.sentences(
        words.minimum_draw_text(rules),
        _(
            "The article says only that a card turned by a bomb does not count; counting only "
            "your own draws is a table choice."
        ),
    ),
    "min_draw_counts",
)

if "s5_learn_turn" not in st.session_state:
    st.session_state.s5_learn_turn = []
    st.session_state.s5_learn_seed = 1
c1, c2, c3 = st.columns(3)
if c3.button(_("New turn"), key="s5_learn_new"):
    st.session_state.s5_learn_turn = []
    st.session_state.s5_learn_seed += 1


def _turn_state(actions):
    s = setup_position({1: ["R1 R2", "B4 G4"]})
    for a in actions:
        s.apply(a)
    return s


state = _turn_state(st.session_state.s5_learn_turn)
rng = random.Random(f"{st.session_state.s5_learn_seed}:{len(state.history)}")
while state.is_chance() and state.player == 0:
    action = state.sample_chance(rng)
    state.apply(action)
    st.session_state.s5_learn_turn = list(state.history)
can_choose = state.phase == 3 and state.player == 0  # P_DECIDE of the learner's turn
if c1.button(_("Draw again"), disabled=not can_choose, key="s5_learn_draw"):
    st.session_state.s5_learn_turn = list(state.history) + ["draw"]
    st.rerun()
if c2.button(_("Stop"), disabled=not can_choose, key="s5_learn_stop"):
    st.session_state.s5_learn_turn = list(state.history) + ["stop"]
    st.rerun()
obs = state.observation(0)
if obs["hand"] or obs["to_place"]:
    st.html(cards_html(obs["hand"] or obs["to_place"], "lg"))
if can_choose:
    o = draw_odds(
        obs["hand"], obs["unseen"], rules, horizon=1, jokers_this_turn=obs["jokers_this_turn"]
    )
    st.caption(
        _("If you draw again: bust {bust}, second Joker {joker}.").format(
            bust=percent(float(o.bust)), joker=percent(float(o.double_joker))
        )
    )
if state.player != 0 or state.phase not in (0, 1, 2, 3):
    event = last_event(state)
    turn = words.phrase(state.describe_turn())
    st.info(
        f"{turn[:1].upper()}{turn[1:]}{_('.')}"
        + (_(" ({event})").format(event=words.phrase(event)) if event else "")
    )
    st.caption(
        _("This turn so far: {actions}").format(
            actions=" · ".join(words.action_words(str(a)) for a in state.history)
        )
    )
# after a stop or a bust the learner places the cards (or gives them) move by move
if state.player == 0 and not state.is_chance() and not can_choose and not state.is_terminal():
    moves = [str(a) for a in state.legal_actions()]
    move = st.selectbox(
        _("{player}: choose a move").format(player=ui.seat_name(state.current_player())),
        moves,
        key="s5_learn_move",
        format_func=words.option_words,
    )
    if st.button(_("Play this move"), key="s5_learn_play"):
        st.session_state.s5_learn_turn = list(state.history) + [move]
        st.rerun()
st.html(
    "".join(
        player_html(s, rows, state.scores[s], rules.target, size="sm")
        for s, rows in enumerate(state.observation(0)["rows"])
    )
)
if state.player != 0:
    st.success(
        _("The turn passes to Player 2, the player on the left. Press *New turn* to try again.")
    )

# --- 3. busting -------------------------------------------------------------------------------
st.header(_("3. Busting and giving cards away"), anchor="bust")
st.markdown(
    _(
        "The moment a card shows a **number already drawn this turn**, drawing ends: you "
        "give **all** the cards drawn this turn — the duplicate and any Joker included — to "
        "**one other player of your choice**, who must place them in their own rows. Two "
        "equal numbers as the first two cards bust at once. Play still passes to **your** "
        "left."
    )
)
st.html(cards_html(["R3", "B1", "G4", "Y3"], "md"))
st.caption(_("Y3 repeats the 3 of R3: bust. Give these four cards to the opponent they hurt most."))
o = draw_odds(["R3", "B1"], horizon=1)
st.markdown(
    _(
        "With R3 and B1 in hand, 14 threes and 14 ones are among the 85 unseen cards, and "
        "each Draw 3 can bust too: the next draw busts with probability **{bust}** (exactly "
        "{exact}). The **Bust odds** page computes this for any hand."
    ).format(bust=percent(float(o.bust)), exact=o.bust)
)

# --- 4. special cards -------------------------------------------------------------------------
st.header(_("4. Special cards"), anchor="specials")
st.markdown(
    _(
        "Special cards — Draw 3, Number Bomb, Colour Bomb, Steal and Joker — act as soon as "
        "they are drawn, then go to the discard pile — except Jokers, which you keep and "
        "place."
    )
)
DEMOS = {
    "D3": N_(
        "Draw 3: draw three more cards now. A repeated number among them busts at once "
        "(the cards after it are not drawn)."
    ),
    "NB": N_(
        "Number Bomb: turn the top card of the deck; every player discards every card of "
        "that number from all their rows. The turned card is discarded and is not a draw."
    ),
    "CB": N_("Colour Bomb: the same with the turned card's colour."),
    "ST": N_(
        "Steal: take the top (most recently placed) card of one row of another player and "
        "place it at once in one of your rows (a row it completes scores at once)."
    ),
    "JK": N_(
        "Joker: kept and placed with your other cards; wild for any number and any colour. "
        "Drawing both Jokers in one turn discards every card drawn this turn and ends it."
    ),
}
D3_CASES = {
    N_("B1 G2 JK — no bust (the Joker drawn by Draw 3 is discarded)"): ["B1", "G2", "JK"],
    N_("B1 Y5 — Y5 repeats the 5 of R5: bust"): ["B1", "Y5"],
    N_("NB B2 G3 — the bomb drawn by Draw 3 has no effect"): ["NB", "B2", "G3"],
}
JK_CASES = {
    N_("One Joker, then stop"): ["JK", "R2", "stop"],
    N_("Both Jokers in one turn"): ["JK", "R2", "draw", "JK"],
}
pick = st.radio(
    _("Special card"),
    list(DEMOS),
    format_func=words.special,
    horizontal=True,
    key="s5_learn_special",
)
st.html(card_html(pick, "lg"))
st.markdown(_(DEMOS[pick]))
demo = setup_position({0: ["Y1 Y2"], 1: ["R1 R2", "B4 G4"]})
before = demo.observation(None)
if pick == "D3":
    case = st.selectbox(_("The three cards"), list(D3_CASES), key="s5_learn_d3", format_func=_)
    script = ["R5", "D3"] + D3_CASES[case]
elif pick in ("NB", "CB"):
    turned = st.selectbox(
        _("The card the bomb turns over"),
        [c for c in spec.names if c != pick],
        index=spec.index["G4"] if pick == "NB" else spec.index["R3"],
        key=f"s5_learn_turn_{pick}",
        format_func=lambda c: _("{card} ({name})").format(
            card=c, name=words.special(c) if c in SPECIAL_NAMES else _("number card")
        ),
    )
    script = [pick, turned]
elif pick == "ST":
    probe = setup_position({0: ["Y1 Y2"], 1: ["R1 R2", "B4 G4"]})
    probe.apply("ST")
    target = st.selectbox(
        _("Steal from"),
        [str(a) for a in probe.legal_actions()],
        index=1,
        key="s5_learn_steal",
        format_func=words.option_words,
    )
    probe.apply(target)
    place = st.selectbox(
        _("Place the stolen card"),
        [str(a) for a in probe.legal_actions()],
        key=f"s5_learn_steal_place_{target.replace(' ', '_')}",
        format_func=words.option_words,
    )
    script = ["ST", target, place]
else:
    case = st.selectbox(_("Scenario"), list(JK_CASES), key="s5_learn_jk", format_func=_)
    script = JK_CASES[case]
steps = []
with ui.engine_errors():
    for a in script:
        demo.apply(a)
        said = words.phrase(last_event(demo) or demo.describe_turn())
        steps.append(f"{words.action_words(str(a))} — {said}")
after = demo.observation(None)
held = after["hand"] or after["to_place"]


def _board(rows, held_now=()) -> str:
    """The players' rows, named as the text names them, and the cards held this turn (not
    placed yet: a turn that goes on changes the hand before the rows)."""
    out = "".join(player_html(s, r, 0, 3, size="sm") for s, r in enumerate(rows))
    if held_now:
        label = escape(_("Held this turn"))
        out += f'<div style="margin-top:6px">{label}</div>' + cards_html(list(held_now), "sm")
    return out


before_col, after_col = st.columns(2)
before_col.markdown(_("**Before**"))
before_col.html(_board(before["rows"], before["hand"] or before["to_place"]))
after_col.markdown(_("**After**"))
after_col.html(_board(after["rows"], held))
st.markdown("\n".join(f"{i + 1}. {t}" for i, t in enumerate(steps)))
st.caption(_("Now: {turn}.").format(turn=words.phrase(demo.describe_turn())))
st.markdown(
    _(
        "A special card drawn by a Draw 3 or turned by a bomb has **no effect** and is "
        "discarded — a Joker among them too."
    )
)
flag.assumption(
    "stack5",
    words.sentences(
        words.draw3_joker_text(rules),
        _("The article does not say whether such a Joker completes both Jokers."),
    ),
    "draw3_joker",
)
flag.assumption(
    "stack5",
    _(
        "Steal: the stealer picks the player and the row; with no card in any other "
        "player's row the Steal does nothing."
    ),
    "steal_from",
)

# --- 5. placement -----------------------------------------------------------------------------
st.header(_("5. Placing cards"), anchor="placing")
st.markdown(
    _(
        "Place every card, one at a time, in any order: on top of one of your rows, or as a "
        "new row (at most 3). Cards never move again. A placement is legal only if the row "
        "can still form a combination: among its cards (Jokers ignored) **all numbers "
        "differ**, or **all numbers are equal**, or **all colours are equal**. If a card has "
        "no legal place, discard one of your rows and start a new row with the card."
    )
)
row_text = st.text_input(_("A row (bottom to top)"), "R1 R3", key="s5_learn_row")
try_card = st.selectbox(
    _("Card to put on it"), spec.names[: spec.n_numbers] + ["JK"], index=6, key="s5_learn_card"
)
with ui.engine_errors():
    now = row_outlook(row_text)
    then = row_outlook(row_text.split() + [try_card])
    st.html(row_html(list(then.cards), "", "md"))
    if then.viable:
        st.success(_("Allowed: {outlook}.").format(outlook=words.outlook_text(then)))
    else:
        st.error(
            _(
                "Not allowed: {cards} has repeated numbers, different numbers and different "
                "colours at once, so it can never form a combination."
            ).format(cards=" ".join(then.cards))
        )
    st.caption(_("Before: {outlook}.").format(outlook=words.outlook_text(now)))
    places = legal_placements([row_text, "B2 G2", "Y5 Y4"], try_card)
    st.markdown(
        _("With rows “{row}” / “B2 G2” / “Y5 Y4”, {card} may go: {places}").format(
            row=row_text,
            card=try_card,
            places=pgettext("list separator", ", ").join(
                words.action_words(str(p)) for p in places
            ),
        )
    )

# --- 6. scoring and winning -------------------------------------------------------------------
st.header(_("6. Scoring and winning"), anchor="scoring")
st.markdown(
    _("A row that reaches exactly 5 cards leaves at once and scores its best combination:")
    + "\n\n"
    + _(
        "| combination | points |\n|---|---|\n"
        "| all numbers different | 1 |\n| all numbers equal | 2 |\n| all colours equal | 2 |\n"
        "| all colours equal and all numbers different | 3 |"
    )
    + "\n\n"
    + _(
        "Jokers take whatever value helps most. A player reaching **3 points** wins at "
        "once, so there is never a tie."
    )
)
five = st.text_input(_("Try five cards"), "R1 JK R3 R4 R5", key="s5_learn_five")
with ui.engine_errors():
    out = row_outlook(five)
    st.html(row_html(list(out.cards), "", "md"))
    if len(out.cards) != 5:
        st.info(_("{n} cards: a row scores when it reaches exactly 5.").format(n=len(out.cards)))
    elif out.viable:
        st.success(
            ngettext(
                "Scores {n} point: {combo}.", "Scores {n} points: {combo}.", out.best_points
            ).format(n=out.best_points, combo=words.combination(out.combinations[0]))
        )
    else:
        st.error(_("This row makes no combination (and could never have been built)."))

st.header(_("Every rule value"))
ui.ruleset_table("stack5")

open_section()  # a link to one of the rules (a drill's answer) lands on it
