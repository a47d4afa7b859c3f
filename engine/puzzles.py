"""Puzzles from real games: a decision where one move is clearly best and a player chose a
clearly worse one (lichess's idea); the learner finds the best move.

Each game's analysis already grades decisions (``engine/<game>/analysis.py``). A
:class:`Puzzle` is kept from a record when, under the game's measure,

- the move played lost at least the game's *mistake* threshold (``THRESHOLDS.mistake`` of
  its analysis: Stack 5 0.15 points, Owner's Choice $30, Stock Hold'em $5, Whist 1 trick),
- the best move is unique by that threshold too: every other choice (``margin``: the
  second best's loss) loses at least as much, and
- the best move is a legal action of the position (a grading's "no free action" or "no
  peek" is not a move one can play, so such positions are left out).

The choices a puzzle compares are the grading's (``values``: each choice's value): Stack 5
draw or stop, or the places of the card being placed; Owner's Choice every legal action
of the phase; Stock Hold'em the sell step's or buy step's choices, the free actions, or
the peeks; Whist every legal card, cards equivalent under double dummy (one hand's cards
adjacent in rank) counted as one choice, all of them solutions (``best`` lists them).

What each measure assumes is in the puzzle's ``measure`` (one of :data:`MEASURES`):
Whist is double dummy (every hand known, perfect play by all four from the position,
graded in the last ``PUZZLE_TRICKS_LEFT`` tricks of each four-player deal, in
``engine/whist/game.py``); the other
games' measures use only what the deciding seat could see (Stock Hold'em: its own
observation; Stack 5: the rows and the deck's contents, which are public, not its order;
Owner's Choice has no hidden information: the dice are enumerated).

**Difficulty** (``rating`` = OpenSkill Plackett–Luce ``(mu, sigma)``, the model the bot
ladder uses): puzzles and solvers are rated together, as lichess does with Glicko-2. A
new puzzle starts at the model's default (25, 25/3) and is updated, in this order, by one
attempt of each reference solver of fixed rating (:data:`ANCHORS`; the solvers are not
updated):

- ``random`` picks a choice at random: it solves the puzzle with probability
  ``len(best) / len(choices)``;
- ``blurred`` sees each choice's value blurred by about one mistake: it picks a choice with
  probability ∝ ``exp(value / mistake)`` (:func:`blurred_solve_chance`), so a puzzle
  whose best move stands out by many mistakes is easy for it;
- ``heuristic``: the game's heuristic bot's pick at the position, when it is one of the
  choices (solved when it is a best move);
- the record's player who chose the worse move (a failure), when that player is
  ``random`` or ``heuristic``.

An attempt that succeeds with probability ``q`` counts as the two outcomes' updates
averaged with weights ``q`` and ``1 − q`` (:func:`expected_update`), so the rating is
deterministic. The anchors' ratings are set, not measured: the random solver 10 below the
heuristic bot, the blurred solver half way. :func:`rate_attempt` is the update a page
calls for a learner's attempt.

>>> from engine import simulate
>>> rec = simulate("stack5", seed=3, players=["heuristic", "random"])
>>> ps = find_puzzles([rec], "stack5")
>>> all(p.gap >= 0.15 - 1e-9 and p.margin >= 0.15 - 1e-9 for p in ps)
True
>>> p = ps[0]
>>> p.is_solution(p.best[0]), p.is_solution(p.played)
(True, False)
>>> Puzzle.from_json(p.to_json()) == p
True
"""

from __future__ import annotations

import hashlib
import importlib
import json
import math
import random
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

from engine.core.errors import EngineError, Phrase, word
from engine.core.protocol import State
from engine.core.records import GameRecord, initial_state
from engine.core.registry import game_names, get_game
from engine.core.ruleset import short

PUZZLES_DIR = Path(__file__).resolve().parents[1] / "data" / "puzzles"
FORMAT = "tabletop-puzzle"
#: reference solvers' fixed ratings ``(mu, sigma)`` (OpenSkill's default is 25 ± 25/3)
ANCHORS = {"random": (15.0, 1.0), "blurred": (20.0, 1.0), "heuristic": (25.0, 1.0)}
DIGITS = 6  # values are stored rounded to this many decimals
EPS = 1e-6

