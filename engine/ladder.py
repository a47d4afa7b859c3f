"""A rating ladder: bots play rotating-seat matches and are rated with OpenSkill.

``python -m engine ladder GAME --bots random heuristic mcts --games N [--seed S]``

- Game ``i`` (seed ``S + i``) seats the bots by a fixed schedule: with at least as many
  bots as seats, the ordered line-ups of distinct bots in turn (every bot in every seat
  against every other); with fewer bots than seats, bot ``(i + j) mod k`` in seat ``j``
  (the same bot may hold several seats; each bot still holds each seat as often).
- Each game's finishing order (winners first, then by the game's returns; equal returns
  tie) rates the bots with OpenSkill's Plackett–Luce model
  (:class:`openskill.models.PlackettLuce`), each seat a one-player team. A bot holding
  several seats of one game gets the mean of its seats' updated ratings.
- Head to head: for each pair of bots, in the games where both played, the share of
  seat pairs the first finished ahead of the second (a tie counts half).

A bot name may carry an iteration budget for the search bot: ``mcts@50``.
Everything is deterministic for a seed (the budget is iterations, not time), except the
measured CPU seconds per decision of each bot (``seconds_per_decision`` in the summary:
median, 90th percentile and count over the decisions with more than one legal move,
``time.process_time`` of the process that played them). :func:`strongest_bot` reads the
shipped summaries in ``data/ladder/`` to pick the best-rated bot that answers within a
time budget.
"""

from __future__ import annotations

import contextlib
import json
import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from itertools import permutations
from pathlib import Path

from engine.core.errors import EngineError, parse_count
from engine.core.protocol import Bot, Game
from engine.core.records import GameRecord, result_of
from engine.core.registry import get_game
from engine.core.ruleset import make_ruleset, overrides_of
from engine.core.simulate import check_seed, play_out

MAX_ITERATIONS_DIGITS = 6


def make_bot(game: Game, name: str) -> Bot:
    """The game's bot ``name``; ``mcts@N`` is the search bot with ``N`` iterations."""
    base, at, budget = name.partition("@")
    if not at:
        return game.make_bot(name)
    if base != "mcts" or "mcts" not in game.bots:
        raise EngineError(f"bot {name!r}: only the search bot takes a budget, e.g. 'mcts@50'")
    n = parse_count(budget, "a number of iterations", MAX_ITERATIONS_DIGITS)
    if n < 1:
        raise EngineError(f"bot {name!r}: the search bot needs at least 1 iteration")
    return game.bots["mcts"](iterations=n)


def lineup(bots: Sequence[str], num_players: int, i: int) -> list[str]:
    """The bot in each seat of game ``i`` (see the module docstring).

    >>> [lineup(["a", "b"], 2, i) for i in range(3)]
    [['a', 'b'], ['b', 'a'], ['a', 'b']]
    >>> lineup(["a", "b", "c"], 4, 1)
    ['b', 'c', 'a', 'b']
    """
    k = len(bots)
    if k >= num_players:
        orders = list(permutations(range(k), num_players))
        return [bots[j] for j in orders[i % len(orders)]]
    return [bots[(i + j) % k] for j in range(num_players)]


def finishing_ranks(result: dict) -> list[int]:
    """Rank per seat (0 = first): winners first, then by score; equal scores tie."""
    scores = result["scores"]
    won = set(result["winners"])
    key = [(s in won, scores[s]) for s in range(len(scores))]
    return [sum(1 for other in key if other > mine) for mine in key]


