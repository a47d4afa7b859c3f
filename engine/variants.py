"""Does this house rule matter? Play the same seeds under each value of one ruleset field
and measure what changes: who wins by seat, how long a game lasts, how close it ends, and
how much skill counts.

Every setting plays the same seeds with the seats rotating (the ``i``-th game seats the
bots shifted by ``i``), so a difference between settings comes from the rule, not from the
deals. Each game is the very game :func:`engine.core.simulate.simulate_with` plays for
its seed, bots and ruleset (``--records`` writes them; anyone can recount). Per setting:

- ``seat_win_share``: the share of games each seat wins (a tie shares the win), with a
  95 % interval per seat (normal approximation of the per-game credit's mean);
- ``mean_length``: decisions (player moves, not chance) per game, with its interval;
- ``score_spread``: the final gap between the best and the worst seat's score, averaged;
- ``skill_gap``: in a mixed table (the stronger bot in one seat, the weaker in the rest,
  rotating), how much more often the stronger bot wins than its fair share ``1/n``.

Between settings, per measure: seat shares by a chi-square test of homogeneity, the others
by Welch's t-test of each value against the default (Bonferroni-corrected), at the 95 %
level; and one verdict in words, given as a coded phrase (``code`` and ``params``, which
the app words) with its English ``text``.

>>> report = measure("pig", "target", values=[20], games=6, seed=1, workers=1)
>>> [s["value"] for s in report["settings"]], report["settings"][0]["games"]
([30, 20], 6)
"""

from __future__ import annotations

import dataclasses
import json
import math
import random
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from engine.core.errors import EngineError, quoted
from engine.core.protocol import Game
from engine.core.records import GameRecord, result_of
from engine.core.registry import get_game
from engine.core.ruleset import make_ruleset, overrides_of
from engine.core.simulate import check_seed, play_out

#: the level of the tests and intervals
LEVEL = 0.95
Z = 1.959963984540054
#: a bot stronger than random that plays thousands of games in minutes, per game in order
#: of preference (the first one a game has); the weaker seat of a mixed table is random
PRACTICAL = ("heuristic", "hold20")
MAX_GAMES = 1_000_000


class _Counting:
    """A bot that counts its decisions; it draws exactly as the bot it wraps."""

    def __init__(self, bot):
        self.bot, self.decisions = bot, 0

    def choose(self, state, seat, rng):
        self.decisions += 1
        return self.bot.choose(state, seat, rng)


def practical_bot(game: Game) -> str:
    """The bot the settings are measured with when no players are given."""
    for name in PRACTICAL:
        if name in game.bots:
            return name
    return "random"


def field_values(game: Game, field: str, values: Sequence | None) -> list:
    """The values to compare: the default first, then ``values`` (each checked by the
    ruleset), or for a yes/no field the other answer, for a choice field every other
    choice. A number or text field needs ``values``."""
    fields = {f.name: f for f in dataclasses.fields(game.ruleset_class)}
    if field not in fields:
        raise EngineError.coded(
            "variants.field",
            "{game} has no rule {field!r}; rules: {names}",
            game=game.title,
            field=field,
            names=", ".join(sorted(fields)),
        )
    default = getattr(game.ruleset_class(), field)
    if values:
        wanted = list(values)
    elif isinstance(default, bool):
        wanted = [not default]
    elif fields[field].metadata.get("choices"):
        wanted = [c for c in fields[field].metadata["choices"] if c != default]
    else:
        raise EngineError.coded(
            "variants.values",
            "rule {field!r} is not yes/no nor a choice: give the values to compare",
            field=field,
        )
    out = [default]
    for v in wanted:
        checked = getattr(make_ruleset(game.ruleset_class, {field: v}), field)
        if checked not in out:
            out.append(checked)
    return out


