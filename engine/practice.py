"""Drills: small questions about one rule, generated and answered by the engine's rules.

Each game lists its drill kinds in ``engine/<game>/drills.py`` as ``KINDS``: a short kind
name → a maker ``(rng, rules) -> Drill`` that draws a position with ``rng`` (a
``random.Random`` seeded from the drill's seed, so a drill is the same for its seed) and
answers it with the game's own rule code. The question's words are phrases (code +
parameters), worded by the app in the player's language. A drill whose answer rests on a
value the rules leave open (an [A] field of the game's ruleset) names it among its
``assumptions`` (the field and the reading used, as a phrase), and the page shows each one
with the question; ``tests/engine/test_drill_assumptions.py`` makes every kind again under
the other values of every [A] field and fails when the same question gets another answer
without the drill naming that field.

>>> d = drill("pig", "turn_total", seed=3)
>>> d.kind, d.position, d.answer
('pig.turn_total', {'total': 0, 'face': 3}, 3)
>>> drill("pig", "turn_total", seed=3) == d, d.is_right(3), d.is_right("3"), d.is_right(4)
(True, True, True, False)
"""

from __future__ import annotations

import importlib
import json
import random
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from fractions import Fraction

from engine.core.errors import EngineError, Phrase, Seat, Word, quote_choices
from engine.core.registry import _MODULES, get_game

#: the largest seed a drill takes (JSON and SQLite keep it exactly)
MAX_SEED = 2**53 - 1


@dataclass(frozen=True)
class Assumption:
    """A ruleset value a drill's answer rests on that the rules leave open (an [A] field
    of ``engine/<game>/rules.py``): the field's name and the reading the answer used, in
    player words (a coded phrase the app words in the page's language)."""

    field: str
    words: Phrase


@dataclass(frozen=True)
class Drill:
    """One question. ``position`` is plain JSON data holding everything a reader needs to
    re-derive ``answer`` by the rules; ``choices`` are the answer values offered (``None``
    when the learner types a number) and ``correct`` the index of the right one.
    ``rule`` names the rule asked about (a phrase), ``learn`` the Learn page section that
    teaches it (its anchor)."""

    game: str
    kind: str  # "<game>.<short kind>", e.g. "whist.trick_winner"
    seed: int
    prompt: Phrase
    position: Mapping
    choices: tuple | None
    answer: object
    explanation: Phrase
    rule: Phrase
    learn: str
    correct: int | None = None
    #: a phrase per choice, worded by the app (the choice value itself when empty)
    choice_words: tuple = field(default=(), compare=False)
    #: the [A] ruleset values this drill's answer rests on (the page names each one)
    assumptions: tuple[Assumption, ...] = field(default=(), compare=False)
    #: link values the Learn page opens with besides the section (e.g. the Whist variant
    #: the question is about, ``{"v": "whist4"}``)
    learn_values: Mapping = field(default_factory=dict, compare=False)

    def is_right(self, given) -> bool:
        """Whether ``given`` answers the drill: a choice's index when the drill offers
        choices, else the answer's value (an int, or ``"num/den"`` for a probability).

        >>> d = drill("pig", "turn_total", seed=1)
        >>> d.is_right(d.answer), d.is_right("x")
        (True, False)
        """
        if self.choices is not None:
            return isinstance(given, int) and not isinstance(given, bool) and given == self.correct
        if isinstance(self.answer, str) and "/" in self.answer:
            try:
                return Fraction(str(given).replace(" ", "")) == Fraction(self.answer)
            except (ValueError, ZeroDivisionError):
                return False
        if isinstance(given, str):
            try:
                given = int(given.strip())
            except ValueError:
                return False
        return given == self.answer and not isinstance(given, bool)

    def to_json(self) -> dict:
        """The drill as JSON data (one line of ``python -m engine drills``)."""
        return {
            "game": self.game,
            "kind": self.kind,
            "seed": self.seed,
            "prompt": phrase_json(self.prompt),
            "position": _plain(self.position),
            "choices": None if self.choices is None else _plain(self.choices),
            "correct": self.correct,
            "answer": _plain(self.answer),
            "explanation": phrase_json(self.explanation),
            "rule": phrase_json(self.rule),
            "learn": self.learn,
            "learn_values": dict(self.learn_values),
            "assumptions": [
                {"field": a.field, "words": phrase_json(a.words)} for a in self.assumptions
            ],
        }


def phrase_json(phrase) -> dict | str:
    """A phrase as JSON: its English text, code and parameters (inner phrases too)."""
    if not isinstance(phrase, Phrase) or phrase.code is None:
        return str(phrase)
    return {
        "text": str(phrase),
        "code": phrase.code,
        "params": {k: _plain(v) for k, v in phrase.params.items()},
    }