#: the measure texts a puzzle carries: coded phrases, so the app words them in the player's
#: language (:func:`measure_phrase`)
MEASURES = {
    "stack5.draw": Phrase.coded(
        "puzzle.measure.stack5.draw",
        "Expected points kept this turn, exact over the cards left in the deck. Uses only "
        "what the seat could see: the rows and the deck's contents (public), not its order.",
    ),
    "stack5.place": Phrase.coded(
        "puzzle.measure.stack5.place",
        "Points of the rows' best possible combinations, times the square of each row's "
        "progress (a proxy for what a card is worth on each row). Everything it uses is "
        "public.",
    ),
    "owners_choice.pre": Phrase.coded(
        "puzzle.measure.owners_choice.pre",
        "Expected net worth after the best move, exact over the dice. Nothing is hidden.",
    ),
    "owners_choice.post": Phrase.coded(
        "puzzle.measure.owners_choice.post",
        "Expected net worth after the next player's move, exact over the dice. Nothing is hidden.",
    ),
    "owners_choice.exact": Phrase.coded(
        "puzzle.measure.owners_choice.exact",
        "Expected net worth, exact over the dice. Nothing is hidden.",
    ),
    "owners_choice.leave": Phrase.coded(
        "puzzle.measure.owners_choice.leave", "Net worth. Nothing is hidden."
    ),
    "stock_holdem.trade": Phrase.coded(
        "puzzle.measure.stock_holdem.trade",
        "Expected price after this round's price phase, from only what the seat could see "
        "(its hand, the face-up cards, the cards it placed or peeked at, the backs of the "
        "others).",
    ),
    "stock_holdem.peek": Phrase.coded(
        "puzzle.measure.stock_holdem.peek",
        "What knowing the card is worth for the seat's next trades, from only what the "
        "seat could see, minus the peek's chips.",
    ),
    "whist.double_dummy": Phrase.coded(
        "puzzle.measure.whist.double_dummy",
        "Books the side ends the deal with when every hand is known and all four play "
        "perfectly from here (double dummy); graded in the last 5 tricks of each deal.",
    ),
}

#: a puzzle's ``measure`` text → its key in :data:`MEASURES` (for a page's translations)
MEASURE_KEYS = {str(text): key for key, text in MEASURES.items()}


#: measures that value a move with every hand known: such a puzzle shows every hand
OPEN_HANDS = frozenset({"whist.double_dummy"})


def shows_every_hand(puzzle) -> bool:
    """Whether the puzzle is set with every hand face up (its measure knows them all, as
    a bridge double-dummy problem shows all four hands)."""
    return MEASURE_KEYS.get(puzzle.measure) in OPEN_HANDS


def measure_phrase(puzzle) -> Phrase | str:
    """What the puzzle's values measure and assume, as a phrase the app words (a text
    that is none of :data:`MEASURES`, from an older file, as written)."""
    key = MEASURE_KEYS.get(puzzle.measure)
    return MEASURES[key] if key else puzzle.measure


_FIELDS = {
    "format": str,
    "id": str,
    "game": str,
    "record": dict,
    "prefix": list,
    "seat": int,
    "best": list,
    "played": str,
    "values": dict,
    "gap": float,
    "margin": float,
    "unit": str,
    "measure": str,
    "rating": list,
}