def _play(piece: tuple) -> list[dict]:
    """One piece of work (a worker runs it): ``(game, field, value, seeds, first, players,
    with_records, base)``; per game its winners by seat, decisions, final scores and, asked
    for, its record as JSON. Game ``seed`` seats ``players`` shifted by ``seed - first``;
    ``base``: the other rules' ``(name, value)`` pairs."""
    name, field, value, seeds, first, players, with_records, base = piece
    game = get_game(name)
    overrides = {**dict(base), field: value}
    rules = make_ruleset(game.ruleset_class, overrides)
    out = []
    for seed in seeds:
        shift = (seed - first) % len(players)
        seated = players[shift:] + players[:shift]
        bots = [_Counting(game.make_bot(b)) for b in seated]
        state = game.new_initial_state(len(seated), rules)
        play_out(state, bots, random.Random(seed), random.Random(f"bots:{seed}"))
        result = result_of(state)
        if result is None:  # play_out returns a finished game; anything else is a bug
            raise EngineError(f"{name}: seed {seed} did not finish")
        row = {
            "seed": seed,
            "players": seated,
            "winners": result["winners"],
            "scores": result["scores"],
            "decisions": sum(b.decisions for b in bots),
        }
        if with_records:
            row["record"] = GameRecord(
                game=game.name,
                players=seated,
                actions=list(state.history),
                result=result,
                ruleset=overrides_of(rules),
                seed=seed,
                meta={"made_by": "engine.simulate"},
            ).to_json()
        out.append(row)
    return out


def _mean_ci(xs: Sequence[float]) -> tuple[float, list[float]]:
    n = len(xs)
    mean = sum(xs) / n
    sd = math.sqrt(sum((x - mean) ** 2 for x in xs) / (n - 1)) if n > 1 else 0.0
    half = Z * sd / math.sqrt(n) if n else 0.0
    return round(mean, 6), [round(mean - half, 6), round(mean + half, 6)]


def _credit(rows: list[dict], seats: int) -> list[list[float]]:
    """Per seat, per game: the share of the win (1, 1/k in a k-way tie, 0)."""
    out = [[0.0] * len(rows) for _ in range(seats)]
    for g, row in enumerate(rows):
        for w in row["winners"]:
            out[w][g] += 1 / len(row["winners"])
    return out


def _strong_credit(rows: list[dict], strong: str) -> list[float]:
    return [
        sum(1 / len(r["winners"]) for w in r["winners"] if r["players"][w] == strong) for r in rows
    ]


def _summary(value, rows: list[dict], mixed: list[dict], strong: str) -> dict:
    seats = len(rows[0]["players"])
    shares = [_mean_ci(c) for c in _credit(rows, seats)]
    length = _mean_ci([r["decisions"] for r in rows])
    spread = _mean_ci([max(r["scores"]) - min(r["scores"]) for r in rows])
    out = {
        "value": value,
        "games": len(rows),
        "seats": seats,
        "seat_win_share": [s[0] for s in shares],
        "seat_win_share_ci95": [s[1] for s in shares],
        "mean_length": length[0],
        "mean_length_ci95": length[1],
        "score_spread": spread[0],
        "score_spread_ci95": spread[1],
        "skill_gap": None,
        "skill_gap_ci95": None,
    }
    if mixed:
        gap = _mean_ci([c - 1 / seats for c in _strong_credit(mixed, strong)])
        out["skill_gap"], out["skill_gap_ci95"] = gap
    return out


