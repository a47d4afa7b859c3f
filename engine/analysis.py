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
import importlib.util
import inspect
import json
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path

from engine.core.annotation import Annotation
from engine.core.errors import EngineError, Phrase, quote_choices
from engine.core.protocol import State
from engine.core.records import GameRecord, action_error, initial_state
from engine.core.registry import registered_names


def _has_analysis(game: str) -> bool:
    """Whether ``engine.<game>`` ships an ``analysis`` module (found without importing
    the game)."""
    spec = importlib.util.find_spec(f"engine.{game}")
    paths = (spec.submodule_search_locations or []) if spec else []
    return any((Path(p) / "analysis.py").exists() for p in paths)


#: the games whose package has an ``analysis`` module, in the registry's order
ANALYSED = tuple(g for g in registered_names() if _has_analysis(g))


def analysis_module(game: str):
    """``engine.<game>.analysis``, or an :class:`EngineError` naming the analysed games.

    Besides ``analyse``, a game's module may declare what pages and commands use:
    ``ON_PAGE`` (options a page's grading job adds, e.g. leaving out a search that takes
    minutes), ``ON_COMMAND`` (options ``python -m engine analyse`` adds, e.g. a larger
    search budget than a page's job may spend), ``QUICK`` (options of the bounded
    grading an interactive page runs at once and ``--quick`` asks for),
    ``INSIGHT_GAMES`` (how many games the Insights grade by default), ``COMMAND_MEMORY``
    (the bytes one process may hold while the command grades a record: it runs no more
    processes than the machine's free memory holds), ``not_graded`` (what a grading
    may leave out, in words, said before it runs) and ``left_out(record, notes,
    **options)`` (what one grading left out of the decisions it was asked to grade, in
    words: the command says it game by game).
    """
    if game not in ANALYSED:
        raise EngineError.coded(
            "analysis.no_game",
            "no analysis for {game!r} games; analysed games: {games}",
            game=str(game)[:40],
            games=quote_choices(ANALYSED),
        )
    return importlib.import_module(f"engine.{game}.analysis")


def _accepted(function, options: dict) -> dict:
    """The ``options`` that ``function`` takes as keywords (a file of several games is
    graded with one set of command-line options; each game takes its own)."""
    params = inspect.signature(function).parameters
    return {k: v for k, v in options.items() if k in params}


def analyse(record: GameRecord, **options) -> list[Annotation]:
    """Every graded decision of ``record`` (an :class:`EngineError` for a game without
    an analysis or a record that does not replay). ``options`` go to the game's own
    ``analyse`` (e.g. Whist's ``tricks_left``, which bounds the double-dummy search)."""
    return analysis_module(record.game).analyse(record, **options)


def analyse_on_page(record: GameRecord, **options) -> list[Annotation]:
    """:func:`analyse` as a page's job runs it: with the game module's ``ON_PAGE`` options
    first (what a page leaves to the command, such as Whist's bidding grades, whose
    double-dummy table takes a minute a deal), then ``options``."""
    module = analysis_module(record.game)
    return module.analyse(record, **{**getattr(module, "ON_PAGE", {}), **options})


def quick_options(game: str) -> dict:
    """The options of the game's bounded grading (its module's ``QUICK``; none for a game
    whose whole grading takes seconds). Whist's double-dummy grading of every card takes
    seconds a deal, minutes a game (``python -m engine.whist.analysis_bench``)."""
    return dict(getattr(analysis_module(game), "QUICK", {}))


def analyse_quick(record: GameRecord) -> list[Annotation]:
    """:func:`analyse` bounded for an interactive page (see :func:`quick_options`)."""
    return analyse(record, **quick_options(record.game))


def insight_games(game: str, default: int) -> int:
    """How many games the Insights grade by default for ``game`` (its module's
    ``INSIGHT_GAMES``, else ``default``)."""
    return getattr(analysis_module(game), "INSIGHT_GAMES", default)


def command_options(game: str) -> dict:
    """The options ``python -m engine analyse`` adds for ``game`` (its module's
    ``ON_COMMAND``; none for most games)."""
    return dict(getattr(analysis_module(game), "ON_COMMAND", {}))


def command_memory(records: Iterable[GameRecord], quick: bool = False) -> int:
    """The most memory (bytes) one process may hold while ``python -m engine analyse``
    grades one of ``records``: the largest ``COMMAND_MEMORY`` of their games' modules (0
    for games that declare none, and with ``quick``, whose searches are a page's)."""
    if quick:
        return 0
    games = {record.game for record in records if record.game in ANALYSED}
    return max((getattr(analysis_module(g), "COMMAND_MEMORY", 0) for g in games), default=0)


