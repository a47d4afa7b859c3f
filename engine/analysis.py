"""Grading a record's decisions: the dispatcher and the JSON Lines writer.

``analyse(record)`` hands the record to ``engine.<game>.analysis.analyse``, which returns
one :class:`~engine.core.annotation.Annotation` per graded decision (see each game's
module for its measure). ``python -m engine analyse FILE`` writes them with
:func:`annotation_lines`: one JSON object per annotation, with ``record`` = the index of
the record in the file (0-based).

>>> from engine import simulate
>>> rec = simulate("stack5", seed=3, players=["heuristic", "random"])
>>> notes = analyse(rec)
>>> all(n.loss >= 0 for n in notes) and notes[0].unit
'points'
>>> analyse(simulate("pig", seed=1, players=["random", "random"]))  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
engine.core.errors.EngineError: no analysis for 'pig' games; analysed games: ...
"""

from __future__ import annotations

import importlib
import json
from collections.abc import Iterable, Iterator

from engine.core.annotation import Annotation
from engine.core.errors import EngineError, RecordError
from engine.core.protocol import State
from engine.core.records import GameRecord, initial_state

ANALYSED = ("stack5", "owners_choice", "stock_holdem", "whist")


def analyse(record: GameRecord, **options) -> list[Annotation]:
    """Every graded decision of ``record`` (an :class:`EngineError` for a game without
    an analysis or a record that does not replay). ``options`` go to the game's own
    ``analyse`` (e.g. Whist's ``tricks_left``, which bounds the double-dummy search)."""
    if record.game not in ANALYSED:
        raise EngineError(
            f"no analysis for {record.game!r} games; analysed games: "
            + ", ".join(repr(g) for g in ANALYSED)
        )
    module = importlib.import_module(f"engine.{record.game}.analysis")
    return module.analyse(record, **options)


# Pages answer within seconds: Whist's double-dummy grading of every card takes seconds
# a deal (``python -m engine.whist.analysis_bench``), minutes a game, so a page grades
# the last tricks of each deal only.
QUICK_OPTIONS = {"whist": {"tricks_left": 5}}


def analyse_on_page(record: GameRecord, **options) -> list[Annotation]:
    """:func:`analyse` as a page's job runs it: with the game module's ``ON_PAGE`` options
    first (what a page leaves to the command, such as Whist's bidding grades, whose
    double-dummy table takes a minute a deal), then ``options``."""
    if record.game not in ANALYSED:
        return analyse(record, **options)  # refused with the reason
    module = importlib.import_module(f"engine.{record.game}.analysis")
    return analyse(record, **{**getattr(module, "ON_PAGE", {}), **options})


def analyse_quick(record: GameRecord) -> list[Annotation]:
    """:func:`analyse` bounded for an interactive page (see ``QUICK_OPTIONS``)."""
    return analyse(record, **QUICK_OPTIONS.get(record.game, {}))


def not_graded(record: GameRecord, **options) -> list[str]:
    """What ``analyse(record, **options)`` leaves out of the record's decisions, in words
    (the game module's ``not_graded``; none for a game that grades every decision)."""
    if record.game not in ANALYSED:
        return []  # ``analyse`` refuses it with the reason
    module = importlib.import_module(f"engine.{record.game}.analysis")
    hook = getattr(module, "not_graded", None)
    return list(hook(record, **options)) if hook else []


def positions(record: GameRecord) -> Iterator[tuple[int, State, str]]:
    """``(step, state before the action, action text)`` for every action of the record.

    The state is the live replay state: read it (or clone it) before the next item.
    Raises :class:`RecordError` naming the first action that fails.
    """
    state = initial_state(record)
    for i, text in enumerate(record.actions):
        yield i, state, text
        try:
            state.apply(text)
        except EngineError as exc:
            raise RecordError(f"action {i + 1} {text!r}: {exc}") from None


def annotation_lines(records: Iterable[GameRecord], **options) -> Iterator[str]:
    """One JSON line per annotation, ``record`` = the record's index (0-based)."""
    for index, record in enumerate(records):
        try:
            notes = analyse(record, **(options if record.game == "whist" else {}))
        except EngineError as exc:
            raise type(exc)(f"game {index + 1}: {exc}") from None
        for note in notes:
            yield json.dumps({"record": index} | note.to_dict(), ensure_ascii=True)