@dataclass(frozen=True, slots=True)
class Puzzle:
    """One puzzle (see the module docstring).

    ``record`` holds what replaying needs besides the actions: ``players`` (one name a
    seat), ``ruleset`` (the overrides) and ``seed`` (of the source game, or None).
    ``prefix`` is every action text of the source record before the decision (chance
    outcomes included), ``values`` each choice's value in ``unit`` from ``seat``'s side,
    ``gap`` the value ``played`` lost against the best, ``margin`` the value the second
    best choice loses, ``rating`` the OpenSkill ``(mu, sigma)`` of its difficulty.
    """

    id: str
    game: str
    record: dict
    prefix: tuple[str, ...]
    seat: int
    best: tuple[str, ...]
    played: str
    values: tuple[tuple[str, float], ...]
    gap: float
    margin: float
    unit: str
    measure: str
    rating: tuple[float, float]

    def __hash__(self) -> int:
        return hash(self.id)

    @property
    def choices(self) -> dict[str, float]:
        """Each choice (action text) → its value, best first."""
        return dict(self.values)

    def source(self) -> GameRecord:
        """The source record cut at the decision (no result: a game in progress)."""
        r = self.record
        return GameRecord(
            self.game,
            list(r["players"]),
            list(self.prefix),
            ruleset=dict(r["ruleset"]),
            seed=r.get("seed"),
        )

    def state(self) -> State:
        """The position of the puzzle: the prefix replayed through the engine (each action
        checked; an :class:`EngineError` names the first that fails)."""
        state = initial_state(self.source())
        for i, text in enumerate(self.prefix):
            try:
                state.apply(text)
            except EngineError as exc:
                # as a replay names it (engine.core.records.replay): the text cut short
                action = EngineError.coded(
                    "record.action",
                    "action {n} “{text}”: {error}",
                    n=i + 1,
                    text=text if len(text) <= 24 else text[:23] + "…",
                    error=exc,
                )
                where = Phrase.coded("puzzle.where", "puzzle {id}", id=self.id)
                raise EngineError.within(where, action) from None
        return state

    def is_solution(self, action_text: str) -> bool:
        """Whether ``action_text`` is a best move (any way the game writes it)."""
        if not isinstance(action_text, str):
            return False
        text = action_text.strip()
        if text in self.best:
            return True
        try:
            return str(self.state().parse_action(text)) in self.best
        except EngineError:
            return False

    def to_dict(self) -> dict:
        return {
            "format": FORMAT,
            "id": self.id,
            "game": self.game,
            "record": self.record,
            "prefix": list(self.prefix),
            "seat": self.seat,
            "best": list(self.best),
            "played": self.played,
            "values": dict(self.values),
            "gap": self.gap,
            "margin": self.margin,
            "unit": self.unit,
            "measure": self.measure,
            "rating": list(self.rating),
        }

    def to_json(self) -> str:
        """One line of JSON (keys sorted: the same puzzle is always the same bytes)."""
        return json.dumps(self.to_dict(), ensure_ascii=False, sort_keys=True, allow_nan=False)

    @classmethod
    def from_json(cls, text: str | bytes) -> Puzzle:
        """A puzzle from :meth:`to_json`'s text; an :class:`EngineError` says what is
        wrong (it does not replay the prefix: :meth:`state` does)."""
        if isinstance(text, bytes):
            try:
                text = text.decode("utf-8")
            except UnicodeDecodeError:
                raise EngineError.coded(
                    "puzzle.not_utf8", "puzzle: the text is not UTF-8"
                ) from None
        if not isinstance(text, str):
            raise EngineError.coded(
                "puzzle.not_text",
                "puzzle: expected JSON text, got {kind}",
                kind=type(text).__name__,
            )
        from engine.core.records import decode_json

        try:
            data = decode_json(text, where="puzzle")
        except EngineError as exc:
            raise EngineError.coded(
                "puzzle.bad_json", "puzzle: not valid JSON ({error})", error=exc
            ) from None
        return cls.from_dict(data)

    @classmethod
    def from_dict(cls, data: Any) -> Puzzle:
        if not isinstance(data, dict):
            raise EngineError.coded(
                "puzzle.not_object",
                "puzzle: expected a JSON object, got {kind}",
                kind=short(data, 30),
            )
        missing = [k for k in _FIELDS if k not in data]
        if missing:
            raise EngineError.coded(
                "puzzle.missing_field", "puzzle: missing field {field!r}", field=missing[0]
            )
        extra = [k for k in data if k not in _FIELDS]
        if extra:
            raise EngineError.coded(
                "puzzle.unknown_field",
                "puzzle: unknown field {field!r}; fields: {fields}",
                field=str(extra[0])[:40],
                fields=Phrase.joined(_FIELDS, ", "),
            )
        for k, kind in _FIELDS.items():
            v = data[k]
            ok = isinstance(v, kind) and not isinstance(v, bool)
            if kind is float:
                ok = _number(v)
            if not ok:
                raise EngineError.coded(
                    "puzzle.field_kind",
                    "puzzle: field {field!r} must be {kind}",
                    field=k,
                    kind=_KIND_WORDS[kind],
                )
        if data["format"] != FORMAT:
            raise EngineError.coded(
                "puzzle.format",
                "puzzle: format {value!r} is not {format!r}",
                value=str(data["format"])[:40],
                format=FORMAT,
            )
        game = data["game"]
        if game not in puzzle_games():
            raise EngineError.coded(
                "puzzle.game",
                "puzzle: game {game!r} has no puzzles; games: {games}",
                game=str(game)[:40],
                games=Phrase.joined(puzzle_games(), ", "),
            )
        rec = data["record"]
        players, ruleset = rec.get("players"), rec.get("ruleset")
        if not (isinstance(players, list) and players and all(isinstance(p, str) for p in players)):
            raise EngineError.coded(
                "puzzle.players", "puzzle: record.players must be a list of player names"
            )
        if not isinstance(ruleset, dict):
            raise EngineError.coded(
                "puzzle.ruleset", "puzzle: record.ruleset must be an object of rule overrides"
            )
        seed = rec.get("seed")
        if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int)):
            raise EngineError.coded(
                "puzzle.seed", "puzzle: record.seed must be a whole number or null"
            )
        if set(rec) - {"players", "ruleset", "seed"}:
            raise EngineError.coded(
                "puzzle.record_fields", "puzzle: record has only players, ruleset and seed"
            )
        if not all(isinstance(a, str) for a in data["prefix"]):
            raise EngineError.coded(
                "puzzle.prefix", "puzzle: prefix must be a list of action texts"
            )
        if not 0 <= data["seat"] < len(players):
            raise EngineError.coded(
                "puzzle.seat", "puzzle: seat {seat} is not a seat of the record", seat=data["seat"]
            )
        values = data["values"]
        if not values or not all(isinstance(k, str) and _number(v) for k, v in values.items()):
            raise EngineError.coded(
                "puzzle.values", "puzzle: values must map each choice to a number"
            )
        best = data["best"]
        if not best or not all(isinstance(b, str) and b in values for b in best):
            raise EngineError.coded("puzzle.best", "puzzle: best must list choices found in values")
        if data["played"] not in values or data["played"] in best:
            raise EngineError.coded(
                "puzzle.played", "puzzle: played must be a choice in values, and not a best one"
            )
        rating = data["rating"]
        if len(rating) != 2 or not all(_number(x) for x in rating) or not rating[1] > 0:
            raise EngineError.coded(
                "puzzle.rating", "puzzle: rating must be [mu, sigma] with sigma above 0"
            )
        if data["gap"] < 0 or data["margin"] < 0:
            raise EngineError.coded("puzzle.gap", "puzzle: gap and margin must be 0 or more")
        return cls(
            id=data["id"],
            game=game,
            record={"players": list(players), "ruleset": dict(ruleset), "seed": seed},
            prefix=tuple(data["prefix"]),
            seat=data["seat"],
            best=tuple(best),
            played=data["played"],
            values=tuple((k, float(v)) for k, v in values.items()),
            gap=float(data["gap"]),
            margin=float(data["margin"]),
            unit=data["unit"],
            measure=data["measure"],
            rating=(float(rating[0]), float(rating[1])),
        )


