"""Stack 5 positions from what a player sees: a game set up with cards already in the
rows (:func:`setup_position`, for lessons, demonstrations and the calculators); where a
card may go among rows given as text is :func:`engine.stack5.placing.legal_placements`."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from engine.core.errors import IllegalAction
from engine.stack5.cards import ROW_LENGTH
from engine.stack5.rules import Stack5Rules
from engine.stack5.state import Stack5State


def setup_position(
    rows: Mapping[int, Sequence[str | Sequence[str]]] | None = None,
    players: int = 2,
    scores: list[int] | None = None,
    ruleset: Stack5Rules | None = None,
) -> Stack5State:
    """A fresh game whose rows already hold cards (taken out of the deck), for lessons,
    demonstrations and tests. ``rows`` maps a seat to its rows, each a card text list or
    a string (bottom to top). Seat 0 is about to draw.

    >>> s = setup_position({1: ["R1 R2", "B5"]}, players=3)
    >>> s.observation(0)["rows"][1], s.deck_total
    ([['R1', 'R2'], ['B5'], []], 84)
    >>> setup_position({0: ["R1 B1 G2"]})
    Traceback (most recent call last):
    ...
    engine.core.errors.IllegalAction: seat 0 row 1 'R1 B1 G2' cannot make any combination
    """
    from engine.stack5.game import GAME

    state = GAME.new_initial_state(players, ruleset)
    spec = state.spec
    for seat, texts in (rows or {}).items():
        if not isinstance(seat, int) or not 0 <= seat < players:
            raise IllegalAction.coded(
                "stack5.seat_range",
                "seat {seat!r}: seats are 0-{last}",
                seat=seat,
                last=players - 1,
            )
        if len(texts) > state.ruleset.max_rows:
            raise IllegalAction.coded(
                "stack5.too_many_rows_seat",
                "seat {seat} has {n} rows; at most {most}",
                seat=seat,
                n=len(texts),
                most=state.ruleset.max_rows,
            )
        for i, text in enumerate(texts):
            codes = tuple(spec.codes(text))
            shown = " ".join(spec.name(c) for c in codes)
            if len(codes) >= ROW_LENGTH or not spec.viable(codes):
                if len(codes) < ROW_LENGTH:
                    raise IllegalAction.coded(
                        "stack5.row_dead",
                        "seat {seat} row {row} {cards!r} cannot make any combination",
                        seat=seat,
                        row=i + 1,
                        cards=shown,
                    )
                raise IllegalAction.coded(
                    "stack5.row_full",
                    "seat {seat} row {row} {cards!r}: a row of {length} scores at once",
                    seat=seat,
                    row=i + 1,
                    cards=shown,
                    length=ROW_LENGTH,
                )
            for c in codes:
                if not state.deck[c]:
                    raise IllegalAction.coded(
                        "stack5.no_copy_left",
                        "no copy of {card!r} is left for seat {seat} row {row}",
                        card=spec.name(c),
                        seat=seat,
                        row=i + 1,
                    )
                state.deck[c] -= 1
                state.deck_total -= 1
            state.rows[seat][i] = codes
            stamps = []
            for _ in codes:
                state.clock += 1
                stamps.append(state.clock)
            state.stamps[seat][i] = tuple(stamps)
    for seat, pts in enumerate(scores or []):
        if not 0 <= pts < state.ruleset.target:
            raise IllegalAction.coded(
                "stack5.score_range",
                "seat {seat}: score {points} must be 0-{last}",
                seat=seat,
                points=pts,
                last=state.ruleset.target - 1,
            )
        state.scores[seat] = pts
    state._summarise()
    state.origin = (rows, scores)
    return state
