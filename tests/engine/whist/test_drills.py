"""Whist drills: every answer equals a re-derivation written here from the position alone
(RULES.md §4, not the engine's helpers), every wrong choice is wrong, drills are
deterministic, JSON round-trips, phrases are coded and the Learn section exists."""

from __future__ import annotations

import json
import subprocess
import sys
from functools import cache
from pathlib import Path

import pytest

from engine.practice import drill, kinds

ROOT = Path(__file__).resolve().parents[3]
LEARN = (ROOT / "dashboard/views/whist/learn.py").read_text("utf-8")
KINDS = list(kinds("whist"))
#: seeds per kind (thousands; the played deals cost ~2 ms each)
N = {"trick_winner": 2000, "legal_follow": 2000, "whist_score": 2000}
RANKS = ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"]
JOKERS = ("BJ", "LJ")


@cache
def made(kind: str, larger: bool = False) -> tuple:
    """The drills of the usual seeds, or (``larger``, a slow run) three times as many more."""
    n = N.get(kind, 4000)
    seeds = range(n, 4 * n) if larger else range(n)
    return tuple(drill("whist", kind, seed) for seed in seeds)


#: each answer test runs on the usual seeds, and in a slow run on three times as many more
LARGER = pytest.mark.parametrize("larger", [False, pytest.param(True, marks=pytest.mark.slow)])


def suit(card: str) -> str | None:
    return None if card in JOKERS else card[-1]


# --- independent rules (RULES.md §4) ------------------------------------------------------
def winner_seat(cards, leader, trump, low) -> int:
    """Highest trump (jokers the highest trumps, big first) else highest of the suit led;
    in no trump jokers never win; low ranks A > 2 > 3 > … > K."""
    led = next(suit(c) for c in cards if suit(c))

    def value(c):
        if c in JOKERS:
            return (3, c == "BJ") if trump else (-1, 0)
        r = RANKS.index(c[:-1])
        if low:
            r = 13 if c[:-1] == "A" else 12 - r
        if suit(c) == trump:
            return (2, r)
        if suit(c) == led:
            return (1, r)
        return (0, 0)

    values = [value(c) for c in cards]
    return (leader + values.index(max(values))) % 4


def may_play(hand, trick, trump, club) -> set:
    """Follow the first non-joker card's suit when able; jokers have no suit, except
    under the club rule in a trump contract (jokers are trumps; a led joker is a trump
    lead)."""
    club = club and trump is not None
    led = next((suit(c) for c in trick if suit(c)), None)
    if club and trick and trick[0] in JOKERS:
        led = trump
    if led is None:
        return set(hand)
    group = {c for c in hand if suit(c) == led}
    if club and led == trump:
        group |= {c for c in hand if c in JOKERS}
    return group or set(hand)


def bid_points(bid, kind, books) -> int:
    pts = books - 6 if books >= 6 + bid else -bid
    return 2 * pts if kind == "notrump" else pts


def whist_side_points(tricks, honours, before, target=5, tricks_first=True) -> int:
    """Tricks over 6, then honours (4 → 4, 3 → 2) unless the side already had 4 points,
    and none when its tricks reach the target (the game is won first; with
    ``tricks_first`` off the honours count all the same)."""
    tp = max(0, tricks - 6)
    if (tricks_first and before + tp >= target) or before >= 4:
        return tp
    return tp + {4: 4, 3: 2}.get(honours, 0)


def two_player(game, tricks, declarer, seat) -> int:
    if game == "low":
        return 7 - tricks[seat] if tricks[seat] < 7 else 0
    if tricks[declarer] > 6:
        return tricks[declarer] - 6 if seat == declarer else 0
    return 2 * (tricks[seat] - 6) if seat != declarer else 0


# --- the answers --------------------------------------------------------------------------
@LARGER
def test_trick_winner_answer_and_choices(larger):
    seen = set()
    for d in made("trick_winner", larger):
        p = d.position
        assert set(p) == {"cards", "leader", "trump", "low", "jokers_follow_trump"}
        assert len(p["cards"]) == 4 and len(set(p["cards"])) == 4
        want = winner_seat(p["cards"], p["leader"], p["trump"], p["low"])
        assert d.answer == want, (d.seed, p)
        assert d.choices == tuple((p["leader"] + i) % 4 for i in range(4))
        assert d.choices[d.correct] == want
        assert all(c != want for i, c in enumerate(d.choices) if i != d.correct)
        assert d.is_right(d.correct)
        seen.add(
            (
                p["trump"] is None,
                p["low"],
                p["jokers_follow_trump"],
                any(c in JOKERS for c in p["cards"]),
            )
        )
    # uptown/downtown/no trump high and low, with and without jokers, both joker rules
    assert len(seen) >= 12, seen


