"""Puzzles from real games (engine/puzzles.py) and the shipped files data/puzzles/*.jsonl."""

from __future__ import annotations

import json
import math
import re
import shlex
from pathlib import Path

import pytest

from engine import simulate
from engine.analysis import analyse
from engine.core.errors import EngineError
from engine.core.records import GameRecord, read_jsonl
from engine.puzzles import (
    ANCHORS,
    GAMES,
    MEASURES,
    Choices,
    Puzzle,
    choices_at,
    find_puzzles,
    judge,
    load_puzzles,
    parse_puzzles,
    rate_attempt,
    thresholds,
)

ROOT = Path(__file__).resolve().parents[2]
DIR = ROOT / "data" / "puzzles"
TOL = 1e-6


def _commands() -> dict[str, list[str]]:
    out = {}
    for line in (DIR / "README.md").read_text(encoding="utf-8").splitlines():
        m = re.search(r"`python -m engine puzzles ([^`]+)`", line)
        if m:
            args = shlex.split(m.group(1))
            out[args[0]] = args
    return out


COMMANDS = _commands()


def test_readme_has_a_command_for_every_game():
    assert sorted(COMMANDS) == sorted(GAMES)


@pytest.mark.parametrize("game", GAMES)
def test_each_game_ships_at_least_200_puzzles_with_unique_ids(game):
    puzzles = load_puzzles(game)
    assert len(puzzles) >= 200
    assert len({p.id for p in puzzles}) == len(puzzles)
    assert all(p.game == game for p in puzzles)
    assert all(p.measure in MEASURES.values() for p in puzzles)
    assert (DIR / f"{game}.jsonl").stat().st_size < 2_000_000


def _check(p: Puzzle, *, recompute: bool = True) -> None:
    """Replays the prefix through the engine, recomputes every choice's value under the
    game's measure there (unless ``recompute`` is false), and checks the stored best, gap
    and margin against them."""
    game = p.game
    mistake = thresholds(game).mistake
    state = p.state()  # every action of the prefix legal (checked apply)
    assert state.current_player() == p.seat, p.id
    legal = {str(a) for a in state.legal_actions()}
    assert set(p.best) <= legal, p.id
    assert p.played in legal, p.id
    values = p.choices
    if recompute:
        ch = choices_at(state, game, p.played)
        assert ch is not None and ch.seat == p.seat and ch.measure == p.measure, p.id
        assert set(ch.values) == set(values), p.id
        for k, v in values.items():
            assert math.isclose(ch.values[k], v, abs_tol=TOL), (p.id, k)
        values = ch.values
    top = values[p.best[0]]
    assert all(math.isclose(values[b], top, abs_tol=TOL) for b in p.best), p.id
    # strictly better than the played move, by the stated gap (at least a mistake)
    assert math.isclose(top - values[p.played], p.gap, abs_tol=2 * TOL), p.id
    assert p.gap >= mistake - TOL and top > values[p.played], p.id
    # unique: every other choice loses at least the stated margin (at least a mistake)
    others = [v for k, v in values.items() if k not in p.best]
    assert math.isclose(top - max(others), p.margin, abs_tol=2 * TOL), p.id
    assert p.margin >= mistake - TOL, p.id
    assert p.is_solution(p.best[-1]) and not p.is_solution(p.played), p.id


def _costly(i: int, p: Puzzle) -> bool:
    """Stack 5's draw-or-stop values take ~0.1 s each (the exact rest of the turn): the
    quick run recomputes every 4th of them, ``pytest -m slow`` all."""
    return p.game == "stack5" and p.played in ("draw", "stop") and i % 4 != 0


@pytest.mark.parametrize("game", GAMES)
def test_every_shipped_puzzle_replays_and_its_best_move_is_best_by_its_margin(game):
    for i, p in enumerate(load_puzzles(game)):
        _check(p, recompute=not _costly(i, p))


@pytest.mark.slow
def test_every_stack5_draw_or_stop_puzzle_recomputed():
    picked = [p for i, p in enumerate(load_puzzles("stack5")) if _costly(i, p)]
    assert picked
    for p in picked:
        _check(p)


