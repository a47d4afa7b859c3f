"""A learner's practice: one spaced-repetition card per drill kind, scheduled by FSRS.

Every drill kind (``stack5.bust_next``, …) is one card of the Free Spaced Repetition
Scheduler (the ``fsrs`` package, the scheduler behind Anki's modern one): a right answer
is rated *Good*, a wrong one *Again*, so a rule answered wrongly comes back sooner. The
next question of a game is its most overdue kind, else a kind never seen, else the kind
due soonest. Each question is a fresh drill of its kind (the learner's own run of seeds).

This module is plain Python (no Streamlit): the practice page keeps a :class:`Progress`
in the store as JSON under an unguessable learner id in its URL, and offers it as a file.

>>> from datetime import datetime, timezone
>>> now = datetime(2026, 1, 1, tzinfo=timezone.utc)
>>> p = Progress.new(seed_base=0)
>>> kind, seed = p.next_question("pig", now)
>>> kind, seed
('pig.turn_total', 0)
>>> p = p.review(kind, seed, right=True, now=now)
>>> p.due_at(kind) > now, p.stats()["answered"], p.stats()["right"]
(True, 1, 1)
>>> Progress.from_json(p.to_json()) == p
True
"""

from __future__ import annotations

import json
import math
import secrets
from dataclasses import dataclass, field, replace
from datetime import UTC, datetime

from fsrs import Card, Rating, Scheduler

from engine.core.errors import EngineError
from engine.practice import MAX_SEED, kinds
from engine.puzzles import Puzzle

FORMAT = "tabletop-practice"
VERSION = 1
#: the reviews kept for the accuracy chart (the oldest go first; the schedule keeps all)
MAX_REVIEWS = 3000
#: the "rule" puzzle attempts are counted under, per game (``stack5.puzzles``)
PUZZLES = "puzzles"
#: the "rule" attempts at the learner's own puzzles are counted under (``stack5.own_puzzles``)
OWN_PUZZLES = "own_puzzles"
#: the learner's own puzzles kept (the oldest go first)
MAX_OWN = 500
#: one scheduler for everybody: no fuzzing, so a schedule is the same for the same answers
SCHEDULER = Scheduler(enable_fuzzing=False)


class ProgressError(EngineError):
    """A progress file or document that cannot be read (names what is wrong)."""


@dataclass(frozen=True)
class Review:
    """One answered question."""

    kind: str
    seed: int
    right: bool
    at: datetime

    def to_json(self) -> dict:
        return {"kind": self.kind, "seed": self.seed, "right": self.right, "at": _iso(self.at)}