def record_options(
    record: GameRecord, options: dict, *, quick: bool = False, command: bool = False
) -> dict:
    """The command-line ``options`` (with ``quick`` the game's :func:`quick_options`, and
    with ``command`` its :func:`command_options`, under them) that the record's game
    takes."""
    module = analysis_module(record.game)
    merged = {
        **(command_options(record.game) if command else {}),
        **(quick_options(record.game) if quick else {}),
        **options,
    }
    return _accepted(module.analyse, merged)


def not_graded(record: GameRecord, **options) -> list[str]:
    """What ``analyse(record, **options)`` leaves out of the record's decisions, in words
    (the game module's ``not_graded``; none for a game that grades every decision)."""
    if record.game not in ANALYSED:
        return []  # ``analyse`` refuses it with the reason
    hook = getattr(analysis_module(record.game), "not_graded", None)
    return list(hook(record, **_accepted(hook, options))) if hook else []


def left_out(record: GameRecord, notes, **options) -> list[str]:
    """What a grading of ``record`` with ``options`` (``notes``: the annotations it wrote)
    left out of the decisions it was asked to grade, in words (the game module's
    ``left_out``; none for a game without one)."""
    hook = getattr(analysis_module(record.game), "left_out", None)
    return list(hook(record, notes, **_accepted(hook, options))) if hook else []


def left_out_on_page(record: GameRecord, notes, **options) -> list[str]:
    """What a page's grading (:func:`analyse_on_page` with ``options``) left out of the
    decisions it was asked to grade, in words (:func:`left_out`)."""
    module = analysis_module(record.game) if record.game in ANALYSED else None
    if module is None:
        return []
    return left_out(record, notes, **{**getattr(module, "ON_PAGE", {}), **options})


def not_graded_on_page(record: GameRecord, **options) -> list[str]:
    """What :func:`analyse_on_page` leaves out of the record's decisions, in words."""
    module = analysis_module(record.game) if record.game in ANALYSED else None
    return not_graded(record, **{**getattr(module, "ON_PAGE", {}), **options})


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
            raise action_error(i, text, exc) from None  # as a replay names it


def annotation_lines(
    records: Iterable[GameRecord],
    *,
    quick: bool = False,
    command: bool = False,
    workers: int | None = 1,
    cluster: str | None = None,
    progress: Callable[[int], None] | None = None,
    on_left_out: Callable[[int, list[str]], None] | None = None,
    **options,
) -> Iterator[str]:
    """One JSON line per annotation, ``record`` = the record's index (0-based). Each
    record is graded with the ``options`` its game takes (see :func:`record_options`).

    ``workers`` / ``cluster``: grade the records on that many processes (None: every
    core) or a Ray cluster (:func:`engine.core.parallel.run_ordered`); the lines are the
    same, in the same order, whatever the number. ``progress(n)`` is called once the
    lines of the first ``n`` records are yielded; ``on_left_out(index, words)`` before
    the lines of a record whose grading left out decisions it was asked to grade
    (:func:`left_out`)."""
    from engine.core.parallel import run_ordered

    pieces = (
        (index, record.to_dict(), record_options(record, options, quick=quick, command=command))
        for index, record in enumerate(records)
    )
    graded = run_ordered(_graded_lines, pieces, workers=workers, cluster=cluster)
    for done, (index, lines, missing) in enumerate(graded, 1):
        if missing and on_left_out is not None:
            on_left_out(index, missing)
        yield from lines
        if progress is not None:
            progress(done)


def _graded_lines(piece: tuple[int, dict, dict]) -> tuple[int, list[str], list[str]]:
    """The index, the JSON lines and what the grading left out (:func:`left_out`, as
    plain text) of one record (``piece``: its index, its dict, its options)."""
    index, data, opts = piece
    record = GameRecord.from_dict(data)
    try:
        notes = analyse(record, **opts)
        missing = [str(words) for words in left_out(record, notes, **opts)]
    except EngineError as exc:
        where = Phrase.coded("analysis.game", "game {n}", n=index + 1)
        raise type(exc).within(where, exc) from None
    lines = [json.dumps({"record": index} | note.to_dict(), ensure_ascii=True) for note in notes]
    return index, lines, missing
