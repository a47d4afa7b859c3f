"""The ladder (engine.ladder, python -m engine ladder): rotating seats, OpenSkill ratings,
head to head, records that replay, determinism for a seed."""

from __future__ import annotations

import json
import shlex
from pathlib import Path

import pytest

from engine import EngineError, read_jsonl, replay
from engine.cli import main
from engine.ladder import finishing_ranks, lineup, load_ladder, make_bot, run_ladder


def test_ladder_is_deterministic_for_a_seed():
    a = run_ladder("stack5", ["random", "heuristic", "mcts@3"], games=6, seed=10)
    b = run_ladder("stack5", ["random", "heuristic", "mcts@3"], games=6, seed=10)
    assert a.to_dict(times=False) == b.to_dict(times=False)
    c = run_ladder("stack5", ["random", "heuristic", "mcts@3"], games=6, seed=11)
    assert c.to_dict(times=False) != a.to_dict(times=False)


def test_ladder_on_two_workers_gives_the_same_games_and_table_as_on_one():
    """The games run through simulate_many's backend; ratings are updated in game order,
    so the table is the same bit for bit whatever the number of workers."""
    bots = ["random", "heuristic", "mcts@3"]
    seen: dict[int, list] = {1: [], 2: []}
    ladders = {
        w: run_ladder(
            "stack5",
            bots,
            games=14,
            seed=3,
            workers=w,
            on_game=lambda i, r, w=w: seen[w].append((i, r.to_json())),
        )
        for w in (1, 2)
    }
    assert ladders[1].to_dict(times=False) == ladders[2].to_dict(times=False)
    assert ladders[1].head_to_head() == ladders[2].head_to_head()
    assert seen[1] == seen[2] and [i for i, _ in seen[1]] == list(range(14))


def test_ladder_stopped_early_keeps_the_first_games_rated():
    calls = []

    def stop():
        calls.append(1)
        return len(calls) > 3

    lad = run_ladder("pig", ["random", "hold20"], games=10, seed=0, should_stop=stop)
    whole = run_ladder("pig", ["random", "hold20"], games=lad.games, seed=0)
    assert 0 < lad.games < 10 and lad.to_dict(times=False) == whole.to_dict(times=False)


def test_ladder_command_on_one_or_two_workers_writes_the_same_files(tmp_path, capsys):
    files = {}
    for w in ("1", "2"):
        out, summary = tmp_path / f"g{w}.jsonl", tmp_path / f"l{w}.json"
        args = ["ladder", "whist", "--bots", "random", "heuristic", "--games", "6"]
        assert main([*args, "--workers", w, "--out", str(out), "--summary", str(summary)]) == 0
        data = json.loads(summary.read_text())
        assert set(data.pop("seconds_per_decision")) == {"random", "heuristic"}  # measured
        h2h = capsys.readouterr().out.split("head to head")[1]
        files[w] = (out.read_text(), data, h2h)
    assert files["1"] == files["2"]


def test_ladder_rates_the_heuristic_above_random_with_intervals():
    lad = run_ladder("owners_choice", ["random", "heuristic"], games=12, seed=1)
    rows = {r["bot"]: r for r in lad.rows()}
    assert rows["heuristic"]["mu"] > rows["random"]["mu"]
    for r in rows.values():
        assert r["low"] < r["mu"] < r["high"]
        assert r["ordinal"] == pytest.approx(r["mu"] - 3 * r["sigma"], abs=1e-2)
    h2h = lad.head_to_head()
    assert h2h["heuristic"]["random"] + h2h["random"]["heuristic"] == pytest.approx(1.0)


def test_seats_rotate_so_every_bot_holds_every_seat():
    assert [lineup(["a", "b", "c"], 2, i) for i in range(6)] == [
        ["a", "b"], ["a", "c"], ["b", "a"], ["b", "c"], ["c", "a"], ["c", "b"],
    ]  # fmt: skip
    seats = [lineup(["a", "b", "c"], 4, i) for i in range(3)]
    for j in range(4):
        assert sorted(s[j] for s in seats) == ["a", "b", "c"]


def test_finishing_ranks_put_winners_first_and_tie_equal_scores():
    assert finishing_ranks({"scores": [3, 1, 1], "winners": [0]}) == [0, 1, 1]
    assert finishing_ranks({"scores": [5, 5, 2], "winners": [0, 1]}) == [0, 0, 2]


def test_a_bot_name_may_carry_the_search_budget():
    from engine import get_game

    game = get_game("stack5")
    assert make_bot(game, "mcts@7").iterations == 7
    for bad in ["mcts@", "mcts@x", "mcts@0", "heuristic@5", "mcts@1234567"]:
        with pytest.raises(EngineError):
            make_bot(game, bad)


def test_ladder_refuses_one_bot_twice_or_alone():
    with pytest.raises(EngineError):
        run_ladder("stack5", ["random"], games=1)
    with pytest.raises(EngineError):
        run_ladder("stack5", ["random", "random"], games=1)