@pytest.mark.parametrize("game", GAMES)
def test_puzzle_values_agree_with_the_games_analysis(game):
    """The analysis board's grading of the played move (``engine.analysis.analyse`` of
    the record cut after it) gives the same played value, best value and best move."""
    picks = sorted(load_puzzles(game), key=lambda p: len(p.prefix))[:3]
    assert picks
    for p in picks:
        rec = p.source()
        rec.actions.append(p.played)
        opts = {"tricks_left": 5} if game == "whist" else {}
        note = [n for n in analyse(rec, **opts) if n.step == len(p.prefix)]
        assert len(note) == 1, p.id
        note = note[0]
        assert note.seat == p.seat and note.action == p.played
        assert math.isclose(note.value_played, p.choices[p.played], abs_tol=TOL)
        assert math.isclose(note.value_best, p.choices[p.best[0]], abs_tol=TOL)
        assert note.best in p.best
        assert note.mark in ("?", "??", "?!")  # whist: 1 trick costing no points is ?!


def test_is_solution_reads_the_move_as_the_game_does():
    p = next(p for p in load_puzzles("whist") if len(p.best) >= 1)
    assert p.is_solution(p.best[0].lower())  # "play 8h" is "play 8H"
    assert p.is_solution("  " + p.best[0] + " ")
    assert not p.is_solution("play")
    assert not p.is_solution(p.played)
    assert not p.is_solution(3)


def test_find_puzzles_keeps_only_clear_mistakes_with_a_unique_best():
    recs = [simulate("owners_choice", seed=5, players=["random"] * 3)]
    found = find_puzzles(recs, "owners_choice")
    assert found
    mistake = thresholds("owners_choice").mistake
    assert all(p.gap >= mistake - TOL and p.margin >= mistake - TOL for p in found)
    # every decision left out was not a puzzle: the played move lost less than a
    # mistake, or another move came within a mistake of the best
    from engine.analysis import positions

    kept = {len(p.prefix) for p in found if p.record["seed"] == 5}
    for step, state, text in positions(recs[0]):
        if state.current_player() < 0:
            continue
        played = str(state.parse_action(text))
        ch = choices_at(state, "owners_choice", played)
        if ch is None or step in kept:
            continue
        v = ch.values
        ranked = sorted(v.values(), reverse=True)
        best = max(v, key=v.get)
        clear = (
            len(ranked) > 1
            and ranked[0] - v[played] >= mistake - TOL
            and ranked[0] - ranked[1] >= mistake - TOL
            and best in {str(a) for a in state.legal_actions()}
        )
        assert not clear, (step, played, v)


def test_judge_refuses_small_losses_ties_and_moves_one_cannot_play():
    def ch(values, classes=None):
        return Choices(0, values, "m", "$", classes or tuple((k,) for k in values))

    legal = {"a", "b", "c"}
    assert judge(ch({"a": 40, "b": 0}), "b", 30, legal) == (("a",), 40.0, 40.0)
    assert judge(ch({"a": 40, "b": 20}), "b", 30, legal) is None  # lost less than 30
    assert judge(ch({"a": 40, "c": 35, "b": 0}), "b", 30, legal) is None  # best not unique
    assert judge(ch({"(no peek)": 40, "b": 0}), "b", 30, legal) is None  # not a move
    assert judge(ch({"a": 40, "b": 0}), "a", 30, legal) is None  # played the best
    # equivalent cards are one choice: the class is the solution
    two = ch({"a": 4, "c": 4, "b": 3}, (("a", "c"), ("b",)))
    assert judge(two, "b", 1, legal) == (("a", "c"), 1.0, 1.0)


def test_find_puzzles_limits_and_per_record():
    recs = read_jsonl(ROOT / "data" / "owners_choice" / "games.jsonl")[:2]
    every = find_puzzles(recs, "owners_choice")
    assert find_puzzles(recs, "owners_choice", limit=4) == every[:4]
    capped = find_puzzles(recs, "owners_choice", per_record=1)
    assert len(capped) == len({p.record["seed"] for p in every})
    with pytest.raises(EngineError, match="limit"):
        find_puzzles(recs, "owners_choice", limit=-1)
    with pytest.raises(EngineError, match="no puzzles for 'pig'"):
        find_puzzles(recs, "pig")


def test_first_puzzles_reproduce_from_the_readme_command(tmp_path):
    """The fast version of the byte-for-byte check: the first 8 puzzles of Owner's Choice
    and Whist, regenerated by the README's command (with a smaller --limit)."""
    from engine.cli import main

    for game in ("owners_choice", "whist"):
        args = list(COMMANDS[game])
        args[args.index("--limit") + 1] = "8"
        out = tmp_path / f"{game}.jsonl"
        args[args.index("--out") + 1] = str(out)
        assert main(["puzzles", *args]) == 0
        shipped = (DIR / f"{game}.jsonl").read_bytes().splitlines(keepends=True)[:8]
        assert out.read_bytes().splitlines(keepends=True) == shipped


