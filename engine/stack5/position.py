"""Stack 5 positions from what a player sees: a game set up with cards already in the
rows (:func:`setup_position`, for lessons, demonstrations and the calculators) and where
a card may go among rows given as text (:func:`legal_placements`).

>>> [str(a) for a in legal_placements([["R1", "R1"], ["B2", "G3"]], "R2")]
['place R2 row 1', 'place R2 row 3']
>>> [str(a) for a in legal_placements([["R1", "B2"], ["B2", "G2"], ["Y5"]], "P3")]
['place P3 row 1', 'place P3 row 3']
>>> [str(a) for a in legal_placements([["R1", "B1"], ["B2", "G2"], ["Y5", "Y4"]], "G5")]
['place G5 discard row 1', 'place G5 discard row 2', 'place G5 discard row 3']
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

from engine.core.errors import IllegalAction, ParseError
from engine.stack5.actions import Place, placements
from engine.stack5.cards import ROW_LENGTH, deck_spec
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
    from engine.stack5 import GAME

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


def legal_placements(
    rows: Iterable[Iterable[str] | str], card: str, rules: Stack5Rules | None = None
) -> list[Place]:
    """The legal places for ``card`` among your rows (up to ``max_rows``, each a list of
    card texts bottom to top; missing rows are empty slots).

    A card may go on a row that stays viable, or start a new row in the first empty slot;
    only when it has no such place may it go anywhere after discarding that row.
    """
    spec = deck_spec(rules)
    max_rows = spec.rules.max_rows
    rows = list(rows)
    if len(rows) > max_rows:
        raise IllegalAction.coded(
            "stack5.too_many_rows",
            "a player has at most {most} rows; got {n}",
            most=max_rows,
            n=len(rows),
        )
    slots = []
    for i, row in enumerate(rows, 1):
        codes = tuple(spec.codes(row))
        for c in codes:
            if c >= spec.n_numbers and c != spec.JK:
                raise IllegalAction.coded(
                    "stack5.row_special",
                    "row {row}: {card!r} cannot be in a row (only number cards and Jokers are "
                    "placed)",
                    row=i,
                    card=spec.name(c),
                )
        if len(codes) >= ROW_LENGTH:
            raise IllegalAction.coded(
                "stack5.row_complete",
                "row {row} has {n} cards; a row of {length} scores and leaves at once",
                row=i,
                n=len(codes),
                length=ROW_LENGTH,
            )
        if not spec.viable(codes):
            raise IllegalAction.coded(
                "stack5.row_not_viable",
                "row {row} ({cards}) is not viable: it could never have been built",
                row=i,
                cards=" ".join(spec.name(c) for c in codes),
            )
        slots.append(codes)
    slots += [()] * (max_rows - len(slots))
    code = spec.code(card)
    if code >= spec.n_numbers and code != spec.JK:
        raise ParseError.coded(
            "stack5.not_row_card",
            "{card!r}: only number cards and Jokers are placed in rows",
            card=card,
        )
    return placements(spec, slots, code)