def test_ladder_command_writes_records_that_replay_and_a_summary(tmp_path, capsys):
    out, summary = tmp_path / "games.jsonl", tmp_path / "ladder.json"
    args = ["ladder", "stock_holdem", "--bots", "random", "heuristic", "--games", "3"]
    assert main([*args, "--seed", "4", "--out", str(out), "--summary", str(summary)]) == 0
    text = capsys.readouterr().out
    assert "head to head" in text and "heuristic" in text
    records = read_jsonl(out)
    assert len(records) == 3 and records[0].seed == 4
    for r in records:
        assert list(replay(r))
    data = load_ladder(summary.read_text())
    assert data["games"] == 3 and {r["bot"] for r in data["ratings"]} == {"random", "heuristic"}
    assert json.loads(summary.read_text())["head_to_head"]["random"]["heuristic"] is not None


def test_ladder_command_reports_a_bad_bot_in_one_line(capsys):
    assert main(["ladder", "stack5", "--bots", "random", "wizard", "--games", "1"]) == 1
    err = capsys.readouterr().err
    assert err.startswith("error:") and "wizard" in err and len(err.splitlines()) == 1


SHIPPED = Path(__file__).resolve().parents[2] / "data" / "ladder"
SUMMARIES = sorted(SHIPPED.glob("*.json"))


@pytest.mark.parametrize("path", SUMMARIES, ids=[p.stem for p in SUMMARIES])
def test_shipped_ladder_records_replay_and_match_the_summary(path):
    data = load_ladder(path.read_text())
    records = read_jsonl(SHIPPED / "records" / f"{path.stem}.jsonl", verify=True)
    assert len(records) == data["games"]
    assert [r.seed for r in records] == list(range(data["seed"], data["seed"] + data["games"]))
    assert {r.game for r in records} == {data["game"]} == {path.stem}
    for r in records:
        assert r.players == lineup(data["bots"], data["players"], r.seed - data["seed"])


@pytest.mark.parametrize(
    ("game", "count"), [("stack5", 2), ("whist", 1), ("owners_choice", 1), ("stock_holdem", 1)]
)
def test_shipped_ladder_command_reproduces_its_first_games(tmp_path, game, count):
    """The game's command in data/ladder/README.md, played by today's bots, makes the
    shipped records (the first games checked)."""
    readme = (SHIPPED / "README.md").read_text()
    line = next(x for x in readme.splitlines() if f"ladder {game} " in x)
    command = line[line.index("python -m engine ladder") :].split("`")[0]
    args = shlex.split(command)[3:]
    args[args.index("--games") + 1] = str(count)
    if "--workers" in args:  # the same games on one process
        args[args.index("--workers") + 1] = "1"
    args[args.index("--out") + 1] = str(tmp_path / "again.jsonl")
    args[args.index("--summary") + 1] = str(tmp_path / "again.json")
    assert main(args) == 0
    again = (tmp_path / "again.jsonl").read_text().splitlines()
    shipped = (SHIPPED / "records" / f"{game}.jsonl").read_text().splitlines()
    assert again == shipped[:count]


def test_ladder_measures_cpu_seconds_per_decision_of_each_bot():
    lad = run_ladder("stack5", ["random", "heuristic"], games=4, seed=2)
    spd = lad.to_dict()["seconds_per_decision"]
    assert set(spd) == {"random", "heuristic"}
    for t in spd.values():
        assert t["decisions"] > 10 and 0 <= t["median"] <= t["p90"]
    assert "seconds_per_decision" not in lad.to_dict(times=False)
    assert "s/move" in lad.table()


def test_win_share_counts_each_seat_of_a_winning_side_and_states_the_fair_share():
    """Bid Whist partnerships: both seats of the winning side won (each bot's share is
    its side's share of the games, fair share one half); Stack 5 2p: one in two."""
    lad = run_ladder("whist", ["random", "heuristic"], games=2, seed=3)
    rows = {r["bot"]: r for r in lad.rows()}
    assert lad.fair_win_share() == 0.5
    assert rows["random"]["win_share"] + rows["heuristic"]["win_share"] == 1.0
    assert lad.to_dict()["fair_win_share"] == 0.5
    duel = run_ladder("stack5", ["random", "heuristic"], games=2, seed=3)
    assert duel.fair_win_share() == 0.5


@pytest.mark.parametrize("path", SUMMARIES, ids=[p.stem for p in SUMMARIES])
def test_shipped_win_shares_are_those_of_the_records(path):
    data = load_ladder(path.read_text())
    records = read_jsonl(SHIPPED / "records" / f"{path.stem}.jsonl")
    won = dict.fromkeys(data["bots"], 0)
    held = dict.fromkeys(data["bots"], 0)
    for r in records:
        for seat, bot in enumerate(r.players):
            held[bot] += 1
            won[bot] += seat in r.result["winners"]
    for row in data["ratings"]:
        assert row["win_share"] == round(won[row["bot"]] / held[row["bot"]], 4)
    winners = sum(len(r.result["winners"]) for r in records)
    assert data["fair_win_share"] == round(winners / sum(held.values()), 4)