@pytest.mark.slow
@pytest.mark.parametrize("game", GAMES)
def test_puzzle_file_reproduces_byte_for_byte(game, tmp_path):
    from engine.cli import main

    args = list(COMMANDS[game])
    out = tmp_path / f"{game}.jsonl"
    args[args.index("--out") + 1] = str(out)
    assert main(["puzzles", *args]) == 0
    assert out.read_bytes() == (DIR / f"{game}.jsonl").read_bytes()


def test_the_cli_writes_nothing_on_error(tmp_path, capsys):
    from engine.cli import main

    out = tmp_path / "p.jsonl"
    bad = tmp_path / "bad.jsonl"
    rec = simulate("owners_choice", seed=1, players=["random"] * 3)
    rec.actions[5] = "fly away"
    bad.write_text(rec.to_json() + "\n")
    assert main(["puzzles", "owners_choice", "--from", str(bad), "--out", str(out)]) == 1
    err = capsys.readouterr().err
    assert err.startswith("error: ") and err.count("\n") == 1 and "fly away" in err
    assert not out.exists() and list(tmp_path.iterdir()) == [bad]
    assert main(["puzzles", "pig", "--from", str(bad), "--out", str(out)]) == 1
    assert "no puzzles for 'pig'" in capsys.readouterr().err
    folder = tmp_path / "nowhere" / "p.jsonl"
    good = ROOT / "data" / "owners_choice" / "games.jsonl"
    assert main(["puzzles", "owners_choice", "--from", str(good), "--out", str(folder)]) == 1
    assert "does not exist" in capsys.readouterr().err


# --- ratings -----------------------------------------------------------------------------


def test_rate_attempt_moves_ratings_the_right_way_and_is_openskills_update():
    from openskill.models import PlackettLuce

    model = PlackettLuce()
    learner, puzzle = (25.0, 25 / 3), (28.0, 5.0)
    (lm, ls), (pm, ps) = rate_attempt(learner, puzzle, True)
    assert lm > learner[0] and pm < puzzle[0] and ls < learner[1]
    (lm2, _), (pm2, _) = rate_attempt(learner, puzzle, False)
    assert lm2 < learner[0] and pm2 > puzzle[0]
    for solved, ranks in ((True, [0, 1]), (False, [1, 0])):
        [[a], [b]] = model.rate(
            [[model.rating(mu=25.0, sigma=25 / 3)], [model.rating(mu=28.0, sigma=5.0)]],
            ranks=ranks,
        )
        got = rate_attempt(learner, puzzle, solved)
        assert got == ((a.mu, a.sigma), (b.mu, b.sigma))


@pytest.mark.parametrize(
    "learner, puzzle, solved, words",
    [
        ((25, 8), (25, 0), True, "sigma must be above 0"),
        ((25, float("nan")), (25, 8), True, "two numbers"),
        ("25", (25, 8), True, "two numbers"),
        ((25, 8), (25, 8), "yes", "true or false"),
    ],
)
def test_rate_attempt_refuses_bad_ratings_in_words(learner, puzzle, solved, words):
    with pytest.raises(EngineError, match=words):
        rate_attempt(learner, puzzle, solved)


def test_ratings_follow_the_reference_solvers():
    """More choices (the random solver fails more often), a best move standing out less
    (the blurred solver fails more often) and a heuristic bot or a player that fails make
    a puzzle harder; every shipped rating is a sane (mu, sigma)."""
    for game in GAMES:
        for p in load_puzzles(game):
            mu, sigma = p.rating
            assert 10 < mu < 45 and 0 < sigma < 25 / 3, p.id
    from engine.puzzles import initial_rating

    def fake(values):
        return Choices(0, values, "m", "$", tuple((k,) for k in values))

    state = load_puzzles("owners_choice")[0].state()

    def rate(values, player=None):  # "pig": no heuristic bot
        return initial_rating("pig", state, "x", fake(values), ("a",), player=player, mistake=1)

    easy = rate({"a": 9, "b": 0})
    assert rate({"a": 9, "b": 0, "c": 0, "d": 0})[0] > easy[0]  # more choices
    assert rate({"a": 1, "b": 0})[0] > easy[0]  # stands out less
    assert rate({"a": 9, "b": 0}, player="heuristic")[0] > easy[0]
    assert set(ANCHORS) == {"random", "blurred", "heuristic"}