_KIND_WORDS = {
    str: word("text"),
    int: word("a whole number"),
    float: word("a number"),
    dict: word("an object"),
    list: word("a list"),
}


def _number(v) -> bool:
    return isinstance(v, int | float) and not isinstance(v, bool) and math.isfinite(v)


# --- the choices of a position, per game ---------------------------------------------------


@dataclass(frozen=True, slots=True)
class Choices:
    """A graded decision: the seat, the value of each choice, the measure, the unit and
    the classes of equivalent choices (Whist's cards; one choice each elsewhere)."""

    seat: int
    values: dict[str, float]
    measure: str
    unit: str
    classes: tuple[tuple[str, ...], ...]


def singletons(values: dict[str, float]) -> tuple[tuple[str, ...], ...]:
    """Every choice a class of its own (no two choices equivalent)."""
    return tuple((k,) for k in values)


def thresholds(game: str):
    """The game's annotation thresholds (``mistake`` is the puzzle's bar)."""
    return importlib.import_module(f"engine.{game}.analysis").THRESHOLDS


def choices_at(state: State, game: str, played: str) -> Choices | None:
    """The graded choices at ``state`` for the move ``played`` (its text as the engine
    writes it), or None when the game's analysis grades no decision there."""
    _check_game(game)
    choose = get_game(game).puzzle_choices
    return None if choose is None else choose(state, played)


