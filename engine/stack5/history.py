"""Stack 5 histories: one row per step with scores, the turn, the drawer and what happened.

Columns: ``step``, ``action``, ``actor`` (seat, -1 chance, -2 none), ``turn`` (1-based),
``drawer``, ``phase`` (after the step), ``event`` (a short phrase for busts, specials,
double Jokers, completed rows, reshuffles; "" otherwise), ``hand`` (cards held by the
drawer), ``deck`` (cards left in the deck), ``score_<seat>`` and ``row_cards_<seat>``.

>>> from engine import simulate
>>> df = history(simulate("stack5", seed=2, players=["heuristic", "random"]))
>>> df.columns[:6]
['step', 'action', 'actor', 'turn', 'drawer', 'phase']
>>> int(df["step"][-1]) == df.height - 1
True
"""

from __future__ import annotations

import polars as pl

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

SPECIAL_EVENTS = {
    "D3": "Draw 3",
    "NB": "Number Bomb",
    "CB": "Colour Bomb",
    "ST": "Steal",
}


def history(record: GameRecord) -> pl.DataFrame:
    state = initial_state(record)
    turn = 1
    rows = [_row(0, "", TERMINAL, state, turn, "")]
    before = _snapshot(state)
    for step in replay(record):
        s = step.state
        if s.player != before["player"] and s.phase != P_OVER:
            turn += 1
        event = _event(step.action, before, s)
        rows.append(_row(step.index + 1, step.action, before["actor"], s, turn, event))
        before = _snapshot(s)
    return pl.DataFrame(rows)


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


def _event(action: str, before: dict, s: Stack5State) -> str:
    parts = []
    phase = before["phase"]
    if phase == P_BOMB:
        parts.append(f"{'Number' if before['effect'] == 'NB' else 'Colour'} Bomb turns {action}")
    elif phase in (P_DRAW, P_EXTRA):
        if action in SPECIAL_EVENTS and phase == P_DRAW:
            parts.append(SPECIAL_EVENTS[action])
        elif phase == P_EXTRA and action in SPECIAL_EVENTS or (phase == P_EXTRA and action == "JK"):
            parts.append(f"{action} drawn by Draw 3: discarded")
        if s.phase == P_GIVE:
            parts.append(f"bust on {action}")
        if action == "JK" and phase == P_DRAW and s.player != before["player"]:
            parts.append("both Jokers: the turn's cards are discarded")
        if action == "ST" and phase == P_DRAW and s.phase != P_STEAL:
            parts.append("nobody to steal from")
    elif action.startswith("give "):
        parts.append(f"seat {before['player']} gives {before['hand']} cards to seat {action[5:]}")
    elif action.startswith("steal "):
        seat, row = action.split()[1], action.split()[3]
        parts.append(f"steals from seat {seat} row {row}")
    for seat, (a, b) in enumerate(zip(before["scores"], s.scores)):
        if b > a:
            parts.append(f"seat {seat} completes a row: +{b - a}")
    if s.reshuffles > before["reshuffles"]:
        parts.append("discard pile reshuffled into the deck")
    if s.phase == P_OVER:
        parts.append(f"seat {s.winner} wins")
    return "; ".join(parts)


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


def last_event(state: Stack5State) -> str:
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
        from engine.stack5.state import setup_position

        rows, scores = state.origin
        prev = setup_position(rows, state.num_players, scores, state.ruleset)
    else:
        prev = state.game.new_initial_state(state.num_players, state.ruleset)
    for text in state.history[:-1]:
        prev.apply_trusted(prev.parse_action(text))
    before = _snapshot(prev)
    return _event(state.history[-1], before, state)