def test_an_attempt_by_chance_averages_the_two_updates():
    from engine.puzzles import blurred_solve_chance, expected_update

    solver, puzzle = (20.0, 1.0), (25.0, 5.0)
    _, won = rate_attempt(solver, puzzle, True)
    _, lost = rate_attempt(solver, puzzle, False)
    assert expected_update(solver, puzzle, 1.0) == won
    assert expected_update(solver, puzzle, 0.0) == lost
    mid = expected_update(solver, puzzle, 0.25)
    assert math.isclose(mid[0], 0.25 * won[0] + 0.75 * lost[0])
    q = blurred_solve_chance({"a": 2.0, "b": 0.0, "c": 0.0}, ("a",), 1.0)
    assert math.isclose(q, math.e**2 / (math.e**2 + 2))


# --- the file format ---------------------------------------------------------------------


def test_round_trip_and_load_puzzles_is_cached():
    p = load_puzzles("stack5")[0]
    assert Puzzle.from_json(p.to_json()) == p
    assert Puzzle.from_json(p.to_json()).to_json() == p.to_json()
    assert load_puzzles("stack5") is load_puzzles("stack5")
    assert parse_puzzles(p.to_json() + "\n\n" + p.to_json()) == [p, p]


def _good() -> dict:
    return json.loads(load_puzzles("owners_choice")[0].to_json())


@pytest.mark.parametrize(
    "change, words",
    [
        (lambda d: "not json", "not valid JSON"),
        (lambda d: [1, 2], "expected a JSON object"),
        (lambda d: {k: v for k, v in d.items() if k != "seat"}, "missing field 'seat'"),
        (lambda d: d | {"colour": 1}, "unknown field 'colour'"),
        (lambda d: d | {"seat": "0"}, "'seat' must be a whole number"),
        (lambda d: d | {"seat": True}, "'seat' must be a whole number"),
        (lambda d: d | {"seat": 9}, "seat 9 is not a seat"),
        (lambda d: d | {"game": "chess"}, "game 'chess' has no puzzles"),
        (lambda d: d | {"format": "x"}, "format 'x' is not"),
        (lambda d: d | {"best": ["fly"]}, "best must list choices"),
        (lambda d: d | {"played": d["best"][0]}, "played must be a choice"),
        (lambda d: d | {"rating": [25, 0]}, "sigma above 0"),
        (lambda d: d | {"gap": -1}, "gap and margin"),
        (lambda d: d | {"values": {}}, "values must map"),
        (lambda d: d | {"prefix": [1]}, "prefix must be a list of action texts"),
        (lambda d: d | {"record": {"players": [], "ruleset": {}}}, "record.players"),
    ],
)
def test_from_json_refuses_bad_input_in_words(change, words):
    data = change(_good())
    text = data if isinstance(data, str) else json.dumps(data)
    with pytest.raises(EngineError, match=re.escape(words)):
        Puzzle.from_json(text)


def test_from_json_refuses_nan_and_bytes_that_are_not_utf8():
    text = load_puzzles("owners_choice")[0].to_json()
    with pytest.raises(EngineError, match="not valid JSON"):
        Puzzle.from_json(re.sub(r'"gap": [0-9.]+', '"gap": NaN', text))
    with pytest.raises(EngineError, match="not UTF-8"):
        Puzzle.from_json(b"\xff{}")


def test_a_puzzle_that_does_not_replay_names_the_action():
    d = _good()
    d["prefix"] = d["prefix"][:3] + ["fly away"]
    p = Puzzle.from_json(json.dumps(d))
    with pytest.raises(EngineError, match="action 4 “fly away”"):
        p.state()


def test_a_record_of_another_game_is_skipped():
    rec = GameRecord("stack5", ["random", "random"], [])
    assert find_puzzles([rec], "whist") == []


def test_player_keeps_only_that_seats_decisions(tmp_path):
    """``--player SEAT`` (``find_puzzles(seat=…)``): a player's own mistakes only, each
    puzzle the same as when every seat's are found."""
    from engine.cli import main

    recs = read_jsonl(ROOT / "data" / "owners_choice" / "games.jsonl")[:2]
    every = find_puzzles(recs, "owners_choice")
    seats = {p.seat for p in every}
    assert len(seats) > 1
    src = tmp_path / "games.jsonl"
    src.write_text("".join(r.to_json() + "\n" for r in recs), encoding="utf-8")
    for seat in sorted(seats):
        out = tmp_path / f"seat{seat}.jsonl"
        args = ["owners_choice", "--from", str(src), "--player", str(seat), "--out", str(out)]
        assert main(["puzzles", *args]) == 0
        mine = parse_puzzles(out.read_text(encoding="utf-8"))
        assert mine and all(p.seat == seat for p in mine)
        assert [p.to_json() for p in mine] == [p.to_json() for p in every if p.seat == seat]
    with pytest.raises(EngineError, match="seat"):
        find_puzzles(recs, "owners_choice", seat=-1)
