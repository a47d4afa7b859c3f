"""Graded decisions: what each game's ``analysis.analyse(record)`` returns.

An :class:`Annotation` grades one decision of one seat against the best choice by the
game's own exact or best-known measure, in the game's own unit (points, dollars, tricks).
The explorer draws them; ``python -m engine analyse FILE`` writes them as JSON Lines.

Marks follow chess annotation, decided by the value lost against per-game thresholds:

- ``"??"`` blunder, ``"?"`` mistake, ``"?!"`` inaccuracy: loss at or above that threshold;
- ``"!?"`` a good find: the best choice, where the second best loses at least the mistake
  threshold (the only move that keeps the value);
- ``""`` nothing to say.
"""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass

MARKS = ("!?", "?!", "?", "??")
MARK_WORDS = {"!?": "good find", "?!": "inaccuracy", "?": "mistake", "??": "blunder"}


@dataclass(frozen=True, slots=True)
class Thresholds:
    """Loss thresholds (in the game's unit) for ``?!``, ``?`` and ``??``."""

    inaccuracy: float
    mistake: float
    blunder: float


@dataclass(frozen=True, slots=True)
class Annotation:
    """One graded decision.

    ``step`` is the index of the action in ``record.actions`` (the position before it is
    ``states(record)[step]``). ``value_played`` and ``value_best`` are the measure's value
    of the action taken and of the best action, from the deciding seat's point of view.

    >>> a = Annotation(3, 0, "stop", "draw", 1.5, 2.0, "points", "?!", "expected points")
    >>> a.loss
    0.5
    >>> Annotation.from_dict(a.to_dict()) == a
    True
    """

    step: int
    seat: int
    action: str
    best: str
    value_played: float
    value_best: float
    unit: str
    mark: str
    measure: str

    @property
    def loss(self) -> float:
        return max(0.0, self.value_best - self.value_played)

    def to_dict(self) -> dict:
        return asdict(self) | {"loss": self.loss}

    @classmethod
    def from_dict(cls, d: dict) -> Annotation:
        return cls(**{k: d[k] for k in cls.__dataclass_fields__})

    def to_json(self) -> str:
        return json.dumps(self.to_dict(), ensure_ascii=True)


def mark_for(loss: float, t: Thresholds, *, second_best_loss: float | None = None) -> str:
    """The mark for a decision that lost ``loss``.

    >>> t = Thresholds(0.1, 0.3, 1.0)
    >>> [mark_for(x, t) for x in (0.0, 0.05, 0.1, 0.5, 2.0)]
    ['', '', '?!', '?', '??']
    >>> mark_for(0.0, t, second_best_loss=0.4)
    '!?'
    """
    eps = 1e-9
    if loss >= t.blunder - eps:
        return "??"
    if loss >= t.mistake - eps:
        return "?"
    if loss >= t.inaccuracy - eps:
        return "?!"
    if loss <= eps and second_best_loss is not None and second_best_loss >= t.mistake - eps:
        return "!?"
    return ""


def accuracy(annotations, num_players: int) -> list[dict]:
    """Per seat: decisions graded, count of each mark, mean and total value lost.

    >>> t = [Annotation(0, 0, "a", "a", 1, 1, "pts", "", "m"),
    ...      Annotation(1, 1, "b", "c", 0, 2, "pts", "??", "m")]
    >>> accuracy(t, 2)[1]["??"], accuracy(t, 2)[1]["mean_loss"]
    (1, 2.0)
    """
    rows = []
    for seat in range(num_players):
        mine = [a for a in annotations if a.seat == seat]
        total = sum(a.loss for a in mine)
        row = {"seat": seat, "decisions": len(mine), "total_loss": total}
        row["mean_loss"] = total / len(mine) if mine else 0.0
        row |= {m: sum(a.mark == m for a in mine) for m in MARKS}
        rows.append(row)
    return rows
