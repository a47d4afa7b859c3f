"""Stack 5's plugins for the shared game explorer and the live-game tracker."""

from __future__ import annotations

import streamlit as st

from dashboard.charts import seat_chart
from dashboard.explorer.words import player, player_words
from dashboard.i18n import N_, _, error_text, percent
from dashboard.stack5 import words
from dashboard.stack5.draw import cards_html, player_html
from engine import EngineError
from engine.stack5 import draw_odds, draw_or_stop
from engine.stack5.history import last_event


def render_state(state, seat, out=st):
    obs = state.observation(seat)
    target = state.ruleset.target
    if state.is_terminal():
        won = obs["scores"][obs["winner"]]
        out.success(
            _("Game over — {player} wins with {points} points (target {target}).").format(
                player=player(obs["winner"]), points=won, target=target
            )
        )
    else:
        out.markdown(
            _("**Turn of {player}** · {turn}").format(
                player=player(obs["player"]),
                turn=player_words(words.phrase(state.describe_turn(), player)),
            )
        )
    event = last_event(state)
    if event:
        out.markdown(
            _("**What happened:** {event}").format(event=player_words(words.phrase(event, player)))
        )
    parts = []
    if obs["hand"]:
        parts.append((_("Drawn this turn"), obs["hand"]))
    if obs["to_place"]:
        parts.append((_("{player} places").format(player=player(obs["placer"])), obs["to_place"]))
    if obs["stolen"]:
        parts.append((_("Stolen card"), [obs["stolen"]]))
    if obs["effect"]:
        parts.append((_("Taking effect"), [obs["effect"]]))
    html = ""
    for title, cards in parts:
        html += f'<div style="margin:4px 0"><div style="font-size:13px">{title}</div>'
        html += cards_html(cards, "md") + "</div>"
    for s, rows in enumerate(obs["rows"]):
        note = _("← drawing") if s == obs["player"] and not state.is_terminal() else ""
        html += player_html(s, rows, obs["scores"][s], target, note, name=player(s))
    out.html(html)
    caption = _("Deck {deck} cards · discard pile {discard} cards · reshuffles {reshuffles}")
    caption = caption.format(
        deck=obs["deck_size"], discard=sum(obs["discard"].values()), reshuffles=obs["reshuffles"]
    )
    out.caption(caption)  # the move that led here is said in words by the board's head line


def charts(df, step):
    return [
        seat_chart(df, "score_", step, title=_("Points of every player"), y_title=_("points")),
        seat_chart(
            df, "row_cards_", step, title=_("Cards in each player's rows"), y_title=_("cards")
        ),
    ]


MEASURE = N_(
    "Points you can expect to keep. Each draw or stop is graded by the points the turn is "
    "expected to keep, every card left in the deck counted with its chance and the drawer "
    "choosing well after each card until the turn ends (a reshuffle is not foreseen; the "
    "card a bomb turns over is not followed). Each placement is graded against "
    "the other places for the same card by how close it brings the rows to their best "
    "scoring combination (a rough guide: a row is worth the points it can still make, "
    "scaled by how full it is)."
)


def whose_turn(state) -> str:
    """Who is to act, in the page's language, seats as players."""
    return player_words(words.phrase(state.describe_turn(), player))


def event_words(text: str) -> str:
    """A move's event in the page's language, seats as players."""
    return player_words(words.phrase(text, player))


def advice(state):
    obs = state.observation(None)
    if obs["phase"] != "decide":
        return
    try:
        odds = draw_odds(
            obs["hand"],
            obs["unseen"] or obs["discard"],
            state.ruleset,
            horizon=1,
            jokers_this_turn=obs["jokers_this_turn"],
        )
    except EngineError as exc:  # pragma: no cover - the engine keeps hands legal
        st.error(error_text(exc))
        return
    verb, why = draw_or_stop(odds)
    st.info(
        _("Next draw: bust {bust}, second Joker {joker}. Suggestion: **{verb}** — {why}.").format(
            bust=percent(float(odds.bust)),
            joker=percent(float(odds.double_joker)),
            verb=words.verb(verb),
            why=words.why_text(why),
        )
    )
