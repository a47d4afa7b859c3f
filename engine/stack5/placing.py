"""Where a card may go among a player's rows, asked with card texts: the table
calculator's question and the grading's. The rule itself is
:func:`engine.stack5.actions.placements` (the state asks it with card codes); this checks
the rows a person typed and reads them.

>>> [str(a) for a in legal_placements([["R1", "R1"], ["B2", "G3"]], "R2")]
['place R2 row 1', 'place R2 row 3']
>>> [str(a) for a in legal_placements([["R1", "B2"], ["B2", "G2"], ["Y5"]], "P3")]
['place P3 row 1', 'place P3 row 3']
>>> [str(a) for a in legal_placements([["R1", "B1"], ["B2", "G2"], ["Y5", "Y4"]], "G5")]
['place G5 discard row 1', 'place G5 discard row 2', 'place G5 discard row 3']
"""

from __future__ import annotations

from collections.abc import Iterable

from engine.core.errors import IllegalAction, ParseError
from engine.stack5.actions import Place, placements
from engine.stack5.cards import ROW_LENGTH, deck_spec
from engine.stack5.rules import Stack5Rules


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
