"""Pig's drills: the demo of :mod:`engine.practice` (one kind, answered by the state)."""

from __future__ import annotations

from engine.core.errors import Phrase
from engine.practice import make


def _turn_total(rng, rules):
    """The turn total after one more roll: the face is added, a 1 loses it all."""
    from engine.pig import GAME

    total = rng.randrange(0, rules.target // 2)
    face = rng.randint(1, rules.die_faces)
    state = GAME.new_initial_state(2, rules)
    state.turn_total = total  # a turn in progress; the roll goes through the rules
    state.apply("roll")
    state.apply(f"die {face}")
    answer = state.turn_total
    return make(
        Phrase.coded(
            "pig.drill.turn_total",
            "Your turn total is {total}. You roll a {face}: what is your turn total now?",
            total=total,
            face=face,
        ),
        {"total": total, "face": face},
        answer,
        Phrase.coded(
            "pig.drill.turn_total.why",
            "A 1 loses the turn's total; any other face is added to it: {answer}.",
            answer=answer,
        ),
        Phrase.coded("pig.rule.roll", "Rolling the die"),
        "roll",
    )


KINDS = {"turn_total": _turn_total}