def _tests(per: list[tuple[list[dict], list[dict]]], strong: str) -> dict:
    """Whether the settings differ, per measure (``p`` and ``differs`` at :data:`LEVEL`)."""
    from scipy import stats

    alpha = 1 - LEVEL
    out: dict = {}
    seats = len(per[0][0][0]["players"])
    table = [[sum(c) for c in _credit(rows, seats)] for rows, _ in per]
    if all(len(rows[0]["players"]) == seats for rows, _ in per) and len(per) > 1:
        columns = [j for j in range(seats) if any(t[j] for t in table)]
        if len(columns) > 1:
            kept = [[t[j] for j in columns] for t in table]
            p = float(stats.chi2_contingency(kept)[1])
        else:
            p = 1.0
        out["seat_win_share"] = {
            "test": "chi-square test of homogeneity (settings × seats)",
            "p": round(p, 6),
            "differs": p < alpha,
        }
    measures = {
        "mean_length": lambda rows, _m: [r["decisions"] for r in rows],
        "score_spread": lambda rows, _m: [max(r["scores"]) - min(r["scores"]) for r in rows],
        "skill_gap": lambda _r, mixed: _strong_credit(mixed, strong),
    }
    others = len(per) - 1
    for name, values in measures.items():
        base = values(*per[0])
        if not base or not others:
            continue
        ps = []
        for rows, mixed in per[1:]:
            xs = values(rows, mixed)
            if _constant(base + xs):
                ps.append(1.0)
            else:
                ps.append(float(stats.ttest_ind(base, xs, equal_var=False).pvalue))
        p = min(1.0, min(ps) * others)
        out[name] = {
            "test": "Welch's t-test against the default, Bonferroni-corrected",
            "p": round(p, 6),
            "differs": p < alpha,
        }
    return out


def _constant(xs: list[float]) -> bool:
    return all(x == xs[0] for x in xs)


#: what each measure is, in words (the verdict's English; the app words the code)
MEASURE_WORDS = {
    "mean_length": "a game's length in decisions",
    "score_spread": "the final gap between the best and worst score",
    "skill_gap": "the stronger bot's edge over its fair share",
}


def _measure_verdict(name: str, field: str, settings: list[dict]) -> dict:
    """How ``name`` changes from the default to the value that moves it most, in words."""
    base = settings[0]
    other = max(settings[1:], key=lambda s: _distance(name, base, s))
    if name == "seat_win_share":
        seat = max(
            range(base["seats"]),
            key=lambda j: abs(other["seat_win_share"][j] - base["seat_win_share"][j]),
        )
        change = 100 * (other["seat_win_share"][seat] - base["seat_win_share"][seat])
        lo, hi = other["seat_win_share_ci95"][seat]
        params = {
            "field": field,
            "value": other["value"],
            "seat": seat + 1,
            "points": round(abs(change), 1),
            "more": change >= 0,
            "pm": round(50 * (hi - lo), 1),
        }
        more = "more" if params["more"] else "less"
        text = (
            f"with {field} = {other['value']}, seat {seat + 1} wins {params['points']} "
            f"points {more} often (± {params['pm']})"
        )
        return {"code": "variants.seat", "params": params, "text": text}
    lo, hi = other[f"{name}_ci95"]
    change = other[name] - base[name]
    params = {
        "field": field,
        "value": other["value"],
        "measure": name,
        "change": round(abs(change), 3),
        "more": change >= 0,
        "pm": round((hi - lo) / 2, 3),
    }
    way = "rises" if change >= 0 else "falls"
    text = (
        f"with {field} = {other['value']}, {MEASURE_WORDS[name]} {way} by "
        f"{params['change']:g} (± {params['pm']:g})"
    )
    return {"code": "variants.change", "params": params, "text": text}


def _verdict(field: str, settings: list[dict], tests: dict, total: int) -> dict:
    """One line in words: the first measure that differs, by how much, or none."""
    for name in ("seat_win_share", "skill_gap", "mean_length", "score_spread"):
        if tests.get(name, {}).get("differs"):
            return _measure_verdict(name, field, settings)
    return {
        "code": "variants.none",
        "params": {"games": total},
        "text": f"no measurable difference in {total:,} games",
    }


def _distance(name: str, base: dict, s: dict) -> float:
    if name == "seat_win_share":
        return max(abs(a - b) for a, b in zip(s[name], base[name]))
    return abs((s[name] or 0) - (base[name] or 0))