@dataclass(frozen=True)
class Progress:
    """A learner's cards (drill kind → FSRS card, as the library's dict), the seeds used
    per kind, and the reviews (oldest first)."""

    seed_base: int
    cards: dict = field(default_factory=dict)
    asked: dict = field(default_factory=dict)  # kind → questions asked of it so far
    reviews: tuple[Review, ...] = ()
    #: puzzle id → its FSRS card (a puzzle failed comes back; one solved, much later)
    puzzle_cards: dict = field(default_factory=dict)
    #: the learner's puzzle rating (OpenSkill mu, sigma), ``None`` before the first puzzle
    rating: tuple[float, float] | None = None
    #: the learner's own puzzles: their mistakes in games they played, oldest first
    own_puzzles: tuple[Puzzle, ...] = ()

    @classmethod
    def new(cls, seed_base: int | None = None) -> Progress:
        """A new learner: nothing answered yet, a run of seeds of their own."""
        if seed_base is None:
            seed_base = secrets.randbelow(MAX_SEED // 2)
        return cls(seed_base=seed_base)

    # --- the schedule -----------------------------------------------------------------------

    def card(self, kind: str) -> Card | None:
        data = self.cards.get(kind)
        return None if data is None else Card.from_dict(data)

    def due_at(self, kind: str) -> datetime | None:
        """When ``kind`` is due again (``None``: never answered)."""
        card = self.card(kind)
        return None if card is None else card.due

    def _due(self, kind: str) -> datetime:
        """When ``kind``, answered before (one of :attr:`cards`), is due again."""
        when = self.due_at(kind)
        if when is None:
            raise KeyError(kind)
        return when

    def next_question(self, game: str, now: datetime | None = None) -> tuple[str, int]:
        """The drill to ask next in ``game``: ``(kind, seed)``."""
        now = now or datetime.now(UTC)
        names = [f"{game}.{k}" for k in kinds(game)]
        seen = [k for k in names if k in self.cards]
        due = sorted((self._due(k), names.index(k), k) for k in seen if self._due(k) <= now)
        if due:
            kind = due[0][2]
        else:
            new = [k for k in names if k not in self.cards]
            kind = new[0] if new else min(seen, key=lambda k: (self.due_at(k), names.index(k)))
        return kind, self.seed_for(kind)

    def seed_for(self, kind: str) -> int:
        """The seed of the next question of ``kind`` (a fresh one after each answer)."""
        return (self.seed_base + self.asked.get(kind, 0)) % (MAX_SEED + 1)

    def review(self, kind: str, seed: int, right: bool, now: datetime | None = None) -> Progress:
        """The progress after answering drill ``(kind, seed)``: its card rated Good when
        ``right`` else Again (FSRS sets the next due date), the next seed of the kind."""
        now = now or datetime.now(UTC)
        card = self.card(kind) or Card(card_id=_card_id(kind))
        card, _log = SCHEDULER.review_card(card, Rating.Good if right else Rating.Again, now)
        reviews = (*self.reviews, Review(kind, seed, right, now))[-MAX_REVIEWS:]
        return replace(
            self,
            cards={**self.cards, kind: card.to_dict()},
            asked={**self.asked, kind: self.asked.get(kind, 0) + 1},
            reviews=reviews,
        )

    def due(
        self, game: str | None = None, now: datetime | None = None
    ) -> list[tuple[str, datetime]]:
        """The kinds answered before, with when each is due, soonest first (of ``game``)."""
        now = now or datetime.now(UTC)
        out = [(k, self._due(k)) for k in self.cards if game is None or k.startswith(f"{game}.")]
        return sorted(out, key=lambda kv: kv[1])

    # --- puzzles ------------------------------------------------------------------------------

    def next_puzzle(
        self, game: str, puzzles, now: datetime | None = None, own_from: int | None = None
    ) -> int | None:
        """The index in ``puzzles`` (each with ``id`` and ``rating`` = (mu, sigma)) of the
        puzzle to set next: one failed and due again, else an unseen one rated nearest the
        learner (lichess's way), else the one due soonest; ``None`` when there are none.
        ``puzzles[own_from:]`` are the learner's own (:meth:`own`): one of them due again,
        else one never tried (the oldest first), comes before every other."""
        if not puzzles:
            return None
        now = now or datetime.now(UTC)
        mine = {p.id: i for i, p in enumerate(puzzles)}
        if own_from is not None:
            own = [(i, p.id) for i, p in enumerate(puzzles) if i >= own_from]
            again = sorted(
                (Card.from_dict(self.puzzle_cards[pid]).due, i)
                for i, pid in own
                if pid in self.puzzle_cards and Card.from_dict(self.puzzle_cards[pid]).due <= now
            )
            if again:
                return again[0][1]
            fresh = [i for i, pid in own if pid not in self.puzzle_cards]
            if fresh:
                return fresh[0]
        seen = [pid for pid in self.puzzle_cards if pid in mine]
        due = sorted(
            (Card.from_dict(self.puzzle_cards[pid]).due, pid)
            for pid in seen
            if Card.from_dict(self.puzzle_cards[pid]).due <= now
        )
        if due:
            return mine[due[0][1]]
        level = self.rating[0] if self.rating else None
        fresh = [i for i, p in enumerate(puzzles) if p.id not in self.puzzle_cards]
        if fresh:
            if level is None:  # a first puzzle: the easiest
                return min(fresh, key=lambda i: (puzzles[i].rating[0], i))
            return min(fresh, key=lambda i: (abs(puzzles[i].rating[0] - level), i))
        return mine[min(seen, key=lambda pid: Card.from_dict(self.puzzle_cards[pid]).due)]

    def puzzles_tried(self, puzzles) -> int:
        """How many of ``puzzles`` (each with an ``id``) the learner has tried."""
        return sum(1 for p in puzzles if p.id in self.puzzle_cards)

    def review_puzzle(
        self,
        game: str,
        index: int,
        puzzle_id: str,
        solved: bool,
        rating: tuple[float, float],
        now: datetime | None = None,
        own: bool = False,
    ) -> Progress:
        """The progress after an attempt at a puzzle: its card rated, the learner's new
        ``rating``, and the attempt among the reviews (as the game's ``puzzles`` rule, or
        its ``own_puzzles`` one for the learner's ``own`` puzzle)."""
        now = now or datetime.now(UTC)
        data = self.puzzle_cards.get(puzzle_id)
        card = Card.from_dict(data) if data else Card(card_id=_card_id(puzzle_id))
        card, _log = SCHEDULER.review_card(card, Rating.Good if solved else Rating.Again, now)
        review = Review(f"{game}.{OWN_PUZZLES if own else PUZZLES}", index, solved, now)
        return replace(
            self,
            puzzle_cards={**self.puzzle_cards, puzzle_id: card.to_dict()},
            rating=(float(rating[0]), float(rating[1])),
            reviews=(*self.reviews, review)[-MAX_REVIEWS:],
        )

    def own(self, game: str) -> tuple[Puzzle, ...]:
        """The learner's own puzzles of ``game``, oldest first."""
        return tuple(p for p in self.own_puzzles if p.game == game)

    def with_own_puzzles(self, puzzles) -> Progress:
        """The progress with ``puzzles`` (mistakes from a game the learner played) among
        their own; one already there (the same position of the same game) is not added
        again."""
        known = {p.id for p in self.own_puzzles}
        new = []
        for p in puzzles:
            if p.id not in known:
                known.add(p.id)
                new.append(Puzzle.from_json(p.to_json()))  # as stored: the same when read
        return replace(self, own_puzzles=(*self.own_puzzles, *new)[-MAX_OWN:])

    def stats(self, game: str | None = None) -> dict:
        """Answered and right, overall (or in ``game``)."""
        mine = [r for r in self.reviews if game is None or r.kind.startswith(f"{game}.")]
        return {"answered": len(mine), "right": sum(r.right for r in mine)}

    # --- as JSON ------------------------------------------------------------------------------

    def to_json(self) -> str:
        return json.dumps(
            {
                "format": FORMAT,
                "version": VERSION,
                "seed_base": self.seed_base,
                "cards": self.cards,
                "asked": self.asked,
                "reviews": [r.to_json() for r in self.reviews],
                "puzzle_cards": self.puzzle_cards,
                "rating": None if self.rating is None else list(self.rating),
                "own_puzzles": [p.to_dict() for p in self.own_puzzles],
            },
            sort_keys=True,
        )

    @classmethod
    def from_json(cls, text: str | bytes) -> Progress:
        """A progress document or exported file, checked: :class:`ProgressError` names
        what is wrong (not JSON, another file, a field of the wrong shape)."""
        try:
            data = json.loads(text)
        except (ValueError, RecursionError):
            raise ProgressError.coded(
                "progress.not_json", "this is not a practice progress file (not JSON)"
            ) from None
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            raise ProgressError.coded(
                "progress.wrong_file",
                "this is not a practice progress file (it was not saved by the practice page)",
            )
        if data.get("version") != VERSION:
            raise ProgressError.coded(
                "progress.version",
                "practice progress version {version} cannot be read; this app reads version "
                "{supported}",
                version=_short(data.get("version")),
                supported=VERSION,
            )
        try:
            seed_base = _int(data["seed_base"], "seed_base")
            cards = {}
            for kind, card in dict(data["cards"]).items():
                _kind(kind)
                cards[kind] = Card.from_dict(card).to_dict()  # checked by the library
            asked = {_kind(k): _int(v, "asked") for k, v in dict(data["asked"]).items()}
            reviews = tuple(
                Review(
                    _kind(r["kind"]),
                    _int(r["seed"], "seed"),
                    bool(r["right"]),
                    _when(r["at"]),
                )
                for r in list(data["reviews"])[-MAX_REVIEWS:]
            )
            puzzle_cards = {
                _puzzle_id(pid): Card.from_dict(card).to_dict()
                for pid, card in dict(data.get("puzzle_cards") or {}).items()
            }
            rating = data.get("rating")
            if rating is not None:
                mu, sigma = (float(x) for x in rating)
                if not (math.isfinite(mu) and math.isfinite(sigma) and sigma > 0):
                    raise ValueError(f"rating {_short(rating)}")
                rating = (mu, sigma)
            own_puzzles = tuple(
                Puzzle.from_dict(p) for p in list(data.get("own_puzzles") or [])[-MAX_OWN:]
            )
        except ProgressError:
            raise
        except (KeyError, TypeError, ValueError, AttributeError, EngineError) as exc:
            raise ProgressError.coded(
                "progress.damaged",
                "the practice progress file is damaged ({what})",
                what=_short(exc),
            ) from None
        return cls(
            seed_base=seed_base,
            cards=cards,
            asked=asked,
            reviews=reviews,
            puzzle_cards=puzzle_cards,
            rating=rating,
            own_puzzles=own_puzzles,
        )


def _card_id(kind: str) -> int:
    """A card id stable for its kind (the library wants an int)."""
    return int.from_bytes(kind.encode()[:7].ljust(7, b"\0"), "big") % (2**53)


def _iso(when: datetime) -> str:
    return when.astimezone(UTC).isoformat()


def _when(text) -> datetime:
    when = datetime.fromisoformat(str(text))
    return when if when.tzinfo else when.replace(tzinfo=UTC)


def _int(value, name: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= MAX_SEED:
        raise ValueError(f"{name} {_short(value)}")
    return value


def _kind(kind) -> str:
    if not isinstance(kind, str) or "." not in kind or len(kind) > 80:
        raise ValueError(f"drill kind {_short(kind)}")
    return kind


def _puzzle_id(pid) -> str:
    if not isinstance(pid, str) or not 0 < len(pid) <= 80:
        raise ValueError(f"puzzle id {_short(pid)}")
    return pid


def _short(value) -> str:
    text = str(value)
    return text if len(text) <= 60 else text[:59] + "…"


#: answers of a rule the running accuracy is taken over
WINDOW = 10


#: line dashes of the accuracy chart: with the colours, every line of up to
#: ``len(SERIES) * len(DASHES)`` rules looks different (a colour alone repeats after six)
DASHES = ("solid", "dash", "dot", "dashdot", "longdash")
#: marker symbols, one per colour round, so lines stay apart in print and for colour blindness
SYMBOLS = ("circle", "square", "diamond", "triangle-up", "x")


def line_style(i: int, colours) -> tuple[str, str, str]:
    """The ``i``-th line's (colour, dash, marker symbol): the colours in turn, then again
    with the next dash and symbol, so no two lines of a chart look the same.

    >>> line_style(0, "ab"), line_style(2, "ab")
    (('a', 'solid', 'circle'), ('a', 'dash', 'square'))
    """
    n = len(colours)
    round_ = i // n
    return colours[i % n], DASHES[round_ % len(DASHES)], SYMBOLS[round_ % len(SYMBOLS)]


def accuracy_frame(progress: Progress):
    """One row per answer (oldest first): ``at``, ``kind``, ``right`` and ``accuracy``,
    the share right over that rule's last :data:`WINDOW` answers up to this one.

    >>> from datetime import datetime, timezone
    >>> p = Progress.new(seed_base=0)
    >>> for right in (True, False, True, True):
    ...     p = p.review("pig.turn_total", 0, right, datetime(2026, 1, 1, tzinfo=timezone.utc))
    >>> accuracy_frame(p)["accuracy"].to_list()
    [1.0, 0.5, 0.6666666666666666, 0.75]
    """
    import polars as pl

    frame = pl.DataFrame(
        {
            "at": [r.at for r in progress.reviews],
            "kind": [r.kind for r in progress.reviews],
            "right": [r.right for r in progress.reviews],
        },
        schema={"at": pl.Datetime("us", "UTC"), "kind": pl.Utf8, "right": pl.Boolean},
    )
    return frame.with_columns(
        pl.col("right")
        .cast(pl.Float64)
        .rolling_mean(window_size=WINDOW, min_samples=1)
        .over("kind")
        .alias("accuracy")
    )


def rule_summary(progress: Progress, now: datetime | None = None):
    """One row per drill kind answered: ``kind``, ``answered``, ``right``, ``due`` (when
    it comes back) and ``due_now``."""
    import polars as pl

    now = now or datetime.now(UTC)
    frame = accuracy_frame(progress)
    counts = frame.group_by("kind", maintain_order=True).agg(
        pl.len().alias("answered"), pl.col("right").sum().alias("right")
    )
    due = pl.DataFrame(
        {"kind": list(progress.cards), "due": [progress.due_at(k) for k in progress.cards]},
        schema={"kind": pl.Utf8, "due": pl.Datetime("us", "UTC")},
    )
    return (
        due.join(counts, on="kind", how="left")
        .with_columns(
            pl.col("answered").fill_null(0),
            pl.col("right").fill_null(0),
            (pl.col("due") <= now).alias("due_now"),
        )
        .sort("due")
    )