def _check_game(game) -> None:
    if game not in puzzle_games():
        raise EngineError.coded(
            "puzzle.no_game",
            "no puzzles for {game!r}; games: {games}",
            game=str(game)[:40],
            games=Phrase.joined(puzzle_games(), ", "),
        )


# --- finding puzzles ---------------------------------------------------------------------


def _round(x: float) -> float:
    return round(float(x), DIGITS) + 0.0  # + 0.0: no "-0.0"


def judge(ch: Choices, played: str, mistake: float, legal: set[str]) -> tuple | None:
    """``(best texts, gap, margin)`` when ``played`` makes a puzzle (see the module
    docstring), else None."""
    values = {k: _round(v) for k, v in ch.values.items()}
    if played not in values:
        return None
    ranked = sorted(ch.classes, key=lambda cls: -values[cls[0]])
    best = ranked[0]
    top = values[best[0]]
    second = values[ranked[1][0]] if len(ranked) > 1 else None
    if second is None or played in best:
        return None
    gap, margin = _round(top - values[played]), _round(top - second)
    if gap < mistake - EPS or margin < mistake - EPS:
        return None
    if not all(b in legal for b in best):
        return None
    return best, gap, margin


def _legal_texts(state: State) -> set[str]:
    return {str(a) for a in state.legal_actions()}


def _candidates(record: GameRecord, game: str) -> Iterator[tuple[int, State, str, Choices]]:
    """``(step, state, played text, choices)`` for each graded decision of ``record``."""
    from engine.analysis import positions

    choose = get_game(game).puzzle_choices
    for step, state, text in positions(record):
        if state.current_player() < 0:
            continue
        try:
            played = str(state.parse_action(text))
        except EngineError:
            continue  # the replay names it next
        ch = choose(state, played) if choose is not None else None
        if ch is not None:
            yield step, state, played, ch


def puzzle_id(game: str, header: dict, prefix: list[str]) -> str:
    """``GAME-`` and the first 10 hex digits of the SHA-256 of the position's replay data."""
    text = json.dumps([game, header, prefix], ensure_ascii=False, sort_keys=True)
    return f"{game}-{hashlib.sha256(text.encode('utf-8')).hexdigest()[:10]}"


def find_puzzles(
    records: Iterable[GameRecord],
    game: str,
    *,
    limit: int | None = None,
    per_record: int | None = None,
    on_record: Callable[[int], None] | None = None,
    seat: int | None = None,
) -> list[Puzzle]:
    """Every puzzle of ``records`` (games of ``game``; others are skipped), in record and
    step order: at most ``per_record`` from one record and ``limit`` in all (None: no
    bound). Deterministic: the same records give the same puzzles. ``on_record(i)`` is
    called after the ``i``-th record (1-based) is searched. ``seat``: only that seat's
    decisions (a player's own mistakes, to practise); None: every seat's."""
    _check_game(game)
    if seat is not None and (isinstance(seat, bool) or not isinstance(seat, int) or seat < 0):
        raise EngineError.coded(
            "puzzle.count", "{name} {n!r} must be a whole number 0 or more", name="seat", n=seat
        )
    for name, n in (("limit", limit), ("per_record", per_record)):
        if n is not None and (isinstance(n, bool) or not isinstance(n, int) or n < 0):
            raise EngineError.coded(
                "puzzle.count", "{name} {n!r} must be a whole number 0 or more", name=name, n=n
            )
    mistake = thresholds(game).mistake
    out: list[Puzzle] = []
    seen: set[str] = set()
    for index, record in enumerate(records, start=1):
        if limit is not None and len(out) >= limit:
            break
        if record.game == game:
            room = None if limit is None else limit - len(out)
            if per_record is not None:
                room = per_record if room is None else min(room, per_record)
            for p in _record_puzzles(record, game, mistake, room, seat):
                if p.id not in seen:
                    seen.add(p.id)
                    out.append(p)
        if on_record is not None:
            on_record(index)
    return out