@LARGER
def test_legal_follow_answer_and_choices(larger):
    both_rules = set()
    for d in made("legal_follow", larger):
        p = d.position
        assert set(p) == {"hand", "trick", "trump", "jokers_follow_trump"}
        assert not set(p["hand"]) & set(p["trick"]) and 1 <= len(p["trick"]) <= 3
        ok = may_play(p["hand"], p["trick"], p["trump"], p["jokers_follow_trump"])
        assert d.answer in ok and d.choices[d.correct] == d.answer
        assert set(d.choices) <= set(p["hand"]) and len(set(d.choices)) == len(d.choices) >= 2
        assert all(c not in ok for i, c in enumerate(d.choices) if i != d.correct), (d.seed, p)
        if any(c in JOKERS for c in p["hand"] + p["trick"]) and p["trump"]:
            both_rules.add(p["jokers_follow_trump"])
    assert both_rules == {False, True}


@LARGER
def test_bid_score_answer(larger):
    kinds_seen = set()
    for d in made("bid_score", larger):
        p = d.position
        assert set(p) == {"bid", "kind", "books"} and d.choices is None
        assert d.answer == bid_points(p["bid"], p["kind"], p["books"]), p
        assert d.is_right(str(d.answer)) and not d.is_right(d.answer + 1)
        kinds_seen.add((p["kind"], d.answer < 0))
    assert len(kinds_seen) == 6


@LARGER
def test_contract_made_answer_and_choices(larger):
    for d in made("contract_made", larger):
        p = d.position
        want = "made" if p["tricks"] + 1 >= 6 + p["bid"] else "set"
        assert d.answer == want and d.choices[d.correct] == want
        assert set(d.choices) == {"made", "set"}


@LARGER
def test_whist_score_answer(larger):
    seen = set()
    for d in made("whist_score", larger):
        p = d.position
        assert set(p) == {"tricks", "honours", "score_before", "target"} and d.choices is None
        assert p["target"] == 5 and "to 5 points" in str(d.prompt)
        want = whist_side_points(p["tricks"], p["honours"], p["score_before"])
        assert d.answer == want, (d.seed, p)
        hp = d.answer - max(0, p["tricks"] - 6)
        seen.add((p["honours"], hp))
    assert {(4, 4), (3, 2), (4, 0), (3, 0)} <= seen  # honours scored, and barred


def test_whist_score_follows_the_order_of_tricks_and_honours():
    """Under ``tricks_before_honours`` off, a deal's honours count even when its tricks
    reach the target: the drill plays the ruleset it is given, and names the order."""
    from engine.core.ruleset import make_ruleset
    from engine.whist.rules import WhistRules

    rules = make_ruleset(WhistRules, {"tricks_before_honours": False, "whist_target": 7})
    differs = 0
    for seed in range(400):
        d = drill("whist", "whist_score", seed, rules)
        p = d.position
        assert "to 7 points" in str(d.prompt)
        want = whist_side_points(p["tricks"], p["honours"], p["score_before"], 7, False)
        assert d.answer == want, (seed, p)
        differs += want != whist_side_points(p["tricks"], p["honours"], p["score_before"], 7)
        if want != whist_side_points(p["tricks"], p["honours"], p["score_before"], 7):
            assert "tricks_before_honours" in {a.field for a in d.assumptions}
    assert differs


@LARGER
def test_two_player_score_answer(larger):
    for d in made("two_player_score", larger):
        p = d.position
        assert sum(p["tricks"]) == 13
        assert d.answer == two_player(p["game"], p["tricks"], p["declarer"], p["seat"]), p


# --- every kind ---------------------------------------------------------------------------
@pytest.mark.parametrize("kind", KINDS)
def test_deterministic_json_phrases_and_learn(kind):
    assert len(KINDS) >= 5
    for d in made(kind)[:300]:
        again = drill("whist", kind, d.seed)
        assert again == d and again.to_json() == d.to_json()
        data = d.to_json()
        assert json.loads(json.dumps(data)) == data
        assert data["kind"] == f"whist.{kind}"
        assert d.prompt.code == f"whist.drill.{kind}" or d.prompt.code.startswith(
            f"whist.drill.{kind}."
        )
        assert d.explanation.code == f"whist.drill.{kind}.why"
        assert d.rule.code.startswith("whist.rule.")
        assert "RULE:" in str(d.explanation)
        assert f'anchor="{d.learn}"' in LEARN
        if d.choices is not None:
            assert d.is_right(d.correct)
            assert not any(d.is_right(i) for i in range(len(d.choices)) if i != d.correct)
        else:
            assert d.is_right(d.answer)
    assert len({json.dumps(d.to_json(), sort_keys=True) for d in made(kind)[:200]}) > 20


def test_cli_writes_drills(tmp_path):
    out = tmp_path / "d.jsonl"
    subprocess.run(
        [sys.executable, "-m", "engine", "drills", "whist", "--n", "20", "--seed", "0"]
        + ["--out", str(out)],
        check=True,
        cwd=ROOT,
        capture_output=True,
    )
    lines = out.read_text("utf-8").splitlines()
    assert len(lines) == 20
    rows = [json.loads(line) for line in lines]
    assert {r["kind"] for r in rows} == {f"whist.{k}" for k in KINDS}
