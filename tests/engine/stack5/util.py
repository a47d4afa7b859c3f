"""Helpers for Stack 5 tests: states with chosen rows, scripted turns."""

from __future__ import annotations

from engine import get_game
from engine.stack5.state import Stack5State

GAME = get_game("stack5")


def new(players: int = 2, **rules) -> Stack5State:
    return GAME.new_initial_state(players, **rules)


def with_rows(state: Stack5State, rows: dict[int, list[str]]) -> Stack5State:
    """Put cards from the deck into rows: ``{seat: ["R1 R2", "B3"]}`` (bottom to top)."""
    spec = state.spec
    for seat, texts in rows.items():
        for i, text in enumerate(texts):
            codes = tuple(spec.codes(text))
            for c in codes:
                assert state.deck[c] > 0, f"no {spec.name(c)} left in the deck"
                state.deck[c] -= 1
                state.deck_total -= 1
            state.rows[seat][i] = codes
            stamps = []
            for _ in codes:
                state.clock += 1
                stamps.append(state.clock)
            state.stamps[seat][i] = tuple(stamps)
    return state


def rows_text(state: Stack5State, seat: int) -> list[str]:
    return [" ".join(state.spec.name(c) for c in row) for row in state.rows[seat]]


def play(state: Stack5State, *actions: str) -> Stack5State:
    for a in actions:
        state.apply(a)
    return state


def names(state: Stack5State, codes) -> list[str]:
    return [state.spec.name(c) for c in codes]