@dataclass
class Ladder:
    """The ratings and head-to-head counts after a match."""

    game: str
    bots: list[str]
    num_players: int
    games: int = 0
    seed: int = 0
    ruleset: dict = field(default_factory=dict)
    mu: dict = field(default_factory=dict)
    sigma: dict = field(default_factory=dict)
    played: dict = field(default_factory=dict)
    seats: dict = field(default_factory=dict)  # seats held (games x seats per game)
    wins: dict = field(default_factory=dict)  # seats among the winners (a side: each seat)
    winning_seats: int = 0  # over all games: seats among the winners, and seats played
    all_seats: int = 0
    ahead: dict = field(default_factory=dict)  # (a, b) -> seat pairs a finished ahead
    met: dict = field(default_factory=dict)  # (a, b) -> seat pairs a met b
    times: dict = field(default_factory=dict)  # bot -> CPU seconds of each decision

    def seconds_per_decision(self) -> dict:
        """Per bot: ``{"median", "p90", "decisions"}`` CPU seconds per decision (a
        measurement: not deterministic)."""
        out = {}
        for b in self.bots:
            t = sorted(self.times.get(b, ()))
            if t:
                out[b] = {
                    "median": round(t[len(t) // 2], 4),
                    "p90": round(t[min(len(t) - 1, int(0.9 * len(t)))], 4),
                    "decisions": len(t),
                }
        return out

    def rows(self) -> list[dict]:
        """One row per bot, best ordinal first: rating, interval (mu ± 2 sigma), ordinal
        (mu - 3 sigma), games and win share (the share of its seats among the winners;
        see :meth:`fair_win_share`)."""
        out = []
        for b in self.bots:
            mu, sigma = self.mu[b], self.sigma[b]
            n = self.played[b]
            seats = self.seats[b]
            out.append(
                {
                    "bot": b,
                    "mu": round(mu, 3),
                    "sigma": round(sigma, 3),
                    "low": round(mu - 2 * sigma, 3),
                    "high": round(mu + 2 * sigma, 3),
                    "ordinal": round(mu - 3 * sigma, 3),
                    "games": n,
                    "win_share": round(self.wins[b] / seats, 4) if seats else 0.0,
                }
            )
        return sorted(out, key=lambda r: -r["ordinal"])

    def fair_win_share(self) -> float:
        """The win share every bot would have if all were equal: the winning seats over
        the seats played (1/players when one seat wins, 1/2 for a side of two of four)."""
        return round(self.winning_seats / self.all_seats, 4) if self.all_seats else 0.0

    def head_to_head(self) -> dict:
        """``{a: {b: share of meetings a finished ahead of b}}`` (None if they never met)."""
        return {
            a: {
                b: (round(self.ahead[a, b] / self.met[a, b], 4) if self.met[a, b] else None)
                for b in self.bots
                if b != a
            }
            for a in self.bots
        }

    def to_dict(self, times: bool = True) -> dict:
        """The summary; ``times=False`` leaves out the measured seconds per decision
        (the rest is the same bit for bit for a seed)."""
        out = {
            "game": self.game,
            "bots": self.bots,
            "players": self.num_players,
            "games": self.games,
            "seed": self.seed,
            "ruleset": self.ruleset,
            "ratings": self.rows(),
            "head_to_head": self.head_to_head(),
            "fair_win_share": self.fair_win_share(),
        }
        if times:
            out["seconds_per_decision"] = self.seconds_per_decision()
        return out

    def to_json(self) -> str:
        return json.dumps(self.to_dict(), indent=1, ensure_ascii=False)

    def table(self) -> str:
        """The ratings and the head-to-head matrix as plain text."""
        lines = [
            f"{self.game} {self.num_players}p, {self.games} games, seeds "
            f"{self.seed}..{self.seed + self.games - 1}, seats rotating",
            f"{'bot':<14}{'mu ± 2σ':>18}{'ordinal':>10}{'games':>7}{'won':>8}"
            f"{'s/move (median, p90)':>24}",
        ]
        spd = self.seconds_per_decision()
        for r in self.rows():
            t = spd.get(r["bot"])
            secs = f"{t['median']:.3f}, {t['p90']:.3f}" if t else "-"
            lines.append(
                f"{r['bot']:<14}{r['mu']:>9.2f} ± {2 * r['sigma']:<6.2f}{r['ordinal']:>10.2f}"
                f"{r['games']:>7}{r['win_share']:>8.1%}{secs:>24}"
            )
        h2h = self.head_to_head()
        lines.append("head to head (row finished ahead of column):")
        lines.append(" " * 14 + "".join(f"{b:>12}" for b in self.bots))
        for a in self.bots:
            cells = "".join(
                f"{'—' if a == b else ('n/a' if h2h[a][b] is None else f'{h2h[a][b]:.1%}'):>12}"
                for b in self.bots
            )
            lines.append(f"{a:<14}{cells}")
        return "\n".join(lines)


def run_ladder(
    game: str | Game,
    bots: Sequence[str],
    games: int,
    seed: int = 0,
    num_players: int | None = None,
    overrides: dict | None = None,
    on_game: Callable[[int, GameRecord], None] | None = None,
    should_stop: Callable[[], bool] | None = None,
    *,
    workers: int | None = 1,
    cluster: str | None = None,
) -> Ladder:
    """Play ``games`` rotating-seat games and rate ``bots`` (see the module docstring).

    ``on_game(i, record)`` is called after each game, in game order (to write records,
    show progress); ``should_stop()`` may end the match early (the ladder then holds the
    games played, a prefix of the seeds). The games are played on the backend of
    :func:`engine.simulate_many` (:func:`engine.core.parallel.run_ordered`): ``workers``
    processes (``None``: every core; 1, the default: this process) or a Ray ``cluster``.
    Each game depends on its number only (seed, line-up, fresh bots) and the ratings are
    updated in game order, so the ladder is the same, bit for bit, whatever the backend.
    """
    from openskill.models import PlackettLuce

    from engine.core.parallel import check_cluster, check_workers, run_ordered
    from engine.core.simulate import chunk_size

    if isinstance(game, str):
        game = get_game(game)
    bots = list(bots)
    if len(bots) < 2:
        raise EngineError("a ladder needs at least two bots")
    if len(set(bots)) != len(bots):
        raise EngineError(f"bots {' '.join(bots)}: name each bot once")
    if type(games) is not int or games < 1:
        raise EngineError(f"games {games!r}: must be at least 1")
    check_seed(seed)
    check_seed(seed + games - 1)
    overrides = dict(overrides or {})
    rules = make_ruleset(game.ruleset_class, overrides)
    if num_players is None:
        num_players = game.default_count(rules)
    game.new_initial_state(num_players, rules)  # checks the player count
    for b in bots:
        make_bot(game, b)  # checks each name before any worker starts
    check_cluster(cluster)
    width = check_workers(workers) if cluster is None or workers is not None else 8
    size = 1 if cluster is None and width == 1 else chunk_size(games, width)
    pieces = (
        (game.name, bots, num_players, overrides, seed, range(i, min(games, i + size)))
        for i in range(0, games, size)
    )
    model = PlackettLuce()
    ratings = {b: model.rating(name=b) for b in bots}
    lad = Ladder(game.name, bots, num_players, seed=seed, ruleset=overrides_of(rules))
    lad.played = dict.fromkeys(bots, 0)
    lad.seats = dict.fromkeys(bots, 0)
    lad.wins = dict.fromkeys(bots, 0.0)
    lad.ahead = {(a, b): 0.0 for a in bots for b in bots if a != b}
    lad.met = {(a, b): 0 for a in bots for b in bots if a != b}
    lad.times = {b: [] for b in bots}
    parts = run_ordered(
        ladder_games, pieces, workers=workers, cluster=cluster, should_stop=should_stop
    )
    with contextlib.closing(parts):  # the pool stops with this loop, however it ends
        for i, (record, times) in enumerate(r for part in parts for r in part):
            _rate_game(lad, model, ratings, record)
            for b, t in times.items():
                lad.times[b].extend(t)
            if on_game is not None:
                on_game(i, record)
    lad.mu = {b: ratings[b].mu for b in bots}
    lad.sigma = {b: ratings[b].sigma for b in bots}
    return lad


def _rate_game(lad: Ladder, model, ratings: dict, record: GameRecord) -> None:
    """Update the ratings and counts with one game (games in order)."""
    order = record.players
    result = record.final
    ranks = finishing_ranks(result)
    new = model.rate([[ratings[b]] for b in order], ranks=ranks)
    for b in set(order):
        seats = [j for j, x in enumerate(order) if x == b]
        mu = sum(new[j][0].mu for j in seats) / len(seats)
        sigma = sum(new[j][0].sigma for j in seats) / len(seats)
        ratings[b] = model.rating(mu=mu, sigma=sigma, name=b)
        lad.played[b] += 1
        lad.seats[b] += len(seats)
    winners = result["winners"]
    for w in winners:
        lad.wins[order[w]] += 1
    lad.winning_seats += len(winners)
    lad.all_seats += len(order)
    for s, a in enumerate(order):
        for t, b in enumerate(order):
            if a != b:
                lad.met[a, b] += 1
                if ranks[s] < ranks[t]:
                    lad.ahead[a, b] += 1
                elif ranks[s] == ranks[t]:
                    lad.ahead[a, b] += 0.5
    lad.games += 1


class _Timed:
    """A bot whose decisions with more than one legal move are timed (CPU seconds)."""

    def __init__(self, bot: Bot, times: list):
        self.bot = bot
        self.name = bot.name
        self.times = times

    def choose(self, state, seat, rng):
        if len(state.legal_actions()) < 2:
            return self.bot.choose(state, seat, rng)
        start = time.process_time()
        move = self.bot.choose(state, seat, rng)
        self.times.append(time.process_time() - start)
        return move


def ladder_games(piece: tuple) -> list[tuple[GameRecord, dict]]:
    """One piece of a ladder (run in a worker): ``(game, bots, players, overrides, seed,
    numbers)``; per game number, its record (fresh bots for each game) and the CPU
    seconds of each bot's decisions."""
    name, bots, num_players, overrides, seed, numbers = piece
    game = get_game(name)
    rules = make_ruleset(game.ruleset_class, overrides)
    kept = overrides_of(rules)
    out = []
    for i in numbers:
        order = lineup(bots, num_players, i)
        times: dict = {b: [] for b in order}
        # one bot per name, as many seats as it holds
        fresh = {b: _Timed(make_bot(game, b), times[b]) for b in order}
        state = game.new_initial_state(num_players, rules)
        play_out(
            state,
            [fresh[b] for b in order],
            random.Random(seed + i),
            random.Random(f"bots:{seed + i}"),
        )
        out.append(
            (
                GameRecord(
                    game=game.name,
                    players=order,
                    actions=list(state.history),
                    result=result_of(state),
                    ruleset=kept,
                    seed=seed + i,
                    meta={"made_by": "engine.ladder"},
                ),
                times,
            )
        )
    return out


def load_ladder(text: str) -> dict:
    """A shipped ladder summary (JSON written by :meth:`Ladder.to_json`), checked."""
    try:
        data = json.loads(text)
    except ValueError as exc:
        raise EngineError(f"ladder file: not JSON ({exc})") from None
    if not isinstance(data, dict) or not {"game", "ratings", "head_to_head"} <= set(data):
        raise EngineError("ladder file: expected game, ratings and head_to_head")
    return data


#: where the shipped ladder summaries live (``<game>.json``)
LADDER_DIR = Path(__file__).resolve().parents[1] / "data" / "ladder"


def strongest_bot(
    game: str | Game, seconds_per_decision: float, directory: str | Path | None = None
) -> str:
    """The name of the best-rated bot (highest ordinal, mu − 3 sigma) of the game's shipped
    ladder whose measured 90th-percentile CPU seconds per decision fit the budget; a name
    :func:`make_bot` takes (``"mcts"``, ``"mcts@50"``, ``"heuristic"``).

    Without a ladder (or a bot measured in it) the game's ``heuristic`` bot if it has one,
    else ``random``; when no measured bot fits, the fastest measured one.

    >>> strongest_bot("stack5", 5.0) in get_game("stack5").bots
    True
    """
    if isinstance(game, str):
        game = get_game(game)
    if isinstance(seconds_per_decision, bool) or not isinstance(seconds_per_decision, int | float):
        raise EngineError(f"seconds per decision {seconds_per_decision!r}: give a number")
    if not seconds_per_decision > 0:
        raise EngineError(f"seconds per decision {seconds_per_decision!r}: must be above 0")
    fallback = "heuristic" if "heuristic" in game.bots else "random"
    path = Path(directory if directory is not None else LADDER_DIR) / f"{game.name}.json"
    try:
        data = load_ladder(path.read_text(encoding="utf-8"))
    except (OSError, EngineError):
        return fallback
    times = data.get("seconds_per_decision") or {}
    measured = []
    for row in data["ratings"]:  # best ordinal first
        name, t = row.get("bot"), times.get(row.get("bot"))
        if not isinstance(t, dict) or not isinstance(t.get("p90"), int | float):
            continue
        try:
            make_bot(game, name)
        except EngineError:
            continue  # a bot this version of the game no longer has
        measured.append((row["ordinal"], t["p90"], name))
    if not measured:
        return fallback
    fits = [m for m in measured if m[1] <= seconds_per_decision]
    if fits:
        return max(fits, key=lambda m: m[0])[2]
    return min(measured, key=lambda m: m[1])[2]


__all__ = [
    "LADDER_DIR",
    "Ladder",
    "finishing_ranks",
    "lineup",
    "load_ladder",
    "make_bot",
    "run_ladder",
    "strongest_bot",
]