def measure(
    game: str | Game,
    field: str,
    *,
    values: Sequence | None = None,
    games: int = 1000,
    seed: int = 0,
    players: Sequence[str] | None = None,
    workers: int | None = None,
    cluster: str | None = None,
    records: str | Path | None = None,
    progress=None,
    base: Mapping[str, Any] | None = None,
) -> dict:
    """The report of ``field`` (see the module): ``games`` games per setting from seeds
    ``seed``… on; ``records``: a folder that gets each setting's games as
    ``<value>.jsonl``. ``progress(done, total)`` is called as pieces finish. ``base``: other
    rules every setting is played under (e.g. Whist's ``variant`` for a rule of one variant),
    named in the report as ``rules``."""
    from engine.core.parallel import check_cluster, check_workers, run_ordered

    game = get_game(game) if isinstance(game, str) else game
    if type(games) is not int or not 2 <= games <= MAX_GAMES:
        raise EngineError.coded(
            "variants.games", "--games {n}: from 2 to {most}", n=games, most=MAX_GAMES
        )
    check_seed(seed)
    check_seed(seed + games - 1)
    base = dict(base or {})
    if field in base:
        raise EngineError.coded(
            "variants.base_field",
            "--rule {field}=…: the rule compared takes its values from --value",
            field=quoted(field),
        )
    make_ruleset(game.ruleset_class, base)  # a bad base rule is named before any game
    settings = field_values(game, field, values)
    strong = practical_bot(game)
    check_cluster(cluster)
    width = check_workers(workers) if cluster is None or workers is not None else 8
    size = max(1, min(64, -(-games // (8 * width))))
    plan = []  # (setting index, mixed?, players)
    for i, value in enumerate(settings):
        rules = make_ruleset(game.ruleset_class, {**base, field: value})
        n = len(players) if players else game.default_count(rules)
        table = list(players) if players else [strong] * n
        for b in table:
            game.make_bot(b)
        game.new_initial_state(n, rules)  # the count is allowed under this setting
        plan.append((i, False, table))
        if strong != "random":
            plan.append((i, True, [strong] + ["random"] * (n - 1)))
    pieces, owners = [], []
    for i, mixed, table in plan:
        for start in range(seed, seed + games, size):
            chunk = list(range(start, min(start + size, seed + games)))
            keep = records is not None and not mixed
            pieces.append(
                (game.name, field, settings[i], chunk, seed, table, keep, tuple(base.items()))
            )
            owners.append((i, mixed))
    got: dict[tuple[int, bool], list[dict]] = {(i, m): [] for i, m, _ in plan}
    results = run_ordered(_play, iter(pieces), workers=workers, cluster=cluster)
    for done, (owner, rows) in enumerate(zip(owners, results), start=1):
        got[owner] += rows
        if progress is not None:
            progress(done, len(pieces))
    if records is not None:
        folder = Path(records)
        folder.mkdir(parents=True, exist_ok=True)
        for i, value in enumerate(settings):
            lines = "".join(r.pop("record") + "\n" for r in got[i, False])
            (folder / f"{_file_name(value)}.jsonl").write_text(lines, encoding="utf-8")
    per = [(got[i, False], got.get((i, True), [])) for i in range(len(settings))]
    summaries = [_summary(v, rows, mixed, strong) for v, (rows, mixed) in zip(settings, per)]
    tests = _tests(per, strong)
    for name, test in tests.items():
        test["verdict"] = (
            _measure_verdict(name, field, summaries)
            if test["differs"]
            else {"code": "variants.same", "params": {"measure": name}, "text": "no difference"}
        )
    return {
        "game": game.name,
        "field": field,
        "default": settings[0],
        "rules": base,
        "games_per_setting": games,
        "seed": seed,
        "players": list(players) if players else "the practical bot in every seat",
        "mixed_table": None if strong == "random" else [strong, "random"],
        "level": LEVEL,
        "settings": summaries,
        "tests": tests,
        "verdict": _verdict(field, summaries, tests, games * len(settings)),
    }


def _file_name(value) -> str:
    """A setting's records file name (``true``, ``5``, ``five-of-a-kind``).

    >>> _file_name(True), _file_name("five of a kind"), _file_name(2.5)
    ('true', 'five-of-a-kind', '2.5')
    """
    text = json.dumps(value).strip('"').lower()
    return "".join(c if c.isalnum() or c in ".-_" else "-" for c in text) or "value"


__all__ = ["field_values", "measure", "practical_bot"]
