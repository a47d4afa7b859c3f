"""Insights across games (engine.insights and each game's decisions.py): the figures
re-derived by hand on a small case, every graded decision of the shipped records given a
kind and a situation, and a bot made to blunder one kind of decision found out."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine import get_game, read_jsonl, simulate
from engine import insights as I
from engine.analysis import analyse
from engine.core.annotation import Annotation
from engine.core.protocol import Bot
from engine.core.records import states

DATA = Path(__file__).resolve().parents[2] / "data"


def test_the_figures_by_hand():
    rows = [
        # bo: 3 trades (lost 0, 4, 2) and 2 moves (lost 5 once, 0 once)
        {"player": "bo", "kind": "trade", "situation": "before_move", "loss": 0.0},
        {"player": "bo", "kind": "trade", "situation": "after_move", "loss": 4.0},
        {"player": "bo", "kind": "trade", "situation": "after_move", "loss": 2.0},
        {"player": "bo", "kind": "move", "situation": "move", "loss": 5.0},
        {"player": "bo", "kind": "move", "situation": "move", "loss": 0.0},
        # cy: one mistake only, never recurring
        {"player": "cy", "kind": "move", "situation": "move", "loss": 9.0},
        {"player": "cy", "kind": "move", "situation": "move", "loss": 0.0},
    ]
    frame = I.from_rows(rows)
    acc = {(r["player"], r["kind"]): r for r in I.accuracy(frame).to_dicts()}
    assert acc["bo", "trade"] == {
        "player": "bo",
        "kind": "trade",
        "decisions": 3,
        "kept_share": round(1 / 3, 4),
        "mean_loss": 2.0,  # (0 + 4 + 2) / 3
        "total_loss": 6.0,
        "unit": None,
    }
    assert acc["bo", "move"]["kept_share"] == 0.5 and acc["bo", "move"]["mean_loss"] == 2.5
    assert acc["cy", "move"]["total_loss"] == 9.0
    # bo's moves lost 5 in one mistake (not recurring); the trades after the move lost
    # 6 in two: that is the costliest recurring mistake. cy has none that recurs.
    worst = I.costliest(frame).to_dicts()
    assert worst == [
        {
            "player": "bo",
            "kind": "trade",
            "situation": "after_move",
            "mistakes": 2,
            "total_loss": 6.0,
            "mean_loss": 3.0,
            "unit": None,
        }
    ]
    assert I.costliest(frame, recurring=1)["kind"].to_list() == ["trade", "move"]


SHIPPED = {
    "stack5": ("games.jsonl", {"draw_stop", "placement"}),
    "owners_choice": ("games.jsonl", {"move", "trade", "president", "all_space", "bankruptcy"}),
    "stock_holdem": ("games.jsonl", {"trade", "placement", "peek"}),
    "whist": ("bid4.jsonl", {"bid", "trump", "kitty", "card"}),
}


def _kinds_and_situations(game, record, notes):
    name, kinds = SHIPPED[game]
    frame = I.decisions([record], analyse=lambda r: notes)
    assert frame.height == len(notes) > 0
    assert set(frame["kind"]) <= kinds, set(frame["kind"])
    assert "other" not in set(frame["situation"])
    assert frame["player"].to_list() == [record.players[n.seat] for n in notes]
    assert frame["kept"].to_list() == [n.loss <= I.EPS for n in notes]
    return frame


def _shipped(game):
    return read_jsonl(DATA / game / SHIPPED[game][0])[2 if game == "whist" else 0]


@pytest.mark.parametrize(
    "game",
    [
        g if g != "whist" else pytest.param(g, marks=pytest.mark.slow)  # minutes: the tables
        for g in SHIPPED
    ],
)
def test_every_graded_decision_has_a_kind_and_a_situation(game):
    record = _shipped(game)
    _kinds_and_situations(game, record, analyse(record))


def test_every_kind_of_whist_decision_has_its_kind_and_situation():
    """The short version of the Whist case above: the cards of the first deal's last
    tricks graded, and every bid, call and discard of that deal given as a decision
    (grading them takes the deal's double-dummy table, minutes: the slow test)."""
    record = _shipped("whist")
    cards = analyse(record, deal=0, tricks_left=2, bidding=False)
    first_play = next(i for i, a in enumerate(record.actions) if a.startswith("play "))
    sts = states(record)
    calls = [
        Annotation(i, sts[i].current_player(), a, a, 0.0, 0.0, "points", "", "")
        for i, a in enumerate(record.actions[:first_play])
        if a.split()[0] in ("bid", "pass", "trump", "direction", "declare", "discard")
    ]
    frame = _kinds_and_situations("whist", record, calls + cards)
    assert set(frame["kind"]) == {"bid", "trump", "kitty", "card"}
    bids = frame.filter(frame["kind"] == "bid")["situation"].to_list()
    assert bids[0] == "first_to_speak" and set(bids[1:]) == {"after_bids"}


def test_the_whist_card_situations_follow_the_trick():
    record = _shipped("whist")
    frame = I.decisions([record], analyse=lambda r: analyse(r, bidding=False))
    cards = frame.filter(frame["kind"] == "card")
    leads = cards.filter(cards["situation"] == "lead")
    assert leads.height == 24  # 12 tricks of each of the two deals (the kitty is a book)
    assert set(cards["situation"]) <= {"lead", "follow", "ruff", "throw"}


class PlacesAtRandom(Bot):
    """The simple bot, except that it places its cards at random: a bot made to blunder
    its placements and nothing else."""

    def __init__(self):
        self.simple = get_game("stack5").make_bot("heuristic")

    def choose(self, state, seat, rng):
        actions = list(state.legal_actions())
        if actions and str(actions[0]).startswith("place"):
            return rng.choice(actions)
        return self.simple.choose(state, seat, rng)


def test_a_bot_that_blunders_its_placements_is_found_out(monkeypatch):
    game = get_game("stack5")
    monkeypatch.setitem(game.bots, "placer", PlacesAtRandom)
    records = [simulate("stack5", seed, ["heuristic", "placer"]) for seed in range(3)]
    frame = I.decisions(records)
    acc = {(r["player"], r["kind"]): r for r in I.accuracy(frame).to_dicts()}
    # its placements lose far more than the simple bot's; its draws and stops do not
    assert acc["placer", "placement"]["mean_loss"] > 3 * acc["heuristic", "placement"]["mean_loss"]
    assert acc["placer", "placement"]["kept_share"] < acc["heuristic", "placement"]["kept_share"]
    worst = {r["player"]: r for r in I.costliest(frame).to_dicts()}
    assert worst["placer"]["kind"] == "placement"
    assert worst["placer"]["total_loss"] > worst["heuristic"]["total_loss"]


def test_stopping_keeps_the_records_graded_so_far():
    records = read_jsonl(DATA / "stack5" / "games.jsonl")[:3]
    seen = []
    frame = I.decisions(
        records, progress=lambda d, t: seen.append((d, t)), should_stop=lambda: len(seen) >= 1
    )
    assert seen == [(1, 3)]
    assert frame.height == len(analyse(records[0]))


def test_default_game_counts():
    assert I.default_games("whist") < I.default_games("stack5") == I.DEFAULT_OTHER
