"""Statistics are computed in one replay per record: the tables equal the tables of the
per-game hooks as they were before (each replaying on its own, checked), on the shipped
data; each record is replayed once; a trusted replay of a record that lies still names
the action."""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path

import polars as pl
import pytest
from polars.testing import assert_frame_equal

import engine.stats as stats
from engine import simulate
from engine.core.errors import RecordError
from engine.core.records import GameRecord, final_state, parse_jsonl, replay
from engine.stats import StatTable, game_tables

DATA = Path(__file__).resolve().parents[2] / "data"
GAMES = ["stack5", "owners_choice", "stock_holdem", "whist"]


@cache
def shipped(game: str) -> tuple[GameRecord, ...]:
    out = []
    for path in sorted((DATA / game).glob("*.jsonl")):
        out += parse_jsonl(path.read_text(encoding="utf-8"), source=path.name)
    return tuple(out)


# --- the tables as the hooks computed them before (verbatim, frames only) -----------------


def old_stack5(records):
    from engine.stack5.state import P_GIVE, P_OVER

    def turns(record):
        out = []
        prev_player, draws, busted = 0, 0, False
        for step in replay(record):
            s = step.state
            if step.action and s.phase == P_GIVE:
                busted = True
            if s.player != prev_player or s.phase == P_OVER:
                out.append({"drawer": prev_player, "own_draws": draws, "bust": busted})
                busted = False
            prev_player, draws = s.player, s.own_draws
        return out

    rows = [dict(t, game=i) for i, r in enumerate(records) for t in turns(r)]
    schema = {"drawer": pl.Int64, "own_draws": pl.Int64, "bust": pl.Boolean, "game": pl.Int64}
    frame = pl.DataFrame(rows, schema=schema)
    by_draws = (
        frame.group_by("own_draws")
        .agg(pl.len().alias("turns"), pl.col("bust").mean().round(3).alias("bust_rate"))
        .sort("own_draws")
    )
    per_game = frame.group_by("game").agg(pl.len().alias("turns"))
    to_win = per_game.group_by("turns").agg(pl.len().alias("games")).sort("turns")
    return [by_draws, to_win]


def old_owners_choice(records):
    from engine.owners_choice.rules import COMPANIES

    rows = []
    for i, rec in enumerate(records):
        s = final_state(rec)
        row = {"game": i, "players": rec.num_players, "fund": s.fund, "turns": s.turn}
        for c, name in enumerate(COMPANIES):
            row[f"price_{name}"] = s.price(c)
            row[f"bankrupt_{name}"] = s.bankruptcies[c]
        row["bankruptcies"] = sum(s.bankruptcies)
        row["left"] = sum(s.out)
        prices = [s.price(c) for c in range(4)]
        row["highest"] = "/".join(COMPANIES[c] for c in range(4) if prices[c] == max(prices))
        row["winners"] = list(s.winners())
        row["first_player_won"] = 0 in s.winners()
        rows.append(row)
    df = pl.DataFrame(rows)
    bank = df.group_by("bankruptcies").agg(pl.len().alias("games")).sort("bankruptcies")
    high = df.group_by("highest").agg(pl.len().alias("games")).sort("highest")
    first = (
        df.group_by("players")
        .agg(
            pl.len().alias("games"),
            pl.col("first_player_won").mean().alias("first player win rate"),
            (1 / pl.col("players")).first().alias("fair share"),
        )
        .sort("players")
    )
    return [bank, high, first]


def old_stock_holdem(records):
    from engine.stock_holdem.distribution import price_distribution
    from engine.stock_holdem.history import results_frame

    def versus(prices, column, exact):
        seen = prices.group_by(column).len()
        return (
            pl.DataFrame({column: list(exact), "exact odds": [float(q) for q in exact.values()]})
            .join(seen, on=column, how="left")
            .with_columns((pl.col("len").fill_null(0) / prices.height).alias("recorded"))
            .drop("len")
        )

    prices = results_frame(records)
    counts = prices.group_by("price").len().rename({"len": "companies"}).sort("price")
    by_round = (
        prices.group_by("round")
        .agg(pl.col("price").mean().round(2).alias("mean price"), pl.len().alias("companies"))
        .sort("round")
    )
    d = price_distribution(["?"] * 5)
    return [
        counts,
        by_round,
        versus(prices, "number_hand", d.number_hands),
        versus(prices, "symbol_hand", d.symbol_hands),
    ]


