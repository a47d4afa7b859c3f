"""Stack 5 histories: one row per step with scores, the turn, the drawer and what happened.

Columns: ``step``, ``action``, ``actor`` (seat, -1 chance, -2 none), ``turn`` (1-based),
``drawer``, ``phase`` (after the step), ``event`` (a short phrase for busts, specials,
double Jokers, completed rows, reshuffles, as an :class:`~engine.core.errors.Phrase`; ""
otherwise), ``hand`` (cards held by the
drawer), ``deck`` (cards left in the deck), ``score_<seat>`` and ``row_cards_<seat>``.

>>> from engine import simulate
>>> df = history(simulate("stack5", seed=2, players=["heuristic", "random"]))
>>> df.columns[:6]
['step', 'action', 'actor', 'turn', 'drawer', 'phase']
>>> int(df["step"][-1]) == df.height - 1
True
"""

from __future__ import annotations

from typing import cast

import polars as pl

from engine.core.errors import Phrase, Seat
from engine.core.protocol import CHANCE, TERMINAL
from engine.core.records import GameRecord, initial_state, replay
from engine.stack5.state import (
    P_BOMB,
    P_DRAW,
    P_EXTRA,
    P_GIVE,
    P_OVER,
    P_STEAL,
    PHASE_NAMES,
    Stack5State,
)

#: the specials whose drawing is an event of its own (a Joker's shows in the turn)
SPECIAL_EVENTS = {
    "D3": Phrase.coded("s5.event.draw3", "Draw 3"),
    "NB": Phrase.coded("s5.event.number_bomb_drawn", "Number Bomb"),
    "CB": Phrase.coded("s5.event.colour_bomb_drawn", "Colour Bomb"),
    "ST": Phrase.coded("s5.event.steal", "Steal"),
}


def history(record: GameRecord) -> pl.DataFrame:
    state = cast(Stack5State, initial_state(record))
    turn = 1
    rows = [_row(0, "", TERMINAL, state, turn, "")]
    before = _snapshot(state)
    for step in replay(record):
        s = cast(Stack5State, step.state)
        if s.player != before["player"] and s.phase != P_OVER:
            turn += 1
        event = _event(step.action, before, s)
        rows.append(_row(step.index + 1, step.action, before["actor"], s, turn, event))
        before = _snapshot(s)
    # the events stay phrases (an object column): the app words them in the player's language
    events = pl.Series("event", [r["event"] for r in rows], dtype=pl.Object)
    return pl.DataFrame(rows).with_columns(events)


def _snapshot(s: Stack5State) -> dict:
    return {
        "actor": s.current_player(),
        "phase": s.phase,
        "player": s.player,
        "scores": list(s.scores),
        "reshuffles": s.reshuffles,
        "hand": len(s.hand),
        "effect": s.spec.name(s.effect) if s.effect >= 0 else "",
    }


def _event(action: str, before: dict, s: Stack5State) -> Phrase | str:
    """What the step did worth telling ("" for nothing notable), each part a phrase."""
    parts = []
    phase = before["phase"]
    if phase == P_BOMB:
        if before["effect"] == "NB":
            parts.append(
                Phrase.coded("s5.event.number_bomb", "Number Bomb turns {card}", card=action)
            )
        else:
            parts.append(
                Phrase.coded("s5.event.colour_bomb", "Colour Bomb turns {card}", card=action)
            )
    elif phase in (P_DRAW, P_EXTRA):
        if action in SPECIAL_EVENTS and phase == P_DRAW:
            parts.append(SPECIAL_EVENTS[action])
        elif phase == P_EXTRA and action in SPECIAL_EVENTS or (phase == P_EXTRA and action == "JK"):
            parts.append(
                Phrase.coded("s5.event.discarded", "{card} drawn by Draw 3: discarded", card=action)
            )
        if s.phase == P_GIVE:
            parts.append(Phrase.coded("s5.event.bust", "bust on {card}", card=action))
        if action == "JK" and phase == P_DRAW and s.player != before["player"]:
            parts.append(
                Phrase.coded("s5.event.jokers", "both Jokers: the turn's cards are discarded")
            )
        if action == "ST" and phase == P_DRAW and s.phase != P_STEAL:
            parts.append(Phrase.coded("s5.event.no_steal", "nobody to steal from"))
    elif action.startswith("give "):
        parts.append(
            Phrase.coded(
                "s5.event.gives",
                "{p} gives {n} cards to {q}",
                p=Seat(before["player"]),
                n=before["hand"],
                q=Seat(int(action[5:])),
            )
        )
    elif action.startswith("steal "):
        victim, row = action.split()[1], action.split()[3]
        parts.append(
            Phrase.coded(
                "s5.event.steals", "steals from {q} row {row}", q=Seat(int(victim)), row=row
            )
        )
    for seat, (a, b) in enumerate(zip(before["scores"], s.scores)):
        if b > a:
            parts.append(
                Phrase.coded(
                    "s5.event.completes", "{p} completes a row: +{n}", p=Seat(seat), n=b - a
                )
            )
    if s.reshuffles > before["reshuffles"]:
        parts.append(Phrase.coded("s5.event.reshuffle", "discard pile reshuffled into the deck"))
    if s.phase == P_OVER:
        parts.append(Phrase.coded("s5.event.wins", "{p} wins", p=Seat(s.winner)))
    return Phrase.joined(parts) if parts else ""


def _row(step: int, action: str, actor: int, s: Stack5State, turn: int, event: str) -> dict:
    row = {
        "step": step,
        "action": action,
        "actor": actor if actor >= CHANCE else -2,
        "turn": turn,
        "drawer": s.player,
        "phase": PHASE_NAMES[s.phase],
        "event": event,
        "hand": len(s.hand),
        "deck": s.deck_total,
    }
    for seat, score in enumerate(s.scores):
        row[f"score_{seat}"] = score
    for seat, rows in enumerate(s.rows):
        row[f"row_cards_{seat}"] = sum(len(r) for r in rows)
    return row


def last_event(state: Stack5State) -> Phrase | str:
    """The event phrase of the state's last action ("" if none or nothing notable).

    >>> from engine.stack5 import setup_position
    >>> s = setup_position()
    >>> for a in ["R1", "B1"]: s.apply(a)
    >>> last_event(s)
    'bust on B1'
    """
    if not state.history:
        return ""
    if state.origin is not None:
        from engine.stack5.position import setup_position

        rows, scores = state.origin
        prev = setup_position(rows, state.num_players, scores, state.ruleset)
    else:
        prev = state.game.new_initial_state(state.num_players, state.ruleset)
    for text in state.history[:-1]:
        prev.apply_trusted(prev.parse_action(text))
    before = _snapshot(prev)
    return _event(state.history[-1], before, state)