def _plain(value):
    if isinstance(value, Phrase):
        return phrase_json(value)
    if isinstance(value, Seat | bool):
        return value if isinstance(value, bool) else int(value)
    if isinstance(value, Word):
        return str(value)
    if isinstance(value, Mapping):
        return {str(k): _plain(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_plain(v) for v in value]
    if isinstance(value, Fraction):
        return f"{value.numerator}/{value.denominator}"
    return value


Maker = Callable[[random.Random, object], Drill]


def kinds(game: str) -> dict[str, Maker]:
    """The drill kinds of ``game`` (short name → maker), in the game's order.

    >>> list(kinds("pig"))
    ['turn_total']
    """
    get_game(game)  # a clear error for an unknown game
    try:
        module = importlib.import_module(f"{_MODULES[game]}.drills")
    except ModuleNotFoundError:
        raise EngineError.coded(
            "drill.no_drills", "game {game!r} has no drills yet", game=game
        ) from None
    return dict(module.KINDS)


def drill(game: str, kind: str, seed: int, rules=None) -> Drill:
    """The drill of ``kind`` (short, ``trick_winner``, or full, ``whist.trick_winner``) for
    ``seed``, under ``rules`` (the game's default ruleset when ``None``)."""
    makers = kinds(game)
    short_kind = kind.removeprefix(f"{game}.")
    if short_kind not in makers:
        raise EngineError.coded(
            "drill.unknown_kind",
            "unknown drill kind {kind!r} for {game}; kinds: {choices}",
            kind=kind,
            game=game,
            choices=quote_choices(list(makers)),
        )
    if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed <= MAX_SEED:
        raise EngineError.coded(
            "drill.bad_seed",
            "drill seed {seed!r}: write a whole number from 0 to {top}",
            seed=seed,
            top=MAX_SEED,
        )
    if rules is None:
        g = get_game(game)
        from engine.core.ruleset import make_ruleset

        rules = make_ruleset(g.ruleset_class)
    out = makers[short_kind](random.Random(f"{game}.{short_kind}.{seed}"), rules)
    _check_assumptions(out, rules)
    return _stamped(out, game, f"{game}.{short_kind}", seed)


def assumption_fields(rules_class) -> tuple[str, ...]:
    """The [A] fields of a ruleset class (``option(..., assumption=True)``).

    >>> from engine.stack5.rules import Stack5Rules
    >>> "steal_from" in assumption_fields(Stack5Rules), "target" in assumption_fields(Stack5Rules)
    (True, False)
    """
    from dataclasses import fields

    return tuple(f.name for f in fields(rules_class) if f.metadata.get("assumption"))


def _check_assumptions(d: Drill, rules) -> None:
    """A maker names only [A] fields of its ruleset, each once (else a bug in the maker)."""
    known = assumption_fields(type(rules))
    names = [a.field for a in d.assumptions]
    for name in names:
        if name not in known:
            raise ValueError(f"drill names {name!r}, not an assumption field of {type(rules)}")
    if len(set(names)) != len(names):
        raise ValueError(f"drill names an assumption twice: {names}")


def _stamped(d: Drill, game: str, kind: str, seed: int) -> Drill:
    """The maker's drill with its identity set (makers leave game/kind/seed to here)."""
    from dataclasses import replace

    return replace(d, game=game, kind=kind, seed=seed)


def make(
    prompt,
    position,
    answer,
    explanation,
    rule,
    learn,
    *,
    choices=None,
    correct=None,
    choice_words=(),
    assumptions=(),
    learn_values=None,
) -> Drill:
    """A drill from a maker (the identity is filled in by :func:`drill`); checks that a
    drill with choices has its right choice among them. ``assumptions`` are the
    :class:`Assumption` values the answer rests on; ``learn_values`` the Learn page's link
    values for the table the question is about."""
    if choices is not None:
        choices = tuple(choices)
        if correct is None or not 0 <= correct < len(choices):
            raise ValueError(f"correct choice {correct!r} not among {len(choices)} choices")
    json.dumps(_plain(position))  # plain JSON data, or a bug in the maker
    return Drill(
        game="",
        kind="",
        seed=0,
        prompt=prompt,
        position=position,
        choices=choices,
        answer=answer,
        explanation=explanation,
        rule=rule,
        learn=learn,
        correct=correct,
        choice_words=tuple(choice_words),
        assumptions=tuple(assumptions),
        learn_values=dict(learn_values or {}),
    )


def drills(game: str, n: int, seed: int = 0, kind: str | None = None, rules=None):
    """``n`` drills of ``game`` from ``seed`` on (kinds in turn, or only ``kind``)."""
    names = [kind] if kind else list(kinds(game))
    for i in range(n):
        yield drill(game, names[i % len(names)], seed + i // len(names), rules)