def old_whist(records):
    from engine.whist.history import deals_frame

    deals = deals_frame(records)
    out = []
    bid = deals.filter(pl.col("bid") > 0)
    if bid.height:
        out.append(
            bid.group_by("bid")
            .agg(
                pl.len().alias("contracts"),
                pl.col("made").cast(pl.Float64).mean().round(3).alias("made_rate"),
                pl.col("books_declarer").mean().round(2).alias("mean books"),
            )
            .sort("bid")
        )
        out.append(
            bid.group_by("kind")
            .agg(
                pl.len().alias("contracts"),
                pl.col("made").cast(pl.Float64).mean().round(3).alias("made_rate"),
            )
            .sort("kind")
        )
    swings = (
        deals.group_by("variant", "swing").agg(pl.len().alias("deals")).sort("variant", "swing")
    )
    out.append(swings.group_by("swing").agg(pl.col("deals").sum()).sort("swing"))
    out.append(deals.group_by("variant").agg(pl.len().alias("deals")).sort("variant"))
    return out


OLD = {
    "stack5": old_stack5,
    "owners_choice": old_owners_choice,
    "stock_holdem": old_stock_holdem,
    "whist": old_whist,
}


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("trusted", [False, True], ids=["checked", "trusted"])
def test_one_pass_tables_equal_the_old_tables_on_the_shipped_data(game, trusted):
    # the page's path (trusted) on every shipped game; the checked path on a sample of each
    # file (it is the same replay with every action checked)
    records = list(shipped(game)) if trusted else list(shipped(game))[::7]
    finished = [r for r in records if r.result is not None]
    old = OLD[game](finished)
    new = game_tables(game, records, trusted=trusted)
    assert len(new) == len(old)
    for table, frame in zip(new, old, strict=True):
        assert isinstance(table, StatTable)
        assert_frame_equal(table.frame, frame, check_exact=True)


@pytest.mark.parametrize("game", GAMES)
def test_one_pass_replays_each_record_once_for_every_table(game, monkeypatch):
    calls = []
    real = stats.replay_record

    def counting(record, **kwargs):
        calls.append(id(record))
        return real(record, **kwargs)

    monkeypatch.setattr(stats, "replay_record", counting)
    records = list(shipped(game))[:12]
    tables = game_tables(game, records, trusted=True)
    assert len(tables) >= 2
    assert sorted(calls) == sorted(id(r) for r in records if r.result is not None)


def test_trusted_replay_of_a_record_that_lies_names_the_action():
    rec = simulate("stack5", 3, ["heuristic", "random"])
    data = json.loads(rec.to_json())
    data["actions"][2] = "place R9 row 2" if data["actions"][2] != "place R9 row 2" else "draw"
    bad = GameRecord.from_dict(data)
    with pytest.raises(RecordError, match="action 3"):
        stats.replay_record(bad, trusted=True)
    data = json.loads(rec.to_json())
    data["result"]["scores"] = [s + 1 for s in data["result"]["scores"]]
    with pytest.raises(RecordError, match="does not match"):
        stats.replay_record(GameRecord.from_dict(data), trusted=True)


def test_trusted_replay_reaches_the_same_final_state_as_the_checked_one():
    for game, players in [("owners_choice", ["random"] * 3), ("pig", ["hold20", "random"])]:
        rec = simulate(game, 5, players)
        checked = final_state(rec)
        trusted = stats.replay_record(rec, trusted=True)
        assert trusted.history == checked.history
        assert trusted.returns() == checked.returns()