def _record_puzzles(
    record: GameRecord, game: str, mistake: float, room: int | None, seat: int | None = None
):
    """The puzzles of one record, in step order, at most ``room`` (None: every one), of
    ``seat``'s decisions only (None: every seat's)."""
    header: dict[str, Any] = {"players": list(record.players), "ruleset": dict(record.ruleset)}
    header["seed"] = record.seed
    found = 0
    for step, state, played, ch in _candidates(record, game):
        if room is not None and found >= room:
            return
        if seat is not None and ch.seat != seat:
            continue
        judged = judge(ch, played, mistake, _legal_texts(state))
        if judged is None:
            continue
        best, gap, margin = judged
        prefix = list(record.actions[:step])
        pid = puzzle_id(game, header, prefix)
        values = {k: _round(v) for k, v in ch.values.items()}
        order = sorted(values, key=lambda k: (-values[k], k))
        rating = initial_rating(game, state, pid, ch, best, player=record.players[ch.seat])
        yield Puzzle(
            id=pid,
            game=game,
            record=header,
            prefix=tuple(prefix),
            seat=ch.seat,
            best=tuple(best),
            played=played,
            values=tuple((k, values[k]) for k in order),
            gap=gap,
            margin=margin,
            unit=ch.unit,
            measure=ch.measure,
            rating=rating,
        )
        found += 1


# --- ratings ---------------------------------------------------------------------------


@lru_cache(maxsize=1)
def _model():
    from openskill.models import PlackettLuce

    return PlackettLuce()


def _check_rating(r, what: str) -> tuple[float, float]:
    if not isinstance(r, tuple | list) or len(r) != 2 or not all(_number(x) for x in r):
        raise EngineError.coded(
            "puzzle.rating_pair", "{what} must be (mu, sigma), two numbers", what=what
        )
    if not r[1] > 0:
        raise EngineError.coded(
            "puzzle.rating_sigma",
            "{what}'s sigma must be above 0, got {sigma}",
            what=what,
            sigma=r[1],
        )
    return float(r[0]), float(r[1])


def rate_attempt(
    learner: tuple[float, float], puzzle: tuple[float, float], solved: bool
) -> tuple[tuple[float, float], tuple[float, float]]:
    """The learner's and the puzzle's new ``(mu, sigma)`` after one attempt: a game of
    two one-player teams under OpenSkill's Plackett–Luce model, won by the learner when
    ``solved`` (learner up, puzzle down) and by the puzzle otherwise.

    >>> (l, _), (p, _) = rate_attempt((25.0, 8.333), (25.0, 8.333), True)
    >>> l > 25 > p
    True
    """
    if not isinstance(solved, bool):
        raise EngineError.coded("puzzle.solved", "solved must be true or false")
    lm, ls = _check_rating(learner, word("the learner's rating"))
    pm, ps = _check_rating(puzzle, word("the puzzle's rating"))
    model = _model()
    [[a], [b]] = model.rate(
        [[model.rating(mu=lm, sigma=ls)], [model.rating(mu=pm, sigma=ps)]],
        ranks=[0, 1] if solved else [1, 0],
    )
    return (a.mu, a.sigma), (b.mu, b.sigma)


def heuristic_pick(game: str, state: State, seat: int, seed_text: str) -> str | None:
    """The game's heuristic bot's move at ``state`` (its rng seeded from ``seed_text``),
    or None for a game without one."""
    from engine.core.registry import get_game

    bots = get_game(game).bots
    if "heuristic" not in bots:
        return None
    rng = random.Random(int(hashlib.sha256(seed_text.encode()).hexdigest()[:16], 16))
    return str(bots["heuristic"]().choose(state.clone(), seat, rng))


def expected_update(
    solver: tuple[float, float], puzzle: tuple[float, float], q: float
) -> tuple[float, float]:
    """The puzzle's rating after one attempt by ``solver`` that succeeds with probability
    ``q``: the mean of the two outcomes' updates, weighted by their probabilities (a
    deterministic stand-in for attempts whose outcome is a chance)."""
    _, (ms, ss) = rate_attempt(solver, puzzle, True)
    _, (mf, sf) = rate_attempt(solver, puzzle, False)
    return (q * ms + (1 - q) * mf, q * ss + (1 - q) * sf)


def blurred_solve_chance(values: dict[str, float], best, mistake: float) -> float:
    """The chance that a solver who sees each choice's value blurred by about one mistake
    finds a best move: it picks a choice with probability ∝ exp(value / mistake)."""
    top = max(values.values())
    w = {k: math.exp((v - top) / mistake) for k, v in values.items()}
    return sum(w[b] for b in best) / sum(w.values())


def initial_rating(
    game: str,
    state: State,
    pid: str,
    ch: Choices,
    best,
    *,
    player: str | None,
    mistake: float | None = None,
) -> tuple[float, float]:
    """A new puzzle's ``(mu, sigma)`` from the reference solvers' attempts (see the module
    docstring), rounded to 4 decimals. ``mistake``: the game's threshold (default: its
    analysis's)."""
    if mistake is None:
        mistake = thresholds(game).mistake
    values = {k: _round(v) for k, v in ch.values.items()}
    model = _model()
    rating = (model.mu, model.sigma)
    rating = expected_update(ANCHORS["random"], rating, len(best) / len(values))
    q = blurred_solve_chance(values, best, mistake)
    rating = expected_update(ANCHORS["blurred"], rating, q)
    pick = heuristic_pick(game, state, ch.seat, pid)
    if pick is not None and pick in values:
        _, rating = rate_attempt(ANCHORS["heuristic"], rating, pick in best)
    if player in ANCHORS:
        _, rating = rate_attempt(ANCHORS[player], rating, False)
    return (round(rating[0], 4), round(rating[1], 4))


# --- files -------------------------------------------------------------------------------


def dumps_puzzles(puzzles: Iterable[Puzzle]) -> str:
    return "".join(p.to_json() + "\n" for p in puzzles)


def parse_puzzles(text: str, *, source: str = "puzzles") -> list[Puzzle]:
    """Puzzles from JSON Lines text (blank lines ignored); errors name the line."""
    out = []
    for lineno, line in enumerate(text.split("\n"), start=1):
        if not line.strip():
            continue
        try:
            out.append(Puzzle.from_json(line))
        except EngineError as exc:
            where = Phrase.coded("puzzle.line", "{source} line {n}", source=source, n=lineno)
            raise EngineError.within(where, exc) from None
    return out


@lru_cache(maxsize=8)
def load_puzzles(game: str) -> tuple[Puzzle, ...]:
    """The shipped puzzles of ``game`` (``data/puzzles/GAME.jsonl``), read once."""
    _check_game(game)
    path = PUZZLES_DIR / f"{game}.jsonl"
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        raise EngineError.coded(
            "puzzle.unreadable",
            "cannot read the puzzles of {game}: {reason}",
            game=game,
            reason=exc.strerror or str(exc),
        ) from None
    return tuple(parse_puzzles(text, source=path.name))


__all__ = [
    "ANCHORS",
    "puzzle_games",
    "MEASURES",
    "MEASURE_KEYS",
    "Choices",
    "Puzzle",
    "choices_at",
    "find_puzzles",
    "blurred_solve_chance",
    "expected_update",
    "initial_rating",
    "load_puzzles",
    "parse_puzzles",
    "rate_attempt",
]


def puzzle_games() -> tuple[str, ...]:
    """The games with puzzles (each game's :attr:`Game.puzzle_choices`), in menu order."""
    return _puzzle_games()


@lru_cache(maxsize=1)
def _puzzle_games() -> tuple[str, ...]:
    return tuple(n for n in game_names(include_demo=True) if get_game(n).puzzle_choices)


def __getattr__(name: str):
    if name == "GAMES":  # the games with puzzles, read from the registry on first use
        return puzzle_games()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
